import { dirname } from 'node:path';
import { readHeadBeneath } from '../workspace/own-read-sync.js';

// One rule for what of a home file the generic mention search (home-mentions.ts) reads as text, shared by the walk
// (home-mention-walk.ts: a file past the size cap) and both readers (home-mention-search.ts: in process and by
// ripgrep), so all three judge a file alike:
// - decoded as ripgrep decodes it: UTF-16 (little or big endian) after its byte-order mark, else UTF-8 (an invalid
//   byte is U+FFFD, which no path character matches: home-mentions.ts PATH_CHARS; a lone surrogate of a UTF-16
//   file is U+FFFD too, as ripgrep's transcoding makes it);
// - binary, and not searched, when a NUL lies in its first SNIFF characters: what a program writes in a binary
//   format below the home is its record, database or cache (sqlite's header, LevelDB, a browser's session, gpg),
//   not a configuration the person wrote a path into (LEFT: dconf's binary settings database). A NUL further on does
//   not make a text binary (the whole file is searched: the strict direction; ripgrep alone stopped at a NUL
//   wherever its read buffer happened to end). A file starting with `#!` is a script, never binary (R25-5).

// A file searched at most; a text one larger fails closed (home-mention-walk.ts). Large enough for the bundles an
// installer leaves below a dot-folder (a 5 MB extension script: red team R24-15); a walk holding one is searched by
// ripgrep (home-mention-search.ts IN_PROCESS).
export const MAX_FILE_BYTES = 64 * 1024 * 1024;
// How much of a file decides whether it is binary.
export const SNIFF = 8192;

// Whether the bytes start with a UTF-16 byte-order mark (the byte search of the spellings cannot apply).
export const isUtf16 = (bytes: Buffer): boolean => (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);

// The bytes (a whole file, or its first SNIFF bytes and more) as text; undefined when binary.
export function textOf(bytes: Buffer): string | undefined {
  let text: string;
  const even = (from: Buffer): Buffer => from.subarray(2, from.length - (from.length % 2));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = even(bytes).toString('utf16le');
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = Buffer.from(even(bytes)).swap16().toString('utf16le');
  else text = bytes.toString('utf8');
  const wellFormed = (text as string & { toWellFormed?: () => string }).toWellFormed?.() ?? text;
  const at = wellFormed.indexOf('\0');
  // A `#!` script is a program whatever bytes follow (dash runs one with a NUL on line 2: red team R25-5).
  return at >= 0 && at < SNIFF && !wellFormed.startsWith('#!') ? undefined : wellFormed;
}

// Whether a file is text, from its head only (its first SNIFF characters take at most 4 bytes each: textOf's answer
// over the whole file); undefined when unreadable. A large binary (~/.cargo/bin/rustup, 20 MB) is not read whole.
export function isTextFile(path: string): boolean | undefined {
  const head = readHeadBeneath(dirname(path), path, SNIFF * 4);
  return head === undefined ? undefined : textOf(head) !== undefined;
}
