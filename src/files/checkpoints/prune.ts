import { readFileSync } from 'node:fs';
import { rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { writeJson } from './json-file.js';
import type { CheckpointStore, Step, StoreLimits } from './store.js';

// What the last prune that dropped steps dropped (`pruned.json`): the newest id it dropped and which
// limit made it, so undo can say why it took back fewer changes than asked.
export interface PruneNote {
  readonly newest: number;
  readonly size: boolean;
  readonly age: boolean;
}

export function lastPruned(store: CheckpointStore): PruneNote | undefined {
  try {
    const note = JSON.parse(readFileSync(join(store.dir, 'pruned.json'), 'utf8')) as PruneNote;
    return Number.isSafeInteger(note.newest) ? { newest: note.newest, size: note.size === true, age: note.age === true } : undefined;
  } catch {
    return undefined;
  }
}

// A blob no step names and younger than this may belong to a step being recorded right now: kept.
// Short, so a burst of edits is bounded too; a recording slower than this loses its blob, which undo
// reports (C224), never guesses.
const BLOB_GRACE_MS = 10 * 1000;
// How far a file's timestamp may lag Date.now() (filesystems stamp with the kernel's coarse clock).
const CLOCK_SLACK_MS = 50;

// The blobs a list of steps names (before and after states of their files).
function referenced(list: readonly Step[]): Set<string> {
  return new Set(list.flatMap((step) => step.files.flatMap((file) => [file.before, file.after]).flatMap((state) => (state?.kind === 'file' ? [state.hash] : []))));
}

// What a prune drops: the steps, and whether each went for its age or for the size limit.
export interface PrunePlan {
  readonly byAge: readonly Step[];
  readonly bySize: readonly Step[];
  readonly kept: readonly Step[];
  // The bytes the kept steps' blobs (and the blobs too young to collect) take.
  readonly total: number;
}

// Which steps a prune drops (nothing is changed): steps older than the age limit, then the oldest
// steps until the blobs fit `target` bytes (the newest step always stays). A step `keep` says (the
// current session's, for a step nobody approved: room.ts) is never dropped for size, so `total` may
// stay above the target.
export function planPrune(steps: readonly Step[], blobs: BlobSizes, limits: StoreLimits, now: number, target: number, keep: (step: Step) => boolean = () => false): PrunePlan {
  const byAge = steps.filter((step, index) => index < steps.length - 1 && now - Date.parse(step.time) > limits.maxAgeMs);
  const aged = new Set(byAge);
  const kept = steps.filter((step) => !aged.has(step));
  const live = referenced(kept);
  const wasAged = referenced(byAge);
  // Blobs no kept step names and too young to collect count too: they are on the disk.
  const extra = [...blobs].filter(([hash, info]) => !live.has(hash) && now - info.mtimeMs < BLOB_GRACE_MS && !wasAged.has(hash)).reduce((sum, [, info]) => sum + info.size, 0);
  const total = (list: readonly Step[]): number => [...referenced(list)].reduce((sum, hash) => sum + (blobs.get(hash)?.size ?? 0), 0) + extra;
  const bySize = new Set<Step>();
  const rest = (): Step[] => kept.filter((step) => !bySize.has(step));
  for (const step of kept.slice(0, -1)) {
    if (total(rest()) <= target) break;
    if (!keep(step)) bySize.add(step);
  }
  return { byAge, bySize: [...bySize], kept: rest(), total: total(rest()) };
}

type BlobSizes = Map<string, { size: number; mtimeMs: number; path: string }>;

// Drops what planPrune says, then every blob no step names. Call under the lock. Recorders do not
// take the lock (a step's file is created before its blob, see checkpointed): the journal is read again
// right before blobs go, and a blob touched since the prune began (putBlob refreshes one it reuses) stays.
// A blob no step names is only collected after BLOB_GRACE_MS, unless a step this prune dropped named it.
export async function pruneStore(store: CheckpointStore, limits: StoreLimits, now: number, target: number, keep?: (step: Step) => boolean): Promise<PrunePlan & { steps: number }> {
  const blobs = await store.blobSizes();
  const plan = planPrune(await store.steps(), blobs, limits, now, target, keep);
  const dropped = [...plan.byAge, ...plan.bySize];
  for (const step of dropped) await unlink(store.stepPath(step.id)).catch(() => undefined);
  if (dropped.length > 0) {
    const note: PruneNote = { newest: Math.max(...dropped.map((step) => step.id)), size: plan.bySize.length > 0, age: plan.byAge.length > 0 };
    await writeJson(join(store.dir, 'pruned.json'), note, false).catch(() => undefined);
  }
  const steps = plan.kept;
  const wasDropped = referenced(dropped);
  // Steps that appeared meanwhile (recorders do not wait for the lock) keep what they name.
  const keptIds = new Set(steps.map((step) => step.id));
  const newer = (await store.steps()).filter((step) => !keptIds.has(step.id) && !dropped.some((each) => each.id === step.id));
  const kept = referenced([...steps, ...newer]);
  for (const [hash, info] of blobs) {
    if (kept.has(hash)) continue;
    if (!wasDropped.has(hash) && now - info.mtimeMs < BLOB_GRACE_MS) continue;
    // Touched since this prune began (coarse file clocks lag by a tick): being reused right now.
    const fresh = await stat(info.path).catch(() => undefined);
    if (fresh === undefined || fresh.mtimeMs >= now - CLOCK_SLACK_MS) continue;
    await unlink(info.path).catch(() => undefined);
  }
  // The per-path index earlier versions kept (`known/`; the journal's stamps replace it).
  await rm(join(store.dir, 'known'), { recursive: true, force: true }).catch(() => undefined);
  return { ...plan, steps: dropped.length };
}
