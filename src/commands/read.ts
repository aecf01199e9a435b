import * as z from 'zod/mini';
import { choice, described, pathText, whole, wholeOr } from '../engine/schema.js';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { isUtf8 } from 'node:buffer';
import { fail } from '../engine/errors.js';
import { decodeText } from '../files/text.js';
import { charStartAtOrAfter, lineStartBefore, readLines, readTail, type ByteSource } from '../files/read-range.js';
import { countFileLines, readFrom } from '../files/read-offset.js';
import { formatRead, type ReadData, type ReadNext } from './read-format.js';
import { lineFormHint, orSameName } from './path-hints.js';

// Files up to this size get an exact line count even when only a part is read (a tail counts the lines before
// it: ~1.3 GB/s from the page cache, 345 MB in 280 ms on the 2-core dev machine, bench/tail.mjs). Larger files
// get no line numbers on a tail, and a note that says why. The environment variable lowers or raises it.
const COUNT_ALL_BYTES = 256 * 1024 * 1024;
export const COUNT_LINES_ENV = 'CODEWARD_READ_COUNT_LINES_MAX_BYTES';

function countLimit(): number {
  const raw = process.env[COUNT_LINES_ENV];
  const value = raw === undefined || raw === '' ? Number.NaN : Number(raw);
  return Number.isSafeInteger(value) && value >= 0 ? value : COUNT_ALL_BYTES;
}

function mib(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(bytes >= 10 * 1024 * 1024 ? 0 : 1)} MiB` : `${bytes} bytes`;
}

const flags = z.strictObject({
  file: pathText('path of the file to read'),
  start: whole(1, 'first line to read (1-based)'),
  end: whole(1, 'last line to read (1-based, inclusive)'),
  head: whole(1, 'read the first N lines'),
  tail: whole(1, 'read the last N lines'),
  byteOffset: whole(0, '0-based byte offset for very long lines: raw text up to --max-bytes; a cut names the next --byte-offset'),
  maxBytes: wholeOr(1, 200_000, 'cap on the bytes returned'),
  encoding: choice(['text', 'base64'], 'text', 'text (numbered lines) or base64 (raw bytes)'),
  more: described(z.optional(z.array(pathText('another file'))), 'more files, read the same way'),
});

type ReadArgs = z.infer<typeof flags>;

// One call reads at most this many files (each up to --max-bytes).
const MAX_FILES = 20;

function files(args: ReadArgs): string[] {
  const all = [args.file, ...(args.more ?? [])];
  if (all.length > MAX_FILES) throw fail('C210', `read takes at most ${MAX_FILES} files in one call (got ${all.length}); split them over several calls`);
  return all;
}

export type { ReadData, ReadNext } from './read-format.js';

function checkRange(args: ReadArgs): void {
  const ranged = args.start !== undefined || args.end !== undefined;
  if (args.head !== undefined && args.tail !== undefined) throw fail('C210', 'use either --head or --tail, not both');
  if (ranged && (args.head !== undefined || args.tail !== undefined)) {
    throw fail('C210', 'use either --start/--end or --head/--tail, not both');
  }
  if (args.start !== undefined && args.end !== undefined && args.end < args.start) {
    throw fail('C210', `--end ${args.end} is before --start ${args.start}`);
  }
  if (args.encoding === 'base64' && (ranged || args.head !== undefined || args.tail !== undefined)) {
    throw fail('C210', 'line ranges apply to text; with --encoding base64 use --byte-offset and --max-bytes');
  }
  if (args.byteOffset !== undefined && (ranged || args.head !== undefined || args.tail !== undefined)) {
    throw fail('C210', 'use either --byte-offset (bytes) or --start/--end/--head/--tail (lines), not both; a line range is --start N --end M');
  }
}

const noOffsets = { offset: null, endOffset: null, nextOffset: null, linesNote: null, next: null, cut: null } as const;

// Bytes of a text piece as a string that encodes back to the same bytes: a BOM is kept (U+FEFF) and '\r' too.
function offsetText(bytes: Uint8Array, file: string, ctx: CommandContext): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.indexOf(0) !== -1) throw fail('C210', `${file} has a NUL byte in this piece (binary?); read it with --encoding base64`);
  if (isUtf8(buffer)) return buffer.toString('utf8');
  ctx.warn(`${file} is not valid UTF-8 here; its bytes were decoded as Latin-1 (joined pieces are not the file's bytes: use --encoding base64)`);
  return buffer.toString('latin1');
}

