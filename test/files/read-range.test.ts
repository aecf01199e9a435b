import { open, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readHead, readLines, readTail, type RangeRead } from '../../src/files/read-range.js';
import { cleanup, concatBytes, makeTempDir, prng } from './helpers.js';

let dir: string;
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(async () => {
  await cleanup(dir);
});

async function withFile<T>(content: Uint8Array | string, use: (handle: FileHandle, size: number) => Promise<T>): Promise<T> {
  const path = join(dir, 'f');
  await writeFile(path, content);
  const handle = await open(path, 'r');
  try {
    return await use(handle, (await handle.stat()).size);
  } finally {
    await handle.close();
  }
}

const text = (r: RangeRead): string => Buffer.from(r.bytes).toString('utf8');
const shape = (r: RangeRead): object => ({ text: text(r), startLine: r.startLine, endLine: r.endLine, totalLines: r.totalLines, truncated: r.truncated });

// ---- reference implementation: split everything in memory ----
type Ref = { bytes: Uint8Array; startLine: number | null; endLine: number | null; truncated: boolean };
const EMPTY: Ref = { bytes: new Uint8Array(0), startLine: null, endLine: null, truncated: false };
const isCont = (b: number | undefined): boolean => b !== undefined && (b & 0xc0) === 0x80;

function splitLines(bytes: Uint8Array): Uint8Array[] {
  const lines: Uint8Array[] = [];
  let from = 0;
  bytes.forEach((b, i) => {
    if (b === 0x0a) {
      lines.push(bytes.subarray(from, i + 1));
      from = i + 1;
    }
  });
  if (from < bytes.length) lines.push(bytes.subarray(from));
  return lines;
}

function refForward(lines: Uint8Array[], start: number, end: number, max: number): Ref {
  const sel = lines.slice(start - 1, end);
  if (sel.length === 0) return EMPTY;
  let acc = 0;
  let k = 0;
  while (k < sel.length && acc + sel[k]!.length <= max) acc += sel[k++]!.length;
  // The next line's text fits but not its line end: it is whole, its end is dropped (as much as fits).
  const next = sel[k];
  if (next !== undefined && next.length > 1 && next[next.length - 1] === 0x0a) {
    const text = next.length - (next[next.length - 2] === 0x0d ? 2 : 1);
    if (acc + text <= max) return { bytes: concatBytes(sel.slice(0, k + 1)).subarray(0, Math.min(acc + next.length - 1, max)), startLine: start, endLine: start + k, truncated: k + 1 < sel.length };
  }
  if (k > 0) return { bytes: concatBytes(sel.slice(0, k)), startLine: start, endLine: start + k - 1, truncated: k < sel.length };
  const first = sel[0]!;
  let cut = max;
  while (cut > 0 && max - cut < 3 && isCont(first[cut])) cut--;
  return { bytes: first.subarray(0, cut), startLine: start, endLine: start, truncated: true };
}

// A selection fits when its text does: the file's final line end may be dropped (an empty last line
// keeps its first byte, "\n" or the "\r" of "\r\n", or it would not show). When not even the last line's
// text fits, its last max bytes of text (from a character boundary), without the line end.
function refTail(lines: Uint8Array[], n: number, max: number): Ref {
  const total = lines.length;
  const sel = n === 0 ? [] : lines.slice(Math.max(0, total - n));
  if (sel.length === 0) return EMPTY;
  const last = sel[sel.length - 1]!;
  const end = last[last.length - 1] === 0x0a ? (last[last.length - 2] === 0x0d ? 2 : 1) : 0;
  const droppable = end > 0 && last.length === end ? end - 1 : end;
  let acc = -droppable;
  let k = 0;
  while (k < sel.length && acc + sel[sel.length - 1 - k]!.length <= max) acc += sel[sel.length - 1 - k++]!.length;
  if (k > 0) return { bytes: concatBytes(sel.slice(sel.length - k)).subarray(0, max), startLine: total - k + 1, endLine: total, truncated: k < sel.length };
  const text = last.subarray(0, last.length - droppable);
  let from = text.length - max;
  const base = from;
  while (from < text.length && from - base < 3 && isCont(text[from])) from++;
  return { bytes: text.subarray(from), startLine: total, endLine: total, truncated: true };
}

function randomFile(rand: ReturnType<typeof prng>): Uint8Array {
  const atoms = [[0x61], [0x62], [0x20], [0x0d], [0xc3, 0xa9], [0xe2, 0x82, 0xac], [0xf0, 0x9f, 0x98, 0x80], [0xe9]];
  const big = rand.int(12) === 0;
  const lines = rand.int(big ? 8 : 30);
  const parts: number[] = [];
  for (let i = 0; i < lines; i++) {
    const len = big && rand.int(2) === 0 ? 30_000 + rand.int(120_000) : rand.int(4) === 0 ? 0 : rand.int(40);
    for (let j = 0; j < len; j++) parts.push(...(j % 97 === 0 ? rand.pick(atoms) : [0x61 + (j % 26)]));
    if (i < lines - 1 || rand.int(3) > 0) parts.push(...(rand.int(3) === 0 ? [0x0d, 0x0a] : [0x0a]));
  }
  return Uint8Array.from(parts);
}

