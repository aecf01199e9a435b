import { lstatSync, type Stats } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { relabel, type DirHandle } from '../workspace/beneath.js';
import { described, whole, wholeOr } from '../engine/schema.js';
import { visibleName } from './render.js';

const MAX_PAGE_SIZE = 1000;

const flags = z.strictObject({
  path: described(z._default(z.string(), '.'), 'folder to list'),
  page: wholeOr(1, 1, 'page number (1-based)'),
  pageSize: whole(1, `entries per page (default 100, at most ${MAX_PAGE_SIZE})`),
});

type ListArgs = z.infer<typeof flags>;

export interface ListEntry {
  name: string;
  path: string;
  kind: 'file' | 'dir' | 'symlink' | 'other';
  size: number;
  mtime: number; // Unix seconds
  nonAccessible: boolean;
}

export interface ListData {
  path: string;
  entries: ListEntry[];
  total: number;
  page: number;
  pageSize: number;
  hasMore: boolean;
}

async function run(args: ListArgs, ctx: CommandContext): Promise<ListData> {
  const folder = ctx.path(args.path);
  if (folder.kind !== 'dir') throw fail('C210', `${args.path} is not a folder; read a file with: read --file ${args.path}`);
  const pageSize = Math.min(args.pageSize ?? 100, MAX_PAGE_SIZE);
  // Listed and described through the folder's handle (walked from the root, no symlink on the way), so
  // a folder swapped for a link to the outside cannot hand out its names.
  const dir = ctx.workspace.jail.openDir(folder.real, { input: args.path });
  let names: string[];
  let entries: (ListEntry | undefined)[];
  try {
    names = (await readdir(dir.path)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const slice = names.slice((args.page - 1) * pageSize, args.page * pageSize);
    entries = slice.map((name) => describeEntry(ctx, dir, name));
  } catch (error) {
    throw relabel(error, dir);
  } finally {
    dir.close();
  }
  return {
    path: folder.rel,
    entries: entries.filter((entry): entry is ListEntry => entry !== undefined),
    total: names.length,
    page: args.page,
    pageSize,
    hasMore: args.page * pageSize < names.length,
  };
}

// lstat through the folder's handle, never following links; an entry that vanished meanwhile is
// dropped. Synchronous: a page is at most 1,000 local metadata lookups of ~1-2 µs each, where every
// thread-pool round trip would cost ~30 µs.
function describeEntry(ctx: CommandContext, dir: DirHandle, name: string): ListEntry | undefined {
  const path = join(dir.real, name);
  let stats: Stats;
  try {
    stats = lstatSync(join(dir.path, name));
  } catch {
    return undefined;
  }
  if (!stats) return undefined;
  const kind = stats.isSymbolicLink() ? 'symlink' : stats.isDirectory() ? 'dir' : stats.isFile() ? 'file' : 'other';
  const rel = ctx.workspace.relative(path);
  return { name, path: rel, kind, size: stats.size, mtime: Math.floor(stats.mtimeMs / 1000), nonAccessible: ctx.workspace.isNonAccessible(rel) };
}

// An mtime as `ls -l` shows it, in local time to the minute: 2026-11-25 23:59.
function when(seconds: number): string {
  const date = new Date(seconds * 1000);
  const two = (value: number): string => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

// One row per entry, `ls -l`-ish: kind, size in bytes (files only), mtime, name (a folder ends in /, a link in @).
function format(data: ListData): string {
  const sizes = data.entries.map((entry) => (entry.kind === 'file' ? String(entry.size) : '-'));
  const width = Math.max(1, ...sizes.map((size) => size.length));
  const lines = data.entries.map((entry, index) => {
    const name = `${visibleName(entry.name)}${entry.kind === 'dir' ? '/' : entry.kind === 'symlink' ? '@' : ''}`;
    return `${entry.kind.padEnd(7)}  ${sizes[index]!.padStart(width)}  ${when(entry.mtime)}  ${name}${entry.nonAccessible ? '  [not accessible]' : ''}`;
  });
  const first = (data.page - 1) * data.pageSize + 1;
  const footer = data.total === 0 ? '(empty folder)'
    : data.entries.length === 0 ? `no entries on page ${data.page}: the folder has ${data.total} (pages of ${data.pageSize}); try --page 1`
      : `entries ${first}-${first + data.entries.length - 1} of ${data.total}${data.hasMore ? `; next: --page ${data.page + 1}` : ''}`;
  return [...lines, footer].join('\n');
}

export const listCommand = defineCommand({
  name: 'list',
  aliases: ['list_folder', 'list-folder', 'ls_page'],
  summary: 'List one folder a page at a time: kind, size, mtime and name of each entry',
  guide: 'For a whole hierarchy, use tree.',
  flags,
  positional: 'path',
  examples: ['list', 'list --path src --page 2 --page-size 50'],
  effect: 'read',
  effectArgs: [],
  annotations: { readOnly: true, destructive: false, idempotent: true },
  touches: (args) => [{ path: args.path, access: 'list' }],
  run,
  format,
});
