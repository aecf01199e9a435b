import { chmod, lstat, readFile, readlink, stat, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/index.js';
import { engineFor, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let engine: Engine;
beforeEach(async () => {
  root = await tempDir();
  await writeFiles(root, { 'a.txt': 'old\n', 'win.ts': 'one\r\ntwo\r\n', 'bom.txt': '\uFEFFold\n', 'latin.txt': Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]) });
  // These tests check ChatCLI's .bak files: the opt-in backups: "beside" (the default keeps them in the checkpoint store).
  await writeFiles(root, { '.codeward/config.json': '{"backups":"beside"}' });
  engine = await engineFor(root);
});
afterEach(async () => removeDir(root));

const write = (args: Record<string, unknown>) => engine.run({ cmd: 'write', args });
const bytes = (path: string) => readFile(join(root, path));

describe('write', () => {
  it('creates a new file with parents and no backup', async () => {
    expect(await write({ file: 'deep/er/new.txt', content: 'hi' })).toMatchObject({
      ok: true,
      data: { path: 'deep/er/new.txt', bytes: 2, backup: null, created: true },
    });
    expect((await bytes('deep/er/new.txt')).toString()).toBe('hi');
  });

  it('overwrites with a .bak of the previous version, mode kept', async () => {
    await chmod(join(root, 'a.txt'), 0o640);
    expect(await write({ file: 'a.txt', content: 'new\n' })).toMatchObject({ ok: true, data: { backup: 'a.txt.bak', created: false } });
    expect((await bytes('a.txt')).toString()).toBe('new\n');
    expect((await bytes('a.txt.bak')).toString()).toBe('old\n');
    expect((await stat(join(root, 'a.txt'))).mode & 0o777).toBe(0o640);
  });

  it('writes an empty file from empty content', async () => {
    expect(await write({ file: 'empty.txt', content: '' })).toMatchObject({ ok: true, data: { bytes: 0 } });
    expect((await bytes('empty.txt')).length).toBe(0);
  });

  it('appends', async () => {
    expect(await write({ file: 'a.txt', content: 'more\n', append: true })).toMatchObject({ ok: true, data: { bytes: 5, size: 9, appended: true } });
    expect((await bytes('a.txt')).toString()).toBe('old\nmore\n');
  });

  it('decodes base64 and refuses invalid base64 without touching the file', async () => {
    expect(await write({ file: 'b.bin', content: Buffer.from([0, 1, 255]).toString('base64'), encoding: 'base64' })).toMatchObject({ ok: true, data: { bytes: 3 } });
    expect([...(await bytes('b.bin'))]).toEqual([0, 1, 255]);
    expect(await write({ file: 'a.txt', content: 'not base64!!', encoding: 'base64' })).toMatchObject({ ok: false, error: { code: 'C210' } });
    expect((await bytes('a.txt')).toString()).toBe('old\n');
  });

  it('keeps CRLF, BOM and Latin-1 conventions of the file it replaces, and says so', async () => {
    const crlf = await write({ file: 'win.ts', content: 'three\nfour\n' });
    expect((await bytes('win.ts')).toString()).toBe('three\r\nfour\r\n');
    expect(crlf.warnings.join(' ')).toMatch(/CRLF/);
    await write({ file: 'bom.txt', content: 'new\n' });
    expect([...(await bytes('bom.txt'))].slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
    await write({ file: 'latin.txt', content: 'déjà\n' });
    expect([...(await bytes('latin.txt'))]).toEqual([0x64, 0xe9, 0x6a, 0xe0, 0x0a]);
  });

  it('round-trips read → write byte-exact for CRLF, BOM and Latin-1 files', async () => {
    for (const file of ['win.ts', 'bom.txt', 'latin.txt']) {
      const before = await bytes(file);
      const read = await engine.run({ cmd: 'read', args: { file } });
      if (!read.ok) throw new Error(JSON.stringify(read));
      await write({ file, content: (read.data as { content: string }).content });
      expect(await bytes(file)).toEqual(before);
    }
  });

  it('keeps typographic quotes as written; in code files a warning names them', async () => {
    const code = await write({ file: 'x.ts', content: 'const s = “hi” + ‘x’;\n' });
    expect((await bytes('x.ts')).toString()).toBe('const s = “hi” + ‘x’;\n');
    expect(code.warnings).toEqual(['x.ts: 4 typographic quotes (‘ ’ “ ” ′ ″ « ») written as given (the first in '+JSON.stringify('const s = “hi” + ‘x’;')+'); codeward never rewrites them: if they were meant as code quotes, patch them to ASCII']);
    const prose = await write({ file: 'x.md', content: 'She said “hi”.\n' });
    expect((await bytes('x.md')).toString()).toBe('She said “hi”.\n');
    expect(prose.warnings).toEqual([]);
  });

  it('writes through an in-workspace symlink and keeps the link', async () => {
    await symlink('a.txt', join(root, 'link.txt'));
    expect(await write({ file: 'link.txt', content: 'via link\n' })).toMatchObject({ ok: true, data: { path: 'a.txt' } });
    expect((await lstat(join(root, 'link.txt'))).isSymbolicLink()).toBe(true);
    expect(await readlink(join(root, 'link.txt'))).toBe('a.txt');
    expect((await bytes('a.txt')).toString()).toBe('via link\n');
  });

  it('refuses a folder, a non-accessible file and an escape', async () => {
    await writeFiles(root, { 'dir/x': '' });
    expect(await write({ file: 'dir', content: 'x' })).toMatchObject({ ok: false, error: { code: 'C210' } });
    expect(await write({ file: 'config/.env', content: 'x' })).toMatchObject({ ok: false, error: { code: 'C211' } });
    expect(await write({ file: '../evil.txt', content: 'x' })).toMatchObject({ ok: false, error: { code: 'C215' } });
  });

  it('reports a read-only folder as C216 and leaves no temp file', async () => {
    if (process.getuid?.() === 0) return; // root ignores file modes
    await writeFiles(root, { 'ro/file.txt': 'keep\n' });
    await chmod(join(root, 'ro'), 0o555);
    expect(await write({ file: 'ro/file.txt', content: 'x' })).toMatchObject({ ok: false, error: { code: 'C216' } });
    await chmod(join(root, 'ro'), 0o755);
  });

  it('refuses content over maxWriteBytes with C213', async () => {
    await writeFiles(root, { '.codeward/config.json': JSON.stringify({ maxWriteBytes: 10 }) });
    const limited = await engineFor(root);
    expect(await limited.run({ cmd: 'write', args: { file: 'big.txt', content: 'x'.repeat(11) } })).toMatchObject({ ok: false, error: { code: 'C213' } });
  });
});
