import type { DeleteResult as EngineDelete } from '../../commands/delete.js';
import { runEntry, wirePath } from './call.js';
import type { WorkerContext } from './config.js';
import { werr } from './errors.js';
import { asWorkerError } from './update-file.js';

export interface DeleteResult {
  path: string;
  success: boolean;
  removed: boolean;
  error?: string;
}

// coder::delete-file: one engine `delete` per path (idempotent: a missing path is removed:false; base_path
// itself C210; a link removed itself, never its target; a non-empty folder only with recursive, refused
// whole when anything below is non-accessible or refused by the permission gate; an undo step each).
export async function deleteFileFn(ctx: WorkerContext, req: { paths: string[]; recursive?: boolean | null }): Promise<{ results: DeleteResult[] }> {
  if (req.paths.length === 0) throw werr('C210', '`paths` must not be empty');
  const results: DeleteResult[] = [];
  for (const path of req.paths) {
    try {
      const done = await runEntry<EngineDelete>(ctx, 'delete', { paths: [wirePath(path)], recursive: req.recursive === true }, path);
      results.push({ path, success: true, removed: done.removed === true });
    } catch (error) {
      results.push({ path, success: false, removed: false, error: asWorkerError(error).toWire() });
    }
  }
  return { results };
}
