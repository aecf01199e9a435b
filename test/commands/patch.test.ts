// patch --search/--replace through the engine (and the CLI for the read-only case): real temp dirs,
// real files, byte-exact comparisons.
import { spawnSync } from 'node:child_process';
import { chmod, cp, lstat, mkdir, readdir, readFile, readlink, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type Envelope } from '../../src/index.js';
import { REPO_ROOT, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let state: string;
let engine: Engine;

beforeEach(async () => {
  root = await tempDir('codeward-patch-');
  state = await tempDir('codeward-patch-state-');
  // These tests check ChatCLI's .bak files: the opt-in backups: "beside" (the default keeps them in the checkpoint store).
  await writeFiles(root, { '.codeward/config.json': '{"backups":"beside"}' });
  engine = await createEngine({ workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: state } });
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

const patch = (args: Record<string, unknown>): Promise<Envelope> => engine.run({ cmd: 'patch', args });
const bytes = (path: string): Promise<Buffer> => readFile(join(root, path));
const text = async (path: string): Promise<string> => (await bytes(path)).toString('utf8');
const exists = (path: string): Promise<boolean> => lstat(join(root, path)).then(() => true, () => false);

function failure(envelope: Envelope): { code: string; message: string } {
  if (envelope.ok) throw new Error(`expected a failure, got ${JSON.stringify(envelope)}`);
  return envelope.error;
}

function data<T = Record<string, unknown>>(envelope: Envelope): T {
  if (!envelope.ok) throw new Error(`expected success, got ${JSON.stringify(envelope)}`);
  return envelope.data as T;
}

describe('patch: matching', () => {
  it('replaces one exact unique match and reports the line', async () => {
    await writeFiles(root, { 'a.txt': 'alpha\nbeta\ngamma\n' });
    const result = await patch({ file: 'a.txt', search: 'beta', replace: 'BETA' });
    expect(data(result)).toEqual({ path: 'a.txt', replacements: 1, lines: [2], backup: 'a.txt.bak' });
    expect(result.warnings).toEqual([]);
    expect(await text('a.txt')).toBe('alpha\nBETA\ngamma\n');
  });

  it('C220 names the file and shows the closest region and the differing line; nothing written', async () => {
    await writeFiles(root, { 'src/app.ts': 'function a() {\n  return userId;\n}\n' });
    const before = await bytes('src/app.ts');
    const error = failure(await patch({ file: 'src/app.ts', search: 'function a() {\n  return userID;\n}', replace: 'x' }));
    expect(error.code).toBe('C220');
    expect(error.message).toContain('not found in src/app.ts');
    expect(error.message).toContain('closest region, lines 1-3');
    expect(error.message).toMatch(/line 2 differs at column \d+: expected " {2}return userID;" found " {2}return userId;"/);
    expect(await bytes('src/app.ts')).toEqual(before);
    expect(await exists('src/app.ts.bak')).toBe(false);
  });

  it('C221 names each line once, however many matches it holds', async () => {
    await writeFiles(root, { 'b.txt': 'b b b\nb\nx\n' });
    const result = await patch({ file: 'b.txt', search: 'b', replace: 'c' });
    expect(failure(result).message).toContain('4 times (lines 1, 2)');
    expect(result.ok ? undefined : result.data).toEqual({ count: 4, lines: [1, 2] });
  });

  it('C221 names the count and every line number, and changes nothing', async () => {
    await writeFiles(root, { 'a.txt': 'x = 1\ny = 2\nx = 1\nz\nx = 1\n' });
    const before = await bytes('a.txt');
    const result = await patch({ file: 'a.txt', search: 'x = 1', replace: 'x = 9' });
    const error = failure(result);
    expect(error.code).toBe('C221');
    expect(result.ok ? undefined : result.data).toEqual({ count: 3, lines: [1, 3, 5] });
    expect(error.message).toContain('a.txt');
    expect(error.message).toContain('3 times');
    expect(error.message).toContain('lines 1, 3, 5');
    expect(error.message).toContain('--all');
    expect(await bytes('a.txt')).toEqual(before);
  });

  it('all: true replaces every match', async () => {
    await writeFiles(root, { 'a.txt': 'x = 1\ny = 2\nx = 1\nz\nx = 1\n' });
    const result = await patch({ file: 'a.txt', search: 'x = 1', replace: 'x = 9', all: true });
    expect(data(result)).toMatchObject({ replacements: 3, lines: [1, 3, 5] });
    expect(await text('a.txt')).toBe('x = 9\ny = 2\nx = 9\nz\nx = 9\n');
  });

  it('inserts the replacement literally ($&, $1, $$, $` are not expanded)', async () => {
    await writeFiles(root, { 'a.js': 'const price = AMOUNT;\n' });
    const replace = "'$&' + '$1' + '$$' + '$`' + \"$'\"";
    expect(data(await patch({ file: 'a.js', search: 'AMOUNT', replace }))).toMatchObject({ replacements: 1 });
    expect(await text('a.js')).toBe(`const price = ${replace};\n`);
  });

  it('an empty file is C220 and stays empty', async () => {
    await writeFiles(root, { 'empty.txt': '' });
    const error = failure(await patch({ file: 'empty.txt', search: 'anything', replace: 'x' }));
    expect(error.code).toBe('C220');
    expect(error.message).toContain('empty.txt');
    expect(error.message).toContain('the file is empty');
    expect((await bytes('empty.txt')).length).toBe(0);
  });

  it('takes search and replace in base64', async () => {
    await writeFiles(root, { 'a.txt': 'one\ntwo ✓\nthree\n' });
    const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');
    const result = await patch({ file: 'a.txt', search: b64('two ✓\n'), replace: b64('deux ✔\n'), encoding: 'base64' });
    expect(data(result)).toMatchObject({ replacements: 1, lines: [2] });
    expect(await text('a.txt')).toBe('one\ndeux ✔\nthree\n');
    // Invalid base64 is C210, file untouched.
    expect(failure(await patch({ file: 'a.txt', search: '!!not base64!!', replace: b64('x'), encoding: 'base64' })).code).toBe('C210');
    expect(await text('a.txt')).toBe('one\ndeux ✔\nthree\n');
  });
});

describe('patch: tolerances (success plus a warning)', () => {
  it('spaces in the search match tab indentation; the replacement is re-indented with tabs', async () => {
    await writeFiles(root, { 'a.py': 'def f():\n\tif x:\n\t\treturn 1\n' });
    const result = await patch({ file: 'a.py', search: '    if x:\n        return 1\n', replace: '    if x:\n        return 2\n' });
    expect(data(result)).toMatchObject({ replacements: 1, lines: [2] });
    expect(await text('a.py')).toBe('def f():\n\tif x:\n\t\treturn 2\n');
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/^a\.py: .*indentation/);
  });

  it('trailing whitespace in the file is tolerated with a warning', async () => {
    await writeFiles(root, { 'a.txt': 'keep   \nfoo  \nbar\t\nend\n' });
    const result = await patch({ file: 'a.txt', search: 'foo\nbar\n', replace: 'FOO\nBAR\n' });
    expect(data(result)).toMatchObject({ replacements: 1, lines: [2] });
    expect(await text('a.txt')).toBe('keep   \nFOO\nBAR\nend\n');
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/^a\.txt: .*trailing whitespace/);
  });

  it('ASCII quotes in the search match curly quotes in the file, with a warning', async () => {
    await writeFiles(root, { 'notes.txt': 'She said “hello” and left.\n' });
    const result = await patch({ file: 'notes.txt', search: 'said "hello"', replace: 'said "bye"' });
    expect(data(result)).toMatchObject({ replacements: 1 });
    expect(await text('notes.txt')).toBe('She said "bye" and left.\n');
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/^notes\.txt: .*Unicode quotes/);
  });

  it('typographic quotes in a replacement are kept; a .ts file gets a warning naming them, a .md file none', async () => {
    await writeFiles(root, { 'a.ts': 'const s = OLD;\n', 'a.md': 'He said OLD.\n' });
    const code = await patch({ file: 'a.ts', search: 'OLD', replace: '“hi” + ‘x’' });
    expect(data(code)).toMatchObject({ replacements: 1 });
    expect(await text('a.ts')).toBe('const s = “hi” + ‘x’;\n');
    expect(code.warnings).toEqual(['a.ts: 4 typographic quotes (‘ ’ “ ” ′ ″ « ») written as given (the first in '+JSON.stringify('“hi” + ‘x’')+'); codeward never rewrites them: if they were meant as code quotes, patch them to ASCII']);
    const kept = await patch({ file: 'a.ts', search: 'const s = “hi”', replace: 'const t = “hi”' });
    expect(kept.warnings).toEqual([]);
    const prose = await patch({ file: 'a.md', search: 'OLD', replace: '“hi”' });
    expect(data(prose)).toMatchObject({ replacements: 1 });
    expect(await text('a.md')).toBe('He said “hi”.\n');
    expect(prose.warnings).toEqual([]);
  });
});

