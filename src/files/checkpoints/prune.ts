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

// Drops steps older than the age limit, then the oldest steps until the blobs fit `target` bytes
// (default: the size limit less the headroom the steps until the next prune may add; the newest step
// always stays), then every blob no step names. Call under the lock. Recorders do not take the lock
// (a step's file is created before its blob, see checkpointed): the journal is read again right
// before blobs go, and a blob touched since the prune began (putBlob refreshes one it reuses) stays.
// A blob no step names is only collected after BLOB_GRACE_MS, unless a step this prune dropped named it.
export async function pruneStore(store: CheckpointStore, limits: StoreLimits, now: number, target: number): Promise<{ steps: number; blobs: number }> {
  let steps = await store.steps();
  const dropped: Step[] = [];
  const drop = async (step: Step): Promise<void> => {
    await unlink(store.stepPath(step.id)).catch(() => undefined);
    dropped.push(step);
  };
  const keep: Step[] = [];
  for (const [index, step] of steps.entries()) {
    if (index < steps.length - 1 && now - Date.parse(step.time) > limits.maxAgeMs) await drop(step);
    else keep.push(step);
  }
  const byAge = dropped.length;
  steps = keep;
  const blobs = await store.blobSizes();
  const live = referenced(steps);
  // Blobs no kept step names and too young to collect count too: they are on the disk.
  const young = [...blobs].filter(([hash, info]) => !live.has(hash) && now - info.mtimeMs < BLOB_GRACE_MS && !referenced(dropped).has(hash));
  const extra = young.reduce((sum, [, info]) => sum + info.size, 0);
  const total = (list: readonly Step[]): number => [...referenced(list)].reduce((sum, hash) => sum + (blobs.get(hash)?.size ?? 0), 0) + extra;
  while (steps.length > 1 && total(steps) > target) await drop(steps.shift()!);
  if (dropped.length > 0) {
    const note: PruneNote = { newest: Math.max(...dropped.map((step) => step.id)), size: dropped.length > byAge, age: byAge > 0 };
    await writeJson(join(store.dir, 'pruned.json'), note, false).catch(() => undefined);
  }
  const wasDropped = referenced(dropped);
  // Steps that appeared meanwhile (recorders do not wait for the lock) keep what they name.
  const keptIds = new Set(steps.map((step) => step.id));
  const newer = (await store.steps()).filter((step) => !keptIds.has(step.id) && !dropped.some((each) => each.id === step.id));
  const kept = referenced([...steps, ...newer]);
  let droppedBlobs = 0;
  for (const [hash, info] of blobs) {
    if (kept.has(hash)) continue;
    if (!wasDropped.has(hash) && now - info.mtimeMs < BLOB_GRACE_MS) continue;
    // Touched since this prune began (coarse file clocks lag by a tick): being reused right now.
    const fresh = await stat(info.path).catch(() => undefined);
    if (fresh === undefined || fresh.mtimeMs >= now - CLOCK_SLACK_MS) continue;
    await unlink(info.path).catch(() => undefined);
    droppedBlobs += 1;
  }
  // The per-path index earlier versions kept (`known/`; the journal's stamps replace it).
  await rm(join(store.dir, 'known'), { recursive: true, force: true }).catch(() => undefined);
  return { steps: dropped.length, blobs: droppedBlobs };
}
