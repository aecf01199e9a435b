import { chmod, mkdir, rmdir, unlink } from 'node:fs/promises';
import type { Beneath } from '../../workspace/beneath.js';
import { killAfter, writeJournal, type StageOps } from './journal.js';
import { lstatSync } from 'node:fs';
import { keepFiles } from './kept.js';
import { dirname, join } from 'node:path';
import type { CommandContext } from '../../engine/command.js';
import { checkpointed, type RecordContext } from '../../files/checkpoints/record.js';
import { reserveRoomFor } from '../../files/checkpoints/room.js';
import type { StepFolder } from '../../files/checkpoints/store.js';
import { riskyBits } from '../../sandbox/modes.js';
import { planContext } from './plan-context.js';
import { keptFileFor } from '../../permissions/kept-across.js';
import { journaled, removeLayout, type OverlayLayout } from '../../sandbox/overlay.js';
import { planChanges, type Change, type StagePlan } from './plan.js';
import { removedMeanwhile } from './removed.js';
import { readUpper, type UpperEntry } from './upper.js';
import { moveTree, place } from './move.js';
import { folderOps, foldTrees } from './trees.js';

// Applies a staged run's change set (plan.ts) to the workspace as ONE checkpoint step labelled with the
// command line: every replaced or removed file is saved in the checkpoint store first (by the store's
// own API), so one `undo` brings back the workspace as it was before the command. Files move from the
// upper folder by rename (the state folder shares the workspace's file system; a copy otherwise), each
// through the workspace jail (no symlink on the way). The step is recorded without stamping the files
// for the staleness check: what the command wrote is "changed outside" for the model's next edit.
// What the gate set aside or a conflict kept is moved to a folder in the state folder, named in the result.

// What the result data says (capped lists; counts are whole).
export interface StagedChanges {
  readonly checkpoint?: number;
  readonly created: number;
  readonly changed: number;
  readonly deleted: number;
  readonly files: { readonly path: string; readonly change: Change }[];
  // Files beyond the list's cap.
  readonly more?: number;
  // Not applied: protected, non-accessible, denied or asked for by the person's path rules, changed
  // meanwhile (conflict: true), or not a file. Every path up to ASIDE_CAP (the text folds them by package).
  readonly setAside?: { readonly path: string; readonly reason: string; readonly conflict?: true }[];
  // Paths set aside beyond ASIDE_CAP.
  readonly asideMore?: number;
  // Where the set-aside versions are (outside the workspace).
  readonly keptIn?: string;
  // The sandboxWritable folders the command could write in place (not staged, not undoable).
  readonly writtenInPlace?: readonly string[];
}

const LIST_CAP = 50;
const ASIDE_CAP = 5_000;
// Over this many changed files a step keeps only the files the run replaced or deleted (H7): those are
// few, and their previous bytes are never given up; the files it created are not in the step.
const STEP_MAX_FILES = 20_000;

// The operations of a plan, as the journal keeps them (relative paths, sources in the upper folder);
// the folders the command created whole move by one rename each (trees.ts).
function opsOf(plan: StagePlan, root: string, entries: readonly UpperEntry[]): StageOps {
  const trees = foldTrees(plan, entries);
  return {
    deletes: plan.deletes.map((each) => each.rel),
    removedFolders: plan.removedFolders.map(({ real }) => real.slice(root.length + 1)),
    folders: folderOps(plan, trees, entries),
    writes: plan.writes.filter(({ rel }) => !trees.within(rel)).map(({ rel, entry }) => (entry.kind === 'symlink' ? { rel, source: entry.source, mode: 0, link: entry.target } : { rel, source: entry.source, mode: entry.stats.mode & 0o7777 & ~riskyBits(entry.stats.mode, false) })),
    trees: trees.roots,
  };
}

const missing = (error: unknown): boolean => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

