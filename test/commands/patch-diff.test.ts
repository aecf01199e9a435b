// patch --diff through the engine: unified diffs over real files, all or nothing across files.
import { lstat, readFile, readdir, stat, symlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type Envelope } from '../../src/index.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

// The workspace is a child of `outer`, so `../outside.txt` names a real file next to it.
let outer: string;
let root: string;
let state: string;
let engine: Engine;

beforeEach(async () => {
  outer = await tempDir('codeward-diff-');
  root = join(outer, 'ws');
  state = join(outer, 'state');
  await writeFiles(outer, { 'ws/.keep': '', 'outside.txt': 'secret\n' });
  // These tests check ChatCLI's .bak files: the opt-in backups: "beside" (the default keeps them in the checkpoint store).
  await writeFiles(root, { '.codeward/config.json': '{"backups":"beside"}' });
  engine = await createEngine({ workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: state } });
});
afterEach(async () => removeDir(outer));

const patch = (args: Record<string, unknown>): Promise<Envelope> => engine.run({ cmd: 'patch', args });
const bytes = (path: string): Promise<Buffer> => readFile(join(root, path));
const text = async (path: string): Promise<string> => (await bytes(path)).toString('utf8');
const exists = (path: string): Promise<boolean> => lstat(join(root, path)).then(() => true, () => false);

function failure(envelope: Envelope): { code: string; message: string } {
  if (envelope.ok) throw new Error(`expected a failure, got ${JSON.stringify(envelope)}`);
  return envelope.error;
}

interface DiffData {
  replacements: number;
  backup: string | null;
  files: { path: string; created: boolean; deleted: boolean; backup: string | null; hunks: { index: number; offset: number; appliedLine: number }[] }[];
}

function data(envelope: Envelope): DiffData {
  if (!envelope.ok) throw new Error(`expected success, got ${JSON.stringify(envelope)}`);
  return envelope.data as DiffData;
}

// Every file below the workspace (relative path → bytes), for "nothing changed" checks.
async function snapshot(dir = root, prefix = ''): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix + entry.name;
    if (entry.isDirectory()) for (const [k, v] of await snapshot(join(dir, entry.name), `${rel}/`)) out.set(k, v);
    else out.set(rel, await readFile(join(dir, entry.name)));
  }
  return out;
}

const ABC = 'one\ntwo\nthree\nfour\nfive\n';

