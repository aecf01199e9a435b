import * as z from 'zod/mini';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { flag, wholeOr } from '../engine/schema.js';
import type { RewindResult, Scope } from '../files/checkpoints/rewind.js';
import { plural } from './render.js';

const flags = z.strictObject({
  steps: wholeOr(1, 1, 'changes to take back (one call is one change, all its files)'),
  force: flag('restore files changed since too (redo brings them back); skip a change without a checkpoint'),
  allSessions: flag('in a session (the agent, an MCP client, a CLI session): the whole workspace\'s history, every session\'s changes'),
  turn: flag('count the agent\'s turns (one model answer) instead of calls'),
});

// The steps undo and redo consider: the caller's own session when it has one (the agent's transcript, the
// CLI's --session, an MCP connection), unless --all-sessions; without a session (the plain CLI), the whole workspace.
export function rewindScope(args: { allSessions: boolean; turn: boolean }, ctx: CommandContext): Scope {
  const session = args.allSessions ? undefined : ctx.door?.session;
  return { ...(session === undefined ? {} : { session }), by: args.turn ? 'turn' : 'call' };
}

// The steps of one call are one change, named by its first checkpoint as `checkpoints` lists it (newcomer pass N4).
type RewindStep = RewindResult['steps'][number];
function changes(steps: readonly RewindStep[]): RewindStep[] {
  const byCall = new Map<string, RewindStep>();
  const out: RewindStep[] = [];
  for (const step of steps) {
    const same = step.call === undefined ? undefined : byCall.get(step.call);
    if (same === undefined) {
      const change = { ...step, files: [...step.files] };
      if (step.call !== undefined) byCall.set(step.call, change);
      out.push(change);
    } else {
      same.id = Math.min(same.id, step.id);
      same.files.push(...step.files.filter((file) => !same.files.includes(file)));
    }
  }
  return out;
}

export function formatRewind(verb: string, data: RewindResult): string {
  const line = (step: RewindStep): string => `  checkpoint ${step.id} ${step.command}: ${step.files.join(', ')}`;
  const moved = changes(data.steps.filter((step) => step.kept !== false));
  const passed = changes(data.steps.filter((step) => step.kept === false));
  return [
    ...(moved.length > 0 || passed.length === 0 ? [`${verb} ${plural(moved.length, 'change')}:`, ...moved.map(line)] : []),
    ...(passed.length > 0 ? [`passed over ${plural(passed.length, 'change')} that kept no checkpoint (made with backups: false; the files were left as they are):`, ...passed.map(line)] : []),
    ...(data.notes ?? []),
  ].join('\n');
}

export const undoCommand = defineCommand({
  name: 'undo',
  aliases: ['undo_last', 'undo_change'],
  summary: 'Take back the last change codeward made (all its files, byte-exact); redo brings it back',
  guide: 'For one file, use rollback; for an older checkpoint, restore.',
  flags,
  examples: ['undo'],
  effect: 'write',
  // --all-sessions reaches other sessions' and doors' changes (a person's), --turn a whole answer of the model: both decide what is taken back (red team R6-2).
  effectArgs: ['steps', 'force', 'allSessions', 'turn'],
  dryRun: true,
  annotations: { readOnly: false, destructive: true, idempotent: false },
  // The files come from the checkpoint store (each is jailed again when the step is applied); the whole
  // workspace is declared, so the agent's scheduler runs it alone and the gate asks as for a write.
  touches: () => [{ path: '.', access: 'write' }],
  run: async (args, ctx) => {
    // A staged command killed while applying its changes is finished first (one undo step then).
    // A staged run cut short is applied or dropped first (loaded here: the staging code is the shell's).
    await (await import('../shell/stage/recover.js')).recoverStaged(ctx);
    const [{ undoSteps }, { withoutImmuneFiles }] = await Promise.all([import('../files/checkpoints/rewind.js'), import('./rewind-guard.js')]);
    return undoSteps(withoutImmuneFiles(ctx), { count: args.steps, force: args.force, ...rewindScope(args, ctx) });
  },
  format: (data: RewindResult) => formatRewind('undid', data),
});
