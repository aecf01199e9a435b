import { lstatSync, statSync, type Stats } from 'node:fs';
import type { DirHandle } from '../../workspace/beneath.js';
import type { WorkerContext } from './config.js';
import { osText, werr } from './errors.js';
import { permitCall } from './gate.js';
import { entriesOf, fromJail, inDir, jailOf, openFolder, realIn } from './jail.js';
import { relOf, resolvePath, type Resolved } from './paths.js';
import { unixSeconds } from './read-file.js';
import { skippedEntry } from './skipped.js';

export type Kind = 'file' | 'dir' | 'symlink' | 'other';

export interface ListEntry {
  name: string;
  kind: Kind;
  size: number;
  mtime: number;
  non_accessible: boolean;
}

export function kindOf(info: Stats): Kind {
  if (info.isSymbolicLink()) return 'symlink';
  if (info.isDirectory()) return 'dir';
  if (info.isFile()) return 'file';
  return 'other';
}

// Byte order of the UTF-8 names, as Rust's String ordering.
export function byName(a: { name: string }, b: { name: string }): number {
  return Buffer.compare(Buffer.from(a.name, 'utf8'), Buffer.from(b.name, 'utf8'));
}

// resolve (no deny check) → open the folder through the jail (missing → C211, not a folder → C210, a
// symlink swapped in → C215) → its metadata. The caller closes `dir`.
export async function resolveFolder(ctx: WorkerContext, path: string): Promise<{ resolved: Resolved; dir: DirHandle; info: Stats }> {
  const resolved = await resolvePath(ctx, path);
  const dir = openFolder(jailOf(ctx), resolved.abs, path);
  try {
    // The descriptor's own folder (the /proc anchor names the inode held, not a path).
    return { resolved, dir, info: statSync(dir.path) };
  } catch (error) {
    dir.close();
    throw fromJail(error, path);
  }
}

// The entries of one open folder, lstat'ed through its descriptor (failures dropped), sorted by name.
export function folderEntries(ctx: WorkerContext, dir: DirHandle, includeHidden: boolean | null | undefined): (ListEntry & { abs: string; rel: string })[] {
  const entries: (ListEntry & { abs: string; rel: string })[] = [];
  for (const dirent of entriesOf(dir)) {
    const name = dirent.name;
    if (skippedEntry(name, dirent.isDirectory(), includeHidden)) continue;
    let info: Stats;
    try {
      info = lstatSync(inDir(dir, name));
    } catch {
      continue;
    }
    const abs = realIn(dir, name);
    const rel = relOf(ctx, abs);
    entries.push({ name, kind: kindOf(info), size: info.size, mtime: unixSeconds(info.mtimeMs), non_accessible: ctx.nonAccessible(rel), abs, rel });
  }
  return entries.sort(byName);
}

// coder::list-folder: page-number pagination over the sorted entries.
export async function listFolderFn(ctx: WorkerContext, req: { path?: string | null; page?: number | null; page_size?: number | null; include_hidden?: boolean | null }): Promise<{
  path: string; entries: ListEntry[]; total: number; page: number; page_size: number; has_more: boolean;
}> {
  const path = req.path ?? '.';
  permitCall(ctx, 'list');
  const { dir } = await resolveFolder(ctx, path);
  let all;
  try {
    all = folderEntries(ctx, dir, req.include_hidden);
  } catch (error) {
    throw werr('C216', `${path}: ${osText(error)}`);
  } finally {
    dir.close();
  }
  const pageSize = Math.max(1, Math.min(req.page_size ?? ctx.config.list_default_page_size, ctx.config.list_max_page_size));
  const page = Math.max(1, req.page ?? 1);
  const start = (page - 1) * pageSize;
  const entries = all.slice(start, start + pageSize).map(({ name, kind, size, mtime, non_accessible }) => ({ name, kind, size, mtime, non_accessible }));
  return { path, entries, total: all.length, page, page_size: pageSize, has_more: start + pageSize < all.length };
}
