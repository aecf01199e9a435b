import type { UpdateResult as EngineUpdate } from '../../commands/update.js';
import { runEntry, wirePath } from './call.js';
import type { WorkerContext } from './config.js';
import { werr, WorkerError } from './errors.js';
import type { UpdateOp } from './payload.js';

export interface UpdateResult {
  path: string;
  success: boolean;
  applied: number;
  new_line_count: number;
  error?: string;
}

// A payload op as the engine takes it: the same ops (seed 003's, applied by src/edit/line-ops.ts with
// Rust replacement syntax), without the nulls serde allowed for optional fields.
function engineOp(op: UpdateOp): Record<string, unknown> {
  return Object.fromEntries(Object.entries(op).filter(([, value]) => value !== null && value !== undefined));
}

// One file → the engine's `update` of that file: every op validated first (C210, nothing written), line ops
// bottom-up on the original numbering, then replaces; bytes outside the edit kept (line endings, BOM, mode);
// the size caps on the old and the new file (C213); atomic, one undo step.
async function updateOne(ctx: WorkerContext, path: string, ops: readonly UpdateOp[]): Promise<{ applied: number; lines: number }> {
  if (ops.length === 0) throw werr('C210', 'ops must not be empty');
  const done = await runEntry<EngineUpdate>(ctx, 'update', { files: [{ path: wirePath(path), ops: ops.map(engineOp) }] }, path);
  return { applied: done.applied ?? ops.length, lines: done.newLineCount ?? 0 };
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
  return werr('C216', error instanceof Error ? error.message : String(error));
}
