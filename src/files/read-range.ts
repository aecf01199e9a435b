import type { FileHandle } from 'node:fs/promises';
import { fail } from '../engine/errors.js';

// What the range readers need from an open file: positional reads (a FileHandle, or a descriptor read
// synchronously behind the same signature).
export interface ByteSource {
  read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
}

// Selected raw bytes of a file plus where they sit. Lines are 1-based and end at '\n' (a '\r' before it is part
// of the line's bytes); a final newline does not start another line, so "a\nb\n" has 2 lines and "" has 0.
export interface RangeRead {
  readonly bytes: Uint8Array;
  // First and last line (partly) in `bytes`; null when nothing was selected or the numbers are unknown.
  readonly startLine: number | null;
  readonly endLine: number | null;
  // Lines in the whole file; null unless the read scanned the whole file.
  readonly totalLines: number | null;
  // Part of the selection was left out to fit maxBytes (a line end dropped from the last line, the lines
  // being whole, does not count).
  readonly truncated: boolean;
  // The bytes end (readLines) or begin (readTail) inside a line: a part of that line's text is missing.
  readonly lineCut: boolean;
  // Byte offset in the file of bytes[0]; null when nothing was selected.
  readonly startOffset: number | null;
}

const CHUNK = 64 * 1024;
const LF = 0x0a;
const CR = 0x0d;

// Read buffers are Buffers (zero-filled): their indexOf/lastIndexOf is memchr, several times faster than the
// element-by-element TypedArray methods in the newline scans below.
function bytesOf(length: number): Uint8Array {
  return Buffer.alloc(length);
}

function checkInt(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) throw fail('C210', `${name} must be a whole number >= ${min} (got ${value})`);
}

function empty(totalLines: number | null): RangeRead {
  return { bytes: new Uint8Array(0), startLine: null, endLine: null, totalLines, truncated: false, lineCut: false, startOffset: null };
}