// Applies the operations through the workspace jail. `since` (recovering an interrupted apply): an
// operation whose target changed at or after it, or whose source is gone, was done (or the target was
// changed since by someone else) and is skipped; returns the paths someone else changed since.
export async function act(jail: Beneath, root: string, ops: StageOps, since?: bigint): Promise<string[]> {
  const kill = killAfter();
  let done = 0;
  const step = (): void => {
    done += 1;
    if (kill !== undefined && done > kill) process.kill(process.pid, 'SIGKILL');
  };
  const touched = (at: string): boolean => since !== undefined && (lstatSync(at, { bigint: true, throwIfNoEntry: false })?.ctimeNs ?? -1n) >= since;
  const skipped: string[] = [];
  // Recovering, a file removed already (or a folder above it) is no error.
  const gone = (error: unknown): void => {
    if (since === undefined || !missing(error)) throw error;
  };
  // Folders first made or opened for their owner (a command that made one read-only, chmod 555 or
  // 000, wrote below it before), their own modes set last, deepest first.
  for (const folder of ops.folders) {
    if (folder.moved) continue;
    await jail.at(join(root, folder.rel), async (at) => {
      await mkdir(at).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
      await chmod(at, (lstatSync(at).mode & 0o7777) | 0o700);
    }, { mkdirs: true, input: folder.rel });
  }
  // A folder the command removed whole is opened too: what is below it goes first.
  for (const rel of ops.removedFolders) await jail.at(join(root, rel), async (at) => chmod(at, (lstatSync(at).mode & 0o7777) | 0o700)).catch(() => undefined);
  for (const rel of ops.deletes) {
    step();
    await jail.at(join(root, rel), async (at) => (touched(at) ? void skipped.push(rel) : unlink(at)), { input: rel }).catch(gone);
  }
  for (const rel of ops.removedFolders) {
    step();
    await jail.at(join(root, rel), (at) => rmdir(at)).catch(() => undefined);
  }
  for (const write of ops.writes) {
    step();
    if (since !== undefined && lstatSync(write.source, { throwIfNoEntry: false }) === undefined) continue;
    await jail.at(join(root, write.rel), async (at) => {
      if (touched(at)) skipped.push(write.rel);
      else await place(at, write);
    }, { mkdirs: true, input: write.rel });
  }
  for (const tree of ops.trees ?? []) {
    step();
    if (since !== undefined && lstatSync(tree.source, { throwIfNoEntry: false }) === undefined) continue;
    await moveTree(jail, root, tree.rel, tree.source, skipped);
  }
  for (const folder of [...ops.folders].reverse()) {
    step();
    // A folder in a tree another writer kept from moving (move.ts) is not there to set.
    await jail.at(join(root, folder.rel), (at) => chmod(at, folder.mode), { input: folder.rel }).catch((error: unknown) => {
      if (!folder.moved || !missing(error)) throw error;
    });
  }
  return skipped;
}

// The set-aside versions, moved out of the upper folder (which is removed) into `kept-…` beside it.
const keepAside = (layout: OverlayLayout, plan: StagePlan): string | undefined =>
  keepFiles(dirname(layout.dir), layout.dir.slice(-6), plan.aside.flatMap((aside) => (aside.source === undefined ? [] : [{ rel: aside.rel, source: aside.source }])));

function summary(plan: StagePlan, checkpoint: number | undefined, keptIn: string | undefined): StagedChanges {
  const files = [...plan.writes.map((write) => ({ path: write.rel, change: write.change })), ...plan.deletes.map((each) => ({ path: each.rel, change: 'deleted' as const }))];
  const count = (change: Change): number => files.filter((file) => file.change === change).length;
  const setAside = plan.aside.slice(0, ASIDE_CAP).map((aside) => ({ path: aside.rel, reason: aside.reason, ...(aside.conflict ? { conflict: true as const } : {}) }));
  return {
    ...(checkpoint === undefined ? {} : { checkpoint }),
    created: count('created'),
    changed: count('changed'),
    deleted: count('deleted'),
    files: files.slice(0, LIST_CAP),
    ...(files.length > LIST_CAP ? { more: files.length - LIST_CAP } : {}),
    ...(setAside.length > 0 ? { setAside } : {}),
    ...(plan.aside.length > ASIDE_CAP ? { asideMore: plan.aside.length - ASIDE_CAP } : {}),
    ...(keptIn === undefined ? {} : { keptIn }),
  };
}

// The folders the command made, removed or re-moded, as its step keeps them (checkpoints/folders.ts),
// so undo takes them back too (empty ones: `mkdir -p build/out` is a step of its own).
export function stepFolders(plan: StagePlan, root: string): StepFolder[] {
  return [
    ...plan.folders.map((folder) => ({ rel: folder.rel, before: folder.before, after: folder.mode })),
    ...plan.removedFolders.map((folder) => ({ rel: folder.real.slice(root.length + 1), before: folder.mode, after: null })),
  ];
}

