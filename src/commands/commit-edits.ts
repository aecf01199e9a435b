// The write phase every multi-file edit shares (multipatch, rename-symbol): the changes declared with their
// bytes (ctx.intend: the approval's diff, the syntax check), a .bak of each changed file where backups are
// kept beside, then one journaled commit of every file as one checkpoint (one undo step), restored whole
// on failure (C223).
import type { CommandContext } from '../engine/command.js';
import { fail, isCodewardError, toCodewardError } from '../engine/errors.js';
import { sameBytes, type EditableFile } from './edit-file.js';

export interface EditedFile {
  readonly file: EditableFile;
  readonly bytes: Uint8Array;
}

// The backup label of each file in order (null: unchanged), or undefined for a dry run (nothing written).
export async function commitEdits(ctx: CommandContext, command: string, edited: readonly EditedFile[]): Promise<(string | null)[] | undefined> {
  const changed = edited.map(({ file, bytes }) => !sameBytes(bytes, file.bytes));
  const intended = edited.flatMap(({ file, bytes }, index) => (changed[index] ? [{ path: file.target.real, after: bytes, before: file.bytes }] : []));
  if (await ctx.intend(intended)) return undefined;
  // The checkpoint store loads with the first call that writes (issue 31: a read loads none of it).
  const [{ checkpointed }, { backupLabel, besideBackup }] = await Promise.all([import('../files/checkpoints/record.js'), import('../files/checkpoints/replace.js')]);
  const besides: (string | undefined)[] = [];
  for (const [index, { file }] of edited.entries()) besides.push(changed[index] ? await besideBackup(ctx, file.target.real) : undefined);
  const changes = intended.map(({ path, after }) => ({ path, bytes: after }));
  const { checkpoint } = await checkpointed(ctx, command, changes.map((change) => change.path), async () => {
    try {
      await ctx.commit(changes);
    } catch (error) {
      throw isCodewardError(error) && error.code === 'C223' ? error : fail('C223', `writing the files failed (${toCodewardError(error).message}); every file was restored`);
    }
  });
  return edited.map((_, index) => (changed[index] ? backupLabel(ctx, besides[index], checkpoint) : null));
}
