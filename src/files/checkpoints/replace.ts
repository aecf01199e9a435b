import type { CommandContext } from '../../engine/command.js';
import { backupFile, replaceFileStaged, type ReplaceOptions } from '../replace-file.js';
import { dirname } from 'node:path';
import { checkpointed, checkpointLabel } from './record.js';
import type { StepFolder } from './store.js';

// The folders above `real` that do not exist yet (a write or create with parents makes them): in the step,
// so its undo removes them when empty again and redo makes them (newcomer pass N5).
export function missingParents(ctx: CommandContext, real: string): StepFolder[] {
  const folders: StepFolder[] = [];
  for (let dir = dirname(real); dir !== ctx.workspace.root && dir.startsWith(`${ctx.workspace.root}/`) && ctx.workspace.jail.lstat(dir) === undefined; dir = dirname(dir)) {
    folders.push({ rel: ctx.workspace.relative(dir), before: null, after: 0o755 });
  }
  return folders;
}

// What `data.backup` says: the `.bak` beside the file (backups: "beside"), else the checkpoint that
// holds the previous version ("checkpoint:12"; `undo` or `restore --to 12` bring it back), else null.
export function backupLabel(ctx: CommandContext, beside: string | undefined, checkpoint: number | undefined): string | null {
  if (beside !== undefined) return ctx.workspace.relative(beside);
  return checkpoint === undefined ? null : checkpointLabel(checkpoint);
}

// replaceFile as one checkpointed step; the `.bak` only with backups: "beside" and an existing file.
// Declared first (ctx.intend): a dry run stops there; `before` is the file as the handler read it.
export async function replaceCheckpointed(ctx: CommandContext, command: string, real: string, bytes: Uint8Array | string, options: Omit<ReplaceOptions, 'backup'> & { existed?: boolean; before?: Uint8Array | null } = {}): Promise<string | null> {
  const { existed = true, before, ...rest } = options;
  const beside = ctx.config.backups === 'beside' && existed;
  const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  if (await ctx.intend([{ path: real, after: data, ...(before === undefined ? {} : { before }), ...(rest.mode === undefined ? {} : { mode: rest.mode }) }])) return null;
  const { value, checkpoint } = await checkpointed(
    ctx, command, [real],
    () => replaceFileStaged(ctx.workspace.jail, real, data, { ...rest, backup: beside }),
    // What was written, so the step's after state needs no read-back (see record.ts writtenState).
    ({ staged }) => new Map([[real, { bytes: data, staged }]]),
    rest.mkdirs === true ? missingParents(ctx, real) : [],
  );
  return existed ? backupLabel(ctx, value.backup, checkpoint) : null;
}

// The `.bak` of a file a transaction will replace, with backups: "beside" only.
export async function besideBackup(ctx: CommandContext, real: string): Promise<string | undefined> {
  return ctx.config.backups === 'beside' ? backupFile(ctx.workspace.jail, real) : undefined;
}
