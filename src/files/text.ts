import { isUtf8 } from 'node:buffer';
import { fail } from '../engine/errors.js';

export type TextEncoding = 'utf-8' | 'latin1';
export type LineEnding = 'lf' | 'crlf' | 'mixed' | 'none';

// A file's bytes as text plus everything needed to write the same bytes back.
export interface TextDoc {
  // Content without the byte order mark.
  readonly text: string;
  readonly bom: boolean;
  // 'latin1' when the bytes are not valid UTF-8: each byte became U+0000-U+00FF, so nothing is lost.
  readonly encoding: TextEncoding;
  readonly eol: LineEnding;
  readonly finalNewline: boolean;
  // A NUL byte in the first 8 KiB.
  readonly binary: boolean;
}

export interface AdaptedText {
  readonly text: string;
  readonly bom: boolean;
  readonly encoding: TextEncoding;
  readonly notes: string[];
}

const BINARY_SNIFF = 8192;
const BOM_BYTES = Uint8Array.of(0xef, 0xbb, 0xbf);
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const ABOVE_LATIN1 = /[\u0100-\uFFFF]/;

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function hasBom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

// 'lf' / 'crlf' when every line break is of one kind; a lone CR is not a line break.
export function detectEol(text: string): LineEnding {
  let crlf = 0;
  let lf = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (i > 0 && text.charCodeAt(i - 1) === 13) crlf++;
    else lf++;
  }
  if (crlf === 0 && lf === 0) return 'none';
  if (crlf === 0) return 'lf';
  return lf === 0 ? 'crlf' : 'mixed';
}

export function decodeText(bytes: Uint8Array): TextDoc {
  const bom = hasBom(bytes);
  const body = bom ? bytes.subarray(3) : bytes;
  // Buffer#indexOf is memchr; TypedArray#includes compares element by element.
  const binary = asBuffer(bytes.subarray(0, BINARY_SNIFF)).indexOf(0) !== -1;
  // Strict UTF-8 (what a fatal TextDecoder accepts), decoded as is: a second BOM stays in the text, so the
  // bytes still round-trip. One validating pass plus one decoding pass, no decoder object per call.
  const buffer = asBuffer(body);
  const encoding: TextEncoding = isUtf8(buffer) ? 'utf-8' : 'latin1';
  // Decoded on first use (an edit that works on the bytes never needs the string of a 50 MB file); the
  // line-ending scan is for editors, readers never look.
  let text: string | undefined;
  let eol: LineEnding | undefined;
  const decoded = (): string => (text ??= buffer.toString(encoding === 'utf-8' ? 'utf8' : 'latin1'));
  return {
    get text(): string {
      return decoded();
    },
    bom,
    encoding,
    get eol(): LineEnding {
      return (eol ??= detectEol(decoded()));
    },
    finalNewline: buffer.length > 0 && buffer[buffer.length - 1] === 0x0a,
    binary,
  };
}

// Exact inverse of decodeText. Throws C210 for text the encoding cannot hold (the caller decides what then).
export function encodeText(text: string, doc: Pick<TextDoc, 'bom' | 'encoding'>): Uint8Array {
  let body: Buffer;
  if (doc.encoding === 'latin1') {
    if (ABOVE_LATIN1.test(text)) throw fail('C210', 'the text has characters that Latin-1 cannot encode');
    body = Buffer.from(text, 'latin1');
  } else {
    if (UNPAIRED_SURROGATE.test(text)) throw fail('C210', 'the text has an unpaired UTF-16 surrogate, which is not valid Unicode');
    body = Buffer.from(text, 'utf8');
  }
  const out = new Uint8Array((doc.bom ? 3 : 0) + body.length);
  if (doc.bom) out.set(BOM_BYTES, 0);
  out.set(body, doc.bom ? 3 : 0);
  return out;
}

// Fits caller-supplied content for writing over an existing file: keeps its CRLF, BOM and Latin-1 when possible.
export function adaptNewText(newText: string, existing: TextDoc | undefined): AdaptedText {
  const notes: string[] = [];
  let text = newText;
  let bom = false;
  if (text.startsWith('\uFEFF')) {
    bom = true;
    text = text.slice(1);
  } else if (existing?.bom === true) {
    bom = true;
    notes.push('kept the byte order mark of the existing file');
  }
  if (existing?.eol === 'crlf' && text.includes('\n') && !text.includes('\r\n')) {
    text = text.replace(/\n/g, '\r\n');
    notes.push('converted line endings to CRLF to match the existing file');
  }
  let encoding: TextEncoding = 'utf-8';
  if (existing?.encoding === 'latin1') {
    if (ABOVE_LATIN1.test(text)) notes.push('converted from Latin-1 to UTF-8');
    else encoding = 'latin1';
  }
  return { text, bom, encoding, notes };
}

// Lines as a person counts them: a final newline does not start another line.
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return text.endsWith('\n') ? count : count + 1;
}
