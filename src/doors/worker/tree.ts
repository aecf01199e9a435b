import { basename } from 'node:path';
import type { TreeData } from '../../commands/tree.js';
import { runEngine, wirePath } from './call.js';
import type { WorkerContext } from './config.js';
import { folderEntries, type Kind } from './list-folder.js';
import { entryStats, unixSeconds } from './read-file.js';

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

interface Walk {
  readonly ctx: WorkerContext;
  readonly maxDepth: number;
  readonly perFolder: number;
  readonly includeHidden: boolean;
}

// One folder at depth `depth`: its entries through the engine's `list` (each folder listed through the
// jail from the root, so one swapped for a link out of base_path is refused and shown as io_error), the
// first per_folder_limit of them, real folders below descended.
async function fill(walk: Walk, node: TreeNode, depth: number): Promise<void> {
  if (depth >= walk.maxDepth) {
    node.truncated = { reason: 'max_depth', shown: 0, hint: 'raise max_depth or call coder::tree with this path as the new root' };
    return;
  }
  let entries;
  try {
    entries = await folderEntries(walk.ctx, node.path === '' ? '.' : node.path, walk.includeHidden);
  } catch (error) {
    node.truncated = { reason: 'io_error', shown: 0, hint: `read_dir failed: ${(error as Error).message}` };
    return;
  }
  const children: TreeNode[] = [];
  for (const entry of entries.slice(0, walk.perFolder)) {
    const child: TreeNode = { name: entry.name, path: entry.rel, kind: entry.kind, size: entry.size, mtime: entry.mtime };
    if (entry.non_accessible) child.non_accessible = true;
    if (entry.kind === 'dir') await fill(walk, child, depth + 1);
    children.push(child);
  }
  node.children = children;
  if (entries.length > walk.perFolder) {
    node.truncated = { reason: 'per_folder_limit', shown: walk.perFolder, total: entries.length, hint: 'use coder::list-folder for paginated access to all entries' };
  }
}

// coder::tree: a bounded recursive snapshot. The root goes through the engine's `tree` first (judged as
// `@coder tree`; missing C211, not a folder C210, outside C215), then every folder through `list`.
export async function treeFn(ctx: WorkerContext, req: { path?: string | null; max_depth?: number | null; per_folder_limit?: number | null; include_hidden?: boolean | null }): Promise<{ root: TreeNode }> {
  const path = wirePath(req.path ?? '.');
  const data = await runEngine<TreeData>(ctx, 'tree', { dir: path, maxDepth: 1, maxEntries: 1 }, req.path ?? '.');
  const rel = data.dir === '.' ? '' : data.dir;
  const info = entryStats(ctx, data.dir);
  const root: TreeNode = { name: basename(rel === '' ? ctx.base : rel), path: rel, kind: 'dir', size: info?.size ?? 0, mtime: unixSeconds(info?.mtimeMs ?? 0) };
  if (ctx.engine.workspace.isNonAccessible(rel)) root.non_accessible = true;
  const walk: Walk = {
    ctx,
    maxDepth: req.max_depth ?? ctx.config.tree_default_depth,
    perFolder: Math.max(1, req.per_folder_limit ?? ctx.config.tree_per_folder_limit),
    includeHidden: req.include_hidden === true,
  };
  await fill(walk, root, 0);
  return { root };
}
