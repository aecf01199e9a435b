import type { Stats } from 'node:fs';
import { lstat, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { WorkerContext } from './config.js';
import { ioError, osText, werr } from './errors.js';
import { permitCall } from './gate.js';
import { relOf, resolvePath, type Resolved } from './paths.js';
import { unixSeconds } from './read-file.js';

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

// resolve (no deny check) → metadata (missing → C211) → a directory (C210).
export async function resolveFolder(ctx: WorkerContext, path: string): Promise<{ resolved: Resolved; info: Stats }> {
  const resolved = await resolvePath(ctx, path);
  const info = await stat(resolved.abs).catch((error: unknown) => {
    throw ioError(error, path);
  });
  if (!info.isDirectory()) throw werr('C210', `not a directory: ${path}`);
  return { resolved, info };
}

// The entries of one folder, lstat'ed (failures dropped), sorted by name.
export async function folderEntries(ctx: WorkerContext, dir: string): Promise<(ListEntry & { abs: string; rel: string })[]> {
  const names = await readdir(dir);
  const entries: (ListEntry & { abs: string; rel: string })[] = [];
  for (const name of names) {
    const abs = join(dir, name);
    const info = await lstat(abs).catch(() => undefined);
    if (info === undefined) continue;
    const rel = relOf(ctx, abs);
    entries.push({ name, kind: kindOf(info), size: info.size, mtime: unixSeconds(info.mtimeMs), non_accessible: ctx.nonAccessible(rel), abs, rel });
  }
  return entries.sort(byName);
}

// coder::list-folder: page-number pagination over the sorted entries.
export async function listFolderFn(ctx: WorkerContext, req: { path?: string | null; page?: number | null; page_size?: number | null }): Promise<{
  path: string; entries: ListEntry[]; total: number; page: number; page_size: number; has_more: boolean;
}> {
  const path = req.path ?? '.';
  permitCall(ctx, 'list');
  const { resolved } = await resolveFolder(ctx, path);
  const all = await folderEntries(ctx, resolved.abs).catch((error: unknown) => {
    throw werr('C216', `${path}: ${osText(error)}`);
  });
  const pageSize = Math.max(1, Math.min(req.page_size ?? ctx.config.list_default_page_size, ctx.config.list_max_page_size));
  const page = Math.max(1, req.page ?? 1);
  const start = (page - 1) * pageSize;
  const entries = all.slice(start, start + pageSize).map(({ name, kind, size, mtime, non_accessible }) => ({ name, kind, size, mtime, non_accessible }));
  return { path, entries, total: all.length, page, page_size: pageSize, has_more: start + pageSize < all.length };
}
