import type { CommandContext } from '../../engine/command.js';
import { backupFile, replaceFile, type ReplaceOptions } from '../replace-file.js';
import { checkpointed, checkpointLabel } from './record.js';

// What `data.backup` says: the `.bak` beside the file (backups: "beside"), else the checkpoint that
// holds the previous version ("checkpoint:12"; `undo` or `restore --to 12` bring it back), else null.
export function backupLabel(ctx: CommandContext, beside: string | undefined, checkpoint: number | undefined): string | null {
  if (beside !== undefined) return ctx.workspace.relative(beside);
  return checkpoint === undefined ? null : checkpointLabel(checkpoint);
}

// replaceFile as one checkpointed step; the `.bak` only with backups: "beside" and an existing file.
export async function replaceCheckpointed(ctx: CommandContext, command: string, real: string, bytes: Uint8Array | string, options: Omit<ReplaceOptions, 'backup'> & { existed?: boolean } = {}): Promise<string | null> {
  const { existed = true, ...rest } = options;
  const beside = ctx.config.backups === 'beside' && existed;
  const { value, checkpoint } = await checkpointed(ctx, command, [real], () => replaceFile(ctx.workspace.jail, real, bytes, { ...rest, backup: beside }));
  return existed ? backupLabel(ctx, value, checkpoint) : null;
}

// The `.bak` of a file a transaction will replace, with backups: "beside" only.
export async function besideBackup(ctx: CommandContext, real: string): Promise<string | undefined> {
  return ctx.config.backups === 'beside' ? backupFile(ctx.workspace.jail, real) : undefined;
}
