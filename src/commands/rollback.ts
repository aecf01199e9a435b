import * as z from 'zod/mini';
import { pathText } from '../engine/schema.js';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { backupPath } from '../files/backup.js';
import { restoreFile } from '../files/replace-file.js';

const flags = z.strictObject({ file: pathText('file to restore from its .bak backup') });

type RollbackArgs = z.infer<typeof flags>;

export interface RollbackData {
  restored: string;
  backup: string;
}

async function run(args: RollbackArgs, ctx: CommandContext): Promise<RollbackData> {
  const target = ctx.path(args.file);
  if (target.kind === 'dir') throw fail('C210', `${args.file} is a folder; rollback restores one file`);
  // The backup is jailed like any path: a planted `x.bak` symlink must not pull outside bytes in.
  const backup = await ctx.workspace.resolve(ctx.workspace.relative(backupPath(target.real)), 'read').catch((error: unknown) => {
    if ((error as { code?: string }).code === 'C211') throw fail('C224', `no backup for ${args.file}: write and patch create one before changing a file`);
    throw error;
  });
  if (backup.real !== backupPath(target.real)) throw fail('C215', `the backup of ${args.file} is a symlink; refusing to restore through it`);
  await restoreFile(ctx.workspace.jail, target.real);
  return { restored: target.rel, backup: ctx.workspace.relative(backupPath(target.real)) };
}

export const rollbackCommand = defineCommand({
  name: 'rollback',
  aliases: ['rollback_file', 'undo', 'restore'],
  summary: 'Restore a file from its .bak backup (the current version becomes the new .bak, so a second rollback redoes)',
  flags,
  positional: 'file',
  examples: ['rollback --file src/app.ts'],
  effect: 'write',
  annotations: { readOnly: false, destructive: true, idempotent: false },
  touches: (args) => [{ path: args.file, access: 'write' }],
  run,
  format: (data: RollbackData) => `restored ${data.restored} from its backup (the replaced version is now ${data.backup})`,
});
