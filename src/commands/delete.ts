import { rmdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { described, flag, nonEmptyPath } from '../engine/schema.js';
import { backupPath, createBackup } from '../files/backup.js';
import { listBelow, removeTree } from '../files/remove-tree.js';
import { folderEntries } from './folder-gate.js';
import { eachEntry, formatBatch, type BatchResult } from './batch.js';

const flags = z.strictObject({
  paths: described(z.array(nonEmptyPath()).check(z.minLength(1)), 'JSON array of files or folders to remove'),
  recursive: flag('remove non-empty folders too'),
});

export interface DeleteResult extends BatchResult {
  removed?: boolean;
  backup?: string | null;
}

async function deleteOne(input: string, recursive: boolean, ctx: CommandContext): Promise<Omit<DeleteResult, keyof BatchResult>> {
  const target = ctx.path(input);
  const jail = ctx.workspace.jail;
  if (target.kind === 'missing') return { removed: false, backup: null };
  if (target.kind !== 'dir') {
    // A file or link is saved in the checkpoint store first (undo brings it back; a link as a link),
    // with backups: "beside" also as a .bak; each step through one handle walk.
    const withBackup = target.kind === 'file' && ctx.config.backups === 'beside' && !target.real.endsWith('.bak');
    // A FIFO, socket or device cannot be kept: removed without a step (undo cannot bring it back).
    const kept = target.kind === 'file' || target.kind === 'symlink' ? [target.real] : [];
    const note = target.kind === 'file' ? {} : { before: null, note: target.kind === 'symlink' ? `removes the link ${target.rel} (its target stays)` : `removes ${target.rel} (not a regular file)` };
    if (await ctx.intend([{ path: target.real, after: null, ...note }])) return { removed: true, backup: null };
    const [{ checkpointed }, { backupLabel }] = await Promise.all([import('../files/checkpoints/record.js'), import('../files/checkpoints/replace.js')]);
    const { value, checkpoint } = await checkpointed(ctx, 'delete', kept, () =>
      jail.at(target.real, async (at) => {
        const saved = withBackup ? await createBackup(at, { replacing: true }) : undefined;
        await unlink(at);
        return saved === undefined ? undefined : backupPath(target.real);
      }, { input }),
    );
    return { removed: true, backup: backupLabel(ctx, value, checkpoint) };
  }
  if (!recursive) {
    if (await ctx.intend([{ path: target.real, after: null, before: null, note: `removes the folder ${target.rel}/ if it is empty` }])) return { removed: true, backup: null };
    await jail.at(target.real, (at) => rmdir(at), { input }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOTEMPTY' || error.code === 'EEXIST') throw fail('C210', `${input} is a folder that is not empty; pass --recursive (recursive: true) to remove it with its content`);
      throw error;
    });
    return { removed: true, backup: null };
  }
  // Everything below passes the write gate's predicate (red team R11-5; folder-gate.ts, as move's) and the
  // person's deny and ask rules on paths (`@coder delete **/prod.conf`; path-rules.ts, as a staged run's
  // removals): each such entry is declared, so the gate judges it by name (a deny C240; an obeyed file C241
  // under --yes), in every door: the iii worker's gate judges the same declared entries.
  const inside = await folderEntries(ctx, input, target.real);
  const hidden = inside.protected.find((entry) => entry.code === 'C211');
  if (hidden) throw fail('C211', `${input} holds a non-accessible file (${hidden.rel}); nothing was removed`);
  const rules = await ctx.pathRules?.();
  const obeyed = new Set(inside.protected.map((entry) => entry.rel));
  const ruled = rules === undefined ? [] : inside.entries.filter((rel) => !obeyed.has(rel) && rules('delete', rel) !== undefined);
  const declared = [...inside.protected.map((entry) => ({ rel: entry.rel, why: entry.why })), ...ruled.map((rel) => ({ rel, why: 'is named by a rule of yours' }))]
    .map(({ rel, why }) => ({ path: join(ctx.workspace.root, rel), after: null, before: null, note: `removed with the folder ${target.rel}/: ${rel} ${why}` }));
  if (await ctx.intend([{ path: target.real, after: null, before: null, note: await folderNote(ctx, input, target.real, target.rel) }, ...declared])) return { removed: true, backup: null };
  // Through folder handles from the root: a folder swapped for a link meanwhile is refused (C215) or
  // removed as the link itself, never followed. Its files and links are one checkpoint (undo brings them
  // back with their modes, links as links, and the folders above them).
  const [{ treeCheckpointed }, { backupLabel }] = await Promise.all([import('../files/checkpoints/record.js'), import('../files/checkpoints/replace.js')]);
  const { checkpoint } = await treeCheckpointed(ctx, input, target.real, () => removeTree(jail, target.real));
  return { removed: true, backup: backupLabel(ctx, undefined, checkpoint) };
}

// What removing a folder takes with it, for the approval question: its files, the first LISTED by name.
// With checkpoints on, a folder over one step's limit throws C213 here, in the dry run too, so the question
// says the call will be refused instead of counting a part of it.
const LISTED = 20;
const UNKEPT_COUNTED = 20_000;
async function folderNote(ctx: CommandContext, input: string, real: string, rel: string): Promise<string> {
  const { treeListing } = await import('../files/checkpoints/record.js');
  const { kept, complete } = ctx.config.backups === false ? listBelow(ctx.workspace.jail, real, UNKEPT_COUNTED, Number.MAX_SAFE_INTEGER) : treeListing(ctx, input, real);
  const names = kept.slice(0, LISTED).map((path) => ctx.workspace.relative(path));
  const more = kept.length > LISTED ? `, … ${kept.length - LISTED} more` : '';
  const count = complete ? `${kept.length}` : `more than ${UNKEPT_COUNTED}`;
  return `removes the folder ${rel}/ and everything in it${kept.length === 0 ? ' (no files)' : ` (${count} files and links: ${names.join(', ')}${complete ? more : ', … and more'})`}`;
}

export const deleteCommand = defineCommand({
  name: 'delete',
  aliases: ['delete_file', 'delete-file', 'delete_files', 'remove', 'rm', 'unlink'],
  summary: 'Remove files or folders (a link itself, never its target; missing paths are fine); one result per path',
  guide: 'undo brings back what it removed.',
  flags,
  examples: [`delete --paths '["old.txt"]'`, `delete --paths '["build"]' --recursive`],
  effect: 'destructive',
  effectArgs: ['recursive'],
  dryRun: true,
  annotations: { readOnly: false, destructive: true, idempotent: true },
  batch: true,
  touches: (args) => args.paths.map((path) => ({ path, access: 'delete' as const })),
  run: async (args, ctx) => ({ results: await eachEntry(args.paths, (path) => path, (path) => deleteOne(path, args.recursive, ctx)) }),
  format: (data: { results: DeleteResult[] }) =>
    formatBatch(data.results, (result) => ((result as DeleteResult).removed ? `removed ${result.path}` : `${result.path}: already absent`)),
});
