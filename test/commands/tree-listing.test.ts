// What tree lists, whatever produces the listing (the JS walk today; issue 31 measured `rg --files` as a
// source, bench/floor/tree-rg.mjs): entries rg never prints (symlinks, a fifo, an empty folder, a folder whose
// files are all ignored), names rg prints as raw bytes (a newline, invalid UTF-8), and the order a cut at
// --max-entries keeps (each folder's entries by name, depth first: `a/x` before `a-b` and `a.txt`).
import { execFileSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/index.js';
import { engineFor, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let outside: string;
let engine: Engine | undefined; // made by the first call of a test, after its files are written
beforeEach(async () => {
  engine = undefined;
  root = await tempDir();
  outside = await tempDir();
  await writeFiles(outside, { 'secret.txt': 'outside', 'deep/file.txt': 'outside' });
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(outside);
});

type Entry = { path: string; type: string; nonAccessible?: true };
async function tree(args: Record<string, unknown> = {}): Promise<{ entries: Entry[]; truncated: boolean }> {
  engine ??= await engineFor(root);
  const envelope = await engine.run({ cmd: 'tree', args });
  if (!envelope.ok) throw new Error(JSON.stringify(envelope));
  return envelope.data as { entries: Entry[]; truncated: boolean };
}

describe('tree lists what a file listing cannot', () => {
  it('a symlink to an outside folder or file is one symlink entry: never a file, nothing below it', async () => {
    await writeFiles(root, { 'in.txt': '' });
    await symlink(outside, join(root, 'out-dir'));
    await symlink(join(outside, 'secret.txt'), join(root, 'out-file'));
    const { entries } = await tree({ includeHidden: true });
    expect(entries).toEqual([
      { path: 'in.txt', type: 'file' },
      { path: 'out-dir', type: 'symlink' },
      { path: 'out-file', type: 'symlink' },
    ]);
  });

  it('an empty folder, a folder whose files are all gitignored and a fifo are listed; a gitignored folder is not', async () => {
    await writeFiles(root, { '.gitignore': '*.log\n', 'logs/a.log': '', 'pkg/.gitignore': 'dist/\n', 'pkg/dist/out.js': '', 'pkg/src/a.ts': '' });
    await mkdir(join(root, 'empty'));
    execFileSync('mkfifo', [join(root, 'pkg', 'pipe')]);
    expect((await tree()).entries).toEqual([
      { path: 'empty', type: 'dir' },
      { path: 'logs', type: 'dir' },
      { path: 'pkg', type: 'dir' },
      { path: 'pkg/pipe', type: 'other' },
      { path: 'pkg/src', type: 'dir' },
      { path: 'pkg/src/a.ts', type: 'file' },
    ]);
  });

  it('a non-accessible .env is hidden as a dot-file, and flagged (not hidden) with --include-hidden', async () => {
    await writeFiles(root, { 'app/.env': 'X=1', 'app/main.ts': '' });
    expect((await tree()).entries).toEqual([{ path: 'app', type: 'dir' }, { path: 'app/main.ts', type: 'file' }]);
    const all = (await tree({ includeHidden: true })).entries;
    expect(all.find((entry) => entry.path === 'app/.env')).toEqual({ path: 'app/.env', type: 'file', nonAccessible: true });
  });

  it('names with a newline or invalid UTF-8 are listed (decoded as readdir does), and shown escaped', async () => {
    await writeFile(join(root, 'new\nline.txt'), '');
    await writeFile(Buffer.concat([Buffer.from(`${root}/bad`), Buffer.from([0xff]), Buffer.from('.txt')]), '');
    const { entries } = await tree();
    expect(entries).toEqual([
      { path: 'bad\uFFFD.txt', type: 'file' },
      { path: 'new\nline.txt', type: 'file' },
    ]);
    const text = engine!.registry.get('tree').format({ dir: '.', entries, truncated: false });
    expect(text.split('\n')).toHaveLength(3); // the root line and one line per name: the newline is escaped
  });
});

describe('tree order and the --max-entries cut', () => {
  it("lists each folder's entries by name, depth first, and cuts that order at the limit", async () => {
    await writeFiles(root, { 'a/x': '', 'a-b/y': '', 'a.txt': '', 'b/c/d': '' });
    expect((await tree()).entries.map((entry) => entry.path)).toEqual(['a', 'a/x', 'a-b', 'a-b/y', 'a.txt', 'b', 'b/c', 'b/c/d']);
    expect(await tree({ maxEntries: 3 })).toEqual({ dir: '.', truncated: true, entries: [{ path: 'a', type: 'dir' }, { path: 'a/x', type: 'file' }, { path: 'a-b', type: 'dir' }] });
  });
});