async function run(args: ReadArgs, ctx: CommandContext): Promise<ReadData> {
  checkRange(args);
  files(args);
  const first = await readOne(args, ctx);
  if (args.more === undefined || args.more.length === 0) return first;
  const more: ReadData[] = [];
  for (const file of args.more) more.push(await readOne({ ...args, file }, ctx));
  return { ...first, more };
}

interface CutFacts {
  startLine: number | null;
  totalLines: number | null;
  // Byte offsets of the bytes shown: file[start, end).
  start: number;
  end: number;
}

type Cut = Pick<ReadData, 'next' | 'cut'>;

// A line read (--start/--end/--head or whole) cut at --max-bytes: the rest of a line cut inside it is reached by
// byte offset (the next --start would skip it), else the next lines, up to the line asked for last.
function lineCut(inside: boolean, facts: CutFacts & { endLine: number | null; last: number | undefined }): Cut {
  if (inside) return { next: { byteOffset: facts.end }, cut: 'inside' };
  if (facts.endLine === null || (facts.totalLines !== null && facts.endLine >= facts.totalLines)) return { next: null, cut: null };
  return { next: facts.last === undefined ? { start: facts.endLine + 1 } : { start: facts.endLine + 1, end: facts.last }, cut: 'lines' };
}

// The bytes before `offset`, at most maxBytes of them, from a character boundary: the call that reads them.
async function bytesBefore(file: ByteSource, offset: number, maxBytes: number): Promise<ReadNext> {
  const from = await charStartAtOrAfter(file, Math.max(0, offset - maxBytes));
  return { byteOffset: from, maxBytes: offset - from };
}

// A --tail cut at --max-bytes: what it left out is before what it shows. The last line longer than --max-bytes
// (its start cut off): read it from its start (or the bytes before, when it starts further back than the scan
// goes). Earlier lines of the tail: by number, or the bytes before them.
async function tailCut(file: ByteSource, tail: number, maxBytes: number, inside: boolean, facts: CutFacts, scanLimit: number, signal: AbortSignal): Promise<Cut> {
  if (inside) {
    const lineStart = await lineStartBefore(file, facts.start, scanLimit, signal);
    return { next: lineStart !== undefined ? { byteOffset: lineStart } : await bytesBefore(file, facts.start, maxBytes), cut: 'tail-inside' };
  }
  if (facts.startLine !== null && facts.totalLines !== null) {
    return { next: { start: Math.max(1, facts.totalLines - tail + 1), end: facts.startLine - 1 }, cut: 'tail-lines' };
  }
  return { next: await bytesBefore(file, facts.start, maxBytes), cut: 'tail-lines' };
}

// Lines a tail's text shows: one more than its newlines unless it ends with the file's final newline (a tail
// whose last line's end was dropped, or that shows none of a line longer than the cap, still shows that line).
function tailLines(text: string, endOffset: number, size: number): number {
  const newlines = text.split('\n').length - 1;
  return newlines + (endOffset === size && text.endsWith('\n') ? 0 : 1);
}

