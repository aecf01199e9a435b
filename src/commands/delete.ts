import { lstat, readdir, rm, rmdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { described, flag, nonEmptyPath } from '../engine/schema.js';
import { createBackup } from '../files/backup.js';
import { eachEntry, formatBatch, type BatchResult } from './batch.js';

const flags = z.strictObject({
  paths: described(z.array(nonEmptyPath()).check(z.minLength(1)), 'JSON array of files or folders to remove'),
  recursive: flag('remove non-empty folders with everything in them'),
});

export interface DeleteResult extends BatchResult {
  removed?: boolean;
  backup?: string | null;
}

// The first non-accessible entry below `folder` (links not followed), if any.
async function findNonAccessible(ctx: CommandContext, folder: string): Promise<string | undefined> {
  for (const dirent of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, dirent.name);
    const rel = ctx.workspace.relative(path);
    if (ctx.workspace.isNonAccessible(rel)) return rel;
    if (dirent.isDirectory()) {
      const found = await findNonAccessible(ctx, path);
      if (found) return found;
    }
  }
  return undefined;
}

async function deleteOne(input: string, recursive: boolean, ctx: CommandContext): Promise<Omit<DeleteResult, keyof BatchResult>> {
  const target = ctx.path(input);
  if (target.kind === 'missing') return { removed: false, backup: null };
  if (target.kind !== 'dir') {
    // A regular file gets a .bak first, so `rollback` can bring it back.
    const backup = target.kind === 'file' && ctx.config.backups && !target.real.endsWith('.bak') ? await createBackup(target.real, { replacing: true }) : undefined;
    await unlink(target.real);
    return { removed: true, backup: backup === undefined ? null : ctx.workspace.relative(backup) };
  }
  if (!recursive) {
    await rmdir(target.real).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOTEMPTY' || error.code === 'EEXIST') throw fail('C210', `${input} is a folder that is not empty; pass --recursive (recursive: true) to remove it with its content`);
      throw error;
    });
    return { removed: true, backup: null };
  }
  const hidden = await findNonAccessible(ctx, target.real);
  if (hidden) throw fail('C211', `${input} holds a non-accessible file (${hidden}); nothing was removed`);
  // Re-check right before removing: the folder must still be a real folder, not a link swapped in.
  if (!(await lstat(target.real)).isDirectory()) throw fail('C215', `${input} changed during the call`);
  await rm(target.real, { recursive: true });
  return { removed: true, backup: null };
}

export const deleteCommand = defineCommand({
  name: 'delete',
  aliases: ['delete_file', 'delete-file', 'delete_files', 'remove', 'rm', 'unlink'],
  summary: 'Remove files or folders (a link is removed itself, never its target; missing paths are fine); one result per path',
  flags,
  examples: [`delete --paths '["old.txt"]'`, `delete --paths '["build"]' --recursive`],
  effect: 'destructive',
  annotations: { readOnly: false, destructive: true, idempotent: true },
  batch: true,
  touches: (args) => args.paths.map((path) => ({ path, access: 'delete' as const })),
  run: async (args, ctx) => ({ results: await eachEntry(args.paths, (path) => path, (path) => deleteOne(path, args.recursive, ctx)) }),
  format: (data: { results: DeleteResult[] }) =>
    formatBatch(data.results, (result) => ((result as DeleteResult).removed ? `removed ${result.path}` : `${result.path}: already absent`)),
});
