import { fail } from '../engine/errors.js';
// The fast path of search/replace for the common edit: one line of plain ASCII replaced by another,
// done on the file's bytes. ASCII bytes mean the same in UTF-8 and Latin-1 and never occur inside a
// multi-byte sequence or a BOM, and without line breaks in either text there is no line ending to
// adapt, so the result is byte for byte what the text path (search-replace.ts) produces, without
// decoding and re-encoding the whole file. Anything else (no match, an ambiguous match, line breaks,
// other characters) returns undefined and the text path decides, with its tolerances and diagnostics.

const PLAIN_LINE = /^[\t\x20-\x7e]*$/;

export interface ByteReplaceResult {
  readonly bytes: Buffer;
  readonly replacements: number;
  readonly lines: number[];
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

// Start offsets: the one match (undefined unless exactly one, overlaps counted), or with `all` every
// non-overlapping match from the left.
function matchOffsets(buf: Buffer, needle: Buffer, all: boolean): number[] | undefined {
  const first = buf.indexOf(needle);
  if (first === -1) return undefined;
  if (!all) return buf.indexOf(needle, first + 1) === -1 ? [first] : undefined;
  const offsets = [first];
  for (let at = buf.indexOf(needle, first + needle.length); at !== -1; at = buf.indexOf(needle, at + needle.length)) offsets.push(at);
  return offsets;
}

// 1-based line of each (ascending) byte offset.
function lineNumbers(buf: Buffer, offsets: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let from = 0;
  for (const offset of offsets) {
    for (let nl = buf.indexOf(0x0a, from); nl !== -1 && nl < offset; nl = buf.indexOf(0x0a, nl + 1)) line += 1;
    from = offset;
    lines.push(line);
  }
  return lines;
}

export function replaceBytes(bytes: Uint8Array, search: string, replace: string, all: boolean): ByteReplaceResult | undefined {
  if (search === '' || search === replace || !PLAIN_LINE.test(search) || !PLAIN_LINE.test(replace)) return undefined;
  const buf = asBuffer(bytes);
  const needle = Buffer.from(search, 'latin1');
  const offsets = matchOffsets(buf, needle, all);
  if (!offsets) return undefined;
  const insert = Buffer.from(replace, 'latin1');
  const out = Buffer.allocUnsafe(buf.length + offsets.length * (insert.length - needle.length));
  let written = 0;
  let copied = 0;
  for (const offset of offsets) {
    written += buf.copy(out, written, copied, offset);
    written += insert.copy(out, written);
    copied = offset + needle.length;
  }
  buf.copy(out, written, copied);
  return { bytes: out, replacements: offsets.length, lines: lineNumbers(buf, offsets) };
}

// Search/replace on raw bytes, for base64 flags that decode to bytes that are not UTF-8 (a Latin-1 or
// mixed file edited byte for byte): an exact match only, no tolerance, no line-ending or quote changes;
// exactly one match unless `all`. Every byte outside the matches is kept as it was.
export function replaceExactBytes(bytes: Uint8Array, search: Uint8Array, replace: Uint8Array, all: boolean): ByteReplaceResult {
  const buf = asBuffer(bytes);
  const needle = asBuffer(search);
  if (needle.length === 0) throw fail('C210', 'the search bytes are empty; send at least one byte (base64)');
  const first = buf.indexOf(needle);
  if (first === -1) throw fail('C220', `search bytes not found (${needle.length} bytes, matched exactly: the file's bytes are compared as they are)`);
  const second = buf.indexOf(needle, first + 1);
  if (!all && second !== -1) {
    const lines = lineNumbers(buf, [first, second]);
    throw fail('C221', `search bytes match more than once (lines ${lines.join(', ')}, ...); send more surrounding bytes, or pass all to replace every match`);
  }
  const offsets = all ? (matchOffsets(buf, needle, true) ?? []) : [first];
  const insert = asBuffer(replace);
  const parts: Buffer[] = [];
  let copied = 0;
  for (const offset of offsets) {
    parts.push(buf.subarray(copied, offset), insert);
    copied = offset + needle.length;
  }
  parts.push(buf.subarray(copied));
  return { bytes: Buffer.concat(parts), replacements: offsets.length, lines: lineNumbers(buf, offsets) };
}
