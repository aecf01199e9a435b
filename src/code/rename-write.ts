// rename-symbol's write: every changed file as one journaled commit and one checkpoint (one undo step),
// like multipatch. Each file is resolved again for writing through the jail, refused when the write gate's
// predicate calls it safety-immune (a file a program later runs or obeys), and refused when its text is
// no longer the one the rename was planned on; every change is declared first (ctx.intend: the approval's
// diff and the syntax check of each touched file).
import type { CommandContext } from '../engine/command.js';
import { fail, isCodewardError, toCodewardError } from '../engine/errors.js';
import { checkpointed } from '../files/checkpoints/record.js';
import { backupLabel, besideBackup } from '../files/checkpoints/replace.js';
import { checkWritable } from '../files/replace-file.js';
import { decodeText, encodeText } from '../files/text.js';
import type { FileChange } from '../files/transaction.js';
import { immunePath } from '../permissions/immune-paths.js';
import { obeyedContext } from '../permissions/obeyed-context.js';
import { checkWriteSize } from '../commands/edit-file.js';

export async function writeRename(ctx: CommandContext, before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): Promise<string | null> {
  const git = obeyedContext(ctx.workspace.root);
  const changes: (FileChange & { before: Uint8Array; bytes: Uint8Array })[] = [];
  for (const [rel, text] of after) {
    const resolved = await ctx.workspace.resolve(rel, 'write');
    const immune = immunePath(rel, true, [], git) ?? immunePath(resolved.rel, true, [], git);
    if (immune) throw fail('C241', `${rel}: ${immune.description} is safety-immune, so rename-symbol does not write it; nothing was written. Rename with --dir set past it, or edit it yourself`);
    if (resolved.kind !== 'file') throw fail('C211', `${rel} is gone; nothing was written`);
    const handle = await ctx.workspace.openRead(resolved);
    let bytes: Uint8Array;
    try {
      bytes = await handle.readFile();
    } finally {
      await handle.close();
    }
    const doc = decodeText(bytes);
    if (doc.text !== before.get(rel)) throw fail('C230', `${rel} changed while the rename was planned; nothing was written: repeat the call`);
    await checkWritable(ctx.workspace.jail, resolved.real);
    const encoded = encodeText(text, doc);
    checkWriteSize(ctx, rel, encoded);
    changes.push({ path: resolved.real, bytes: encoded, before: bytes });
  }
  if (ctx.intend(changes.map(({ path, bytes, before: was }) => ({ path, after: bytes, before: was })))) return null;
  const besides: (string | undefined)[] = [];
  for (const change of changes) besides.push(await besideBackup(ctx, change.path));
  const { checkpoint } = await checkpointed(ctx, 'rename-symbol', changes.map((change) => change.path), async () => {
    try {
      await ctx.commit(changes.map(({ path, bytes }) => ({ path, bytes })));
    } catch (error) {
      throw isCodewardError(error) && error.code === 'C223' ? error : fail('C223', `writing the renamed files failed (${toCodewardError(error).message}); every file was restored`);
    }
  });
  return changes.length === 0 ? null : backupLabel(ctx, besides[0], checkpoint);
}
