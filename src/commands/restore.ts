import * as z from 'zod/mini';
import { defineCommand } from '../engine/command.js';
import { described, flag } from '../engine/schema.js';
import type { RewindResult } from '../files/checkpoints/rewind.js';
import { formatRewind } from './undo.js';

const flags = z.strictObject({
  to: described(z.int().check(z.minimum(1)), 'checkpoint id (checkpoints, or data.backup "checkpoint:ID"): back to before it'),
  force: flag('restore files changed since too; skip changes without a checkpoint'),
});

export const restoreCommand = defineCommand({
  name: 'restore',
  aliases: ['restore_checkpoint', 'rewind'],
  summary: 'Put every file back as it was before the checkpoint --to names',
  guide: 'checkpoints lists the ids.',
  flags,
  flagAliases: { id: 'to', checkpoint: 'to' },
  positional: 'to',
  examples: ['restore --to 12'],
  effect: 'write',
  effectArgs: ['to', 'force'],
  dryRun: true,
  annotations: { readOnly: false, destructive: true, idempotent: true },
  // The files come from the checkpoint store (each is jailed again when the step is applied); the whole
  // workspace is declared, so the agent's scheduler runs it alone and the gate asks as for a write.
  touches: () => [{ path: '.', access: 'write' }],
  run: async (args, ctx) => {
    // A staged command killed while applying its changes is finished first (one undo step then).
    // A staged run cut short is applied or dropped first (loaded here: the staging code is the shell's).
    await (await import('../shell/stage/recover.js')).recoverStaged(ctx);
    const [{ restoreTo }, { withoutImmuneFiles }] = await Promise.all([import('../files/checkpoints/rewind.js'), import('./rewind-guard.js')]);
    return restoreTo(withoutImmuneFiles(ctx), args.to, args.force);
  },
  format: (data: RewindResult & { direction: 'undo' | 'redo' }) => formatRewind(data.direction === 'undo' ? 'undid' : 'redid', data),
});
