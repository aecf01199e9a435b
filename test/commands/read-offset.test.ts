import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/index.js';
import { COUNT_LINES_ENV } from '../../src/commands/read.js';
import { CLI, engineFor, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

// Reading by byte offset (a file whose only line is longer than any cap, read whole in pieces) and line
// numbers, or a note saying why none, on the tail of a file over the line-counting limit.

let root: string;
let engine: Engine;

beforeEach(async () => {
  root = await tempDir();
  engine = await engineFor(root);
});
afterEach(async () => {
  delete process.env[COUNT_LINES_ENV];
  await removeDir(root);
});

const read = (args: Record<string, unknown>) => engine.run({ cmd: 'read', args });

interface Piece {
  content: string;
  offset: number;
  endOffset: number;
  nextOffset: number | null;
  truncated: boolean;
  size: number;
}

// Follows nextOffset from 0; every piece is at most maxBytes and ends on a character boundary.
async function readAll(file: string, maxBytes: number, encoding: 'text' | 'base64' = 'text'): Promise<{ bytes: Buffer; pieces: number }> {
  const parts: Buffer[] = [];
  let offset: number | null = 0;
  let pieces = 0;
  while (offset !== null) {
    const envelope = await read({ file, byteOffset: offset, maxBytes, encoding });
    expect(envelope.ok, JSON.stringify(envelope)).toBe(true);
    const data = (envelope as { data: Piece }).data;
    expect(data.offset).toBe(offset);
    const bytes = encoding === 'base64' ? Buffer.from(data.content, 'base64') : Buffer.from(data.content, 'utf8');
    expect(bytes.length).toBe(data.endOffset - data.offset);
    expect(bytes.length).toBeLessThanOrEqual(maxBytes);
    expect(bytes.length).toBeGreaterThan(0);
    parts.push(bytes);
    offset = data.nextOffset;
    pieces += 1;
    expect(pieces).toBeLessThan(10_000);
  }
  return { bytes: Buffer.concat(parts), pieces };
}

describe('read --byte-offset', () => {
  it('reads a 1 MB single line with multi-byte characters straddling every cut: joined, byte for byte the file', async () => {
    // 1-, 2-, 3- and 4-byte characters, a BOM at the start and a CRLF at the end.
    const unit = 'aé€😀';
    const body = `\uFEFF${unit.repeat(100_000)}\r\n`;
    await writeFile(join(root, 'one.txt'), body);
    const original = await readFile(join(root, 'one.txt'));
    expect(original.length).toBeGreaterThan(1_000_000);
    // 4093 is prime: cuts fall at every position within the characters.
    const { bytes, pieces } = await readAll('one.txt', 4093);
    expect(pieces).toBeGreaterThan(200);
    expect(bytes.equals(original)).toBe(true);
    const base64 = await readAll('one.txt', 99_991, 'base64');
    expect(base64.bytes.equals(original)).toBe(true);
  });

  it('a line read cut inside its only line names the byte offset of the rest (not --start 2)', async () => {
    await writeFile(join(root, 'long.txt'), `${'€'.repeat(50_000)}\n`);
    const envelope = await read({ file: 'long.txt', maxBytes: 1000 });
    const data = (envelope as { data: Piece & { endLine: number } }).data;
    expect(data.truncated).toBe(true);
    expect(data.content).toBe('€'.repeat(333));
    expect(data.nextOffset).toBe(999);
    const rest = await readAll('long.txt', 30_000);
    expect(rest.bytes.toString('utf8')).toBe(`${'€'.repeat(50_000)}\n`);
  });

  it('refuses an offset inside a character, naming its first byte, and offsets past the end', async () => {
    await writeFiles(root, { 'e.txt': 'ab😀cd' });
    expect(await read({ file: 'e.txt', byteOffset: 4 })).toMatchObject({ ok: false, error: { code: 'C210', message: '--byte-offset 4 is inside a UTF-8 character; pass --byte-offset 2 (its first byte) or use --encoding base64' } });
    expect(await read({ file: 'e.txt', byteOffset: 3 })).toMatchObject({ ok: false, error: { message: expect.stringContaining('pass --byte-offset 2') } });
    expect(await read({ file: 'e.txt', byteOffset: 2, maxBytes: 3 })).toMatchObject({ ok: false, error: { code: 'C210', message: expect.stringContaining('raise --max-bytes') } });
    expect(await read({ file: 'e.txt', byteOffset: 9 })).toMatchObject({ ok: false, error: { code: 'C210', message: '--byte-offset 9 is past the end of the file, which has 8 bytes' } });
    expect(await read({ file: 'e.txt', byteOffset: 8 })).toMatchObject({ ok: true, data: { content: '', nextOffset: null } });
    expect(await read({ file: 'e.txt', byteOffset: 6, encoding: 'base64' })).toMatchObject({ ok: true, data: { content: Buffer.from('cd').toString('base64') } });
    expect(await read({ file: 'e.txt', byteOffset: 1, start: 2 })).toMatchObject({ ok: false, error: { code: 'C210' } });
    expect(await read({ file: 'e.txt', byteOffset: -1 })).toMatchObject({ ok: false, error: { code: 'C210' } });
  });

  it('refuses a NUL byte in a text piece and keeps the jail (a symlink out is refused)', async () => {
    await writeFiles(root, { 'bin.dat': Buffer.from([0x61, 0, 0x62]) });
    expect(await read({ file: 'bin.dat', byteOffset: 0 })).toMatchObject({ ok: false, error: { code: 'C210', message: expect.stringContaining('--encoding base64') } });
    const { symlink } = await import('node:fs/promises');
    await symlink('/etc/passwd', join(root, 'out'));
    const out = await read({ file: 'out', byteOffset: 0 });
    expect(out.ok).toBe(false);
  });

  it('the real binary prints the piece unchanged and the next offset', () => {
    return writeFiles(root, { 'x.txt': `${'x'.repeat(10)}[--max-bytes 5]` }).then(() => {
      const result = spawnSync(process.execPath, [CLI, '-C', root, 'read', '--file', 'x.txt', '--byte-offset', '2', '--max-bytes', '8'], { encoding: 'utf8' });
      expect(result.stderr).toBe('');
      expect(result.stdout).toBe('xxxxxxxx\n[bytes 2-10 of 25; continue with --byte-offset 10]\n');
      const last = spawnSync(process.execPath, [CLI, '-C', root, 'read', '--file', 'x.txt', '--byte-offset', '10'], { encoding: 'utf8' });
      expect(last.stdout).toBe('[--max-bytes 5]\n[bytes 10-25 of 25; end of file]\n');
    });
  });
});

describe('read --tail line numbers', () => {
  const numbered = Array.from({ length: 5000 }, (_, index) => `row ${index + 1}`).join('\n') + '\n';

  // maxBytes 100 keeps the backward scan from reaching the top of the file (where it would know the numbers).
  it('numbers a tail by counting the lines under the limit, and says why not over it', async () => {
    await writeFiles(root, { 'log.txt': numbered });
    expect(await read({ file: 'log.txt', tail: 2, maxBytes: 100 })).toMatchObject({ ok: true, data: { startLine: 4999, endLine: 5000, totalLines: 5000, linesNote: null } });
    process.env[COUNT_LINES_ENV] = '1000';
    const over = await read({ file: 'log.txt', tail: 2, maxBytes: 100 });
    expect(over).toMatchObject({ ok: true, data: { content: 'row 4999\nrow 5000\n', startLine: null, totalLines: null } });
    expect((over as { data: { linesNote: string } }).data.linesNote).toMatch(/^no line numbers: numbering a tail means counting every line before it, a full read of this file \(\d+ bytes; the limit is 1000 bytes/);
  });

  it('the real binary: numbered under the limit, a one-line note over it', async () => {
    await writeFiles(root, { 'log.txt': numbered });
    const run = (env: Record<string, string>) => spawnSync(process.execPath, [CLI, '-C', root, 'read', '--file', 'log.txt', '--tail', '2', '--max-bytes', '100'], { encoding: 'utf8', env: { ...process.env, ...env } });
    expect(run({}).stdout).toBe('4999 | row 4999\n5000 | row 5000\n');
    const over = run({ [COUNT_LINES_ENV]: '100' }).stdout.split('\n');
    expect(over.slice(0, 2)).toEqual(['row 4999', 'row 5000']);
    expect(over[2]).toMatch(/^\[no line numbers: .*CODEWARD_READ_COUNT_LINES_MAX_BYTES.*\]$/);
  });
});
