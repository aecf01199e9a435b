import type { ListData } from '../../commands/list.js';
import { runEngine, wirePath } from './call.js';
import type { WorkerContext } from './config.js';
import { skippedEntry } from './skipped.js';

export type Kind = 'file' | 'dir' | 'symlink' | 'other';

export interface ListEntry {
  name: string;
  kind: Kind;
  size: number;
  mtime: number;
  non_accessible: boolean;
}

// Byte order of the UTF-8 names, as Rust's String ordering.
export function byName(a: { name: string }, b: { name: string }): number {
  return Buffer.compare(Buffer.from(a.name, 'utf8'), Buffer.from(b.name, 'utf8'));
}

// The engine's largest page.
const PAGE = 1000;

// Every entry of one folder through the engine's `list` (jail, permission gate; links not followed,
// non-accessible entries flagged), .git and, unless asked, node_modules/vendor left out, sorted by name
// bytes; each with its workspace-relative path.
export async function folderEntries(ctx: WorkerContext, path: string, includeHidden: boolean | null | undefined): Promise<(ListEntry & { rel: string })[]> {
  const entries: (ListEntry & { rel: string })[] = [];
  for (let page = 1; ; page += 1) {
    const data = await runEngine<ListData>(ctx, 'list', { path, page, pageSize: PAGE }, path);
    for (const entry of data.entries) {
      if (skippedEntry(entry.name, entry.kind === 'dir', includeHidden)) continue;
      entries.push({ name: entry.name, kind: entry.kind, size: entry.size, mtime: entry.mtime, non_accessible: entry.nonAccessible, rel: entry.path });
    }
    if (!data.hasMore) break;
  }
  return entries.sort(byName);
}

// coder::list-folder: page-number pagination over the sorted entries.
export async function listFolderFn(ctx: WorkerContext, req: { path?: string | null; page?: number | null; page_size?: number | null; include_hidden?: boolean | null }): Promise<{
  path: string; entries: ListEntry[]; total: number; page: number; page_size: number; has_more: boolean;
}> {
  const path = req.path ?? '.';
  const all = await folderEntries(ctx, wirePath(path), req.include_hidden);
  const pageSize = Math.max(1, Math.min(req.page_size ?? ctx.config.list_default_page_size, ctx.config.list_max_page_size));
  const page = Math.max(1, req.page ?? 1);
  const start = (page - 1) * pageSize;
  const entries = all.slice(start, start + pageSize).map(({ name, kind, size, mtime, non_accessible }) => ({ name, kind, size, mtime, non_accessible }));
  return { path, entries, total: all.length, page, page_size: pageSize, has_more: start + pageSize < all.length };
}
