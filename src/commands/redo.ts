import * as z from 'zod/mini';
import { defineCommand } from '../engine/command.js';
import { flag, wholeOr } from '../engine/schema.js';
import type { RewindResult } from '../files/checkpoints/rewind.js';
import { formatRewind, rewindScope } from './undo.js';

const flags = z.strictObject({
  steps: wholeOr(1, 1, 'how many undone changes to apply again, oldest first'),
  force: flag('apply even where a file changed since the undo'),
  allSessions: flag('in a session (the agent, an MCP client, a CLI session): the whole workspace\'s history, every session\'s changes'),
  turn: flag('count the agent\'s turns instead of calls'),
});

export const redoCommand = defineCommand({
  name: 'redo',
  aliases: ['redo_change'],
  summary: 'Apply again what undo took back',
  flags,
  examples: ['redo'],
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
    const [{ redoSteps }, { withoutImmuneFiles }] = await Promise.all([import('../files/checkpoints/rewind.js'), import('./rewind-guard.js')]);
    return redoSteps(withoutImmuneFiles(ctx), { count: args.steps, force: args.force, ...rewindScope(args, ctx) });
  },
  format: (data: RewindResult) => formatRewind('redid', data),
});
