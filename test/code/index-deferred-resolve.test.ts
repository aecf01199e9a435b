// A listed file the index has no entry for is resolved through the jail right before its read, not in the
// cache check (issue 30: a cold index of 20 k files held every file's resolution, its paths and stats, for
// the whole of its parse, beside the parse workers, when its peak RSS is reached). Still once per file, with
// the cache check's verdicts: a file over the size budget is skipped unread and not cached, a folder, a FIFO or
// a link out of the workspace is left out, and neither counts as parsed. Real files, a real workspace.
import { execFileSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { indexFiles } from '../../src/code/index/code-index.js';
import { Workspace } from '../../src/workspace/workspace.js';
import { writeFiles } from '../helpers/fixture.js';
import { indexDirs } from '../helpers/index-dirs.js';

const dirs = indexDirs();
afterEach(() => {
  vi.restoreAllMocks();
});

const FILES = Array.from({ length: 12 }, (_, at) => `f${at}.ts`);

describe('code index: a file without an entry is resolved right before its read', () => {
  it('resolves each new file once, and not all of them before the first read', async () => {
    await writeFiles(dirs.root, Object.fromEntries(FILES.map((rel, at) => [rel, `export function f${at}(): number { return ${at}; }\n`])));
    const workspace = await Workspace.open(dirs.root);
    const events: string[] = [];
    const resolve = workspace.resolve.bind(workspace);
    const open = workspace.openReadFile.bind(workspace);
    vi.spyOn(workspace, 'resolve').mockImplementation(async (path, access) => {
      events.push(`resolve ${path}`);
      return resolve(path, access);
    });
    vi.spyOn(workspace, 'openReadFile').mockImplementation(async (path) => {
      events.push(`read ${path.rel}`);
      return open(path);
    });
    const result = await indexFiles({ workspace, stateDir: dirs.state, files: FILES, listed: true, signal: new AbortController().signal, threads: 0 });
    expect(result.parsed).toBe(FILES.length);
    expect(result.files.map((file) => file.entry.symbols?.map((symbol) => symbol.name))).toEqual(FILES.slice().sort().map((rel) => [rel.slice(0, -3)]));
    // Once each, and each before its own read, as the reads go (a few in flight): the first read comes before
    // the last resolution (the old cache check resolved every file before any read).
    expect(events.filter((event) => event.startsWith('resolve ')).sort()).toEqual(FILES.map((rel) => `resolve ${rel}`).sort());
    expect(events.indexOf('read f0.ts')).toBeLessThan(events.lastIndexOf(events.filter((event) => event.startsWith('resolve ')).pop()!));
    for (const rel of FILES) expect(events.indexOf(`read ${rel}`)).toBeGreaterThan(events.indexOf(`resolve ${rel}`));
  });

  it('keeps the cache check\'s verdicts: too large skipped unread and uncached, a folder, a FIFO and a link out left out', async () => {
    await writeFiles(dirs.root, { 'a.ts': 'export const a = 1;\n' });
    await writeFile(join(dirs.root, 'big.ts'), `export const big = "${'x'.repeat(1024 * 1024)}";\n`);
    await mkdir(join(dirs.root, 'dir.ts'));
    execFileSync('mkfifo', [join(dirs.root, 'pipe.ts')]);
    await writeFile(join(dirs.outside, 'out.ts'), 'export const secret = 1;\n');
    await symlink(join(dirs.outside, 'out.ts'), join(dirs.root, 'out.ts'));
    const files = ['a.ts', 'big.ts', 'dir.ts', 'out.ts', 'pipe.ts'];
    for (let round = 0; round < 2; round++) {
      const workspace = await Workspace.open(dirs.root);
      const read = vi.spyOn(workspace, 'openReadFile');
      const result = await indexFiles({ workspace, stateDir: dirs.state, files, listed: true, signal: new AbortController().signal, threads: 0 });
      expect(result.files.map((file) => file.path)).toEqual(round === 0 ? ['a.ts'] : ['a.ts']);
      expect(result.skipped).toEqual([{ path: 'big.ts', reason: 'larger than 1024 KB' }]);
      // The first round parses a.ts only; the second serves it from the cache and parses nothing (big.ts has no entry).
      expect(result.parsed).toBe(round === 0 ? 1 : 0);
      expect(read.mock.calls.map(([path]) => path.rel)).toEqual(round === 0 ? ['a.ts'] : []);
      expect(JSON.stringify(result)).not.toContain('secret');
      read.mockRestore();
    }
  });
});
