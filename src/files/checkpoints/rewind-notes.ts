import type { Config } from '../../engine/config.js';
import type { PruneNote } from './prune.js';
import { describeState, type FileState } from './state.js';
import { isUnkept, stepTouches, type Step } from './store.js';

// The words undo, redo and restore say about what they could not do or did beyond the plain move.

const fileList = (step: Step): string => step.files.map((file) => file.rel).join(', ');

// The newest step after `id` that kept no checkpoint and touched `rel` (whatever its status): the
// change codeward made itself that a file was found in, rather than someone else's.
export function unkeptAfter(all: readonly Step[]): (id: number, rel: string) => Step | undefined {
  const unkept = all.filter(isUnkept).reverse();
  return (id, rel) => unkept.find((step) => step.id > id && stepTouches(step, rel));
}

// The refusal when the changes asked for include one that kept no checkpoint (made with backups: false).
// `newest` is the newest step still in effect; `chosen` the steps asked for, newest first.
// `older`: how many steps in effect come before the chosen ones.
export function unkeptRefusal(passed: readonly Step[], chosen: readonly Step[], newest: Step | undefined, older: number): string {
  const named = passed.map((step) => {
    const which = step.id === newest?.id ? `the last change to ${fileList(step)} (${step.command}, checkpoint ${step.id})` : `the change to ${fileList(step)} (${step.command}, checkpoint ${step.id})`;
    return which;
  });
  const files = passed.flatMap((step) => step.files.map((file) => file.rel));
  const others = chosen.length - passed.length;
  const force = others > 0
    ? `, or pass --force to pass over it and take back the ${others === 1 ? 'other change' : `${others} other changes`} asked for (files they share are restored over it; what is there now is kept in the store: "redo" brings it back)`
    : older > 0 ? ', or pass --force to pass over it (its files stay as they are; the next undo goes on with the change before it)' : ' (codeward kept no earlier change here to go back to)';
  return [
    `nothing was restored: ${named.join('; ')} kept no checkpoint (made with backups: false), so codeward cannot bring the version before it back.`,
    `Restore ${files.join(', ')} yourself if you need the earlier version (git checkout, or an edit)${force}.`,
  ].join('\n');
}

// One file found in another state than codeward left it, as a conflict line: codeward's own change
// that kept no checkpoint when there is one, else someone else's.
export interface Conflict {
  readonly step: Step;
  readonly rel: string;
  readonly expected: FileState | undefined;
  readonly found: FileState;
  readonly by: Step | undefined;
}

export function conflictMessage(conflicts: readonly Conflict[], bringBack: 'undo' | 'redo'): string {
  const line = (each: Conflict): string => `${each.rel} (checkpoint ${each.step.id}, ${each.step.command}): expected ${each.expected === undefined ? 'the state codeward left' : describeState(each.expected)}, found ${describeState(each.found)}`;
  const unfinished = conflicts.filter((each) => each.expected === undefined && each.by === undefined);
  const outside = conflicts.filter((each) => each.expected !== undefined && each.by === undefined);
  const ours = conflicts.filter((each) => each.by !== undefined);
  const parts: string[] = [];
  if (unfinished.length > 0) {
    const lines = unfinished.map((each) => `${each.rel} (checkpoint ${each.step.id}, ${each.step.command}, by process ${each.step.pid}): found ${describeState(each.found)}`);
    parts.push(`left unfinished (the process that made the change ended before it noted what it wrote), so codeward cannot tell its own change from someone else's:\n  ${lines.join('\n  ')}`);
  }
  if (outside.length > 0) parts.push(`changed since codeward's change by something that keeps no checkpoint (an exec command, another program, an editor), refusing to overwrite:\n  ${outside.map(line).join('\n  ')}`);
  if (ours.length > 0) {
    const by = ours.map((each) => `${line(each)}; codeward changed it since in checkpoint ${each.by!.id} (${each.by!.command}), which kept no checkpoint (backups: false)`);
    parts.push(`changed since by a change of codeward's that kept no checkpoint, refusing to overwrite it:\n  ${by.join('\n  ')}`);
  }
  parts.push(`nothing was restored. Pass --force to restore anyway (what is there now is kept in the store: "${bringBack}" brings it back)`);
  return parts.join('\n');
}

// What --force overwrote, with the way back (`absent`: the file was gone, so nothing was overwritten).
// `removed`: the move took the file away rather than writing another version over it.
export function overwrittenNotes(list: readonly { checkpoint: number; file: string; found: string; absent?: true; removed?: true; by?: number }[], bringBack: 'undo' | 'redo'): string[] {
  return list.map((each) => {
    const since = `since checkpoint ${each.checkpoint}${each.by === undefined ? '' : ` (by codeward's checkpoint ${each.by}, which kept none)`}`;
    return each.absent
      ? `put back ${each.file}, which was absent (removed or renamed ${since}): "${bringBack}" removes it again`
      : `${each.removed ? 'removed' : 'overwrote'} ${each.file} as it was found, changed ${since} (${each.found}): that version is kept in the store; "${bringBack}" brings it back`;
  });
}

// Why no older change is in effect: pruned by a limit (naming it), or none was made.
export function whyNoOlder(oldestLeft: number | undefined, pruned: PruneNote | undefined, config: Pick<Config, 'checkpointMaxMB' | 'checkpointMaxDays'>): string {
  if (pruned !== undefined && (oldestLeft === undefined || pruned.newest < oldestLeft)) {
    const limits = [
      ...(pruned.size ? [`its size limit (checkpointMaxMB: ${config.checkpointMaxMB})`] : []),
      ...(pruned.age ? [`its age limit (checkpointMaxDays: ${config.checkpointMaxDays})`] : []),
    ];
    return `older changes (checkpoint ${pruned.newest} and before) were pruned from the checkpoint store by ${limits.join(' and ') || 'its limits'} (a higher setting keeps more)`;
  }
  return 'codeward made no earlier change here that is still in effect';
}

// Why an undo took back fewer changes than asked.
export function shortUndoNote(asked: number, got: number, oldestLeft: number | undefined, pruned: PruneNote | undefined, config: Pick<Config, 'checkpointMaxMB' | 'checkpointMaxDays'>): string | undefined {
  return got >= asked ? undefined : `asked for ${asked}, undid ${got}: ${whyNoOlder(oldestLeft, pruned, config)}`;
}

export function shortRedoNote(asked: number, got: number): string | undefined {
  return got >= asked ? undefined : `asked for ${asked}, redid ${got}: no more changes are undone`;
}
