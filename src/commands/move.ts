import { link, rename, unlink } from 'node:fs/promises';
import { lstatSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import * as z from 'zod/mini';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { flag, pathText } from '../engine/schema.js';
import type { StepFolder } from '../files/checkpoints/store.js';
import { findBelow, listBelow } from '../files/remove-tree.js';
import { folderEntries, refuseProtected } from './folder-gate.js';
import type { ResolvedPath } from '../workspace/types.js';

const flags = z.strictObject({
  from: pathText('the file or folder to move'),
  to: pathText('its new path (the full name, not a folder to move it into)'),
  force: flag('replace an existing file at --to (never a folder)'),
});

type MoveArgs = z.infer<typeof flags>;

export interface MoveResult {
  from: string;
  to: string;
  kind: 'file' | 'folder' | 'link';
  replaced: boolean;
  backup: string | null;
}

// The most files a folder move keeps in its checkpoint (as a recursive delete does).
const MAX_FILES = 20_000;

function check(args: MoveArgs): void {
  if (args.from === args.to) throw fail('C210', `--from and --to are the same path (${args.from}); name the new path in --to`);
}

const modeOf = (ctx: CommandContext, rel: string): number | undefined => {
  try {
    const stats = ctx.workspace.jail.atSync(join(ctx.workspace.root, rel), (at) => lstatSync(at));
    return stats.isDirectory() ? stats.mode & 0o7777 : undefined;
  } catch {
    return undefined;
  }
};

// The folders the move makes and removes, for its step (checkpoints/folders.ts: undo removes what it
// made when empty and makes again what it removed, redo the reverse): the folders above --to that do
// not exist yet, and for a folder move every folder in it (empty ones too) under both names.
function movedFolders(ctx: CommandContext, from: ResolvedPath, to: ResolvedPath): StepFolder[] {
  const folders: StepFolder[] = [];
  for (let rel = dirname(to.rel); rel !== '.' && rel !== '' && modeOf(ctx, rel) === undefined; rel = dirname(rel)) folders.push({ rel, before: null, after: 0o755 });
  if (from.kind !== 'dir') return folders;
  const inside = [from.rel];
  findBelow(ctx.workspace.jail, from.real, (real) => ctx.workspace.relative(real), (rel) => {
    if (modeOf(ctx, rel) !== undefined) inside.push(rel);
    return false;
  });
  for (const rel of inside) {
    const mode = modeOf(ctx, rel) ?? 0o755;
    folders.push({ rel, before: mode, after: null }, { rel: join(to.rel, relative(from.rel, rel)), before: null, after: mode });
  }
  return folders;
}

async function moveOne(args: MoveArgs, ctx: CommandContext): Promise<MoveResult> {
  const from = ctx.path(args.from);
  const to = ctx.path(args.to);
  if (from.kind === 'missing') throw fail('C211', `${args.from}: no such file or folder, or not accessible`);
  if (to.kind === 'dir') throw fail('C217', `${args.to} is a folder that exists; name the full new path (e.g. --to ${args.to}/${from.rel.split('/').pop() ?? ''})`);
  if (to.kind !== 'missing' && !args.force) throw fail('C217', `${args.to} already exists; pass --force (force: true) to replace it`);
  if (to.kind !== 'missing' && from.kind === 'dir') throw fail('C217', `${args.to} exists and ${args.from} is a folder; a folder never replaces a file: remove ${args.to} first`);
  if (from.kind === 'dir' && (to.real + '/').startsWith(from.real + '/')) throw fail('C210', `${args.to} is inside ${args.from}; a folder cannot move into itself`);
  const jail = ctx.workspace.jail;
  let reals = [from.real, to.real];
  const [{ checkpointed, limitsOf }, { backupLabel }, { movedLink }, { obeyedContext }] = await Promise.all([
    import('../files/checkpoints/record.js'), import('../files/checkpoints/replace.js'), import('../permissions/obeyed-alias.js'), import('../permissions/obeyed-context.js'),
  ]);
  const linked = from.kind === 'symlink' ? movedLink(ctx, from.rel, to.rel, obeyedContext(ctx.workspace.root)) : undefined;
  if (linked) throw fail('C241', `${args.from} is a symlink and ${linked}, which another program runs or obeys later, would reach what it points to (safety-immune); nothing was moved. Move it yourself if you mean it`);
  if (from.kind === 'dir') {
    // Every entry, under its old and its new name, passes the write gate's predicate (a folder holding
    // `.vscode/` or `.git/` moved elsewhere plants or removes what a program later obeys): refused whole.
    refuseProtected(from.rel, await folderEntries(ctx, args.from, from.real, (rel) => [rel, join(to.rel, relative(from.rel, rel))]), 'nothing was moved. Move it yourself if you mean it');
    const listing = listBelow(jail, from.real, MAX_FILES, limitsOf(ctx).maxBytes);
    if (!listing.complete) throw fail('C213', `${args.from} holds more than ${MAX_FILES} files or ${ctx.config.checkpointMaxMB} MB, over what one undo step keeps; nothing was moved (exec mv moves it without an undo step)`);
    reals = listing.kept.flatMap((real) => [real, join(to.real, relative(from.real, real))]);
  }
  const kind = from.kind === 'dir' ? 'folder' : from.kind === 'symlink' ? 'link' : 'file';
  const replaced = to.kind !== 'missing';
  const note = `moves ${from.rel}${kind === 'folder' ? '/' : ''} to ${to.rel}${replaced ? `, replacing ${to.rel}` : ''}`;
  if (await ctx.intend([{ path: from.real, after: null, before: null, note }, ...(replaced ? [{ path: to.real, after: null, before: null, note: `replaced by ${from.rel}` }] : [])])) {
    return { from: from.rel, to: to.rel, kind, replaced, backup: null };
  }
  const folders = movedFolders(ctx, from, to);
  const { checkpoint } = await checkpointed(ctx, 'move', reals, () =>
    jail.at(from.real, (source) =>
      jail.at(to.real, async (target) => {
        // A file without --force: link then unlink, which never replaces a file that appeared meanwhile.
        if (args.force || kind === 'folder') await rename(source, target);
        else {
          await link(source, target);
          await unlink(source);
        }
      }, { mkdirs: true, input: args.to }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EEXIST' || error.code === 'ENOTEMPTY') throw fail('C217', `${args.to} already exists; pass --force (force: true) to replace it`);
        if (error.code === 'EXDEV') throw fail('C216', `${args.from} and ${args.to} are on different file systems; a move is one rename`);
        throw error;
      }), { input: args.from }),
    undefined,
    folders,
  );
  return { from: from.rel, to: to.rel, kind, replaced, backup: backupLabel(ctx, undefined, checkpoint) };
}

export const moveCommand = defineCommand({
  name: 'move',
  aliases: ['rename', 'mv', 'move_file', 'move-file', 'rename_file', 'rename-file'],
  summary: 'Move or rename one file or folder (atomic, one undo step); an existing file is replaced only with --force',
  guide: 'undo moves it back.',
  flags,
  flagAliases: { source: 'from', src: 'from', path: 'from', destination: 'to', dest: 'to', target: 'to', overwrite: 'force' },
  examples: ['move --from src/old.ts --to src/new.ts', 'move --from docs --to documentation', 'move --from a.txt --to b.txt --force'],
  effect: 'destructive',
  effectArgs: ['force'],
  dryRun: true,
  annotations: { readOnly: false, destructive: true, idempotent: false },
  check,
  touches: (args) => [{ path: args.from, access: 'delete' as const }, { path: args.to, access: 'write' as const }],
  run: moveOne,
  format: (data: MoveResult) => `moved ${data.from}${data.kind === 'folder' ? '/' : ''} to ${data.to}${data.replaced ? ` (replaced the file there${data.backup ? `; ${data.backup}` : ''})` : ''}`,
});
