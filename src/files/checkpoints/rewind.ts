import { fail } from '../../engine/errors.js';
import type { CommandContext } from '../../engine/command.js';
import { getBlob, putBlob } from './blobs.js';
import { storeFor } from './record.js';
import { applyState, captureState, describeState, sameState, type Captured, type FileState } from './state.js';
import { isUnkept, type CheckpointStore, type Step } from './store.js';
import { lastPruned } from './prune.js';
import { moveFolders, openFolders } from './folders.js';
import { conflictMessage, overwrittenNotes, shortRedoNote, shortUndoNote, unkeptAfter, whyNoOlder, unkeptRefusal, type Conflict } from './rewind-notes.js';
import { processAlive } from '../../engine/process-alive.js';

export interface RewindResult {
  // Each step taken back or applied again; `kept: false` for one that kept no checkpoint (made with
  // backups: false), passed over with --force: its files were left as they are.
  // `call`: the call that made it (the steps of one call are one change: a batched create, update or delete).
  readonly steps: { id: number; command: string; files: string[]; kept?: false; call?: string }[];
  // What --force overwrote (a file found changed since codeward's change): kept in the store, and the
  // opposite command brings it back.
  // `by`: the step of codeward's own, without a checkpoint, that changed the file since.
  readonly overwritten?: { checkpoint: number; file: string; found: string; absent?: true; removed?: true; by?: number }[];
  // Said to the caller: what was overwritten and how to get it back, why fewer steps than asked.
  readonly notes?: string[];
}

// The real path of a step's file, jailed again (the journal is data: THREAT-MODEL invariant 4). The
// last component is never followed ('delete' access), and non-accessible names stay refused.
async function realOf(ctx: CommandContext, rel: string): Promise<string> {
  const resolved = await ctx.workspace.resolve(rel, 'delete');
  return resolved.real;
}

interface Move {
  readonly step: Step;
  readonly files: { rel: string; real: string; from: FileState | undefined; to: FileState }[];
}

// Moves the workspace through `steps` (in the order given), each file from its `from` state (what
// codeward left there) to its `to` state. Every file is checked first, across all steps as if the
// earlier ones were done: a file someone else changed since refuses the whole call (C230) unless
// `force`. A file already in its target state counts as done (a crash in the middle of an undo is
// finished by the next one). Under the store lock. Returns what was found instead, per step and file
// (with `force`): the caller records it, so the opposite move brings that version back.
// `by` names the change codeward made itself, without a checkpoint, that a file may be found in.
async function move(ctx: CommandContext, store: CheckpointStore, moves: readonly Move[], force: boolean, bringBack: 'undo' | 'redo', by: (id: number, rel: string) => Step | undefined): Promise<Map<string, FileState>> {
  const found = new Map<string, FileState>();
  const expected = new Map<string, Captured>();
  const current = async (real: string): Promise<Captured> => expected.get(real) ?? captureState(ctx.workspace.jail, real);
  const conflicts: Conflict[] = [];
  for (const { step, files } of moves) {
    // A writer still running (its step pending and its process alive) must finish first.
    if (step.status === 'pending' && processAlive(step.pid) && !force) throw fail('C216', `checkpoint ${step.id} (${step.command}) is still being written by process ${step.pid}; try again when it finished (or pass --force if that process is gone)`);
    for (const file of files) {
      const now = await current(file.real);
      if (!ctx.dryRun && now.bytes !== undefined && now.state.kind === 'file') await putBlob(store.dir, now.bytes, now.state.hash);
      const fine = (file.from !== undefined && sameState(now.state, file.from)) || sameState(now.state, file.to);
      if (!fine) found.set(foundKey(step.id, file.rel), now.state);
      if (!fine) conflicts.push({ step, rel: file.rel, expected: file.from, found: now.state, by: by(step.id, file.rel) });
      expected.set(file.real, { state: file.to });
    }
  }
  if (conflicts.length > 0 && !force) {
    throw fail('C230', conflictMessage(conflicts, bringBack));
  }
  // Every version is read and checked against its hash before any file is touched: a lost or damaged
  // one refuses the whole call (C224) with nothing changed.
  const applied: { real: string; to: FileState; bytes: Buffer | undefined }[] = [];
  for (const { files } of moves) {
    for (const file of files) {
      const bytes = file.to.kind === 'file' ? await getBlob(store.dir, file.to.hash, file.rel) : undefined;
      if (file.to.kind === 'file' && bytes === undefined) throw fail('C224', `the checkpoint store no longer holds the version of ${file.rel} (pruned); nothing was restored`);
      applied.push({ real: file.real, to: file.to, bytes });
    }
  }
  // Declared with their bytes before any file moves (the approval question's dry run stops here).
  const shown = (to: FileState, rel: string) => (to.kind === 'file' || to.kind === 'missing' ? {} : { before: null, note: `puts ${rel} back as it was (a ${to.kind})` });
  if (await ctx.intend(applied.map(({ real, to, bytes }) => ({ path: real, after: bytes ?? null, ...shown(to, ctx.workspace.relative(real)) })))) return found;
  for (const { real, to, bytes } of applied) await applyState(ctx.workspace.jail, real, to, bytes);
  return found;
}

