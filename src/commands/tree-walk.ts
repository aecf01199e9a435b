import { readdirSync, type Dirent } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { Workspace } from '../workspace/workspace.js';

export interface TreeEntry {
  path: string; // relative to the workspace root, forward slashes
  type: 'file' | 'dir' | 'symlink' | 'other';
  nonAccessible?: true;
}

export interface WalkOptions {
  readonly workspace: Workspace;
  readonly dir: string; // real absolute folder inside the workspace
  readonly maxDepth: number | undefined;
  readonly maxEntries: number;
  readonly glob: string | undefined;
  readonly includeHidden: boolean;
  readonly signal: AbortSignal;
}

// .gitignore rules that apply below `base` (a workspace-relative folder, '' for the root).
interface IgnoreLayer {
  readonly base: string;
  readonly rules: Ignore;
}

const ALWAYS_SKIPPED = new Set(['.git']);
const HIDDEN_FOLDERS = new Set(['node_modules', 'vendor']);

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

async function loadIgnore(folder: string, base: string): Promise<IgnoreLayer | undefined> {
  try {
    const text = await readFile(join(folder, '.gitignore'), 'utf8');
    return { base, rules: ignore().add(text) };
  } catch {
    return undefined; // no .gitignore here (or unreadable): nothing to apply
  }
}

function ignoredBy(layers: readonly IgnoreLayer[], rel: string, isDir: boolean): boolean {
  return layers.some((layer) => {
    const inside = layer.base === '' ? rel : rel.slice(layer.base.length + 1);
    return layer.rules.ignores(isDir ? `${inside}/` : inside);
  });
}

// The .gitignore files of the workspace root and every folder between it and the walk's start.
async function ancestorLayers(workspace: Workspace, dir: string): Promise<IgnoreLayer[]> {
  const rel = toPosix(relative(workspace.root, dir));
  const parts = rel === '' ? [] : rel.split('/');
  const layers: IgnoreLayer[] = [];
  for (let index = 0; index <= parts.length; index += 1) {
    const base = parts.slice(0, index).join('/');
    const layer = await loadIgnore(join(workspace.root, base), base);
    if (layer) layers.push(layer);
  }
  return layers;
}

function entryType(dirent: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }): TreeEntry['type'] {
  if (dirent.isSymbolicLink()) return 'symlink';
  if (dirent.isDirectory()) return 'dir';
  return dirent.isFile() ? 'file' : 'other';
}

// A folder's entries, sorted by name. Synchronous on purpose: for the many small folders of a source
// tree a direct call is several times faster than a round trip through the thread pool, and the walk
// is bounded by maxEntries.
function listFolder(folder: string): Dirent[] {
  try {
    return readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    return []; // unreadable folder: listed, but empty
  }
}

// Depth-first, sorted walk that never follows symlinks. Stops early once enough entries are found
// (not with a glob, which must see the whole tree to know which folders hold a match).
export async function walkTree(options: WalkOptions): Promise<{ entries: TreeEntry[]; truncated: boolean }> {
  const { workspace, includeHidden } = options;
  const filter = options.glob === undefined ? undefined : ignore().add(options.glob);
  const startRel = toPosix(relative(workspace.root, options.dir));
  const entries: TreeEntry[] = [];
  const limit = filter ? Number.POSITIVE_INFINITY : options.maxEntries;
  let truncated = false;

  const visit = async (folder: string, folderRel: string, depth: number, layers: readonly IgnoreLayer[], hidden: boolean): Promise<void> => {
    if (options.signal.aborted) return;
    const dirents = listFolder(folder);
    const own = !includeHidden && dirents.some((dirent) => dirent.name === '.gitignore' && !dirent.isDirectory())
      ? await loadIgnore(folder, folderRel)
      : undefined;
    const active = own ? [...layers, own] : layers;
    const kept: { name: string; rel: string; type: TreeEntry['type'] }[] = [];
    for (const dirent of dirents) {
      const name = dirent.name;
      if (ALWAYS_SKIPPED.has(name)) continue;
      const type = entryType(dirent);
      if (!includeHidden && (name.startsWith('.') || (type === 'dir' && HIDDEN_FOLDERS.has(name)))) continue;
      const rel = folderRel === '' ? name : `${folderRel}/${name}`;
      if (!includeHidden && active.length > 0 && ignoredBy(active, rel, type === 'dir')) continue;
      kept.push({ name, rel, type });
    }
    const descend = options.maxDepth === undefined || depth < options.maxDepth;
    for (const { name, rel, type } of kept) {
      if (entries.length >= limit) {
        truncated = true;
        return;
      }
      const nonAccessible = workspace.isNonAccessibleEntry(rel, hidden);
      entries.push(nonAccessible ? { path: rel, type, nonAccessible: true } : { path: rel, type });
      if (descend && type === 'dir') await visit(join(folder, name), rel, depth + 1, active, nonAccessible);
    }
  };
  const rootLayers = includeHidden ? [] : await ancestorLayers(workspace, options.dir);
  // The start folder's own .gitignore is read by visit(); ancestorLayers covers the folders above it.
  await visit(options.dir, startRel, 1, rootLayers.filter((layer) => layer.base !== startRel), workspace.isNonAccessible(startRel));
  if (!filter) return { entries, truncated };
  return applyGlob(entries, filter, startRel, options.maxEntries);
}

// Keeps the files the glob matches (relative to the walk's start) and the folders that lead to them.
function applyGlob(entries: readonly TreeEntry[], filter: Ignore, startRel: string, maxEntries: number): { entries: TreeEntry[]; truncated: boolean } {
  const offset = startRel === '' ? 0 : startRel.length + 1;
  const keep = new Set<string>();
  for (const entry of entries) {
    if (entry.type === 'dir' || !filter.ignores(entry.path.slice(offset))) continue;
    keep.add(entry.path);
    for (let cut = entry.path.lastIndexOf('/'); cut >= offset; cut = entry.path.lastIndexOf('/', cut - 1)) {
      keep.add(entry.path.slice(0, cut));
    }
  }
  const kept = entries.filter((entry) => keep.has(entry.path));
  return { entries: kept.slice(0, maxEntries), truncated: kept.length > maxEntries };
}
