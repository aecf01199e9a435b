import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Engine } from '../../src/index.js';
import { COUNT_LINES_ENV } from '../../src/commands/read.js';
import { engineFor, removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { stdioClient, textOf, type ToolText } from '../doors/mcp-helpers.js';

// Every cut of a line read (--start/--end/--head/--tail/whole with --max-bytes) says what it cut and names the
// exact call that gets it (`next`, printed as flags), and a line whose only missing part is its line end is
// whole (no "cut at byte" note). Checked against a model of the file's lines for every max-bytes from 1 to
// past the file's size, every selection, on files with CRLF, multi-byte characters, empty lines and no final
// newline; then through the real binary and the MCP door (JSON keys and structuredContent.next).

const FILES: Record<string, string> = {
  'plain.txt': 'hello world\nsecond line here\nthird\n',
  'crlf.txt': 'one\r\ntwo two\r\nthree\r\n',
  'utf8.txt': 'héllo wörld €😀\nzz\n😀😀😀\n',
  'nofinal.txt': 'alpha\nbeta\ngamma',
  'empty-lines.txt': '\n\nx\n\n',
  'one.txt': 'a single line without end',
};

const SELECTIONS: Record<string, number>[] = [
  {}, { start: 2 }, { start: 2, end: 3 }, { end: 2 }, { head: 1 }, { head: 2 }, { tail: 1 }, { tail: 2 }, { tail: 5 },
];

interface Data {
  content: string;
  startLine: number | null;
  endLine: number | null;
  totalLines: number | null;
  truncated: boolean;
  offset: number | null;
  endOffset: number | null;
  next: Record<string, number> | null;
  cut: string | null;
}

// The file's lines with their line ends, and each line's start offset.
function model(text: string): { lines: string[]; starts: number[] } {
  const lines = text.split(/(?<=\n)/).filter((line) => line !== '');
  const starts: number[] = [];
  let at = 0;
  for (const line of lines) {
    starts.push(at);
    at += Buffer.byteLength(line);
  }
  return { lines, starts };
}

const body = (line: string): string => line.replace(/\r?\n$/, '');

// The 1-based lines a selection asks for, within the file.
function requested(selection: Record<string, number>, count: number): [number, number] {
  if (selection['tail'] !== undefined) return [Math.max(1, count - selection['tail'] + 1), count];
  if (selection['head'] !== undefined) return [1, Math.min(count, selection['head'])];
  return [selection['start'] ?? 1, Math.min(count, selection['end'] ?? count)];
}

// What the result claims, checked against the model: the content is the lines it names (whole, or the one
// cut line's prefix/suffix), and a cut names the call for exactly what is missing.
function check(label: string, text: string, selection: Record<string, number>, maxBytes: number, data: Data, numbered: boolean): void {
  const { lines, starts } = model(text);
  const [first, last] = requested(selection, lines.length);
  expect(Buffer.byteLength(data.content), label).toBeLessThanOrEqual(maxBytes);
  if (data.cut === 'tail-inside') {
    const line = lines[lines.length - 1]!;
    expect(body(line).endsWith(data.content) && data.content !== body(line), label).toBe(true);
    expect(data.truncated, label).toBe(true);
    if (data.next?.['maxBytes'] === undefined) expect(data.next, label).toEqual({ byteOffset: starts[lines.length - 1] });
    else expect(data.next['byteOffset']! + data.next['maxBytes'], label).toBe(data.offset);
    if (numbered) expect(data.startLine, label).toBe(lines.length);
    return;
  }
  if (data.cut === 'inside') {
    const line = lines[data.endLine! - 1]!;
    const before = lines.slice(data.startLine! - 1, data.endLine! - 1).join('');
    expect(data.content.startsWith(before), label).toBe(true);
    const part = data.content.slice(before.length);
    expect(body(line).startsWith(part) && part !== body(line), label).toBe(true);
    expect(data.next, label).toEqual({ byteOffset: data.offset! + Buffer.byteLength(data.content) });
    expect(data.truncated, label).toBe(true);
    return;
  }
  // Whole lines: startLine..endLine, the last one's line end possibly dropped.
  const startLine = data.startLine ?? (numbered ? -1 : starts.indexOf(data.offset ?? -1) + 1);
  if (data.content === '') {
    expect(data.truncated, label).toBe(false);
    return;
  }
  const shownCount = model(data.content.endsWith('\n') ? data.content : `${data.content}\n`).lines.length;
  const endLine = data.endLine ?? startLine + shownCount - 1;
  const shown = lines.slice(startLine - 1, endLine);
  const whole = shown.join('');
  const dropped = shown.slice(0, -1).join('') + body(shown[shown.length - 1] ?? '');
  expect([whole, dropped, whole.replace(/\n$/, '')], label).toContain(data.content);
  const missingBefore = startLine > first;
  const missingAfter = endLine < last;
  expect(data.truncated, label).toBe(missingBefore || missingAfter);
  if (!data.truncated) {
    expect(data.next, label).toBeNull();
    return;
  }
  if (selection['tail'] !== undefined) {
    expect(data.cut, label).toBe('tail-lines');
    if (numbered) expect(data.next, label).toEqual({ start: first, end: startLine - 1 });
    else expect((data.next!['byteOffset'] ?? 0) + (data.next!['maxBytes'] ?? 0), label).toBe(data.offset);
  } else {
    expect(data.cut, label).toBe('lines');
    const end = selection['head'] ?? selection['end'];
    expect(data.next, label).toEqual(end === undefined ? { start: endLine + 1 } : { start: endLine + 1, end });
  }
}

let root: string;
let state: string;
let engine: Engine;

beforeAll(async () => {
  root = await tempDir('codeward-read-cut-');
  state = await tempDir('codeward-read-cut-state-');
  await writeFiles(root, FILES);
  engine = await engineFor(root);
});

afterAll(async () => {
  await removeDir(root);
  await removeDir(state);
});

describe('read cuts name what they cut and the exact call for it', () => {
  it.each(Object.keys(FILES))('%s: every selection with every --max-bytes', async (file) => {
    const text = FILES[file]!;
    const size = Buffer.byteLength(text);
    for (const selection of SELECTIONS) {
      const [first, last] = requested(selection, model(text).lines.length);
      if (first > last) continue;
      for (let maxBytes = 1; maxBytes <= size + 1; maxBytes += 1) {
        const label = `${file} ${JSON.stringify(selection)} maxBytes ${maxBytes}`;
        const envelope = await engine.run({ cmd: 'read', args: { file, ...selection, maxBytes } });
        // A line read never refuses for its cap (a character wider than it is left out whole).
        if (!envelope.ok) throw new Error(`${label}: ${envelope.error.message}`);
        const data = envelope.data as Data;
        check(label, text, selection, maxBytes, data, true);
        const printed = engine.registry.get('read').format(data);
        if (data.cut !== 'inside') expect(printed, label).not.toContain('was cut at byte');
        if (data.truncated) {
          const flags = Object.entries(data.next!).map(([key, value]) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${value}`).join(' ');
          expect(printed, label).toContain(flags);
        }
      }
    }
  }, 60_000);

  it('random files of line ends, empty lines and 1- to 4-byte characters (seeded, bounded)', async () => {
    let seed = 0x5eed;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const pieces = ['a', 'b', 'é', '€', '😀', '\n', '\n', '\r\n', ' '];
    for (let round = 0; round < 12; round += 1) {
      let text = '';
      const length = 1 + next(16);
      for (let index = 0; index < length; index += 1) text += pieces[next(pieces.length)]!;
      const file = `fuzz${round}.txt`;
      await writeFiles(root, { [file]: text });
      const size = Buffer.byteLength(text);
      for (const selection of [{}, { start: 2 }, { head: 2 }, { tail: 1 }, { tail: 3 }] as Record<string, number>[]) {
        const [first, last] = requested(selection, model(text).lines.length);
        if (first > last) continue;
        for (let maxBytes = 1; maxBytes <= size + 1; maxBytes += 1) {
          const label = `${JSON.stringify(text)} ${JSON.stringify(selection)} maxBytes ${maxBytes}`;
          const envelope = await engine.run({ cmd: 'read', args: { file, ...selection, maxBytes } });
          if (!envelope.ok) throw new Error(`${label}: ${envelope.error.message}`);
          check(label, text, selection, maxBytes, envelope.data as Data, true);
        }
      }
    }
  }, 60_000);

  it('a tail with no line numbers (over the counting limit) names the bytes before it', async () => {
    process.env[COUNT_LINES_ENV] = '0';
    try {
      const text = FILES['plain.txt']!;
      for (let maxBytes = 1; maxBytes <= 12; maxBytes += 1) {
        const envelope = await engine.run({ cmd: 'read', args: { file: 'plain.txt', tail: 2, maxBytes } });
        const data = (envelope as { data: Data }).data;
        check(`unnumbered tail maxBytes ${maxBytes}`, text, { tail: 2 }, maxBytes, data, false);
      }
    } finally {
      delete process.env[COUNT_LINES_ENV];
    }
  });
});

describe('a line end split across the 64 KiB read chunks', () => {
  it.each([65_535, 65_536, 65_534])('a %i-byte line then CRLF: whole at --max-bytes of its text, cut one byte below', async (length) => {
    await writeFiles(root, { 'chunk.txt': `${'a'.repeat(length)}\r\nb\n` });
    const whole = (await engine.run({ cmd: 'read', args: { file: 'chunk.txt', head: 1, maxBytes: length } })) as { data: Data };
    expect(whole.data).toMatchObject({ truncated: false, cut: null, next: null, endLine: 1 });
    expect(whole.data.content).toBe('a'.repeat(length));
    const all = (await engine.run({ cmd: 'read', args: { file: 'chunk.txt', maxBytes: length + 1 } })) as { data: Data };
    expect(all.data).toMatchObject({ truncated: true, cut: 'lines', next: { start: 2 } });
    const cut = (await engine.run({ cmd: 'read', args: { file: 'chunk.txt', head: 1, maxBytes: length - 1 } })) as { data: Data };
    expect(cut.data).toMatchObject({ truncated: true, cut: 'inside', next: { byteOffset: length - 1 } });
  });
});

describe('a tail inside a line that starts further back than the scan goes', () => {
  it('names the bytes before the piece, from a character boundary', async () => {
    await writeFiles(root, { 'wide.txt': `${'é'.repeat(60)}\n` });
    process.env[COUNT_LINES_ENV] = '10';
    try {
      const envelope = await engine.run({ cmd: 'read', args: { file: 'wide.txt', tail: 1, maxBytes: 7 } });
      const data = (envelope as { data: Data }).data;
      expect(data).toMatchObject({ content: 'ééé', cut: 'tail-inside', truncated: true, offset: 114, endOffset: 120 });
      // 7 bytes before offset 114 would start inside a character: the piece starts at the next one.
      expect(data.next).toEqual({ byteOffset: 108, maxBytes: 6 });
      expect(engine.registry.get('read').format(data)).toContain('the last line is longer than --max-bytes: these are the last 6 bytes of its text; the bytes before them: --byte-offset 108 --max-bytes 6]');
    } finally {
      delete process.env[COUNT_LINES_ENV];
    }
  });
});

describe('read cuts through the real binary', () => {
  const cli = (...args: string[]) => runCli(['-C', root, 'read', '--file', 'plain.txt', ...args], { env: { CODEWARD_STATE_DIR: state } });

  it('--tail 1 --max-bytes 3 says the line is longer and where it starts (was: a fragment shown as the whole line)', () => {
    const result = cli('--tail', '1', '--max-bytes', '3');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('3 | ird\n[truncated at --max-bytes; the file has 3 lines; line 3 is longer than --max-bytes: these are the last 3 bytes of its text; it starts at byte 29: read it from there with --byte-offset 29]\n');
    const rest = runCli(['-C', root, 'read', '--file', 'plain.txt', '--byte-offset', '29', '--max-bytes', '3'], { env: { CODEWARD_STATE_DIR: state } });
    expect(rest.stdout).toBe('thi\n[bytes 29-32 of 35; continue with --byte-offset 32]\n');
  });

  it('a line whose only missing byte is its newline is whole: no "cut at byte" note', () => {
    expect(cli('--head', '1', '--max-bytes', '11').stdout).toBe('1 | hello world\n');
    expect(cli('--max-bytes', '11').stdout).toBe('1 | hello world\n[truncated at --max-bytes; the file has 3 lines; continue with --start 2]\n');
    expect(cli('--tail', '1', '--max-bytes', '5').stdout).toBe('3 | third\n');
  });

  it('a cut --head or --end continues up to the line asked for last; a cut tail names the lines it left out', () => {
    expect(cli('--head', '3', '--max-bytes', '12').stdout).toContain('; continue with --start 2 --end 3]');
    expect(cli('--tail', '3', '--max-bytes', '8').stdout).toBe('3 | third\n[truncated at --max-bytes; the file has 3 lines; lines 1-2 of the tail did not fit: read them with --start 1 --end 2]\n');
  });
});

describe('read cuts through the MCP door', () => {
  let client: Client;
  beforeAll(async () => {
    client = await stdioClient(root, state, { serverArgs: ['--yes'] });
  }, 60_000);
  afterAll(async () => {
    await client?.close().catch(() => undefined);
  });

  it.each([
    [{ tail: 1, maxBytes: 3 }, 'read it from there with `byteOffset: 29`]', { file: 'plain.txt', maxBytes: 3, byteOffset: 29 }],
    [{ tail: 3, maxBytes: 8 }, 'read them with `start: 1` `end: 2`]', { file: 'plain.txt', maxBytes: 8, start: 1, end: 2 }],
    [{ head: 3, maxBytes: 12 }, 'continue with `start: 2` `end: 3`]', { file: 'plain.txt', maxBytes: 12, start: 2, end: 3 }],
    [{ start: 2, maxBytes: 3 }, 'continue with `byteOffset: 15`]', { file: 'plain.txt', maxBytes: 3, byteOffset: 15 }],
  ])('read %j: the note in JSON keys and structuredContent.next', async (args, note, next) => {
    const result = (await client.callTool({ name: 'read', arguments: { file: 'plain.txt', ...args } })) as unknown as ToolText;
    const said = textOf(result);
    expect(said).toContain(note);
    expect(said).not.toMatch(/(^|[\s(`'"[])--[a-z]/m);
    expect(result.structuredContent['next']).toEqual(next);
  });

  it('a whole line missing only its newline has no next', async () => {
    const result = (await client.callTool({ name: 'read', arguments: { file: 'plain.txt', head: 1, maxBytes: 11 } })) as unknown as ToolText;
    expect(textOf(result)).toBe('1 | hello world');
    expect(result.structuredContent['next']).toBeUndefined();
  });
});
