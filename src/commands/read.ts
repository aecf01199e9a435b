import * as z from 'zod/mini';
import { choice, described, pathText, whole, wholeOr } from '../engine/schema.js';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { countLines, decodeText } from '../files/text.js';
import { readLines, readTail } from '../files/read-range.js';
import { formatNumberedLines } from './render.js';

// Files up to this size get an exact line count even when only a part is read.
const COUNT_ALL_BYTES = 64 * 1024 * 1024;

const flags = z.strictObject({
  file: pathText('path of the file to read'),
  start: whole(1, 'first line to read (1-based)'),
  end: whole(1, 'last line to read (1-based, inclusive)'),
  head: whole(1, 'read the first N lines'),
  tail: whole(1, 'read the last N lines'),
  maxBytes: wholeOr(1, 200_000, 'cap on the bytes returned'),
  encoding: choice(['text', 'base64'], 'text', 'text (numbered lines) or base64 (raw bytes)'),
  more: described(z.optional(z.array(pathText('another file'))), 'more files to read the same way after --file (ChatCLI: extra arguments, read a.go b.go)'),
});

type ReadArgs = z.infer<typeof flags>;

// One call reads at most this many files (each up to --max-bytes).
const MAX_FILES = 20;

function files(args: ReadArgs): string[] {
  const all = [args.file, ...(args.more ?? [])];
  if (all.length > MAX_FILES) throw fail('C210', `read takes at most ${MAX_FILES} files in one call (got ${all.length}); split them over several calls`);
  return all;
}

export interface ReadData {
  path: string;
  content: string;
  encoding: 'text' | 'base64';
  startLine: number | null;
  endLine: number | null;
  totalLines: number | null;
  truncated: boolean;
  size: number;
  // The files of --more (extra arguments), each read like --file.
  more?: ReadData[];
}

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
    throw fail('C210', 'line ranges apply to text; with --encoding base64 use --max-bytes only');
  }
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

// One file (args.file) with the call's range and encoding.
async function readOne(args: ReadArgs, ctx: CommandContext): Promise<ReadData> {
  const target = ctx.path(args.file);
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
    if (args.encoding === 'base64') {
      const length = Math.min(size, args.maxBytes);
      const buffer = Buffer.alloc(length);
      await file.read(buffer, 0, length, 0);
      observe(buffer);
      const base = { path: target.rel, content: buffer.toString('base64'), encoding: 'base64' as const };
      return { ...base, startLine: null, endLine: null, totalLines: null, truncated: size > length, size };
    }
    const countAll = size <= COUNT_ALL_BYTES;
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
    if (args.tail !== undefined && totalLines === null && countAll) {
      totalLines = (await readLines(file, size, 1, undefined, 1, { countAll: true })).totalLines;
      if (totalLines !== null) {
        endLine = totalLines;
        startLine = Math.max(1, totalLines - countLines(doc.text) + 1);
      }
    }
    if (args.start !== undefined && totalLines !== null && args.start > totalLines) {
      throw fail('C210', `--start ${args.start} is past the end of ${args.file}, which has ${totalLines} line${totalLines === 1 ? '' : 's'}`);
    }
    return { path: target.rel, content: doc.text, encoding: 'text', startLine, endLine, totalLines, truncated: range.truncated, size };
  } finally {
    await file.close();
  }
}

function format(data: ReadData): string {
  if (data.more === undefined) return formatOne(data);
  return [data, ...data.more].map((each) => `==> ${each.path} <==\n${formatOne(each)}`).join('\n\n');
}

function formatOne(data: ReadData): string {
  if (data.encoding === 'base64') {
    const shown = Buffer.byteLength(data.content, 'base64');
    return data.truncated ? `${data.content}\n[truncated: ${shown} of ${data.size} bytes; raise --max-bytes for more]` : data.content;
  }
  const body = formatNumberedLines(data.content, data.startLine);
  if (!data.truncated) return body;
  const next = data.endLine === null ? '' : `; continue with --start ${data.endLine + 1}`;
  const total = data.totalLines === null ? '' : ` of ${data.totalLines} lines`;
  return `${body}\n[truncated at --max-bytes${total}${next}]`;
}

export const readCommand = defineCommand({
  name: 'read',
  aliases: ['read_file', 'readfile', 'read-file', 'cat', 'view'],
  summary: 'Read a file (whole, a line range, head or tail), as numbered lines or base64',
  flags,
  flagAliases: { lines: 'head', limit: 'head', last: 'tail' },
  positional: 'file',
  rest: 'more',
  examples: ['read --file src/index.ts', 'read --file src/app.ts --start 40 --end 80', 'read --file app.log --tail 50', 'read a.go b.go'],
  effect: 'read',
  annotations: { readOnly: true, destructive: false, idempotent: true },
  touches: (args) => files(args).map((path) => ({ path, access: 'read' as const })),
  run,
  format,
});