function expectMatches(actual: RangeRead, expected: Ref, context: string): void {
  expect(Buffer.from(actual.bytes).equals(Buffer.from(expected.bytes)), context).toBe(true);
  expect({ s: actual.startLine, e: actual.endLine, t: actual.truncated }, context).toEqual({ s: expected.startLine, e: expected.endLine, t: expected.truncated });
}

describe('read-range against an in-memory reference', () => {
  it('head, tail and ranges agree on 300 random files', async () => {
    const rand = prng(7);
    const seen = { big: 0, headCut: 0, partial: 0, tailKnown: 0, tailUnknown: 0, rangeEmpty: 0 };
    for (let i = 0; i < 300; i++) {
      const bytes = randomFile(rand);
      const lines = splitLines(bytes);
      const total = lines.length;
      const maxes = [1, 2, 3, 4, 7, 50, 1000, 70_000, 1_000_000, bytes.length, Math.max(1, bytes.length - 1), bytes.length + 1];
      const max = Math.max(1, rand.pick(maxes));
      const n = rand.int(total + 3);
      const start = 1 + rand.int(total + 2);
      const end = rand.int(3) === 0 ? undefined : start + rand.int(total + 2);
      const countAll = rand.int(2) === 0;
      const ctx = `file #${i} (${bytes.length} bytes, ${total} lines) n=${n} start=${start} end=${end} max=${max}`;
      if (bytes.length > 64 * 1024) seen.big++;
      await withFile(bytes, async (handle, size) => {
        const head = await readHead(handle, n, max);
        if (head.truncated) seen.headCut++;
        if (head.truncated && head.bytes.length < max && !head.bytes.includes(0x0a)) seen.partial++;
        expectMatches(head, n === 0 ? EMPTY : refForward(lines, 1, n, max), `head ${ctx}`);
        if (head.totalLines !== null) expect(head.totalLines, ctx).toBe(total);

        const tail = await readTail(handle, size, n, max);
        const ref = refTail(lines, n, max);
        expect(Buffer.from(tail.bytes).equals(Buffer.from(ref.bytes)), `tail ${ctx}`).toBe(true);
        expect(tail.truncated, `tail ${ctx}`).toBe(ref.truncated);
        if (tail.totalLines !== null) {
          seen.tailKnown++;
          expect(tail.totalLines, ctx).toBe(total);
          expect([tail.startLine, tail.endLine], `tail ${ctx}`).toEqual([ref.startLine, ref.endLine]);
        } else {
          seen.tailUnknown++;
          expect([tail.startLine, tail.endLine]).toEqual([null, null]);
        }

        const range = await readLines(handle, size, start, end, max, { countAll });
        expectMatches(range, refForward(lines, start, end ?? Number.MAX_SAFE_INTEGER, max), `lines ${ctx}`);
        if (range.startLine === null) seen.rangeEmpty++;
        if (countAll) expect(range.totalLines, ctx).toBe(total);
        else if (range.totalLines !== null) expect(range.totalLines, ctx).toBe(total);
      });
    }
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(5);
  });
});