// One file (args.file) with the call's range and encoding.
async function readOne(args: ReadArgs, ctx: CommandContext): Promise<ReadData> {
  const target = ctx.path(args.file);
  if (target.kind === 'dir') throw fail('C210', `${args.file} is a folder, not a file; list it with: list --path ${args.file} (or tree --dir ${args.file})`);
  const startedAt = Date.now();
  // Verified against the jail's stat (dev+ino, O_NOFOLLOW); its stats are the descriptor's own fstat.
  const file = await ctx.workspace.openReadFile(target);
  try {
    const { stats } = file;
    const size = stats.size;
    // A whole-file read gives the staleness stamp its bytes, so the file is not read a second time.
    const observe = (bytes: Uint8Array): void => {
      if (bytes.length === size) ctx.observe(target.real, { bytes, mtimeMs: stats.mtimeMs, size, startedAt });
    };
    if (args.byteOffset !== undefined) {
      const piece = await readFrom(file, size, args.byteOffset, args.maxBytes, args.encoding === 'text');
      observe(piece.bytes);
      const content = args.encoding === 'base64' ? Buffer.from(piece.bytes).toString('base64') : offsetText(piece.bytes, args.file, ctx);
      return {
        path: target.rel, content, encoding: args.encoding, startLine: null, endLine: null, totalLines: null, truncated: piece.truncated, size,
        offset: piece.offset, endOffset: piece.end, nextOffset: piece.truncated ? piece.end : null, linesNote: null,
        next: piece.truncated ? { byteOffset: piece.end } : null, cut: null,
      };
    }
    if (args.encoding === 'base64') {
      const length = Math.min(size, args.maxBytes);
      const buffer = Buffer.alloc(length);
      await file.read(buffer, 0, length, 0);
      observe(buffer);
      const base = { path: target.rel, content: buffer.toString('base64'), encoding: 'base64' as const };
      const more = size > length;
      return {
        ...base, startLine: null, endLine: null, totalLines: null, truncated: more, size, ...noOffsets, offset: 0, endOffset: length,
        nextOffset: more ? length : null, next: more ? { byteOffset: length } : null,
      };
    }
    const limit = countLimit();
    const countAll = size <= limit;
    const range = args.tail !== undefined
      ? await readTail(file, size, args.tail, args.maxBytes)
      : args.head !== undefined
        ? await readLines(file, size, 1, args.head, args.maxBytes, { countAll })
        : await readLines(file, size, args.start ?? 1, args.end, args.maxBytes, { countAll });
    observe(range.bytes);
    const doc = decodeText(range.bytes);
    if (doc.binary) throw fail('C210', `${args.file} looks like a binary file; read it with --encoding base64`);
    if (doc.encoding === 'latin1') ctx.warn(`${args.file} is not valid UTF-8; its bytes were decoded as Latin-1`);
    let { startLine, endLine, totalLines } = range;
    let linesNote: string | null = null;
    if (args.tail !== undefined && totalLines === null) {
      const counted = countAll ? await countFileLines(file, size, ctx.signal) : undefined;
      if (counted !== undefined) {
        totalLines = counted;
        endLine = totalLines;
        startLine = Math.max(1, totalLines - tailLines(doc.text, range.startOffset === null ? size : range.startOffset + range.bytes.length, size) + 1);
      } else {
        linesNote = countAll
          ? 'no line numbers: the file changed size while its lines were counted'
          : `no line numbers: numbering a tail means counting every line before it, a full read of this file (${mib(size)}; the limit is ${mib(limit)}, set by ${COUNT_LINES_ENV}); --start N with --max-bytes reads numbered lines from line N`;
      }
    }
    if (args.start !== undefined && totalLines !== null && args.start > totalLines) {
      throw fail('C210', `--start ${args.start} is past the end of ${args.file}, which has ${totalLines} line${totalLines === 1 ? '' : 's'}`);
    }
    const start = range.startOffset;
    const end = start === null ? null : start + range.bytes.length;
    const facts = { startLine, totalLines, start: start ?? 0, end: end ?? 0 };
    const cut: Cut = !range.truncated ? { next: null, cut: null }
      : args.tail !== undefined ? await tailCut(file, args.tail, args.maxBytes, range.lineCut, facts, limit, ctx.signal)
        : lineCut(range.lineCut, { ...facts, endLine, last: args.head ?? args.end });
    return {
      path: target.rel, content: doc.text, encoding: 'text', startLine, endLine, totalLines, truncated: range.truncated, size,
      offset: start, endOffset: end, nextOffset: cut.next?.byteOffset !== undefined && args.tail === undefined ? cut.next.byteOffset : null, linesNote,
      ...cut,
    };
  } finally {
    await file.close();
  }
}

export const readCommand = defineCommand({
  name: 'read',
  aliases: ['read_file', 'readfile', 'read-file', 'cat', 'view'],
  summary: 'Read a file (whole, lines, head, tail or from a byte offset) as numbered lines or base64',
  guide: 'Find the place with search first, then read around it (--start, --end).',
  flags,
  flagAliases: { lines: 'head', limit: 'head', last: 'tail' },
  positional: 'file',
  rest: 'more',
  promptFlags: ['start', 'end', 'head', 'tail'],
  examples: ['read --file src/index.ts', 'read --file src/app.ts --start 40 --end 80', 'read --file app.log --tail 50', 'read --file min.js --byte-offset 200000', 'read a.go b.go'],
  effect: 'read',
  effectArgs: [],
  annotations: { readOnly: true, destructive: false, idempotent: true },
  check: checkRange,
  notFoundHint: orSameName(lineFormHint),
  touches: (args) => files(args).map((path) => ({ path, access: 'read' as const })),
  run,
  format: formatRead,
});
