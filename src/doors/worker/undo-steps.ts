import { defaultConfig } from '../../engine/config.js';
import type { RecordContext } from '../../files/checkpoints/record.js';
import type { WorkerContext } from './config.js';
import { jailOf } from './jail.js';
import { relOf } from './paths.js';

// The worker's writes are steps in the same checkpoint store as every other door's (keyed by the
// workspace root = base_path, in the user's state folder), so `codeward undo` takes them back. The
// store's limits are the defaults: the worker has no codeward config file.
export function recordContext(ctx: WorkerContext): RecordContext {
  const { checkpointMaxMB, checkpointMaxDays } = defaultConfig();
  return {
    config: { backups: true, checkpointMaxMB, checkpointMaxDays },
    workspace: { root: ctx.base, jail: jailOf(ctx), relative: (real) => relOf(ctx, real) },
    door: { name: 'worker' },
  };
}
