import type { Config } from '../../engine/config.js';
import { fail } from '../../engine/errors.js';
import { planPrune, type PrunePlan } from './prune.js';
import { stateDirFor } from '../../engine/state-dir.js';
import { lstatSync } from 'node:fs';
import { CheckpointStore, PRUNE_HEADROOM, type Step, type StoreLimits } from './store.js';

// Room in the checkpoint store, and what making it costs undo (red team round 5, R5-1; round 8, R8-2). The
// size limit (checkpointMaxMB) drops the oldest steps; a change nobody approved (auto-edit's contained exec
// and its file edits: ctx.unattended) could pad the store so that an earlier step went - of its own session
// (R5-1) or of ANOTHER session, door or earlier agent run (R8-2: the sole copy of a person's uncommitted
// work, told only to the model) - and undo answered C224. Rule, kept here for every recorder:
// - a change nobody approved never drops a step for size, whoever's it is: when the store has no room for
//   what it will keep, the change is refused before anything is applied (C213 naming the limit and its
//   config key); the age limit (checkpointMaxDays) still applies, it is the user's own choice;
// - a person's approved change may make room from the oldest steps, and every prune that drops a step
//   says so in the call's result (how many, why, how far undo reaches).

export interface RoomContext {
  readonly config: Pick<Config, 'checkpointMaxMB' | 'checkpointMaxDays'>;
  readonly door?: { readonly session?: string };
  readonly unattended?: boolean;
  warn?(message: string): void;
}

// The store of the workspace a command runs in.
export function storeFor(ctx: { readonly workspace: { readonly root: string }; readonly stateDir?: string }): CheckpointStore {
  return CheckpointStore.for(ctx.stateDir ?? stateDirFor(ctx.workspace.root));
}

export function limitsOf(ctx: Pick<RoomContext, 'config'>): StoreLimits {
  return { maxBytes: ctx.config.checkpointMaxMB * 1024 * 1024, maxAgeMs: ctx.config.checkpointMaxDays * 24 * 3600 * 1000 };
}

// What one file of a step will store: its content hash when known, and its size.
export interface Incoming {
  readonly hash?: string;
  readonly size: number;
}

// The steps a prune may not drop for size on behalf of this call: every step, when nobody approved the
// call (undefined: any step may go, the oldest first).
export function sessionSteps(ctx: Pick<RoomContext, 'unattended'>): ((step: Step) => boolean) | undefined {
  return ctx.unattended === true ? () => true : undefined;
}

const mb = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

// The warning a prune that dropped steps adds to the call's result.
export function prunedWords(plan: PrunePlan, ctx: Pick<RoomContext, 'config'>): string | undefined {
  const dropped = [...plan.byAge, ...plan.bySize].sort((a, b) => a.id - b.id);
  if (dropped.length === 0) return undefined;
  const ids = dropped.length === 1 ? `checkpoint ${dropped[0]!.id}` : `checkpoints ${dropped[0]!.id}-${dropped.at(-1)!.id}`;
  const why = [
    ...(plan.bySize.length > 0 ? [`${plan.bySize.length} for the size limit (checkpointMaxMB: ${ctx.config.checkpointMaxMB})`] : []),
    ...(plan.byAge.length > 0 ? [`${plan.byAge.length} older than checkpointMaxDays: ${ctx.config.checkpointMaxDays}`] : []),
  ].join(', ');
  const oldest = plan.kept[0];
  const reach = oldest === undefined ? 'undo reaches no earlier change' : `undo now reaches back to checkpoint ${oldest.id} (${oldest.command}, ${oldest.time})`;
  return `the checkpoint store dropped ${dropped.length} older step${dropped.length === 1 ? '' : 's'} (${ids}: ${why}); ${reach}`;
}

// Prunes (under the store's lock) to the usual target, keeping what sessionSteps says, and warns when
// steps went.
export async function pruneSaying(store: CheckpointStore, limits: StoreLimits, ctx: RoomContext): Promise<void> {
  const plan = await store.locked(() => store.prune(limits, Date.now(), undefined, sessionSteps(ctx)));
  const words = prunedWords(plan, ctx);
  if (words !== undefined) ctx.warn?.(words);
}

// Before a change nobody approved is applied: drops the steps past the age limit (said), or refuses
// with C213 when the kept steps leave no room. Nothing to do for an approved change (the prune after it
// makes room as before, and says so).
export async function reserveRoom(store: CheckpointStore, limits: StoreLimits, ctx: RoomContext, incoming: readonly Incoming[]): Promise<void> {
  const keep = sessionSteps(ctx);
  if (keep === undefined) return;
  await store.locked(async () => {
    const blobs = await store.blobSizes();
    const seen = new Set<string>();
    const needed = incoming.reduce((sum, file) => {
      if (file.hash !== undefined && (blobs.has(file.hash) || seen.has(file.hash))) return sum;
      if (file.hash !== undefined) seen.add(file.hash);
      return sum + file.size;
    }, 0);
    const now = Date.now();
    const target = Math.max(0, limits.maxBytes * (1 - PRUNE_HEADROOM) - needed);
    const plan = planPrune(await store.steps(), blobs, limits, now, target, keep);
    if (plan.total + needed > limits.maxBytes) {
      const held = plan.kept.length;
      throw fail('C213', `not applied: this change would keep ${mb(needed)} of previous versions in the checkpoint store, over its limit (checkpointMaxMB: ${ctx.config.checkpointMaxMB}, ${mb(plan.total)} in use by ${held} step${held === 1 ? '' : 's'} of this or other sessions, which a change nobody approved may not drop: undo needs them). Nothing was changed. Raise checkpointMaxMB in ~/.codeward/config.json, or have a person approve the call`);
    }
    if (plan.byAge.length + plan.bySize.length === 0) return;
    const words = prunedWords(await store.prune(limits, now, target, keep), ctx);
    if (words !== undefined) ctx.warn?.(words);
  });
}

// reserveRoom for a change of the files `reals` whose contents are not read yet (a staged run's apply,
// before its journal is written): each regular file there now counts whole.
export async function reserveRoomFor(ctx: RoomContext & Parameters<typeof storeFor>[0], reals: readonly string[]): Promise<void> {
  if (sessionSteps(ctx) === undefined) return;
  const incoming = reals.map((real) => lstatSync(real, { throwIfNoEntry: false })).flatMap((st) => (st?.isFile() ? [{ size: st.size }] : []));
  await reserveRoom(storeFor(ctx), limitsOf(ctx), ctx, incoming);
}