describe('patch: bytes are kept', () => {
  it('CRLF file, LF search/replace: untouched lines keep CRLF and inserted lines get CRLF', async () => {
    await writeFiles(root, { 'win.txt': 'one\r\ntwo\r\nthree\r\nfour\r\n' });
    const result = await patch({ file: 'win.txt', search: 'two\nthree\n', replace: 'TWO\nextra\nTHREE\n' });
    expect(data(result)).toMatchObject({ replacements: 1, lines: [2] });
    expect(await bytes('win.txt')).toEqual(Buffer.from('one\r\nTWO\r\nextra\r\nTHREE\r\nfour\r\n'));
  });

  it('mixed endings: each edited line takes its own line ending, every other byte is kept', async () => {
    const original = 'a\r\nb\nc\r\nd\n';
    await writeFiles(root, { 'mixed.txt': original });
    expect(data(await patch({ file: 'mixed.txt', search: 'b', replace: 'b1\nb2' }))).toMatchObject({ lines: [2] });
    expect(await bytes('mixed.txt')).toEqual(Buffer.from('a\r\nb1\nb2\nc\r\nd\n'));
    expect(data(await patch({ file: 'mixed.txt', search: 'c', replace: 'c1\nc2' }))).toMatchObject({ lines: [4] });
    expect(await bytes('mixed.txt')).toEqual(Buffer.from('a\r\nb1\nb2\nc1\r\nc2\r\nd\n'));
  });

  it('keeps a UTF-8 BOM', async () => {
    await writeFiles(root, { 'bom.txt': '\uFEFFhello\nworld\n' });
    expect(data(await patch({ file: 'bom.txt', search: 'world', replace: 'wörld' }))).toMatchObject({ replacements: 1 });
    expect(await bytes('bom.txt')).toEqual(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('hello\nwörld\n', 'utf8')]));
  });

  it('edits a Latin-1 file keeping every byte around the edit; é in the replacement stays one Latin-1 byte', async () => {
    const before = Buffer.from([...Buffer.from('caf'), 0xe9, 0x0a, ...Buffer.from('line two\nna'), 0xef, ...Buffer.from('ve\n')]);
    await writeFiles(root, { 'latin.txt': before });
    expect(data(await patch({ file: 'latin.txt', search: 'line two', replace: 'ligne deux é' }))).toMatchObject({ replacements: 1 });
    const after = Buffer.from([...Buffer.from('caf'), 0xe9, 0x0a, ...Buffer.from('ligne deux '), 0xe9, ...Buffer.from('\nna'), 0xef, ...Buffer.from('ve\n')]);
    expect(await bytes('latin.txt')).toEqual(after);
  });

  it('a replacement with a character above U+00FF in a Latin-1 file is C210 and the file is untouched', async () => {
    const before = Buffer.from([...Buffer.from('caf'), 0xe9, 0x0a, ...Buffer.from('price\n')]);
    await writeFiles(root, { 'latin.txt': before });
    const error = failure(await patch({ file: 'latin.txt', search: 'price', replace: '5 €' }));
    expect(error.code).toBe('C210');
    expect(error.message).toMatch(/Latin-1/);
    expect(await bytes('latin.txt')).toEqual(before);
    expect(await exists('latin.txt.bak')).toBe(false);
  });

  it('a file without a final newline stays without one', async () => {
    await writeFiles(root, { 'a.txt': 'first\nlast' });
    expect(data(await patch({ file: 'a.txt', search: 'last', replace: 'LAST\nmore' }))).toMatchObject({ replacements: 1 });
    expect(await bytes('a.txt')).toEqual(Buffer.from('first\nLAST\nmore'));
  });
});

