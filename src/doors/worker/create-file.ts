import { isCodewardError } from '../../engine/errors.js';
import { createFile, replaceFile } from '../../files/replace-file.js';
import { checkpointed } from '../../files/checkpoints/record.js';
import { recordContext } from './undo-steps.js';
import type { WorkerContext } from './config.js';
import { werr } from './errors.js';
import { permit } from './gate.js';
import { fromJail, jailOf } from './jail.js';
import { requireWritable } from './paths.js';
import { asWorkerError } from './update-file.js';

export interface CreateEntry {
  path: string;
  content: string;
  mode?: string | null;
  parents?: boolean | null;
  overwrite?: boolean | null;
}

export interface CreateResult {
  path: string;
  success: boolean;
  bytes_written: number;
  error?: string;
}

// "0644" → 0o644: leading zeros stripped, base 8, & 0o777. Checked before writing (the original wrote first).
export function parseMode(mode: string): number {
  const digits = mode.replace(/^0+/, '');
  if (!/^[0-7]+$/.test(digits)) throw werr('C210', `invalid mode ${JSON.stringify(mode)}: expected an octal string such as "0644"`);
  return Number.parseInt(digits, 8) & 0o777;
}

async function createOne(ctx: WorkerContext, entry: CreateEntry): Promise<number> {
  const resolved = await requireWritable(ctx, entry.path);
  permit(ctx, 'create', resolved.rel, 'write', { raw: entry.path, abs: resolved.abs });
  const size = Buffer.byteLength(entry.content, 'utf8');
  const max = ctx.config.max_write_bytes;
  if (size > max) throw werr('C213', `${size} bytes exceeds max_write_bytes ${max}`);
  const jail = jailOf(ctx);
  // base_path itself is an existing folder (the jail walks below it only).
  let existing: { isDirectory(): boolean } | undefined = resolved.abs === ctx.base ? { isDirectory: () => true } : undefined;
  try {
    existing ??= jail.lstat(resolved.abs, entry.path);
  } catch (error) {
    throw fromJail(error, entry.path);
  }
  if (existing !== undefined && entry.overwrite !== true) throw werr('C217', `${entry.path} already exists; pass overwrite=true to replace`);
  if (existing?.isDirectory() === true) throw werr('C216', `${entry.path}: Is a directory (os error 21)`);
  const mode = parseMode(entry.mode ?? '0644');
  // Through the jail: parents made one at a time from a descriptor on base_path, the bytes staged in a
  // temp file and renamed (or linked, when not overwriting) into place through the parent's descriptor.
  const options = { mode, mkdirs: entry.parents ?? true };
  try {
    // One undo step in the store every door shares (codeward undo takes it back).
    await checkpointed(recordContext(ctx), 'create', [resolved.abs], async () => {
      if (entry.overwrite === true) await replaceFile(jail, resolved.abs, entry.content, options);
      else await createFile(jail, resolved.abs, entry.content, options);
    });
  } catch (error) {
    if (isCodewardError(error) && error.code === 'C217') throw werr('C217', `${entry.path} already exists; pass overwrite=true to replace`);
    throw fromJail(error, entry.path);
  }
  return size;
}

// coder::create-file: independent entries, partial success.
export async function createFileFn(ctx: WorkerContext, req: { files: CreateEntry[] }): Promise<{ results: CreateResult[] }> {
  if (req.files.length === 0) throw werr('C210', '`files` must not be empty');
  const results: CreateResult[] = [];
  for (const entry of req.files) {
    try {
      results.push({ path: entry.path, success: true, bytes_written: await createOne(ctx, entry) });
    } catch (error) {
      results.push({ path: entry.path, success: false, bytes_written: 0, error: asWorkerError(error).toWire() });
    }
  }
  return { results };
}
