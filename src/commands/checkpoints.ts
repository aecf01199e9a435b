import * as z from 'zod/mini';
import { defineCommand } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { described, wholeOr } from '../engine/schema.js';
import type { FileState } from '../files/checkpoints/state.js';
import type { Step } from '../files/checkpoints/store.js';

const flags = z.strictObject({
  limit: wholeOr(1, 20, 'how many, newest first'),
  id: described(z.optional(z.int()), 'one change, every file'),
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
  // The call named one change (`--id`): its every file is listed.
  one?: true;
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

// The files of one entry, at most FILES_SHOWN of them in a list ("and 4,310 more": an `npm install` is one
// step of thousands of files), every one when the call names the entry's id.
const FILES_SHOWN = 5;
function filesText(files: CheckpointEntry['files'], all: boolean): string {
  const shown = (all ? files : files.slice(0, FILES_SHOWN)).map((file) => (file.change === 'changed' ? file.path : `${file.path} (${file.change})`)).join(', ');
  return files.length > FILES_SHOWN && !all ? `${shown} and ${(files.length - FILES_SHOWN).toLocaleString('en-US')} more` : shown;
}

// The call that lists a cut entry's every file, in a note of its own (every door words a note's flags as its
// callers send them: `checkpoints {"id":7}` to an MCP client; the CLI's --json said nothing to those).
const allFilesNote = (entry: CheckpointEntry): string => `[change ${entry.id}: ${FILES_SHOWN} of its ${entry.files.length.toLocaleString('en-US')} files shown; all of them: checkpoints --id ${entry.id}]`;

function entryText(entry: CheckpointEntry, all: boolean): string {
  const line = `${entry.id}  ${entry.time}  ${entry.command}${status(entry)}${origin(entry)}: ${filesText(entry.files, all)}${replacedNote(entry)}`;
  return !all && entry.files.length > FILES_SHOWN ? `${line}\n${allFilesNote(entry)}` : line;
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

// One call's steps as one entry of the list.
function entryOf(group: readonly Step[], isUnkept: (step: Step) => boolean): CheckpointEntry {
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
}

export const checkpointsCommand = defineCommand({
  name: 'checkpoints',
  aliases: ['list_checkpoints', 'history'],
  summary: 'List the changes codeward made, newest first',
  flags,
  examples: ['checkpoints', 'checkpoints --id 7'],
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
    if (args.id !== undefined) {
      const call = calls.find((group) => group.some((step) => step.id === args.id));
      if (call === undefined) throw fail('C211', `no change ${args.id} in the checkpoint store (pruned, or never made); checkpoints lists the ids kept`);
      return { checkpoints: [entryOf(call, isUnkept)], one: true };
    }
    const listed = calls.slice(0, args.limit);
    // When the list reaches the oldest step: whether older ones were pruned, and by which limit.
    const pruned = lastPruned(store);
    const note = listed.length === calls.length && pruned !== undefined && (all[0] === undefined || pruned.newest < all[0].id) ? whyNoOlder(all[0]?.id, pruned, ctx.config) : undefined;
    return {
      ...(note === undefined ? {} : { pruned: note }),
      checkpoints: listed.map((group) => entryOf(group, isUnkept)),
    };
  },
  format: (data: CheckpointList) =>
    data.checkpoints.length === 0
      ? (data.pruned ? `no checkpoints: ${data.pruned}` : 'no checkpoints: codeward has not changed anything here yet')
      : [...data.checkpoints.map((entry) => entryText(entry, data.one === true)), ...(data.pruned ? [data.pruned] : [])].join('\n'),
});
