// Stop 43 (issue 26, "One read jail"): the after-run check of a sandboxed run read a leftover pyc's header with
// a plain open, which followed a link out of the workspace and blocked on a FIFO. A pyc is now read through the
// jail of its root (workspace/own-read-sync.ts): a link, a linked __pycache__ or a FIFO is not Python's own
// cache (Python writes a regular file), so it is moved aside, and nothing outside the root is opened.
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pycMismatch } from '../../src/sandbox/pyc-leftovers.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

let root: string;
let outside: string;
beforeEach(async () => {
  root = await tempDir('codeward-pyc-jail-');
  outside = await tempDir('codeward-pyc-outside-');
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src/a.py'), 'X = 1\n');
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(outside);
});

// A timestamp pyc header that records src/a.py as it stands (what Python itself writes), then some code.
function matchingPyc(): Buffer {
  const stats = statSync(join(root, 'src/a.py'));
  const header = Buffer.alloc(16);
  header.set([0x6f, 0x0d, 0x0d, 0x0a]);
  header.writeUInt32LE(0, 4);
  header.writeUInt32LE(Math.trunc(stats.mtimeMs / 1000) >>> 0, 8);
  header.writeUInt32LE(stats.size >>> 0, 12);
  return Buffer.concat([header, Buffer.from('code')]);
}

const REL = 'src/__pycache__/a.cpython-312.pyc';

describe('a leftover pyc is read through the jail', () => {
  it('Python\'s own cache (a regular file whose header records the source) is kept', () => {
    mkdirSync(join(root, 'src/__pycache__'));
    writeFileSync(join(root, REL), matchingPyc());
    expect(pycMismatch(REL, 'src/a.py', [root])).toBeUndefined();
  });

  it('a link to a matching pyc outside the workspace is not Python\'s cache (old code read it and kept it)', () => {
    mkdirSync(join(root, 'src/__pycache__'));
    writeFileSync(join(outside, 'a.pyc'), matchingPyc());
    symlinkSync(join(outside, 'a.pyc'), join(root, REL));
    expect(pycMismatch(REL, 'src/a.py', [root])).toMatch(/not a regular file of its own/);
  });

  it('a link to /etc/passwd is not opened', () => {
    mkdirSync(join(root, 'src/__pycache__'));
    symlinkSync('/etc/passwd', join(root, REL));
    expect(pycMismatch(REL, 'src/a.py', [root])).toMatch(/not a regular file of its own/);
  });

  it('a __pycache__ linked out of the workspace is not followed', () => {
    mkdirSync(join(outside, 'cache'));
    writeFileSync(join(outside, 'cache/a.cpython-312.pyc'), matchingPyc());
    symlinkSync(join(outside, 'cache'), join(root, 'src/__pycache__'));
    expect(pycMismatch(REL, 'src/a.py', [root])).toMatch(/not a regular file of its own/);
  });

  // Old code: openSync(FIFO, 'r') blocks until a writer comes, forever (vitest's timeout ends it red).
  it.skipIf(spawnSync('mkfifo', ['--help']).status !== 0)('a FIFO named x.pyc does not block', () => {
    mkdirSync(join(root, 'src/__pycache__'));
    expect(spawnSync('mkfifo', [join(root, REL)]).status).toBe(0);
    expect(pycMismatch(REL, 'src/a.py', [root])).toMatch(/not a regular file of its own/);
  });
});