describe('patch: backups, no-ops, links and permissions', () => {
  it('creates a .bak and rollback restores the previous version', async () => {
    await writeFiles(root, { 'a.txt': 'v1\n' });
    expect(data(await patch({ file: 'a.txt', search: 'v1', replace: 'v2' }))).toMatchObject({ backup: 'a.txt.bak' });
    expect(await text('a.txt')).toBe('v2\n');
    expect(await text('a.txt.bak')).toBe('v1\n');
    const rolled = await engine.run({ cmd: 'rollback', args: { file: 'a.txt' } });
    expect(rolled.ok).toBe(true);
    expect(await text('a.txt')).toBe('v1\n');
  });

  it('search === replace writes nothing and makes no .bak', async () => {
    await writeFiles(root, { 'a.txt': 'same\n' });
    const before = await stat(join(root, 'a.txt'));
    const result = await patch({ file: 'a.txt', search: 'same', replace: 'same' });
    // Found at line 1, but nothing was replaced: no "1 replacement" next to "nothing changed".
    expect(data(result)).toMatchObject({ replacements: 0, lines: [1], backup: null });
    expect(result.warnings.join('\n')).toMatch(/identical/);
    const after = await stat(join(root, 'a.txt'));
    expect(after.ino).toBe(before.ino);
    expect(after.mtimeMs).toBe(before.mtimeMs);
    expect(await exists('a.txt.bak')).toBe(false);
  });

  it('edits the target of an in-workspace symlink and keeps the link', async () => {
    await writeFiles(root, { 'real/target.txt': 'hello\n' });
    await symlink('real/target.txt', join(root, 'link.txt'));
    const result = await patch({ file: 'link.txt', search: 'hello', replace: 'bye' });
    expect(data(result)).toMatchObject({ path: 'real/target.txt', replacements: 1 });
    expect((await lstat(join(root, 'link.txt'))).isSymbolicLink()).toBe(true);
    expect(await readlink(join(root, 'link.txt'))).toBe('real/target.txt');
    expect(await text('real/target.txt')).toBe('bye\n');
  });

  // Lets every user read and traverse a tree of test files.
  async function chmodTree(dir: string): Promise<void> {
    await chmod(dir, 0o777);
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await chmodTree(path);
      else await chmod(path, 0o644);
    }
  }

  it('a read-only file is C216 and unchanged (CLI as an unprivileged user)', async (ctx) => {
    if (process.getuid?.() !== 0) {
      ctx.skip(); // needs root to switch to uid 65534; a non-root run would test only its own permissions
      return;
    }
    // A world-writable folder: only the file's own mode can stop the edit (a rename would not care).
    const ws = await tempDir('codeward-patch-ro-');
    const cache = await tempDir('codeward-patch-ro-state-');
    try {
      await chmod(ws, 0o777);
      await chmod(cache, 0o777);
      await writeFile(join(ws, 'ro.txt'), 'hello\n');
      await chmod(join(ws, 'ro.txt'), 0o444);
      // The checkout may sit in a folder the unprivileged user cannot enter (a fresh clone in a 0700
      // temp dir): run a world-readable copy of the bundle (patch loads nothing from node_modules).
      const bundle = join(cache, 'dist');
      await cp(join(REPO_ROOT, 'dist'), bundle, { recursive: true });
      await chmodTree(cache);
      const result = spawnSync(process.execPath, [join(bundle, 'bin/codeward.js'), '--json', '--yes', '-C', ws, 'patch', '--file', 'ro.txt', '--search', 'hello', '--replace', 'bye'], {
        cwd: REPO_ROOT,
        env: { ...process.env, CODEWARD_STATE_DIR: cache, HOME: cache },
        encoding: 'utf8',
        uid: 65534,
        gid: 65534,
      });
      const envelope = JSON.parse(result.stdout) as Envelope;
      expect(result.status).toBe(1);
      expect(failure(envelope).code).toBe('C216');
      expect(await readFile(join(ws, 'ro.txt'), 'utf8')).toBe('hello\n');
      const st = await stat(join(ws, 'ro.txt'));
      expect(st.uid).toBe(0);
      expect(st.mode & 0o777).toBe(0o444);
      expect(await lstat(join(ws, 'ro.txt.bak')).then(() => true, () => false)).toBe(false);
    } finally {
      await removeDir(ws);
      await removeDir(cache);
    }
  });

  it('a 50 MB file: a one-line patch changes only that line', async () => {
    // 1000 distinct lines repeated to 50 MiB, one unique line in the middle.
    const block = Buffer.from(Array.from({ length: 1000 }, (_, i) => `line ${String(i).padStart(4, '0')} ${'x'.repeat(40)}\n`).join(''));
    const before = Buffer.alloc(Math.ceil((50 * 1024 * 1024) / block.length) * block.length, block);
    const lineLength = block.length / 1000;
    const targetLine = 512_345;
    const offset = targetLine * lineLength;
    const unique = `the one unique line ${'y'.repeat(lineLength - 21)}\n`;
    expect(Buffer.byteLength(unique)).toBe(lineLength);
    before.write(unique, offset);
    await mkdir(join(root, 'big'));
    await writeFile(join(root, 'big/file.log'), before);
    const started = performance.now();
    const result = await patch({ file: 'big/file.log', search: unique, replace: 'CHANGED LINE\n' });
    const ms = performance.now() - started;
    console.log(`patch of a ${(before.length / 1024 / 1024).toFixed(1)} MiB file took ${ms.toFixed(0)} ms`);
    expect(data(result)).toMatchObject({ replacements: 1, lines: [targetLine + 1] });
    const expected = Buffer.concat([before.subarray(0, offset), Buffer.from('CHANGED LINE\n'), before.subarray(offset + lineLength)]);
    const after = await readFile(join(root, 'big/file.log'));
    expect(after.length).toBe(expected.length);
    expect(after.equals(expected)).toBe(true);
    expect((await readFile(join(root, 'big/file.log.bak'))).equals(before)).toBe(true);
  });
});

describe('patch: bad calls', () => {
  it('refuses a missing file (C211), a folder (C210) and an escape (C215)', async () => {
    await writeFiles(root, { 'dir/x.txt': 'x\n' });
    expect(failure(await patch({ file: 'nope.txt', search: 'a', replace: 'b' })).code).toBe('C211');
    expect(failure(await patch({ file: 'dir', search: 'a', replace: 'b' })).code).toBe('C210');
    expect(failure(await patch({ file: '../outside.txt', search: 'a', replace: 'b' })).code).toBe('C215');
  });

  it('an empty search is C210', async () => {
    await writeFiles(root, { 'a.txt': 'x\n' });
    expect(failure(await patch({ file: 'a.txt', search: '', replace: 'b' })).code).toBe('C210');
    expect(await text('a.txt')).toBe('x\n');
  });
});
