// Reads one line of `rg --json` output, as bytes, into a reused record. The common events (begin,
// match, context, end, summary with UTF-8 text) are read from the bytes directly: only the path and the
// line text are decoded, each into a string of its own (so the results keep no 64 KiB output chunk
// alive), with no JSON.parse and little garbage. Anything else (non-UTF-8 text sent as base64 `bytes`,
// an unexpected layout) goes through JSON.parse, so an unusual line is slower, never wrong.
import { codePoints, columnOfByte } from './text.js';

export interface RgLine {
  type: 'begin' | 'match' | 'context' | 'end' | 'summary' | 'other';
  path: string; // begin: the file, as rg prints it
  text: string; // match, context: the line without its terminator
  lineNumber: number;
  column: number; // match: 1-based column, in code points, of the first submatch
  matchLength: number; // match: length of the first submatch, in code points
}

export function emptyRgLine(): RgLine {
  return { type: 'other', path: '', text: '', lineNumber: 0, column: 1, matchLength: 0 };
}

const bytes = (text: string): Buffer => Buffer.from(text, 'latin1');
const TYPE = bytes('{"type":"');
const BEGIN = bytes('{"type":"begin","data":{"path":{"text":');
const MATCH = bytes('{"type":"match","data":{"path":{"text":');
const CONTEXT = bytes('{"type":"context","data":{"path":{"text":');
const END = bytes('{"type":"end",');
const SUMMARY = bytes('{"type":"summary",');
const LINES = bytes('},"lines":{"text":');
const LINE_NUMBER = bytes('},"line_number":');
const SUBMATCHES = bytes('"submatches":[');
const FIRST_MATCH = bytes('{"match":{"text":');
const START = bytes('},"start":');

const QUOTE = 34;
const BACKSLASH = 92;
const LETTER_N = 110;
const LETTER_R = 114;
const CLOSE_BRACKET = 93;

function startsWith(buf: Buffer, at: number, end: number, prefix: Buffer): boolean {
  if (end - at < prefix.length) return false;
  for (let index = 0; index < prefix.length; index += 1) if (buf[at + index] !== prefix[index]) return false;
  return true;
}

// Index of the quote closing the JSON string that opens at `open`, or -1.
function stringEnd(buf: Buffer, open: number, end: number): number {
  if (buf[open] !== QUOTE) return -1;
  let from = open + 1;
  for (;;) {
    const quote = buf.indexOf(QUOTE, from);
    if (quote === -1 || quote >= end) return -1;
    let before = quote - 1;
    while (buf[before] === BACKSLASH) before -= 1;
    if ((quote - 1 - before) % 2 === 0) return quote;
    from = quote + 1;
  }
}

function hasEscape(buf: Buffer, from: number, to: number): boolean {
  const backslash = buf.indexOf(BACKSLASH, from);
  return backslash !== -1 && backslash < to;
}

// The JSON string body buf[from, to) as a string.
function decodeString(buf: Buffer, from: number, to: number): string {
  if (!hasEscape(buf, from, to)) return buf.toString('utf8', from, to);
  return JSON.parse(`"${buf.toString('utf8', from, to)}"`) as string;
}

// Whether the body buf[from, to) ends with the escape `\<letter>` (an odd run of backslashes before it).
function endsWithEscape(buf: Buffer, from: number, to: number, letter: number): boolean {
  if (to - from < 2 || buf[to - 1] !== letter || buf[to - 2] !== BACKSLASH) return false;
  let at = to - 2;
  while (at > from && buf[at - 1] === BACKSLASH) at -= 1;
  return (to - 1 - at) % 2 === 1;
}

// A whole number at `at`, or -1 when there is none.
function numberAt(buf: Buffer, at: number, end: number): number {
  let value = 0;
  let index = at;
  for (; index < end; index += 1) {
    const byte = buf[index]!;
    if (byte < 48 || byte > 57) break;
    value = value * 10 + byte - 48;
  }
  return index === at ? -1 : value;
}

// Code points in the UTF-8 bytes buf[from, to): every byte that does not continue a sequence.
function utf8CodePoints(buf: Buffer, from: number, to: number): number {
  let count = 0;
  for (let at = from; at < to; at += 1) if ((buf[at]! & 0xc0) !== 0x80) count += 1;
  return count;
}

function stripEol(text: string): string {
  const end = text.endsWith('\n') ? text.length - 1 : text.length;
  return text.charCodeAt(end - 1) === 13 ? text.slice(0, end - 1) : text.slice(0, end);
}

