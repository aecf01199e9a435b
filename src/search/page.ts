// One page of search results, for a model or a person: ordered (by path, or most recently modified file
// first), from `offset`, at most `limit` results and about `maxBytes` of output, with the offset of the next
// page when more remain. Results are lines in mode content and files in modes files and count.
import type { FileHit, SearchMatch } from './collect.js';
import type { SearchMode } from './types.js';

export type SearchSort = 'path' | 'modified';

export interface PageRequest {
  readonly mode: SearchMode;
  readonly sort: SearchSort;
  readonly offset: number;
  readonly limit: number;
  readonly maxBytes: number;
  // Modification time (ms) of a workspace-relative file; 0 when it cannot be read.
  readonly mtimeOf: (path: string) => number;
}

export interface Page {
  readonly matches: SearchMatch[];
  readonly files: FileHit[];
  // Results (lines or files) and files with a match, in everything found.
  readonly total: number;
  readonly fileCount: number;
  readonly nextOffset: number | null;
  // What ended the page early: the result cap or the byte cap (null: the page holds the rest).
  readonly cappedBy: 'maxResults' | 'maxBytes' | null;
}

// Runs of one file's matches, in the order they came (grouped by file).
function groups(matches: readonly SearchMatch[]): SearchMatch[][] {
  const out: SearchMatch[][] = [];
  for (const match of matches) {
    const last = out[out.length - 1];
    if (last !== undefined && last[0]!.path === match.path) last.push(match);
    else out.push([match]);
  }
  return out;
}

// Newest first; files of the same time keep their path order (the sort is stable).
function byModified<T>(items: readonly T[], pathOf: (item: T) => string, mtimeOf: (path: string) => number): T[] {
  const times = new Map<string, number>();
  const time = (item: T): number => {
    const path = pathOf(item);
    let value = times.get(path);
    if (value === undefined) times.set(path, (value = mtimeOf(path)));
    return value;
  };
  return [...items].sort((a, b) => time(b) - time(a));
}

const utf8 = (text: string): number => Buffer.byteLength(text, 'utf8');

// About the bytes one result takes in the formatted output (`path:line:column: text` and its context).
function matchBytes(match: SearchMatch): number {
  let bytes = utf8(match.path) + utf8(match.text) + 16;
  if (match.context) for (const line of [...match.context.before, ...match.context.after]) bytes += utf8(match.path) + utf8(line) + 12;
  return bytes;
}

const fileBytes = (hit: FileHit): number => utf8(hit.path) + (hit.count === undefined ? 1 : 12);

// Up to `limit` items from `offset` whose sizes add up to at most maxBytes (always one, when any is left).
function slice<T>(items: readonly T[], request: PageRequest, size: (item: T) => number): { page: T[]; nextOffset: number | null; cappedBy: Page['cappedBy'] } {
  const page: T[] = [];
  let bytes = 0;
  let index = request.offset;
  let cappedBy: Page['cappedBy'] = null;
  for (; index < items.length; index += 1) {
    if (page.length >= request.limit) {
      cappedBy = 'maxResults';
      break;
    }
    const item = items[index]!;
    const next = bytes + size(item);
    if (page.length > 0 && next > request.maxBytes) {
      cappedBy = 'maxBytes';
      break;
    }
    page.push(item);
    bytes = next;
  }
  return { page, nextOffset: index < items.length ? index : null, cappedBy };
}

export function pageOf(matches: readonly SearchMatch[], files: readonly FileHit[], request: PageRequest): Page {
  if (request.mode === 'content') {
    const runs = groups(matches);
    const ordered = request.sort === 'modified' ? byModified(runs, (run) => run[0]!.path, request.mtimeOf).flat() : matches;
    const { page, nextOffset, cappedBy } = slice(ordered, request, matchBytes);
    return { matches: page, files: [], total: matches.length, fileCount: runs.length, nextOffset, cappedBy };
  }
  const ordered = request.sort === 'modified' ? byModified(files, (hit) => hit.path, request.mtimeOf) : files;
  const { page, nextOffset, cappedBy } = slice(ordered, request, fileBytes);
  return { matches: [], files: page, total: files.length, fileCount: files.length, nextOffset, cappedBy };
}
