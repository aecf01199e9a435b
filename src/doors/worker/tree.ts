import { basename } from 'node:path';
import type { WorkerContext } from './config.js';
import { osText } from './errors.js';
import type { Beneath, DirHandle } from '../../workspace/beneath.js';
import { jailOf } from './jail.js';
import { folderEntries, resolveFolder, type Kind } from './list-folder.js';
import { permitCall } from './gate.js';
import { unixSeconds } from './read-file.js';

export interface Truncation {
  reason: 'max_depth' | 'per_folder_limit' | 'io_error';
  shown: number;
  total?: number;
  hint: string;
}

export interface TreeNode {
  name: string;
  path: string;
  kind: Kind;
  size: number;
  mtime: number;
  non_accessible?: true;
  children?: TreeNode[];
  truncated?: Truncation;
}

interface Limits {
  readonly maxDepth: number;
  readonly perFolder: number;
  readonly includeHidden: boolean;
}

// Walks open folders only: each child folder is opened from its parent's descriptor, never through a
// symlink, so a folder swapped for a link to the outside mid-walk is not entered (reported as io_error).
function fillDir(ctx: WorkerContext, jail: Beneath, node: TreeNode, dir: DirHandle, depth: number, limits: Limits): void {
  if (depth >= limits.maxDepth) {
    node.truncated = { reason: 'max_depth', shown: 0, hint: 'raise max_depth or call coder::tree with this path as the new root' };
    return;
  }
  let entries;
  try {
    entries = folderEntries(ctx, dir, limits.includeHidden);
  } catch (error) {
    node.truncated = { reason: 'io_error', shown: 0, hint: `read_dir failed: ${osText(error)}` };
    return;
  }
  const children: TreeNode[] = [];
  for (const entry of entries.slice(0, limits.perFolder)) {
    const child: TreeNode = { name: entry.name, path: entry.rel, kind: entry.kind, size: entry.size, mtime: entry.mtime };
    if (entry.non_accessible) child.non_accessible = true;
    if (entry.kind === 'dir') fillChild(ctx, jail, child, dir, entry.name, depth + 1, limits);
    children.push(child);
  }
  node.children = children;
  if (entries.length > limits.perFolder) {
    node.truncated = { reason: 'per_folder_limit', shown: limits.perFolder, total: entries.length, hint: 'use coder::list-folder for paginated access to all entries' };
  }
}

function fillChild(ctx: WorkerContext, jail: Beneath, node: TreeNode, parent: DirHandle, name: string, depth: number, limits: Limits): void {
  if (depth >= limits.maxDepth) {
    fillDir(ctx, jail, node, parent, depth, limits); // only marks the depth truncation
    return;
  }
  const dir = jail.openChild(parent, name);
  if (dir === undefined) {
    node.truncated = { reason: 'io_error', shown: 0, hint: 'read_dir failed: no longer a folder (changed during the walk)' };
    return;
  }
  try {
    fillDir(ctx, jail, node, dir, depth, limits);
  } finally {
    dir.close();
  }
}

// coder::tree: a bounded recursive snapshot.
export async function treeFn(ctx: WorkerContext, req: { path?: string | null; max_depth?: number | null; per_folder_limit?: number | null; include_hidden?: boolean | null }): Promise<{ root: TreeNode }> {
  const path = req.path ?? '.';
  permitCall(ctx, 'tree');
  const { resolved, dir, info } = await resolveFolder(ctx, path);
  const limits: Limits = {
    maxDepth: req.max_depth ?? ctx.config.tree_default_depth,
    perFolder: Math.max(1, req.per_folder_limit ?? ctx.config.tree_per_folder_limit),
    includeHidden: req.include_hidden === true,
  };
  const root: TreeNode = { name: basename(resolved.abs), path: resolved.rel, kind: 'dir', size: info.size, mtime: unixSeconds(info.mtimeMs) };
  if (ctx.nonAccessible(resolved.rel)) root.non_accessible = true;
  try {
    fillDir(ctx, jailOf(ctx), root, dir, 0, limits);
  } finally {
    dir.close();
  }
  return { root };
}
