import { compileReplaceOp, runReplace } from '../../edit/regex-replace.js';
import { isCodewardError } from '../../engine/errors.js';
import { replaceFile } from '../../files/replace-file.js';
import { checkpointed } from '../../files/checkpoints/record.js';
import { recordContext } from './undo-steps.js';
import type { WorkerContext } from './config.js';
import { WorkerError, ioError, werr } from './errors.js';
import type { UpdateOp } from './payload.js';
import { permit } from './gate.js';
import { requireWritable } from './paths.js';
import { closeQuietly, fromJail, jailOf, openInBase, readFd } from './jail.js';
import { decodeLossy } from './read-file.js';
import { rustLines } from './search.js';

export interface UpdateResult {
  path: string;
  success: boolean;
  applied: number;
  new_line_count: number;
  error?: string;
}

type LineOp = Exclude<UpdateOp, { op: 'replace' }>;

function cover(op: LineOp): [number, number] {
  return op.op === 'insert' ? [op.at_line, op.at_line] : [op.from_line, op.to_line];
}

// Validates every line op against the original numbering (ranges, then overlaps), before any change.
function checkLineOps(lineOps: readonly LineOp[], len: number): void {
  for (const op of lineOps) {
    if (op.op === 'insert') {
      if (op.at_line < 1 || op.at_line > len + 1) throw werr('C210', `insert.at_line ${op.at_line} out of range (1..=${len + 1})`);
    } else if (op.from_line < 1 || op.from_line > op.to_line || op.to_line > len) {
      throw werr('C210', `range ${op.from_line}-${op.to_line} invalid for file with ${len} lines`);
    }
  }
  for (let i = 0; i < lineOps.length; i += 1) {
    for (let j = i + 1; j < lineOps.length; j += 1) {
      const [a0, a1] = cover(lineOps[i]!);
      const [b0, b1] = cover(lineOps[j]!);
      if (a0 <= b1 && b0 <= a1) throw werr('C210', `ops #${i + 1} and #${j + 1} overlap in original-line space`);
    }
  }
}

// Applies the ops of one file to its text (line ops bottom-up, then replace ops in order).
export function applyOps(original: string, ops: readonly UpdateOp[]): string {
  const eol = original.includes('\r\n') ? '\r\n' : '\n';
  const endedWithNewline = original.endsWith('\n');
  const lines = rustLines(original).map((line) => line.replace(/\r+$/, ''));
  const lineOps = ops.filter((op): op is LineOp => op.op !== 'replace');
  checkLineOps(lineOps, lines.length);
  const contentLines = (content: string): string[] => rustLines(content).map((line) => line.replace(/\r+$/, ''));
  const ordered = [...lineOps].sort((a, b) => cover(b)[0] - cover(a)[0]);
  for (const op of ordered) {
    if (op.op === 'insert') lines.splice(op.at_line - 1, 0, ...contentLines(op.content));
    else if (op.op === 'remove') lines.splice(op.from_line - 1, op.to_line - op.from_line + 1);
    else lines.splice(op.from_line - 1, op.to_line - op.from_line + 1, ...contentLines(op.content));
  }
  let text = lines.join(eol);
  if (endedWithNewline && text !== '') text += eol;
  ops.forEach((op, index) => {
    if (op.op !== 'replace') return;
    if (op.pattern === '') throw werr('C210', 'replace.pattern must not be empty');
    try {
      // Rust replacement syntax ($1, ${1}, $name, ${name}, $$), not JS's; a reference to a group the
      // pattern lacks is refused (C210) instead of silently expanding to "".
      const compiled = compileReplaceOp({ op: 'replace', pattern: op.pattern, replacement: op.replacement, ignore_case: op.ignore_case ?? false }, index);
      text = runReplace(text, compiled).text;
    } catch (error) {
      if (isCodewardError(error)) throw werr('C210', error.message);
      throw error;
    }
  });
  return text;
}

async function updateOne(ctx: WorkerContext, path: string, ops: readonly UpdateOp[]): Promise<{ applied: number; lines: number }> {
  const resolved = await requireWritable(ctx, path);
  permit(ctx, 'update', resolved.rel, 'write', { raw: path, abs: resolved.abs });
  const jail = jailOf(ctx);
  const { fd, info } = openInBase(jail, resolved.abs, path);
  let bytes: Buffer;
  try {
    if (!info.isFile()) throw werr('C210', `not a regular file: ${path}`);
    const max = ctx.config.max_write_bytes;
    if (info.size > max) throw werr('C213', `current file size ${info.size} exceeds max_write_bytes ${max}`);
    if (ops.length === 0) throw werr('C210', 'ops must not be empty');
    bytes = await readFd(fd).catch((error: unknown) => {
      throw ioError(error, path);
    });
  } finally {
    closeQuietly(fd);
  }
  const text = applyOps(decodeLossy(bytes).text, ops);
  const size = Buffer.byteLength(text, 'utf8');
  const max = ctx.config.max_write_bytes;
  if (size > max) throw werr('C213', `new file size ${size} exceeds max_write_bytes ${max}`);
  // Sibling temp file + rename through the jail (the parent's descriptor): a failure leaves the file
  // byte-identical, a folder swapped for a symlink meanwhile is refused (C215). The mode is kept.
  try {
    await checkpointed(recordContext(ctx), 'update', [resolved.abs], () => replaceFile(jail, resolved.abs, text, { mode: info.mode & 0o777 }));
  } catch (error) {
    throw fromJail(error, path);
  }
  return { applied: ops.length, lines: rustLines(text).length };
}

// coder::update-file: every file validated, applied and written on its own.
export async function updateFileFn(ctx: WorkerContext, req: { files: { path: string; ops: UpdateOp[] }[] }): Promise<{ results: UpdateResult[] }> {
  if (req.files.length === 0) throw werr('C210', '`files` must not be empty');
  const results: UpdateResult[] = [];
  for (const file of req.files) {
    try {
      const done = await updateOne(ctx, file.path, file.ops);
      results.push({ path: file.path, success: true, applied: done.applied, new_line_count: done.lines });
    } catch (error) {
      results.push({ path: file.path, success: false, applied: 0, new_line_count: 0, error: asWorkerError(error).toWire() });
    }
  }
  return { results };
}

export function asWorkerError(error: unknown): WorkerError {
  if (error instanceof WorkerError) return error;
  return fromJail(error);
}
