import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/index.js';
import { SYNC_READ_MAX_BYTES } from '../../src/workspace/open.js';
import { engineFor, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let engine: Engine;
const lines = (count: number) => Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n') + '\n';

beforeEach(async () => {
  root = await tempDir();
  await writeFiles(root, {
    'ten.txt': lines(10),
    'crlf.txt': 'a\r\nb\r\nc\r\n',
    'bom.txt': '\uFEFFhello\nworld\n',
    'nofinal.txt': 'x\ny',
    'empty.txt': '',
    'latin1.txt': Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]),
    'bin.dat': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]),
    'dir/inner.txt': 'inner\n',
  });
  engine = await engineFor(root);
});
afterEach(async () => removeDir(root));

const read = (args: Record<string, unknown>) => engine.run({ cmd: 'read', args });

describe('read', () => {
  it('reads a whole file with line facts', async () => {
    expect(await read({ file: 'ten.txt' })).toEqual({
      ok: true,
      cmd: 'read',
      data: {
        path: 'ten.txt', content: lines(10), encoding: 'text', startLine: 1, endLine: 10, totalLines: 10, truncated: false, size: 71,
        offset: 0, endOffset: 71, nextOffset: null, linesNote: null, next: null, cut: null,
      },
      warnings: [],
    });
  });

  it.each([
    [{ start: 3, end: 5 }, 'line 3\nline 4\nline 5\n', 3, 5],
    [{ start: 9 }, 'line 9\nline 10\n', 9, 10],
    [{ end: 2 }, 'line 1\nline 2\n', 1, 2],
    [{ head: 2 }, 'line 1\nline 2\n', 1, 2],
    [{ tail: 3 }, 'line 8\nline 9\nline 10\n', 8, 10],
    [{ head: 50 }, lines(10), 1, 10],
    [{ tail: 50 }, lines(10), 1, 10],
    [{ start: 4, end: 400 }, lines(10).split('\n').slice(3).join('\n'), 4, 10],
  ])('range %j', async (range, content, startLine, endLine) => {
    const envelope = await read({ file: 'ten.txt', ...range });
    expect(envelope).toMatchObject({ ok: true, data: { content, startLine, endLine, totalLines: 10 } });
  });

  it.each([
    [{ start: 11 }, '--start 11 is past the end of ten.txt, which has 10 lines'],
    [{ start: 5, end: 4 }, '--end 4 is before --start 5'],
    [{ head: 1, tail: 1 }, 'use either --head or --tail, not both'],
    [{ start: 1, head: 1 }, 'use either --start/--end or --head/--tail, not both'],
    [{ encoding: 'base64', head: 1 }, 'line ranges apply to text; with --encoding base64 use --byte-offset and --max-bytes'],
  ])('bad range %j is C210', async (range, message) => {
    expect(await read({ file: 'ten.txt', ...range })).toMatchObject({ ok: false, error: { code: 'C210', message } });
  });

  it('counts "a\\nb" and "a\\nb\\n" as two lines and an empty file as none', async () => {
    expect(await read({ file: 'nofinal.txt' })).toMatchObject({ data: { content: 'x\ny', totalLines: 2, endLine: 2 } });
    expect(await read({ file: 'empty.txt' })).toMatchObject({ ok: true, data: { content: '', totalLines: 0 } });
  });

  it('truncates at max-bytes on a line boundary and says where to continue', async () => {
    const envelope = await read({ file: 'ten.txt', maxBytes: 19 });
    expect(envelope).toMatchObject({ ok: true, data: { content: 'line 1\nline 2\n', truncated: true, endLine: 2, totalLines: 10, next: { start: 3 }, cut: 'lines' } });
    const text = engine.registry.get('read').format(envelope.ok ? envelope.data : undefined);
    expect(text).toContain('continue with --start 3');
  });

  it('keeps CRLF in data and renders clean numbered lines', async () => {
    const envelope = await read({ file: 'crlf.txt' });
    expect(envelope).toMatchObject({ data: { content: 'a\r\nb\r\nc\r\n', totalLines: 3 } });
    expect(engine.registry.get('read').format(envelope.ok ? envelope.data : undefined)).toBe('1 | a\n2 | b\n3 | c');
  });

  it('strips a BOM from the content', async () => {
    expect(await read({ file: 'bom.txt' })).toMatchObject({ data: { content: 'hello\nworld\n' } });
  });

  it('decodes Latin-1 bytes without U+FFFD and warns', async () => {
    const envelope = await read({ file: 'latin1.txt' });
    expect(envelope).toMatchObject({ ok: true, data: { content: 'café\n' } });
    expect(envelope.warnings).toEqual(['latin1.txt is not valid UTF-8; its bytes were decoded as Latin-1']);
  });

  it('refuses binary files in text mode and reads them as base64', async () => {
    expect(await read({ file: 'bin.dat' })).toMatchObject({ ok: false, error: { code: 'C210', message: expect.stringContaining('--encoding base64') } });
    expect(await read({ file: 'bin.dat', encoding: 'base64' })).toMatchObject({
      ok: true,
      data: { content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]).toString('base64'), truncated: false, size: 7 },
    });
    expect(await read({ file: 'bin.dat', encoding: 'base64', maxBytes: 3 })).toMatchObject({ data: { content: 'iVBO', truncated: true } });
  });

  it('refuses a folder, a missing file and a non-accessible file', async () => {
    expect(await read({ file: 'dir' })).toMatchObject({ ok: false, error: { code: 'C210' } });
    await writeFile(join(root, '.env'), 'SECRET=1\n');
    const missing = await read({ file: 'nope.txt' });
    const hidden = await read({ file: '.env' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'C211' } });
    expect(hidden).toMatchObject({ ok: false, error: { code: 'C211' } });
    expect(JSON.stringify(hidden)).not.toContain('SECRET');
  });

  it('tails a big file without reading it whole', async () => {
    const chunk = lines(100_000);
    await writeFile(join(root, 'big.log'), chunk.repeat(12)); // ~13 MB
    const started = performance.now();
    const envelope = await read({ file: 'big.log', tail: 2 });
    expect(performance.now() - started).toBeLessThan(10_000); // a guard against a pathological read only
    expect(envelope).toMatchObject({ ok: true, data: { content: 'line 99999\nline 100000\n', totalLines: 1_200_000, startLine: 1_199_999, endLine: 1_200_000 } });
  });
  // Small files are read with synchronous syscalls, larger ones through a FileHandle: same answers.
  it('answers the same on both sides of the synchronous-read limit', async () => {
    const body = (size: number): string => {
      let text = lines(Math.ceil(size / 8));
      text = text.slice(0, size - 1);
      return `${text}\n`;
    };
    const under = body(SYNC_READ_MAX_BYTES);
    const over = body(SYNC_READ_MAX_BYTES + 1000);
    await writeFile(join(root, 'under.txt'), under);
    await writeFile(join(root, 'over.txt'), over);
    const selections: Record<string, unknown>[] = [
      {},
      { head: 3 },
      { tail: 3 },
      { start: 100, end: 102 },
      { maxBytes: 50 },
      { maxBytes: SYNC_READ_MAX_BYTES * 2 },
      { encoding: 'base64', maxBytes: 64 },
    ];
    for (const selection of selections) {
      for (const [file, text] of [['under.txt', under], ['over.txt', over]] as const) {
        const envelope = await read({ file, ...selection });
        expect(envelope.ok, `${file} ${JSON.stringify(selection)}`).toBe(true);
        const data = (envelope as { data: { content: string; size: number; totalLines: number | null } }).data;
        expect(data.size).toBe(text.length);
        if (selection['encoding'] === 'base64') expect(Buffer.from(data.content, 'base64').toString('utf8')).toBe(text.slice(0, 64));
        else if (selection['maxBytes'] === SYNC_READ_MAX_BYTES * 2) expect(data.content).toBe(text);
        else if (selection['head'] !== undefined) expect(data.content).toBe(text.split('\n').slice(0, 3).join('\n') + '\n');
        else if (selection['tail'] !== undefined) expect(data.content).toBe(text.split('\n').slice(-4).join('\n'));
        else if (selection['start'] !== undefined) expect(data.content).toBe(text.split('\n').slice(99, 102).join('\n') + '\n');
        expect(data.totalLines).toBe(selection['encoding'] === 'base64' ? null : text.split('\n').length - 1);
      }
    }
  });
});
