// A file the code index parses is resolved through the jail once (issue 30: each stale file was resolved
// twice, the stamp check and then the read, so the credential store's content check ran twice per file of a
// cold index), and read from that resolution. A file whose content changed between that resolution and the
// read (it turned into a credential store there) is resolved again, so the jail's check always judged the
// bytes that are indexed: its text never reaches the index. Real files, a real workspace.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { indexFiles } from '../../src/code/index/code-index.js';
import { Workspace } from '../../src/workspace/workspace.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let state: string;
beforeEach(async () => {
  root = await tempDir();
  state = await tempDir('codeward-state-');
  await writeFiles(root, {
    'a.ts': 'export function alpha(): number { return 1; }\n',
    'b.ts': 'export function beta(): number { return alpha(); }\n',
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await removeDir(root);
  await removeDir(state);
});

const STORE = 'https://me:ghp_INDEXTOKEN@github.com\nexport function leaked(): string { return "ghp_INDEXBODY"; }\n';

describe('code index: one resolution per parsed file', () => {
  it('resolves each stale file once, and parses it', async () => {
    const workspace = await Workspace.open(root);
    const resolve = vi.spyOn(workspace, 'resolve');
    const result = await indexFiles({ workspace, stateDir: state, files: ['a.ts', 'b.ts'], signal: new AbortController().signal });
    expect(result.parsed).toBe(2);
    expect(result.files.map((file) => file.entry.symbols?.map((symbol) => symbol.name))).toEqual([['alpha'], ['beta']]);
    expect(resolve.mock.calls.map(([path]) => path).sort()).toEqual(['a.ts', 'b.ts']);
  });

  it('attacker: a file turned into a credential store after it was resolved is resolved again and refused', async () => {
    const workspace = await Workspace.open(root);
    const real = workspace.resolve.bind(workspace);
    let swapped = false;
    vi.spyOn(workspace, 'resolve').mockImplementation(async (path, access) => {
      const resolved = await real(path, access);
      // Rewritten in place (the same inode, another size) right after the jail judged the old content.
      if (path === 'b.ts' && !swapped) {
        swapped = true;
        writeFileSync(join(root, 'b.ts'), STORE);
      }
      return resolved;
    });
    const result = await indexFiles({ workspace, stateDir: state, files: ['a.ts', 'b.ts'], signal: new AbortController().signal });
    expect(swapped).toBe(true);
    expect(result.files.map((file) => file.path)).toEqual(['a.ts']);
    expect(JSON.stringify(result)).not.toContain('leaked');
    expect(JSON.stringify(result)).not.toContain('ghp_');
  });
});