// match and context lines: path, then `lines`, then `line_number`, then (match) `submatches`.
function fastLine(buf: Buffer, at: number, end: number, prefix: Buffer, into: RgLine, isMatch: boolean): boolean {
  const pathEnd = stringEnd(buf, at + prefix.length, end);
  if (pathEnd === -1 || !startsWith(buf, pathEnd + 1, end, LINES)) return false;
  const textOpen = pathEnd + 1 + LINES.length;
  const textEnd = stringEnd(buf, textOpen, end);
  if (textEnd === -1 || !startsWith(buf, textEnd + 1, end, LINE_NUMBER)) return false;
  const lineNumber = numberAt(buf, textEnd + 1 + LINE_NUMBER.length, end);
  if (lineNumber < 0) return false;
  // The terminator's escapes (`\n`, then `\r`) are cut before decoding.
  const from = textOpen + 1;
  let to = textEnd;
  if (endsWithEscape(buf, from, to, LETTER_N)) to -= 2;
  if (endsWithEscape(buf, from, to, LETTER_R)) to -= 2;
  const escaped = hasEscape(buf, from, to);
  const text = escaped ? (JSON.parse(`"${buf.toString('utf8', from, to)}"`) as string) : buf.toString('utf8', from, to);
  into.text = text;
  into.lineNumber = lineNumber;
  if (!isMatch) return true;
  const list = buf.indexOf(SUBMATCHES, textEnd + 1);
  if (list === -1 || list >= end) return false;
  const first = list + SUBMATCHES.length;
  if (buf[first] === CLOSE_BRACKET) {
    into.column = 1;
    into.matchLength = 0;
    return true;
  }
  if (!startsWith(buf, first, end, FIRST_MATCH)) return false;
  const matchOpen = first + FIRST_MATCH.length;
  const matchEnd = stringEnd(buf, matchOpen, end);
  if (matchEnd === -1 || !startsWith(buf, matchEnd + 1, end, START)) return false;
  const start = numberAt(buf, matchEnd + 1 + START.length, end);
  if (start < 0) return false;
  // Without escapes the JSON bytes are the line's UTF-8 bytes, so the offset indexes them directly.
  if (start === 0) into.column = 1;
  else if (!escaped && start <= to - from) into.column = utf8CodePoints(buf, from, from + start) + 1;
  else into.column = columnOfByte(text, start);
  into.matchLength = hasEscape(buf, matchOpen + 1, matchEnd) ? decodeString(buf, matchOpen + 1, matchEnd).length : utf8CodePoints(buf, matchOpen + 1, matchEnd);
  return true;
}

interface RgText {
  text?: string;
  bytes?: string;
}

function decoded(value: RgText | undefined): string {
  if (!value) return '';
  return value.text ?? Buffer.from(value.bytes ?? '', 'base64').toString('utf8');
}

// The general reader.
function slowLine(line: string, into: RgLine): RgLine {
  const event = JSON.parse(line) as {
    type?: string;
    data?: { path?: RgText; lines?: RgText; line_number?: number | null; submatches?: { match: RgText; start: number }[] };
  };
  const data = event.data ?? {};
  switch (event.type) {
    case 'begin':
      into.type = 'begin';
      into.path = decoded(data.path);
      return into;
    case 'match':
    case 'context': {
      into.type = event.type;
      into.text = stripEol(decoded(data.lines));
      into.lineNumber = data.line_number ?? 0;
      const first = data.submatches?.[0];
      into.matchLength = first ? decoded(first.match).length : 0;
      if (!first || first.start === 0) into.column = 1;
      else if (data.lines?.text !== undefined) into.column = columnOfByte(data.lines.text, first.start);
      // Not UTF-8: the code points of the decoded prefix (each bad byte is one U+FFFD).
      else into.column = codePoints(Buffer.from(data.lines?.bytes ?? '', 'base64').subarray(0, first.start).toString('utf8')) + 1;
      return into;
    }
    case 'end':
    case 'summary':
      into.type = event.type;
      return into;
    default:
      into.type = 'other';
      return into;
  }
}

// The line buf[at, end) (without its newline).
export function parseRgLine(buf: Buffer, at: number, end: number, into: RgLine): RgLine {
  const slow = (): RgLine => slowLine(buf.toString('utf8', at, end), into);
  if (end <= at) {
    into.type = 'other';
    return into;
  }
  if (!startsWith(buf, at, end, TYPE)) return slow();
  switch (buf[at + TYPE.length]) {
    case 109: // m
      if (!startsWith(buf, at, end, MATCH)) return slow();
      into.type = 'match';
      return fastLine(buf, at, end, MATCH, into, true) ? into : slow();
    case 101: // e
      if (!startsWith(buf, at, end, END)) return slow();
      into.type = 'end';
      return into;
    case 98: {
      // b
      if (!startsWith(buf, at, end, BEGIN)) return slow();
      const open = at + BEGIN.length;
      const close = stringEnd(buf, open, end);
      if (close === -1) return slow();
      into.type = 'begin';
      into.path = decodeString(buf, open + 1, close);
      return into;
    }
    case 99: // c
      if (!startsWith(buf, at, end, CONTEXT)) return slow();
      into.type = 'context';
      return fastLine(buf, at, end, CONTEXT, into, false) ? into : slow();
    case 115: // s
      if (!startsWith(buf, at, end, SUMMARY)) return slow();
      into.type = 'summary';
      return into;
    default:
      return slow();
  }
}
