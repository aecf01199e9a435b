// Line text helpers for search results: byte offsets to Unicode columns, end-of-line stripping and
// cutting long lines on a code point boundary (never inside a surrogate pair).

export const CUT_MARKER = '…';

function isHigh(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLow(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

// 1-based column, counted in Unicode code points, of the UTF-8 byte offset `byteOffset` in `line`.
export function columnOfByte(line: string, byteOffset: number): number {
  let bytes = 0;
  let column = 1;
  for (let index = 0; index < line.length && bytes < byteOffset; index += 1) {
    const code = line.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (isHigh(code) && index + 1 < line.length && isLow(line.charCodeAt(index + 1))) {
      bytes += 4;
      index += 1;
    } else bytes += 3; // the rest of the BMP (a lone surrogate is written as U+FFFD, also 3 bytes)
    column += 1;
  }
  return column;
}

// 1-based column, in code points, of the UTF-16 index `index` in `line`.
export function columnOfIndex(line: string, index: number): number {
  let column = 1;
  for (let at = 0; at < index && at < line.length; at += 1) {
    if (isHigh(line.charCodeAt(at)) && at + 1 < index && isLow(line.charCodeAt(at + 1))) at += 1;
    column += 1;
  }
  return column;
}

// Number of code points in `text`.
export function codePoints(text: string): number {
  let count = 0;
  for (let at = 0; at < text.length; at += 1) {
    if (isHigh(text.charCodeAt(at)) && at + 1 < text.length && isLow(text.charCodeAt(at + 1))) at += 1;
    count += 1;
  }
  return count;
}

// UTF-16 index reached after advancing `count` code points from `from`.
function advance(text: string, from: number, count: number): number {
  let at = from;
  for (let step = 0; step < count && at < text.length; step += 1) {
    at += isHigh(text.charCodeAt(at)) && at + 1 < text.length && isLow(text.charCodeAt(at + 1)) ? 2 : 1;
  }
  return at;
}

// A line without its line terminator (`\n`, `\r\n`).
export function stripEol(text: string): string {
  let end = text.length;
  if (end > 0 && text.charCodeAt(end - 1) === 10) end -= 1;
  if (end > 0 && text.charCodeAt(end - 1) === 13) end -= 1;
  return end === text.length ? text : text.slice(0, end);
}

// At most `max` code points of `line`, a `…` marking each cut end. When the match (1-based `column`,
// `matchLength` code points) would fall beyond the cut, the kept window is moved to show it.
export function cutLine(line: string, max: number, column = 1, matchLength = 0): string {
  if (line.length <= max) return line; // code points <= UTF-16 units
  const total = codePoints(line);
  if (total <= max) return line;
  const matchEnd = column - 1 + matchLength;
  let first = 0; // first kept code point
  if (matchEnd > max) first = Math.min(Math.max(0, column - 1 - Math.floor(max / 4)), total - max);
  const start = advance(line, 0, first);
  const end = advance(line, start, max);
  return `${first > 0 ? CUT_MARKER : ''}${line.slice(start, end)}${end < line.length ? CUT_MARKER : ''}`;
}