// Applies the plan under its journal: one checkpoint step over every file it writes or removes and
// every folder it changes, begun (pending, with the folders) before the first operation.
async function applyPlan(ctx: CommandContext, layout: OverlayLayout, plan: StagePlan, entries: readonly UpperEntry[], label: string): Promise<number | undefined> {
  const all = [...plan.writes.map((write) => write.real), ...plan.deletes.map((each) => each.real)];
  // Red team H7: a run that pads its change set past the cap (20,050 new files and one delete) lost its
  // checkpoint, so the delete of uncommitted work was final. Over the cap, the step keeps every file the
  // run replaces or deletes (whatever their number) and leaves out only the files it creates.
  const over = all.length > STEP_MAX_FILES;
  const reals = over ? [...plan.writes.filter((write) => lstatSync(write.real, { throwIfNoEntry: false }) !== undefined).map((write) => write.real), ...plan.deletes.map((each) => each.real)] : all;
  if (over) ctx.warn(`the command changed ${all.length} files (more than ${STEP_MAX_FILES}): the checkpoint keeps the ${reals.length} it replaced or deleted; undo restores those and leaves the ${all.length - reals.length} it created`);
  const ops = opsOf(plan, ctx.workspace.root, entries);
  const folders = stepFolders(plan, ctx.workspace.root);
  if (all.length === 0 && folders.length === 0) return undefined;
  const checkpoint = ctx.config.backups !== false && (reals.length > 0 || folders.length > 0);
  // A run nobody approved makes its room in the store first, or is refused with nothing applied (R5-1).
  const record = recordContext(ctx);
  if (checkpoint) await reserveRoomFor(record, reals);
  writeJournal(layout.dir, { root: ctx.workspace.root, label, checkpoint, ops });
  const run = async (): Promise<void> => void (await act(ctx.workspace.jail, ctx.workspace.root, ops));
  // backups: false with only folders, or nothing to keep: nothing to note.
  if (!checkpoint) {
    await run();
    return undefined;
  }
  // No `observe`: the files are not stamped as the model's own, so its next edit of one is stale.
  const { checkpoint: id } = await checkpointed({ ...record, roomReserved: true }, label, reals, run, undefined, folders);
  return id;
}

export function recordContext(ctx: CommandContext): RecordContext {
  return { config: ctx.config, workspace: ctx.workspace, ...(ctx.stateDir ? { stateDir: ctx.stateDir } : {}), ...(ctx.caller ? { caller: ctx.caller } : {}), ...(ctx.door ? { door: ctx.door } : {}), ...(ctx.unattended ? { unattended: true } : {}), warn: (message) => ctx.warn(message) };
}

// Judges and applies what the run left in `layout`, then removes the run's folder (with its journal;
// kept when applying failed: the caller names it, and the next call finishes the apply).
export async function applyStaged(ctx: CommandContext, layout: OverlayLayout, label: string): Promise<StagedChanges> {
  let plan: StagePlan;
  let entries: UpperEntry[];
  try {
    entries = readUpper(layout);
    const removed = removedMeanwhile(ctx.workspace, layout.since, entries, layout.rootNames);
    plan = planChanges(ctx.workspace, layout.since, entries, planContext(ctx.workspace.root, keptFileFor(ctx.workspace.root, ctx.stateDir, ctx.config.sandboxWritable)), removed, await ctx.pathRules?.());
  } catch (error) {
    // Unreadable (a tree too deep for a path: ENAMETOOLONG): nothing was applied, and nothing is kept
    // (a run folder left behind each time would fill the disk).
    removeLayout(layout.dir);
    ctx.warn(`the command's changes could not be read (${(error as Error).message}); nothing was applied`);
    return summary({ writes: [], deletes: [], folders: [], removedFolders: [], aside: [], cleared: [] }, undefined, undefined);
  }
  for (const message of plan.cleared) ctx.warn(message);
  const keptIn = keepAside(layout, plan);
  let checkpoint: number | undefined;
  try {
    checkpoint = await applyPlan(ctx, layout, plan, entries, label);
  } catch (error) {
    // Refused before its journal was written (no room in the checkpoint store, R5-1): nothing was applied,
    // and nothing is left to apply later.
    if (!journaled(layout.dir)) removeLayout(layout.dir);
    throw error;
  }
  removeLayout(layout.dir);
  return summary(plan, checkpoint, keptIn);
}
