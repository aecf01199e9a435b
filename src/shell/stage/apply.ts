import { chmod, copyFile, mkdir, rename, rmdir, symlink, unlink } from 'node:fs/promises';
import { lstatSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CommandContext } from '../../engine/command.js';
import { checkpointed, type RecordContext } from '../../files/checkpoints/record.js';
import { riskyBits } from '../../sandbox/modes.js';
import { removeLayout, type OverlayLayout } from '../../sandbox/overlay.js';
import { planChanges, type Change, type StagePlan, type Write } from './plan.js';
import { readUpper } from './upper.js';

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
  // Not applied: protected, non-accessible, changed meanwhile (conflict: true), or not a file.
  readonly setAside?: { readonly path: string; readonly reason: string; readonly conflict?: true }[];
  // Where the set-aside versions are (outside the workspace).
  readonly keptIn?: string;
}

const LIST_CAP = 50;
// A change set this large is applied without a checkpoint (a warning says so), as a recursive delete is.
const STEP_MAX_FILES = 20_000;

async function place(ctx: CommandContext, write: Write): Promise<void> {
  const { entry } = write;
  await ctx.workspace.jail.at(write.real, async (at) => {
    if (entry.kind === 'symlink') {
      await unlink(at).catch(() => undefined);
      await symlink(entry.target, at);
      return;
    }
    try {
      await rename(entry.source, at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(entry.source, at);
      await chmod(at, entry.stats.mode & 0o7777 & ~riskyBits(entry.stats.mode, false));
    }
  }, { mkdirs: true, input: write.rel });
}

async function act(ctx: CommandContext, plan: StagePlan): Promise<void> {
  const jail = ctx.workspace.jail;
  for (const { real, rel } of plan.deletes) await jail.at(real, (at) => unlink(at), { input: rel });
  for (const real of plan.removedFolders) await jail.at(real, (at) => rmdir(at)).catch(() => undefined);
  for (const folder of plan.folders) {
    await jail.at(folder.real, async (at) => {
      await mkdir(at).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
      await chmod(at, folder.mode);
    }, { mkdirs: true, input: folder.rel });
  }
  for (const write of plan.writes) await place(ctx, write);
}

// The set-aside versions, moved out of the upper folder (which is removed) into `kept-…` beside it.
function keepAside(layout: OverlayLayout, plan: StagePlan): string | undefined {
  const sources = plan.aside.filter((aside) => aside.source !== undefined);
  if (sources.length === 0) return undefined;
  const kept = join(dirname(layout.dir), `kept-${new Date().toISOString().replace(/[:.]/g, '-')}-${layout.dir.slice(-6)}`);
  for (const aside of sources) {
    const to = join(kept, aside.rel);
    mkdirSync(dirname(to), { recursive: true, mode: 0o700 });
    renameSync(aside.source!, to);
  }
  return kept;
}

function summary(plan: StagePlan, checkpoint: number | undefined, keptIn: string | undefined): StagedChanges {
  const files = [...plan.writes.map((write) => ({ path: write.rel, change: write.change })), ...plan.deletes.map((each) => ({ path: each.rel, change: 'deleted' as const }))];
  const count = (change: Change): number => files.filter((file) => file.change === change).length;
  const setAside = plan.aside.slice(0, LIST_CAP).map((aside) => ({ path: aside.rel, reason: aside.reason, ...(aside.conflict ? { conflict: true as const } : {}) }));
  return {
    ...(checkpoint === undefined ? {} : { checkpoint }),
    created: count('created'),
    changed: count('changed'),
    deleted: count('deleted'),
    files: files.slice(0, LIST_CAP),
    ...(files.length > LIST_CAP ? { more: files.length - LIST_CAP } : {}),
    ...(setAside.length > 0 ? { setAside } : {}),
    ...(keptIn === undefined ? {} : { keptIn }),
  };
}

// The step's label in `checkpoints`: the command line, on one line, capped.
export function stepLabel(verb: string, command: string): string {
  const line = command.replace(/\s+/g, ' ').trim();
  return `${verb} ${line.length > 200 ? `${line.slice(0, 200)}…` : line}`;
}

function listFolder(ctx: CommandContext, rel: string): string[] | undefined {
  try {
    return ctx.workspace.jail.atSync(join(ctx.workspace.root, rel), (at) => (lstatSync(at).isDirectory() ? readdirSync(at) : undefined));
  } catch {
    return undefined;
  }
}

// Applies the plan: one checkpoint step over every file it writes or removes.
async function applyPlan(ctx: CommandContext, plan: StagePlan, label: string): Promise<number | undefined> {
  const reals = [...plan.writes.map((write) => write.real), ...plan.deletes.map((each) => each.real)];
  if (reals.length > STEP_MAX_FILES) ctx.warn(`the command changed ${reals.length} files (more than ${STEP_MAX_FILES}): applied without a checkpoint, undo cannot take it back`);
  if (reals.length === 0 || reals.length > STEP_MAX_FILES) {
    await act(ctx, plan);
    return undefined;
  }
  // No `observe`: the files are not stamped as the model's own, so its next edit of one is stale.
  const record: RecordContext = { config: ctx.config, workspace: ctx.workspace, ...(ctx.stateDir ? { stateDir: ctx.stateDir } : {}), ...(ctx.caller ? { caller: ctx.caller } : {}), ...(ctx.door ? { door: ctx.door } : {}), warn: (message) => ctx.warn(message) };
  return (await checkpointed(record, label, reals, () => act(ctx, plan))).checkpoint;
}

// Judges and applies what the run left in `layout`, then removes the run's folder (kept when applying
// failed: the caller names it).
export async function applyStaged(ctx: CommandContext, layout: OverlayLayout, label: string): Promise<StagedChanges> {
  const plan = planChanges(ctx.workspace, layout.since, await readUpper(layout, (rel) => listFolder(ctx, rel)));
  for (const message of plan.cleared) ctx.warn(message);
  const keptIn = keepAside(layout, plan);
  const checkpoint = await applyPlan(ctx, plan, label);
  removeLayout(layout.dir);
  return summary(plan, checkpoint, keptIn);
}