const foundKey = (id: number, rel: string): string => `${id}\0${rel}`;

// The step as moved: a file found in another state than codeward left takes that state on the side
// it came from (after for an undo, before for a redo), so the opposite move restores it.
function moved(step: Step, found: ReadonlyMap<string, FileState>, side: 'after' | 'before', status: Step['status']): Step {
  return { ...step, status, files: step.files.map((file) => {
    const state = found.get(foundKey(step.id, file.rel));
    if (state === undefined) return file;
    // The stamp described codeward's own after state, which a found one replaces.
    const { stamp: _stamp, ...rest } = file;
    return side === 'after' ? { ...rest, after: state } : { ...file, before: state };
  }) };
}

// Only steps that kept their checkpoint move files (see isUnkept).
async function plan(ctx: CommandContext, steps: readonly Step[], direction: 'undo' | 'redo'): Promise<Move[]> {
  const moves: Move[] = [];
  for (const step of steps) {
    const files = [];
    const ordered = direction === 'undo' ? [...step.files].reverse() : step.files;
    for (const file of ordered) {
      if (file.before === undefined) continue;
      const real = await realOf(ctx, file.rel);
      files.push(direction === 'undo' ? { rel: file.rel, real, from: file.after, to: file.before } : { rel: file.rel, real, from: file.before, to: file.after ?? file.before });
    }
    moves.push({ step, files });
  }
  return moves;
}

function summary(steps: readonly Step[], found: ReadonlyMap<string, FileState>, bringBack: 'undo' | 'redo', short: string | undefined, by: (id: number, rel: string) => Step | undefined = () => undefined): RewindResult {
  const overwritten = steps.flatMap((step) => step.files.flatMap((file) => {
    const state = found.get(foundKey(step.id, file.rel));
    if (state === undefined) return [];
    // What the move put there: absent means the found version was removed rather than overwritten.
    const target = bringBack === 'redo' ? file.before : file.after;
    return [{ checkpoint: step.id, file: file.rel, found: describeState(state), ...(state.kind === 'missing' ? { absent: true as const } : {}), ...(target?.kind === 'missing' ? { removed: true as const } : {}), ...byOf(by(step.id, file.rel)) }];
  }));
  const notes = [...overwrittenNotes(overwritten, bringBack), ...(short === undefined ? [] : [short])];
  return {
    steps: steps.map((step) => ({ id: step.id, command: step.command, files: step.files.map((file) => file.rel), ...(isUnkept(step) ? { kept: false as const } : {}), ...(step.call === undefined ? {} : { call: step.call }) })),
    ...(overwritten.length > 0 ? { overwritten } : {}),
    ...(notes.length > 0 ? { notes } : {}),
  };
}

