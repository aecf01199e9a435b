import { lstat, opendir, rm, rmdir, unlink } from 'node:fs/promises';
import { basename, join, posix } from 'node:path';
import type { WorkerContext } from './config.js';
import { errnoOf, ioError, werr } from './errors.js';
import { permit, permitted } from './gate.js';
import { relOf, requireWritable, resolvePath } from './paths.js';
import { asWorkerError } from './update-file.js';

export interface DeleteResult {
  path: string;
  success: boolean;
  removed: boolean;
  error?: string;
}

// The first entry below `dir` (links not followed) that is non-accessible, or that the policy does not let
// the worker delete (a deny rule, a safety-immune path such as a nested .git/ or .codeward/), or undefined.
async function blockedEntry(ctx: WorkerContext, dir: string): Promise<string | undefined> {
  const handle = await opendir(dir);
  for await (const entry of handle) {
    const path = join(dir, entry.name);
    const rel = relOf(ctx, path);
    if (ctx.nonAccessible(rel)) return path;
    if (!permitted(ctx, 'delete', rel, 'delete', path)) return path;
    if (entry.isDirectory()) {
      const below = await blockedEntry(ctx, path);
      if (below !== undefined) return below;
    }
  }
  return undefined;
}

// Where the named entry itself lives when it is an in-base symlink (its parent resolved, the last part not).
async function linkItself(ctx: WorkerContext, path: string): Promise<string | undefined> {
  const last = posix.basename(path);
  if (last === '' || last === '.' || last === '..') return undefined;
  const parent = await resolvePath(ctx, posix.dirname(path));
  const location = join(parent.abs, last);
  const info = await lstat(location).catch(() => undefined);
  return info?.isSymbolicLink() === true && basename(location) === last ? location : undefined;
}

async function deleteOne(ctx: WorkerContext, path: string, recursive: boolean): Promise<boolean> {
  const resolved = await requireWritable(ctx, path);
  if (resolved.abs === ctx.base) throw werr('C210', 'refusing to delete base_path itself');
  // Better than the original (which removed the target): naming an in-base symlink removes the link.
  const link = await linkItself(ctx, path);
  // What is removed is judged: the link itself when the name is a link, else the resolved path.
  permit(ctx, 'delete', link === undefined ? resolved.rel : relOf(ctx, link), 'delete', { raw: path, abs: link ?? resolved.abs });
  if (link !== undefined) {
    if (ctx.nonAccessible(relOf(ctx, link))) throw werr('C211', `path is non-accessible per config: ${path}`);
    await unlink(link).catch((error: unknown) => {
      throw ioError(error);
    });
    return true;
  }
  let info;
  try {
    info = await lstat(resolved.abs);
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') return false;
    throw ioError(error);
  }
  try {
    if (info.isDirectory() && !recursive) await rmdir(resolved.abs);
    else if (info.isDirectory()) {
      const blocked = await blockedEntry(ctx, resolved.abs);
      if (blocked !== undefined) {
        if (ctx.nonAccessible(relOf(ctx, blocked))) throw werr('C211', `recursive delete blocked: ${resolved.abs} contains non-accessible ${blocked}`);
        permit(ctx, 'delete', relOf(ctx, blocked), 'delete', { abs: blocked });
      }
      await rm(resolved.abs, { recursive: true });
    } else await unlink(resolved.abs);
  } catch (error) {
    throw ioError(error);
  }
  return true;
}

// coder::delete-file: idempotent per path; one `recursive` flag for the batch.
export async function deleteFileFn(ctx: WorkerContext, req: { paths: string[]; recursive?: boolean | null }): Promise<{ results: DeleteResult[] }> {
  if (req.paths.length === 0) throw werr('C210', '`paths` must not be empty');
  const results: DeleteResult[] = [];
  for (const path of req.paths) {
    try {
      results.push({ path, success: true, removed: await deleteOne(ctx, path, req.recursive === true) });
    } catch (error) {
      results.push({ path, success: false, removed: false, error: asWorkerError(error).toWire() });
    }
  }
  return { results };
}
