// Reading a file by byte offset: a piece of at most maxBytes from any offset, cut on a UTF-8 character
// boundary for text, so a file whose only line is 1 MB long can be read whole in pieces whose bytes, joined,
// are the file's bytes. And a streaming newline count, for line numbers on a tail of a large file.
import { fail } from '../engine/errors.js';
import { cutBefore, isContinuation, readAt, type ByteSource } from './read-range.js';

export interface OffsetRead {
  readonly bytes: Uint8Array;
  // Byte offsets: bytes is file[offset, end).
  readonly offset: number;
  readonly end: number;
  // More of the file follows `end`.
  readonly truncated: boolean;
}

// Up to maxBytes from `offset`. `text`: the offset must start a character (a UTF-8 continuation byte there
// is refused, naming the character's first byte) and the piece ends before a character that would not fit
// whole; otherwise (base64) the bytes are cut anywhere.
export async function readFrom(handle: ByteSource, size: number, offset: number, maxBytes: number, text: boolean): Promise<OffsetRead> {
  if (!Number.isSafeInteger(offset) || offset < 0) throw fail('C210', `--byte-offset must be a whole number >= 0 (got ${offset})`);
  if (offset > size) throw fail('C210', `--byte-offset ${offset} is past the end of the file, which has ${size} bytes`);
  const length = Math.min(maxBytes + (text ? 1 : 0), size - offset);
  const buf = await readAt(handle, offset, length);
  if (text && buf.length > 0 && isContinuation(buf[0])) {
    // back[i] is the file's byte at offset - back.length + i; the character starts at the first
    // non-continuation byte before the offset.
    const back = await readAt(handle, Math.max(0, offset - 3), Math.min(3, offset));
    let index = back.length - 1;
    while (index > 0 && isContinuation(back[index])) index -= 1;
    const first = offset - back.length + Math.max(0, index);
    throw fail('C210', `--byte-offset ${offset} is inside a UTF-8 character; pass --byte-offset ${first} (its first byte) or use --encoding base64`);
  }
  let take = Math.min(buf.length, maxBytes);
  if (text && buf.length > maxBytes) {
    take = cutBefore(buf, maxBytes);
    if (take === 0) throw fail('C210', `--max-bytes ${maxBytes} is smaller than the character at --byte-offset ${offset}; raise --max-bytes to at least 4`);
  }
  const end = offset + take;
  return { bytes: buf.subarray(0, take), offset, end, truncated: end < size };
}

const COUNT_CHUNK = 1024 * 1024;

// Lines of the whole file (as readLines counts them: a final newline does not start another line), read in
// 1 MiB chunks; undefined when the file changed size while it was counted.
export async function countFileLines(handle: ByteSource, size: number, signal?: AbortSignal): Promise<number | undefined> {
  if (size === 0) return 0;
  const buf = Buffer.alloc(Math.min(COUNT_CHUNK, size));
  let newlines = 0;
  let pos = 0;
  let last = 0;
  while (pos < size) {
    if (signal?.aborted) return undefined;
    const chunk = await readAt(handle, pos, Math.min(COUNT_CHUNK, size - pos), buf);
    if (chunk.length === 0) return undefined;
    for (let index = chunk.indexOf(0x0a); index !== -1; index = chunk.indexOf(0x0a, index + 1)) newlines += 1;
    pos += chunk.length;
    last = chunk[chunk.length - 1]!;
  }
  return newlines + (last === 0x0a ? 0 : 1);
}