const byOf = (step: Step | undefined): { by?: number } => (step === undefined ? {} : { by: step.id });

// Which steps undo and redo consider: a session's own (`session`), else every one; and what one change
// is: the steps of one call (a batched create, update or delete records one per file), or of one agent
// turn (`by: 'turn'`; a step without a turn counts by its call).
export interface Scope {
  readonly session?: string;
  readonly by?: 'call' | 'turn';
}

const inScope = (scope: Scope) => (step: Step): boolean => scope.session === undefined || step.session === scope.session;

// `list` (oldest first) as changes, oldest first, each the steps of one call (or turn), ordered by their newest step.
export function changesOf(list: readonly Step[], by: Scope['by'] = 'call'): Step[][] {
  const groups = new Map<string, Step[]>();
  for (const step of list) {
    const key = by === 'turn' && step.turn !== undefined ? `turn\0${step.turn}` : step.call !== undefined ? `call\0${step.call}` : `id\0${step.id}`;
    groups.set(key, [...(groups.get(key) ?? []), step]);
  }
  return [...groups.values()].sort((a, b) => a.at(-1)!.id - b.at(-1)!.id);
}

function nothingInScope(all: readonly Step[], scope: Scope, verb: 'undo' | 'redo'): string | undefined {
  if (scope.session === undefined) return undefined;
  const others = all.filter((step) => (verb === 'undo' ? step.status !== 'undone' : step.status === 'undone') && step.session !== scope.session).length;
  return others === 0 ? undefined : `nothing to ${verb} in this session (${others} change${others === 1 ? '' : 's'} by other sessions or doors: pass --all-sessions to include them)`;
}

// Moves the files of `steps` with their folders opened for their owner (folders.ts): a folder a command
// made read-only does not block undo or redo. The modes go back when the move fails (or in a dry run);
// moveFolders sets them after a move.
async function withFoldersOpen<T>(ctx: CommandContext, steps: readonly Step[], act: () => Promise<T>): Promise<T> {
  if (ctx.dryRun) return act();
  const opened = await openFolders(ctx.workspace.jail, ctx.workspace.root, steps.flatMap((step) => (step.folders ?? []).map((folder) => folder.rel)));
  try {
    return await act();
  } catch (error) {
    await opened.putBack();
    throw error;
  }
}

// Takes back the newest `count` changes still in effect (newest first), or every step from `toId` on. A
// step that kept no checkpoint (backups: false) refuses the whole call (C224), or with `force` is
// passed over: marked undone, its files left as they are.
export async function undoSteps(ctx: CommandContext, options: { count?: number; toId?: number; force: boolean } & Scope): Promise<RewindResult> {
  const store = storeFor(ctx);
  return store.locked(async () => {
    const all = await store.steps();
    const active = all.filter((step) => step.status !== 'undone').filter(inScope(options));
    const groups = changesOf(active, options.by).slice(-(options.count ?? 1));
    const chosen = options.toId !== undefined ? active.filter((step) => step.id >= options.toId!) : groups.flat().sort((a, b) => a.id - b.id);
    if (chosen.length === 0 && options.toId === undefined) {
      const scoped = nothingInScope(all, options, 'undo');
      if (scoped !== undefined) throw fail('C224', scoped);
    }
    if (chosen.length === 0) throw fail('C224', options.toId !== undefined ? `nothing to restore: no change after checkpoint ${options.toId} is in effect (list them with "checkpoints")` : `nothing to undo: ${whyNoOlder(undefined, lastPruned(store), ctx.config)}`);
    const newestFirst = [...chosen].reverse();
    const passed = newestFirst.filter(isUnkept);
    if (passed.length > 0 && !options.force) throw fail('C224', unkeptRefusal(passed, newestFirst, active.at(-1), active.length - chosen.length));
    const by = unkeptAfter(all);
    const kept = newestFirst.filter((step) => !isUnkept(step));
    const found = await withFoldersOpen(ctx, kept, async () => move(ctx, store, await plan(ctx, kept, 'undo'), options.force, 'redo', by));
    if (ctx.dryRun) return summary(newestFirst, found, 'redo', undefined, by);
    await moveFolders(ctx.workspace.jail, ctx.workspace.root, kept, 'before');
    for (const step of newestFirst) await store.writeStep(moved(step, found, 'after', 'undone'));
    await store.markUndone(newestFirst.map((step) => step.id), true);
    const short = options.count === undefined ? undefined : shortUndoNote(options.count, groups.length, active[0]?.id, lastPruned(store), ctx.config);
    return summary(newestFirst, found, 'redo', short, by);
  });
}

