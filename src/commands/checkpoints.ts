import * as z from 'zod/mini';
import { defineCommand } from '../engine/command.js';
import { wholeOr } from '../engine/schema.js';
import type { FileState } from '../files/checkpoints/state.js';
import type { Step } from '../files/checkpoints/store.js';

const flags = z.strictObject({
  limit: wholeOr(1, 20, 'how many of the newest checkpoints to list'),
});

export interface CheckpointEntry {
  // The call's first step: `restore --to ID` takes the workspace back to before the whole call.
  id: number;
  // Every step of the call (a batched create records one per file; undo takes them back together).
  steps: number[];
  time: string;
  command: string;
  caller: string | null;
  // The door (cli, chatcli, mcp, agent, worker) and its session, when the step says.
  door: string | null;
  session: string | null;
  status: 'pending' | 'done' | 'undone';
  // false: made with backups: false, noted without a checkpoint (undo cannot take it back).
  kept: boolean;
  files: { path: string; change: 'created' | 'deleted' | 'changed' }[];
  // The undone changes this one dropped (a new change ends what could be redone): why ids are missing
  // below it. Ids are never reused, so an id read earlier names the same change or none.
  replaced?: number[];
}

interface CheckpointList {
  checkpoints: CheckpointEntry[];
  // Said when the list reaches the oldest step kept and older ones were pruned (naming the limit).
  pruned?: string;
}

function change(before: FileState | undefined, after: FileState | undefined): 'created' | 'deleted' | 'changed' {
  if (before?.kind === 'missing') return 'created';
  return after?.kind === 'missing' ? 'deleted' : 'changed';
}

// " (undone)", " (no checkpoint kept: backups false)"; empty for a step in effect that kept its checkpoint.
function status(entry: CheckpointEntry): string {
  if (!entry.kept) return entry.status === 'undone' ? ' (passed over; no checkpoint kept: backups false)' : ' (no checkpoint kept: backups false)';
  return entry.status === 'done' ? '' : ` (${entry.status})`;
}

// The files of one entry, at most FILES_SHOWN of them ("and 4,310 more": an `npm install` is one step of
// thousands of files; --json lists every one).
const FILES_SHOWN = 5;
function filesText(files: CheckpointEntry['files']): string {
  const shown = files.slice(0, FILES_SHOWN).map((file) => (file.change === 'changed' ? file.path : `${file.path} (${file.change})`)).join(', ');
  return files.length > FILES_SHOWN ? `${shown} and ${(files.length - FILES_SHOWN).toLocaleString('en-US')} more (--json lists them)` : shown;
}

// "2-4, 7": the ids in order, runs shortened.
function ranges(ids: readonly number[]): string {
  const runs: [number, number][] = [];
  for (const id of [...ids].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last && id === last[1] + 1) last[1] = id;
    else runs.push([id, id]);
  }
  return runs.map(([from, to]) => (from === to ? `${from}` : `${from}-${to}`)).join(', ');
}

// " (after undoing 2-4: a new change drops what redo could bring back; their ids are not reused)".
const replacedNote = (entry: CheckpointEntry): string =>
  entry.replaced === undefined ? '' : `  [dropped the undone ${entry.replaced.length === 1 ? 'change' : 'changes'} ${ranges(entry.replaced)}: a new change ends what redo could bring back; ids are never reused]`;

// " via agent session 20260101-120000-a1b2c3 by coder agent ac-2"; empty when the step names no one.
function origin(entry: CheckpointEntry): string {
  const door = entry.door === null ? '' : ` via ${entry.door}${entry.session === null ? '' : ` session ${entry.session}`}`;
  return `${door}${entry.caller ? ` by ${entry.caller}` : ''}`;
}

// The steps grouped by the call that made them (one entry per call, as undo takes them back), newest
// call first, each call's steps oldest first. A step without a call id is a call of its own.
function byCall(steps: readonly Step[]): Step[][] {
  const groups: Step[][] = [];
  for (const step of steps) {
    const open = groups[groups.length - 1];
    const previous = open?.[open.length - 1];
    if (open && previous?.call !== undefined && previous.call === step.call) open.push(step);
    else groups.push([step]);
  }
  return groups.reverse();
}

export const checkpointsCommand = defineCommand({
  name: 'checkpoints',
  aliases: ['list_checkpoints', 'history'],
  summary: 'List the changes codeward made (id, time, command, door/session, files), newest first',
  flags,
  examples: ['checkpoints'],
  effect: 'read',
  effectArgs: [],
  annotations: { readOnly: true, destructive: false, idempotent: true },
  touches: () => [],
  run: async (args, ctx): Promise<CheckpointList> => {
    const [{ storeFor }, { isUnkept }, { lastPruned }, { whyNoOlder }] = await Promise.all([
      import('../files/checkpoints/record.js'), import('../files/checkpoints/store.js'), import('../files/checkpoints/prune.js'), import('../files/checkpoints/rewind-notes.js'),
    ]);
    const store = storeFor(ctx);
    const all = await store.steps();
    const calls = byCall(all);
    const listed = calls.slice(0, args.limit);
    // When the list reaches the oldest step: whether older ones were pruned, and by which limit.
    const pruned = lastPruned(store);
    const note = listed.length === calls.length && pruned !== undefined && (all[0] === undefined || pruned.newest < all[0].id) ? whyNoOlder(all[0]?.id, pruned, ctx.config) : undefined;
    return {
      ...(note === undefined ? {} : { pruned: note }),
      checkpoints: listed.map((group) => {
        const first = group[0]!;
        const last = group[group.length - 1]!;
        return {
          id: first.id,
          steps: group.map((step) => step.id),
          time: last.time,
          command: first.command,
          caller: first.caller ?? null,
          door: first.door ?? null,
          session: first.session ?? null,
          status: last.status,
          kept: group.every((step) => !isUnkept(step)),
          files: group.flatMap((step) => step.files.map((file) => ({ path: file.rel, change: change(file.before, file.after) }))),
          ...(first.replaced === undefined ? {} : { replaced: [...first.replaced] }),
        };
      }),
    };
  },
  format: (data: CheckpointList) =>
    data.checkpoints.length === 0
      ? (data.pruned ? `no checkpoints: ${data.pruned}` : 'no checkpoints: codeward has not changed anything here yet')
      : [...data.checkpoints.map((entry) => `${entry.id}  ${entry.time}  ${entry.command}${status(entry)}${origin(entry)}: ${filesText(entry.files)}${replacedNote(entry)}`), ...(data.pruned ? [data.pruned] : [])].join('\n'),
});
