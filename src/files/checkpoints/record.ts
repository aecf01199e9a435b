import type { CommandContext } from '../../engine/command.js';
import { stateDirFor } from '../../engine/state-dir.js';
import { putBlob } from './blobs.js';
import { captureState, sameState } from './state.js';
import { CheckpointStore, type StoreLimits } from './store.js';

// The store of the workspace a command runs in.
export function storeFor(ctx: Pick<CommandContext, 'workspace' | 'stateDir'>): CheckpointStore {
  return CheckpointStore.for(ctx.stateDir ?? stateDirFor(ctx.workspace.root));
}

export function limitsOf(ctx: Pick<CommandContext, 'config'>): StoreLimits {
  return { maxBytes: ctx.config.checkpointMaxMB * 1024 * 1024, maxAgeMs: ctx.config.checkpointMaxDays * 24 * 3600 * 1000 };
}

// How often (in steps) a recorder prunes the store.
const PRUNE_EVERY = 50;

// What `data.backup` says for a step: where the previous version went.
export const checkpointLabel = (id: number): string => `checkpoint:${id}`;

// Records one step around `act`, which changes the files `reals` (absolute, jailed paths): their
// current state (bytes into the content-addressed blobs) is saved and the step written as pending
// before `act` touches anything; afterwards the step gets what each file holds now. A failed `act`
// that changed nothing leaves no step. Returns act's value and the step's id (undefined when
// checkpoints are off, `backups: false`).
export async function checkpointed<T>(ctx: CommandContext, command: string, reals: readonly string[], act: () => Promise<T>): Promise<{ value: T; checkpoint: number | undefined }> {
  if (ctx.config.backups === false || reals.length === 0) return { value: await act(), checkpoint: undefined };
  const store = storeFor(ctx);
  const jail = ctx.workspace.jail;
  const unique = [...new Set(reals)];
  const before = await Promise.all(unique.map((real) => captureState(jail, real)));
  const label = ctx.caller?.label;
  // The blobs and the step are written (and fsynced) side by side; both are done before `act` runs.
  const [step] = await Promise.all([
    store.begin({
      command,
      ...(label === undefined ? {} : { caller: label }),
      files: unique.map((real, index) => ({ rel: ctx.workspace.relative(real), before: before[index]!.state })),
    }),
    ...before.map((each, index) =>
      each.state.kind === 'file' && each.bytes ? putBlob(store.dir, each.bytes, each.state.hash, each.ino === undefined ? undefined : { jail, real: unique[index]!, ino: each.ino }) : undefined,
    ),
  ]);
  const finish = async (): Promise<boolean> => {
    const after = await Promise.all(unique.map((real) => captureState(jail, real)));
    const files = step.files.map((file, index) => ({ ...file, after: after[index]!.state }));
    if (files.every((file) => sameState(file.before, file.after))) {
      await store.locked(async () => store.removeStep(step.id));
      return false;
    }
    await store.writeStep({ ...step, status: 'done', files }, false);
    return true;
  };
  let value: T;
  try {
    value = await act();
  } catch (error) {
    await finish().catch(() => undefined);
    throw error;
  }
  const kept = await finish();
  if (kept && step.id % PRUNE_EVERY === 0) await store.locked(() => store.prune(limitsOf(ctx))).catch(() => undefined);
  return { value, checkpoint: kept ? step.id : undefined };
}