// Applies again the oldest `count` undone steps (oldest first), or those before `beforeId`. A step that
// kept no checkpoint has nothing to apply: it is marked in effect again.
export async function redoSteps(ctx: CommandContext, options: { count?: number; beforeId?: number; force: boolean } & Scope): Promise<RewindResult> {
  const store = storeFor(ctx);
  return store.locked(async () => {
    const all = await store.steps();
    const undone = all.filter((step) => step.status === 'undone').filter(inScope(options));
    // Redo brings back what the last undo took: the session (or door) of the step undone last, from its
    // oldest undone change on (a session's undone steps are a chain redone in order). Another session's
    // older undone step waits for its own redo (newcomer pass, N1: `redo` re-applied another session's).
    const order = await store.undoneOrder();
    const last = [...order].reverse().map((id) => undone.find((step) => step.id === id)).find((step) => step !== undefined);
    const chain = last === undefined ? undone : undone.filter((step) => step.session === last.session);
    const groups = changesOf(chain, options.by).slice(0, options.count ?? 1);
    const chosen = options.beforeId !== undefined ? undone.filter((step) => step.id < options.beforeId!) : groups.flat().sort((a, b) => a.id - b.id);
    if (chosen.length === 0) throw fail('C224', nothingInScope(all, options, 'redo') ?? 'nothing to redo: no undone change (a new change after an undo drops what could be redone)');
    const kept = chosen.filter((step) => !isUnkept(step));
    const found = await withFoldersOpen(ctx, kept, async () => move(ctx, store, await plan(ctx, kept, 'redo'), options.force, 'undo', () => undefined));
    if (ctx.dryRun) return summary(chosen, found, 'undo', undefined);
    await moveFolders(ctx.workspace.jail, ctx.workspace.root, kept, 'after');
    for (const step of chosen) await store.writeStep(moved(step, found, 'before', 'done'));
    await store.markUndone(chosen.map((step) => step.id), false);
    return summary(chosen, found, 'undo', options.count === undefined ? undefined : shortRedoNote(options.count, groups.length));
  });
}

// restore --to ID: the workspace as it was before checkpoint ID (undo from ID on), or, when ID is
// undone already, redo what came before it.
export async function restoreTo(ctx: CommandContext, id: number, force: boolean): Promise<RewindResult & { direction: 'undo' | 'redo' }> {
  const steps = await storeFor(ctx).steps();
  const target = steps.find((step) => step.id === id);
  if (target === undefined) {
    const by = steps.find((step) => step.replaced?.includes(id));
    throw fail('C224', by === undefined ? `no checkpoint ${id}: list them with "checkpoints"` : `no checkpoint ${id}: it was undone, then dropped by checkpoint ${by.id} (${by.command}; a new change ends what redo could bring back); list what is kept with "checkpoints"`);
  }
  if (target.status !== 'undone') return { ...(await undoSteps(ctx, { toId: id, force })), direction: 'undo' };
  return { ...(await redoSteps(ctx, { beforeId: id, force })), direction: 'redo' };
}
