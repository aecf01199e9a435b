// rename-symbol's write, on multipatch's path: the files the plan changes are claimed (ctx.claim: the
// jail, the per-file locks and the staleness check of every edit command, so a file changed since the
// session read it is refused with C230 naming it), loaded under those locks, refused when their text is no
// longer the one the rename was planned on (changed during the call: C230 naming every such file), refused
// when the write gate's predicate calls one safety-immune, then written by commitEdits: declared first
// (the approval's diff, the syntax check), one journaled commit, one checkpoint (one undo step).
import type { CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { encodeText } from '../files/text.js';
import { immunePath } from '../permissions/immune-paths.js';
import { obeyedContext } from '../permissions/obeyed-context.js';
import { commitEdits, type EditedFile } from '../commands/commit-edits.js';
import { checkWriteSize, loadEditable } from '../commands/edit-file.js';

export async function writeRename(ctx: CommandContext, before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): Promise<string | null> {
  const git = obeyedContext(ctx.workspace.root);
  const refuseImmune = (rel: string): void => {
    const immune = immunePath(rel, true, [], git);
    if (immune) throw fail('C241', `${rel}: ${immune.description} is safety-immune, so rename-symbol does not write it; nothing was written. Rename with --dir set past it, or edit it yourself`);
  };
  for (const rel of after.keys()) refuseImmune(rel);
  await ctx.claim([...after.keys()].map((path) => ({ path, access: 'write' as const })));
  const edited: EditedFile[] = [];
  const changed: string[] = [];
  for (const [rel, text] of after) {
    const file = await loadEditable(ctx, rel);
    refuseImmune(file.target.rel);
    if (file.doc.text !== before.get(rel)) changed.push(rel);
    const bytes = encodeText(text, file.doc);
    checkWriteSize(ctx, rel, bytes);
    edited.push({ file, bytes });
  }
  if (changed.length > 0) throw fail('C230', `${changed.join(', ')} changed while the rename was planned; nothing was written: repeat the call`, { stale: changed });
  const backups = await commitEdits(ctx, 'rename-symbol', edited);
  return backups?.find((backup) => backup !== null) ?? null;
}