describe('read-range cases', () => {
  it('empty file: 0 lines, nothing selected', async () => {
    await withFile('', async (handle, size) => {
      const none = { text: '', startLine: null, endLine: null, totalLines: 0, truncated: false };
      expect(shape(await readHead(handle, 5, 100))).toEqual(none);
      expect(shape(await readTail(handle, size, 5, 100))).toEqual(none);
      expect(shape(await readLines(handle, size, 1, undefined, 100, { countAll: false }))).toEqual(none);
    });
  });

  it('a final newline does not make a line; a missing one still ends the last line', async () => {
    await withFile('a\nb\n', async (handle, size) => {
      expect(shape(await readLines(handle, size, 1, undefined, 100, { countAll: true }))).toEqual({ text: 'a\nb\n', startLine: 1, endLine: 2, totalLines: 2, truncated: false });
      expect(shape(await readTail(handle, size, 1, 100))).toEqual({ text: 'b\n', startLine: 2, endLine: 2, totalLines: 2, truncated: false });
      expect(shape(await readLines(handle, size, 3, undefined, 100, { countAll: true }))).toEqual({ text: '', startLine: null, endLine: null, totalLines: 2, truncated: false });
    });
    await withFile('a\nb', async (handle, size) => {
      expect(shape(await readTail(handle, size, 1, 100))).toEqual({ text: 'b', startLine: 2, endLine: 2, totalLines: 2, truncated: false });
      expect(shape(await readLines(handle, size, 2, 2, 100, { countAll: false }))).toEqual({ text: 'b', startLine: 2, endLine: 2, totalLines: 2, truncated: false });
      expect(shape(await readHead(handle, 1, 100))).toMatchObject({ text: 'a\n', startLine: 1, endLine: 1, truncated: false });
    });
  });

  it('CRLF lines keep their CR', async () => {
    await withFile('one\r\ntwo\r\nthree\r\n', async (handle, size) => {
      expect(text(await readLines(handle, size, 2, 2, 100, { countAll: true }))).toBe('two\r\n');
      expect(text(await readTail(handle, size, 2, 100))).toBe('two\r\nthree\r\n');
      expect(shape(await readHead(handle, 3, 10))).toMatchObject({ text: 'one\r\ntwo\r\n', endLine: 2, truncated: true });
    });
  });

  it('never splits a multi-byte character at the byte cut', async () => {
    await withFile('ééé\n', async (handle, size) => {
      expect(shape(await readHead(handle, 1, 3))).toMatchObject({ text: 'é', startLine: 1, endLine: 1, truncated: true });
      expect(shape(await readHead(handle, 1, 1))).toMatchObject({ text: '', truncated: true });
      expect(shape(await readLines(handle, size, 1, 1, 4, { countAll: true }))).toMatchObject({ text: 'éé', truncated: true, totalLines: 1 });
    });
    await withFile('x\n€€€', async (handle, size) => {
      expect(shape(await readTail(handle, size, 1, 4))).toMatchObject({ text: '€', truncated: true });
      expect(shape(await readTail(handle, size, 1, 8))).toMatchObject({ text: '€€', truncated: true });
      expect(shape(await readTail(handle, size, 5, 11))).toEqual({ text: 'x\n€€€', startLine: 1, endLine: 2, totalLines: 2, truncated: false });
    });
  });

  it('rejects bad numbers with C210', async () => {
    await withFile('a\n', async (handle, size) => {
      await expect(readHead(handle, -1, 10)).rejects.toMatchObject({ code: 'C210' });
      await expect(readTail(handle, size, 1.5, 10)).rejects.toMatchObject({ code: 'C210' });
      await expect(readLines(handle, size, 0, undefined, 10, { countAll: false })).rejects.toMatchObject({ code: 'C210' });
      await expect(readLines(handle, size, 3, 2, 10, { countAll: false })).rejects.toMatchObject({ code: 'C210' });
      await expect(readLines(handle, size, 1, 1, 0, { countAll: false })).rejects.toMatchObject({ code: 'C210' });
    });
  });
});

describe('read-range on a 200 MB file', () => {
  const SIZE = 200 * 1024 * 1024;

  // A sparse file: 200 MB of NUL bytes with 100 short lines at the end (or none).
  async function sparse(lines: number): Promise<{ handle: FileHandle; size: number }> {
    const path = join(dir, 'big');
    const handle = await open(path, 'w+');
    const tail = Buffer.from(Array.from({ length: lines }, (_, i) => `line ${i}\n`).join(''));
    await handle.truncate(SIZE - tail.length);
    if (tail.length > 0) await handle.write(tail, 0, tail.length, SIZE - tail.length);
    return { handle, size: (await handle.stat()).size };
  }

  it('tails 20 lines in milliseconds', async () => {
    const { handle, size } = await sparse(100);
    try {
      expect(size).toBe(SIZE);
      const began = performance.now();
      const result = await readTail(handle, size, 20, 200_000);
      const elapsed = performance.now() - began;
      expect(text(result)).toBe(Array.from({ length: 20 }, (_, i) => `line ${i + 80}\n`).join(''));
      expect(result).toMatchObject({ startLine: null, endLine: null, totalLines: null, truncated: false });
      expect(elapsed).toBeLessThan(3_000); // reading the 200 MB file would take far longer on a cold cache
    } finally {
      await handle.close();
    }
  });

  it('one huge line: head and tail stop after maxBytes instead of scanning it', async () => {
    const { handle, size } = await sparse(0);
    try {
      const began = performance.now();
      const head = await readLines(handle, size, 1, undefined, 1000, { countAll: false });
      const tail = await readTail(handle, size, 5, 1000);
      expect(performance.now() - began).toBeLessThan(200);
      expect(head).toMatchObject({ startLine: 1, endLine: 1, totalLines: null, truncated: true });
      expect(head.bytes.length).toBe(1000);
      expect(tail).toMatchObject({ totalLines: null, truncated: true });
      expect(tail.bytes.length).toBe(1000);
    } finally {
      await handle.close();
    }
  });
});