describe('patch --diff', () => {
  it('applies a one-file git diff with a/ b/ prefixes', async () => {
    await writeFiles(root, { 'src/a.txt': ABC });
    const diff = ['diff --git a/src/a.txt b/src/a.txt', '--- a/src/a.txt', '+++ b/src/a.txt', '@@ -2,3 +2,3 @@', ' two', '-three', '+THREE', ' four', ''].join('\n');
    const result = await patch({ diff });
    expect(data(result)).toMatchObject({ replacements: 1, files: [{ path: 'src/a.txt', created: false, deleted: false, backup: 'src/a.txt.bak' }] });
    expect(result.warnings).toEqual([]);
    expect(await text('src/a.txt')).toBe('one\ntwo\nTHREE\nfour\nfive\n');
    expect(await text('src/a.txt.bak')).toBe(ABC);
  });

  it('applies a headerless diff to the file named by `file`', async () => {
    await writeFiles(root, { 'h.txt': ABC });
    const diff = '@@ -1,3 +1,4 @@\n one\n+one and a half\n two\n three\n';
    expect(data(await patch({ file: 'h.txt', diff }))).toMatchObject({ files: [{ path: 'h.txt' }] });
    expect(await text('h.txt')).toBe('one\none and a half\ntwo\nthree\nfour\nfive\n');
  });

  it('changes two files together', async () => {
    await writeFiles(root, { 'a.txt': ABC, 'lib/b.txt': 'alpha\nbeta\ngamma\n' });
    const diff = [
      '--- a/a.txt', '+++ b/a.txt', '@@ -1,2 +1,2 @@', '-one', '+ONE', ' two',
      '--- a/lib/b.txt', '+++ b/lib/b.txt', '@@ -2,2 +2,2 @@', '-beta', '+BETA', ' gamma', '',
    ].join('\n');
    const result = data(await patch({ diff }));
    expect(result.files.map((f) => f.path)).toEqual(['a.txt', 'lib/b.txt']);
    expect(result.replacements).toBe(2);
    expect(await text('a.txt')).toBe('ONE\ntwo\nthree\nfour\nfive\n');
    expect(await text('lib/b.txt')).toBe('alpha\nBETA\ngamma\n');
  });

  it('creates a new file from /dev/null, parent folders included', async () => {
    const diff = '--- /dev/null\n+++ b/deep/er/new.txt\n@@ -0,0 +1,2 @@\n+hello\n+world\n';
    const result = data(await patch({ diff }));
    expect(result.files).toMatchObject([{ path: 'deep/er/new.txt', created: true, deleted: false, backup: null }]);
    expect(await text('deep/er/new.txt')).toBe('hello\nworld\n');
    expect((await stat(join(root, 'deep/er'))).isDirectory()).toBe(true);
  });

  it('deletes a file with a diff to /dev/null (backup kept)', async () => {
    await writeFiles(root, { 'gone.txt': 'x\ny\n' });
    const diff = '--- a/gone.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-x\n-y\n';
    const result = data(await patch({ diff }));
    expect(result.files).toMatchObject([{ path: 'gone.txt', deleted: true, created: false }]);
    expect(await exists('gone.txt')).toBe(false);
    expect(await text('gone.txt.bak')).toBe('x\ny\n');
  });

  it('applies a hunk whose line numbers drifted, with an offset warning', async () => {
    await writeFiles(root, { 'd.txt': 'new 1\nnew 2\nnew 3\n' + ABC });
    const diff = '--- a/d.txt\n+++ b/d.txt\n@@ -3,3 +3,3 @@\n three\n-four\n+FOUR\n five\n';
    const result = await patch({ diff });
    expect(data(result).files[0]!.hunks[0]).toMatchObject({ offset: 3, appliedLine: 6 });
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/^d\.txt: hunk 1 applied at line 6 \(offset \+3\)$/);
    expect(await text('d.txt')).toBe('new 1\nnew 2\nnew 3\none\ntwo\nthree\nFOUR\nfive\n');
  });

  it('a multi-file diff whose second file does not apply is C222 and leaves BOTH files byte-identical', async () => {
    await writeFiles(root, { 'a.txt': ABC, 'b.txt': 'alpha\r\nbeta\r\n' });
    const before = await snapshot();
    const diff = [
      '--- a/a.txt', '+++ b/a.txt', '@@ -1,2 +1,2 @@', '-one', '+ONE', ' two',
      '--- a/b.txt', '+++ b/b.txt', '@@ -1,2 +1,2 @@', ' alpha', '-not in the file', '+x',
      '--- /dev/null', '+++ b/c/new.txt', '@@ -0,0 +1 @@', '+new', '',
    ].join('\n');
    const error = failure(await patch({ diff }));
    expect(error.code).toBe('C222');
    expect(error.message).toContain('b.txt');
    expect(error.message).toMatch(/no file was changed/i);
    // Said once, not twice.
    expect(error.message.match(/no file was changed/gi)).toHaveLength(1);
    expect(await snapshot()).toEqual(before);
    expect(await exists('c')).toBe(false);
  });

  it('a diff naming ../outside is C215 and writes nothing', async () => {
    await writeFiles(root, { 'a.txt': ABC });
    const before = await snapshot();
    const diff = [
      '--- a/a.txt', '+++ b/a.txt', '@@ -1,2 +1,2 @@', '-one', '+ONE', ' two',
      '--- a/../outside.txt', '+++ b/../outside.txt', '@@ -1 +1 @@', '-secret', '+pwned', '',
    ].join('\n');
    expect(failure(await patch({ diff })).code).toBe('C215');
    expect(await snapshot()).toEqual(before);
    expect(await readFile(join(dirname(root), 'outside.txt'), 'utf8')).toBe('secret\n');
    // A new file outside through /dev/null is refused the same way.
    expect(failure(await patch({ diff: '--- /dev/null\n+++ b/../evil.txt\n@@ -0,0 +1 @@\n+x\n' })).code).toBe('C215');
    expect(await lstat(join(dirname(root), 'evil.txt')).then(() => true, () => false)).toBe(false);
  });

  it('sections naming one file by different spellings (a.txt, ./a.txt, a symlink) all apply, in order', async () => {
    await writeFiles(root, { 'a.txt': ABC });
    await symlink('a.txt', join(root, 'link.txt'));
    const diff = [
      '--- a/a.txt', '+++ b/a.txt', '@@ -1 +1 @@', '-one', '+ONE',
      '--- a/./a.txt', '+++ b/./a.txt', '@@ -3 +3 @@', '-three', '+THREE',
      '--- a/link.txt', '+++ b/link.txt', '@@ -1,2 +1,2 @@', ' ONE', '-two', '+TWO', '',
    ].join('\n');
    const result = data(await patch({ diff }));
    expect(await text('a.txt')).toBe('ONE\nTWO\nTHREE\nfour\nfive\n');
    expect(result.files.map((f) => f.path)).toEqual(['a.txt']);
    expect(result.replacements).toBe(3);
    expect(await text('a.txt.bak')).toBe(ABC);
    expect((await lstat(join(root, 'link.txt'))).isSymbolicLink()).toBe(true);
  });

  it('takes the diff in base64 (diffEncoding)', async () => {
    await writeFiles(root, { 'a.txt': ABC });
    const diff = Buffer.from('--- a/a.txt\n+++ b/a.txt\n@@ -5 +5 @@\n-five\n+cinq ✓\n', 'utf8').toString('base64');
    expect(data(await patch({ diff, diffEncoding: 'base64' }))).toMatchObject({ files: [{ path: 'a.txt' }] });
    expect(await text('a.txt')).toBe('one\ntwo\nthree\nfour\ncinq ✓\n');
  });

  it('keeps CRLF endings of the patched file', async () => {
    await writeFiles(root, { 'w.txt': 'a\r\nb\r\nc\r\n' });
    expect(data(await patch({ diff: '--- a/w.txt\n+++ b/w.txt\n@@ -1,3 +1,4 @@\n a\n-b\n+B\n+B2\n c\n' })).files).toHaveLength(1);
    expect(await bytes('w.txt')).toEqual(Buffer.from('a\r\nB\r\nB2\r\nc\r\n'));
  });

  it('mixing search and diff is C210; neither is C210', async () => {
    await writeFiles(root, { 'a.txt': ABC });
    const diff = '--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-one\n+ONE\n';
    const mixed = failure(await patch({ file: 'a.txt', search: 'one', replace: 'ONE', diff }));
    expect(mixed.code).toBe('C210');
    expect(mixed.message).toMatch(/either/);
    const neither = failure(await patch({ file: 'a.txt' }));
    expect(neither.code).toBe('C210');
    expect(neither.message).toMatch(/--diff/);
    expect(await text('a.txt')).toBe(ABC);
  });
});
