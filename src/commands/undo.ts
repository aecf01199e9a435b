import * as z from 'zod/mini';
import { defineCommand } from '../engine/command.js';
import { flag, wholeOr } from '../engine/schema.js';
import { undoSteps, type RewindResult } from '../files/checkpoints/rewind.js';
import { plural } from './render.js';
import { withoutImmuneFiles } from './rewind-guard.js';

const flags = z.strictObject({
  steps: wholeOr(1, 1, 'how many of the latest changes to take back (a multipatch is one change)'),
  force: flag('restore even files changed since codeward\'s change (what is there is kept in the store: redo brings it back), and pass over a change that kept no checkpoint (backups: false), leaving its files as they are'),
});

export function formatRewind(verb: string, data: RewindResult): string {
  const line = (step: RewindResult['steps'][number]): string => `  checkpoint ${step.id} ${step.command}: ${step.files.join(', ')}`;
  const moved = data.steps.filter((step) => step.kept !== false);
  const passed = data.steps.filter((step) => step.kept === false);
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
  guide: 'For one file, use rollback; to go back to a checkpoint several changes ago, restore.',
  flags,
  examples: ['undo'],
  effect: 'write',
  effectArgs: ['steps', 'force'],
  dryRun: true,
  annotations: { readOnly: false, destructive: true, idempotent: false },
  // The files come from the checkpoint store (each is jailed again when the step is applied); the whole
  // workspace is declared, so the agent's scheduler runs it alone and the gate asks as for a write.
  touches: () => [{ path: '.', access: 'write' }],
  run: (args, ctx) => undoSteps(withoutImmuneFiles(ctx), { count: args.steps, force: args.force }),
  format: (data: RewindResult) => formatRewind('undid', data),
});