// Up to `length` bytes at `position`, shorter only at end of file.
export async function readAt(handle: ByteSource, position: number, length: number, into?: Uint8Array): Promise<Uint8Array> {
  const buf = into !== undefined && into.length >= length ? into : bytesOf(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await handle.read(buf, done, length - done, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return buf.subarray(0, done);
}

export function isContinuation(byte: number | undefined): boolean {
  return byte !== undefined && (byte & 0xc0) === 0x80;
}

// Where to cut `bytes` at or before `limit` without splitting a UTF-8 character (looks back at most 3 bytes).
export function cutBefore(bytes: Uint8Array, limit: number): number {
  let k = Math.min(limit, bytes.length);
  while (k > 0 && limit - k < 3 && isContinuation(bytes[k])) k--;
  return k;
}

// Where to start `bytes` at or after `from` without beginning inside a UTF-8 character.
function startAfter(bytes: Uint8Array, from: number): number {
  let k = from;
  while (k < bytes.length && k - from < 3 && isContinuation(bytes[k])) k++;
  return k;
}

// The byte before chunk[i] is `byte` (the previous chunk's last byte when i is 0).
function beforeIs(chunk: Uint8Array, i: number, previous: number | undefined, byte: number): boolean {
  return (i > 0 ? chunk[i - 1] : previous) === byte;
}

function countLF(bytes: Uint8Array): number {
  let count = 0;
  for (let i = bytes.indexOf(LF); i !== -1; i = bytes.indexOf(LF, i + 1)) count++;
  return count;
}

// Lines start..end (end undefined = to the end) streaming forward; collection stops at maxBytes, cut after the
// last whole line that fits, or inside the first line on a character boundary when not even it fits.
// With countAll it keeps counting to the end of the file for totalLines. `start` past the end selects nothing.
export async function readLines(
  handle: ByteSource, size: number, start: number, end: number | undefined, maxBytes: number,
  options: { countAll: boolean },
): Promise<RangeRead> {
  checkInt('start', start, 1);
  if (end !== undefined) checkInt('end', end, start);
  checkInt('maxBytes', maxBytes, 1);
  // A file that fits in one chunk gets a buffer of its own size, so its selection can be returned from
  // the buffer without a second read.
  const buf = bytesOf(Math.max(1, Math.min(CHUNK, size)));
  // A plain read of a small file selects all of it: only its lines need counting.
  if (start === 1 && end === undefined && size > 0 && size <= maxBytes && size <= CHUNK) {
    const all = await readAt(handle, 0, size, buf);
    if (all.length === size) {
      const lines = countLF(all) + (all[size - 1] === LF ? 0 : 1);
      return { bytes: all, startLine: 1, endLine: lines, totalLines: lines, truncated: false, lineCut: false, startOffset: 0 };
    }
    // It shrank since its stat: the general scan below handles that.
  }
  let line = 1;
  let selStart = start === 1 ? 0 : -1;
  let fitEnd = -1;
  let fitLine = 0;
  let collecting = true;
  let truncated = false;
  let newlines = 0;
  let lastByte: number | undefined;
  // Offset of the current line's first byte.
  let lineBegin = 0;
  let pos = 0;
  let atEof = size === 0;
  let chunks = 0;
  while (!atEof) {
    const chunk = await readAt(handle, pos, Math.min(CHUNK, size - pos), buf);
    chunks++;
    for (let i = chunk.indexOf(LF); i !== -1; i = chunk.indexOf(LF, i + 1)) {
      newlines++;
      if (!collecting) continue;
      const p = pos + i;
      if (line >= start) {
        if (p + 1 - selStart <= maxBytes) {
          fitEnd = p + 1;
          fitLine = line;
          if (line === end) collecting = false;
        } else if (p > lineBegin && (beforeIs(chunk, i, lastByte, CR) ? p - 1 : p) - selStart <= maxBytes) {
          // The line's text fits but not its line end: the line is whole, the end is dropped; more was cut
          // only when more lines were asked for.
          fitEnd = Math.min(p, selStart + maxBytes);
          fitLine = line;
          truncated = line !== end && p + 1 < size;
          collecting = false;
        } else {
          truncated = true;
          collecting = false;
        }
      } else if (line === start - 1) {
        selStart = p + 1;
      }
      line++;
      lineBegin = pos + i + 1;
    }
    pos += chunk.length;
    if (chunk.length > 0) lastByte = chunk[chunk.length - 1];
    atEof = chunk.length === 0 || pos >= size;
    // The open line already runs past the limit (and its line end, up to 2 bytes, too), so it cannot fit: stop
    // instead of scanning a huge line.
    if (collecting && selStart >= 0 && pos - selStart > maxBytes + 2) {
      truncated = true;
      collecting = false;
    }
    if (!collecting && !options.countAll) break;
  }
  const unterminated = pos > 0 && lastByte !== LF;
  if (atEof && collecting && unterminated && line >= start && selStart >= 0) {
    if (pos - selStart <= maxBytes) {
      fitEnd = pos;
      fitLine = line;
    } else truncated = true;
  }
  const totalLines = atEof ? newlines + (unterminated ? 1 : 0) : null;
  // Everything read is still in `buf` (one chunk, from offset 0): select from it.
  const held = chunks === 1 ? buf.subarray(0, pos) : undefined;
  if (fitEnd >= 0) {
    const bytes = held && fitEnd <= held.length ? held.subarray(selStart, fitEnd) : await readAt(handle, selStart, fitEnd - selStart);
    return { bytes, startLine: start, endLine: fitLine, totalLines, truncated, lineCut: false, startOffset: selStart };
  }
  if (!truncated) return empty(totalLines);
  const headEnd = selStart + maxBytes + 1;
  const head = held && headEnd <= held.length ? held.subarray(selStart, headEnd) : await readAt(handle, selStart, maxBytes + 1);
  return { bytes: head.subarray(0, cutBefore(head, maxBytes)), startLine: start, endLine: start, totalLines, truncated, lineCut: true, startOffset: selStart };
}

// The first `lines` lines (see readLines); totalLines is known only when the read reached the end.
export async function readHead(handle: FileHandle, lines: number, maxBytes: number): Promise<RangeRead> {
  checkInt('lines', lines, 0);
  checkInt('maxBytes', maxBytes, 1);
  if (lines === 0) return empty(null);
  const { size } = await handle.stat();
  return readLines(handle, size, 1, lines, maxBytes, { countAll: false });
}

// The last `lines` lines, scanning backwards in chunks so the cost does not depend on the file's size.
// Over maxBytes it keeps the newest whole lines that fit (a final line end that does not fit is dropped, the
// line being whole), or the last maxBytes of the last line's text (from a character boundary, lineCut). Line
// numbers are known only when the scan reached the start of the file.
export async function readTail(handle: ByteSource, size: number, lines: number, maxBytes: number): Promise<RangeRead> {
  checkInt('lines', lines, 0);
  checkInt('maxBytes', maxBytes, 1);
  if (size === 0) return empty(0);
  if (lines === 0) return empty(null);
  const buf = bytesOf(CHUNK);
  const ending = await readAt(handle, Math.max(0, size - 3), Math.min(3, size), buf);
  const finalNewline = ending[ending.length - 1] === LF;
  const crlf = finalNewline && ending[ending.length - 2] === CR;
  // Bytes of the final line end ("\n" or "\r\n") that may be dropped: a selection fits when its text does. An
  // empty last line keeps its first byte ("\n", or the "\r" of "\r\n"): without it the line would not show.
  const lastEmpty = finalNewline && (size === (crlf ? 2 : 1) || ending[ending.length - (crlf ? 3 : 2)] === LF);
  const endLength = !finalNewline ? 0 : lastEmpty ? (crlf ? 1 : 0) : crlf ? 2 : 1;
  // A '\n' at p < searchEnd starts line material at p + 1; the final '\n' only ends the last line.
  const searchEnd = finalNewline ? size - 1 : size;
  // Lowest offset worth scanning: a '\n' there starts a line whose text is exactly maxBytes long.
  const floor = Math.max(0, size - endLength - maxBytes - 1);
  const fits = (from: number): boolean => size - endLength - from <= maxBytes;
  let newlines = 0;
  let lineStart = -1;
  let fitStart = -1;
  let pos = searchEnd;
  while (pos > floor && lineStart < 0) {
    const from = Math.max(floor, pos - CHUNK);
    const chunk = await readAt(handle, from, pos - from, buf);
    if (chunk.length < pos - from) throw fail('C216', 'the file shrank while it was being read');
    for (let i = chunk.lastIndexOf(LF); i !== -1; i = i > 0 ? chunk.lastIndexOf(LF, i - 1) : -1) {
      newlines++;
      if (newlines <= lines) fitStart = from + i + 1;
      if (newlines === lines) {
        lineStart = from + i + 1;
        if (from > 0) break;
      }
    }
    pos = from;
  }
  const totalLines = pos === 0 ? newlines + 1 : null;
  const candidate = lineStart >= 0 ? lineStart : pos === 0 ? 0 : -1;
  let truncated = false;
  let lineCut = false;
  let startOffset: number;
  let endOffset = size;
  if (candidate >= 0 && fits(candidate)) {
    startOffset = candidate;
  } else if (fitStart >= 0) {
    truncated = true;
    startOffset = fitStart;
  } else {
    // Not even the last line's text fits: its last maxBytes (from a character boundary), without the line end.
    truncated = true;
    lineCut = true;
    endOffset = size - endLength;
    const last = await readAt(handle, endOffset - maxBytes, maxBytes);
    startOffset = endOffset - maxBytes + startAfter(last, 0);
  }
  endOffset = Math.min(endOffset, startOffset + maxBytes);
  const bytes = await readAt(handle, startOffset, endOffset - startOffset);
  if (totalLines === null) return { bytes, startLine: null, endLine: null, totalLines, truncated, lineCut, startOffset };
  const selected = countLF(bytes) - (finalNewline && endOffset === size ? 1 : 0) + 1;
  return { bytes, startLine: totalLines - selected + 1, endLine: totalLines, totalLines, truncated, lineCut, startOffset };
}

// Where the line holding the byte at `offset` starts: the byte after the '\n' before it, or 0. Scans back at
// most `maxScan` bytes; undefined when the line starts further back (or the call was aborted).
export async function lineStartBefore(handle: ByteSource, offset: number, maxScan: number, signal?: AbortSignal): Promise<number | undefined> {
  const buf = bytesOf(Math.max(1, Math.min(CHUNK, offset)));
  let pos = offset;
  while (pos > 0 && offset - pos < maxScan) {
    if (signal?.aborted) return undefined;
    const from = Math.max(0, pos - CHUNK, offset - maxScan);
    const chunk = await readAt(handle, from, pos - from, buf);
    const index = chunk.lastIndexOf(LF);
    if (index !== -1) return from + index + 1;
    if (chunk.length < pos - from) return undefined;
    pos = from;
  }
  return pos === 0 ? 0 : undefined;
}

// The first character boundary at or after `offset` (a continuation byte there moves it up to 3 bytes on).
export async function charStartAtOrAfter(handle: ByteSource, offset: number): Promise<number> {
  const bytes = await readAt(handle, offset, 4);
  return offset + startAfter(bytes, 0);
}
