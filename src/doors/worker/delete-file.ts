import { rmdirSync, unlinkSync } from 'node:fs';
import { join, posix } from 'node:path';
import { findBelow, removeTree } from '../../files/remove-tree.js';
import { checkpointed, treeCheckpointed } from '../../files/checkpoints/record.js';
import { recordContext } from './undo-steps.js';
import type { Beneath } from '../../workspace/beneath.js';
import type { WorkerContext } from './config.js';
import { werr } from './errors.js';
import { permit, permitted } from './gate.js';
import { fromJail, jailOf } from './jail.js';
import { relOf, requireWritable, resolvePath } from './paths.js';
import { asWorkerError } from './update-file.js';

export interface DeleteResult {
  path: string;
  success: boolean;
  removed: boolean;
  error?: string;
}

// Every lookup and removal below goes through the jail (workspace/beneath.ts): folders are opened from a
// descriptor on base_path without following any symlink, entries are removed through their folder's
// descriptor, so a folder swapped for a symlink meanwhile is refused (C215) or removed as the link itself.

// Where the named entry itself lives when it is an in-base symlink (its parent resolved, the last part not).
async function linkItself(ctx: WorkerContext, jail: Beneath, path: string): Promise<string | undefined> {
  const last = posix.basename(path);
  if (last === '' || last === '.' || last === '..') return undefined;
  const parent = await resolvePath(ctx, posix.dirname(path));
  const location = join(parent.abs, last);
  let info;
  try {
    info = jail.lstat(location, path);
  } catch {
    return undefined;
  }
  return info?.isSymbolicLink() === true ? location : undefined;
}

function removeEntry(jail: Beneath, abs: string, path: string, act: (at: string) => void): void {
  try {
    jail.atSync(abs, act, { input: path });
  } catch (error) {
    throw fromJail(error);
  }
}

async function deleteOne(ctx: WorkerContext, path: string, recursive: boolean): Promise<boolean> {
  const resolved = await requireWritable(ctx, path);
  if (resolved.abs === ctx.base) throw werr('C210', 'refusing to delete base_path itself');
  const jail = jailOf(ctx);
  // Better than the original (which removed the target): naming an in-base symlink removes the link.
  const link = await linkItself(ctx, jail, path);
  // What is removed is judged: the link itself when the name is a link, else the resolved path.
  permit(ctx, 'delete', link === undefined ? resolved.rel : relOf(ctx, link), 'delete', { raw: path, abs: link ?? resolved.abs });
  if (link !== undefined) {
    if (ctx.nonAccessible(relOf(ctx, link))) throw werr('C211', `path is non-accessible per config: ${path}`);
    await checkpointed(recordContext(ctx), 'delete', [link], async () => removeEntry(jail, link, path, (at) => unlinkSync(at)));
    return true;
  }
  let info;
  try {
    info = jail.lstat(resolved.abs, path);
  } catch (error) {
    throw fromJail(error);
  }
  if (info === undefined) return false;
  if (info.isDirectory() && !recursive) removeEntry(jail, resolved.abs, path, (at) => rmdirSync(at));
  else if (info.isDirectory()) {
    // The first entry below (links not followed) that is non-accessible, or that the policy does not let
    // the worker delete (a deny rule, a safety-immune path such as a nested .git/ or .codeward/).
    let blockedRel: string | undefined;
    try {
      blockedRel = findBelow(jail, resolved.abs, (real) => relOf(ctx, real), (rel) => ctx.nonAccessible(rel) || !permitted(ctx, 'delete', rel, 'delete', join(ctx.base, rel)));
    } catch (error) {
      throw fromJail(error);
    }
    if (blockedRel !== undefined) {
      const blocked = join(ctx.base, blockedRel);
      if (ctx.nonAccessible(blockedRel)) throw werr('C211', `recursive delete blocked: ${resolved.abs} contains non-accessible ${blocked}`);
      permit(ctx, 'delete', blockedRel, 'delete', { abs: blocked });
    }
    try {
      await treeCheckpointed(recordContext(ctx), path, resolved.abs, () => removeTree(jail, resolved.abs));
    } catch (error) {
      throw fromJail(error);
    }
  } else {
    // A FIFO, socket or device cannot be kept: removed without a step.
    const kept = info.isFile() || info.isSymbolicLink() ? [resolved.abs] : [];
    await checkpointed(recordContext(ctx), 'delete', kept, async () => removeEntry(jail, resolved.abs, path, (at) => unlinkSync(at)));
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
