import * as z from 'zod/mini';
import { pathText } from '../engine/schema.js';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { backupPath } from '../files/backup.js';
import { restoreFile } from '../files/replace-file.js';

const flags = z.strictObject({ file: pathText('file to put back to its previous version') });

type RollbackArgs = z.infer<typeof flags>;

export interface RollbackData {
  restored: string;
  // Where the previous version came from: "checkpoint:ID" or the `.bak` beside the file.
  from: string;
  // Where the replaced version went (a checkpoint, or the `.bak` after the swap); null when the file
  // was absent (after a delete nothing was replaced).
  backup: string | null;
  // Set when no version was there to replace (a rollback after a delete).
  absent?: true;
  // Set when the previous version is "no file": the change being rolled back created it, so it is removed.
  removed?: true;
}

// The previous version from the checkpoint store: the newest step in effect that changed this file.
// Rolling back is itself a step, so a second rollback brings the newer version back (as with .bak).
async function fromStore(ctx: CommandContext, real: string, rel: string): Promise<RollbackData | undefined> {
  const [{ getBlob }, { checkpointed, checkpointLabel, storeFor }, { stepTouches }, { applyState }] = await Promise.all([
    import('../files/checkpoints/blobs.js'), import('../files/checkpoints/record.js'), import('../files/checkpoints/store.js'), import('../files/checkpoints/state.js'),
  ]);
  const store = storeFor(ctx);
  const step = (await store.steps()).reverse().find((each) => each.status !== 'undone' && stepTouches(each, rel));
  if (step === undefined) return undefined;
  const before = step.files.find((file) => file.rel === rel)?.before;
  if (before === undefined) {
    throw fail('C224', `the last change to ${rel} (${step.command} ${step.files.map((file) => file.rel).join(', ')}, checkpoint ${step.id}) kept no checkpoint (it was made with backups: false), so rollback cannot bring the version before it back; nothing was restored. Restore it yourself if you need it (git checkout, or an edit)`);
  }
  const bytes = before.kind === 'file' ? await getBlob(store.dir, before.hash, rel) : undefined;
  if (before.kind === 'file' && bytes === undefined) return undefined;
  const replaced = ctx.workspace.jail.lstat(real) !== undefined;
  const state = before.kind === 'file' || before.kind === 'missing' ? {} : { before: null, note: `puts ${rel} back as it was (a ${before.kind})` };
  if (await ctx.intend([{ path: real, after: bytes ?? null, ...state }])) return { restored: rel, from: checkpointLabel(step.id), backup: null, ...(before.kind === 'missing' ? { removed: true as const } : {}) };
  const { checkpoint } = await checkpointed(ctx, 'rollback', [real], () => applyState(ctx.workspace.jail, real, before, bytes));
  return { restored: rel, from: checkpointLabel(step.id), backup: checkpoint === undefined || !replaced ? null : checkpointLabel(checkpoint), ...(replaced ? {} : { absent: true as const }), ...(before.kind === 'missing' ? { removed: true as const } : {}) };
}

async function run(args: RollbackArgs, ctx: CommandContext): Promise<RollbackData> {
  const target = ctx.path(args.file);
  if (target.kind === 'dir') throw fail('C210', `${args.file} is a folder; rollback restores one file`);
  const stored = await fromStore(ctx, target.real, target.rel);
  if (stored) return stored;
  // No checkpoint: a ChatCLI-style `.bak` beside the file. It is jailed like any path: a planted
  // `x.bak` symlink must not pull outside bytes in.
  const backup = await ctx.workspace.resolve(ctx.workspace.relative(backupPath(target.real)), 'read').catch((error: unknown) => {
    if ((error as { code?: string }).code === 'C211') throw fail('C224', `no previous version of ${args.file}: neither a checkpoint (see "checkpoints") nor a ${args.file}.bak${ctx.config.backups === false ? ' (backups: false keeps neither)' : ''}`);
    throw error;
  });
  if (backup.real !== backupPath(target.real)) throw fail('C215', `the backup of ${args.file} is a symlink; refusing to restore through it`);
  const bak = ctx.workspace.relative(backupPath(target.real));
  // Without a file to replace, the .bak is left as it is: it holds the restored version, not a replaced one.
  const replaced = target.kind !== 'missing';
  const handle = await ctx.workspace.openRead(backup);
  const saved = await handle.readFile().finally(() => handle.close());
  if (await ctx.intend([{ path: target.real, after: saved }])) return { restored: target.rel, from: bak, backup: null };
  await (await import('../files/checkpoints/record.js')).checkpointed(ctx, 'rollback', [target.real], () => restoreFile(ctx.workspace.jail, target.real));
  return { restored: target.rel, from: bak, backup: replaced ? bak : null, ...(replaced ? {} : { absent: true as const }) };
}

export const rollbackCommand = defineCommand({
  name: 'rollback',
  aliases: ['rollback_file'],
  summary: 'Put one file back to its previous version (checkpoint store, else its .bak)',
  guide: 'undo takes back a whole change.',
  flags,
  positional: 'file',
  examples: ['rollback --file src/app.ts'],
  effect: 'write',
  effectArgs: [],
  dryRun: true,
  annotations: { readOnly: false, destructive: true, idempotent: false },
  touches: (args) => [{ path: args.file, access: 'write' }],
  run,
  format: (data: RollbackData) => data.removed
    ? `removed ${data.restored}: it did not exist before ${data.from}${data.backup ? ` (the removed version is in ${data.backup}; rollback again brings it back)` : ''}`
    : `restored ${data.restored} from ${data.from}${data.backup ? ` (the replaced version is in ${data.backup})` : !data.absent ? '' : ` (it was absent: nothing was replaced${data.from.startsWith('checkpoint:') ? '; undo removes it again' : ''})`}`,
});
