import { fstatSync, openSync } from 'node:fs';
import { translatePattern } from '../../edit/regex-replace.js';
import type { WorkerContext } from './config.js';
import type { Beneath, DirHandle } from '../../workspace/beneath.js';
import { werr } from './errors.js';
import { compileGlobs } from './glob.js';
import { permitCall, permitted } from './gate.js';
import { closeQuietly, entriesOf, inDir, jailOf, openFolder, READ_FLAGS, readFd, realIn } from './jail.js';
import { relOf, resolvePath } from './paths.js';
import { decodeLossy } from './read-file.js';
import { skippedEntry } from './skipped.js';

export interface SearchRequest {
  query: string;
  path?: string | null;
  regex?: boolean | null;
  ignore_case?: boolean | null;
  include_globs?: string[] | null;
  exclude_globs?: string[] | null;
  max_matches?: number | null;
  max_line_bytes?: number | null;
  search_content?: boolean | null;
  search_paths?: boolean | null;
  include_hidden?: boolean | null;
}

export interface SearchResponse {
  content_matches: { path: string; line: number; column: number; text: string }[];
  path_matches: { path: string }[];
  truncated: boolean;
}

// Finds the first match in a string: its UTF-16 index, or -1.
type Finder = (text: string) => number;

function compileMatcher(req: SearchRequest): Finder {
  const ignoreCase = req.ignore_case === true;
  if (req.regex !== true) {
    const needle = ignoreCase ? req.query.toLowerCase() : req.query;
    return ignoreCase ? (text) => text.toLowerCase().indexOf(needle) : (text) => text.indexOf(needle);
  }
  let regex: RegExp;
  try {
    const { source, flags } = translatePattern(req.query, 'query');
    regex = new RegExp(source, `u${flags}${ignoreCase && !flags.includes('i') ? 'i' : ''}`);
  } catch (error) {
    throw werr('C210', `bad regex ${JSON.stringify(req.query)}: ${(error as Error).message}`);
  }
  return (text) => {
    const match = regex.exec(text);
    return match === null ? -1 : match.index;
  };
}

// Cuts a line to at most `max` UTF-8 bytes, never inside a character (the original panicked there).
export function cutLine(line: string, max: number): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= max) return line;
  let cut = max;
  while (cut > 0 && (bytes[cut]! & 0xc0) === 0x80) cut -= 1;
  return bytes.subarray(0, cut).toString('utf8');
}

// Rust's str::lines: split on "\n", drop the empty piece after a final "\n", strip one trailing "\r".
export function rustLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

// A regular file found by the walk: its real path, and the name the kernel reaches it by (through its
// folder's descriptor, valid while the walk is suspended at it).
interface Found {
  readonly real: string;
  readonly at: string;
}

// Regular files below the open folder `dir` (links not followed, unreadable entries skipped), in
// directory read order. Every folder is opened from its parent's descriptor without following a symlink
// (workspace/beneath.ts), so a folder swapped for a link to the outside mid-walk is never entered.
function* walk(jail: Beneath, dir: DirHandle, includeHidden: boolean): Generator<Found> {
  let entries;
  try {
    entries = entriesOf(dir);
  } catch {
    return; // an unreadable folder ends its part of the walk silently, as the original
  }
  for (const entry of entries) {
    if (skippedEntry(entry.name, entry.isDirectory(), includeHidden)) continue;
    if (entry.isDirectory()) {
      const child = jail.openChild(dir, entry.name);
      if (child === undefined) continue;
      try {
        yield* walk(jail, child, includeHidden);
      } finally {
        child.close();
      }
    } else if (entry.isFile()) yield { real: realIn(dir, entry.name), at: inDir(dir, entry.name) };
  }
}

// The bytes of a found file, opened through its folder's descriptor with O_NOFOLLOW (a symlink swapped in
// is skipped) and checked by fstat: a regular file within max_read_bytes; else undefined.
async function readFound(found: Found, max: number): Promise<Buffer | undefined> {
  let fd: number;
  try {
    fd = openSync(found.at, READ_FLAGS);
  } catch {
    return undefined;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile() || info.size > max) return undefined;
    return await readFd(fd);
  } catch {
    return undefined;
  } finally {
    closeQuietly(fd);
  }
}

// coder::search.
export async function searchFn(ctx: WorkerContext, req: SearchRequest): Promise<SearchResponse> {
  const searchContent = req.search_content ?? true;
  const searchPaths = req.search_paths ?? true;
  if (req.query === '') throw werr('C210', 'query must not be empty');
  if (!searchContent && !searchPaths) throw werr('C210', 'at least one of search_content / search_paths must be true');
  const path = req.path ?? '.';
  permitCall(ctx, 'search', req.query);
  const root = await resolvePath(ctx, path);
  const jail = jailOf(ctx);
  const dir = openFolder(jail, root.abs, path);
  try {
    return await searchIn(ctx, req, jail, dir);
  } finally {
    dir.close();
  }
}

async function searchIn(ctx: WorkerContext, req: SearchRequest, jail: Beneath, dir: DirHandle): Promise<SearchResponse> {
  const searchContent = req.search_content ?? true;
  const searchPaths = req.search_paths ?? true;
  const includes = req.include_globs ?? [];
  const include = compileGlobs(includes);
  const exclude = compileGlobs(req.exclude_globs ?? []);
  const find = compileMatcher(req);
  const maxMatches = req.max_matches ?? ctx.config.search_default_max_matches;
  const maxLineBytes = req.max_line_bytes ?? ctx.config.search_default_max_line_bytes;

  const response: SearchResponse = { content_matches: [], path_matches: [], truncated: false };
  for (const found of walk(jail, dir, req.include_hidden === true)) {
    const file = found.real;
    const rel = relOf(ctx, file);
    if (ctx.nonAccessible(rel)) continue;
    // What the worker may not read (a deny rule, a read-sensitive immune path such as .ssh/) is not searched.
    if (!permitted(ctx, 'read', rel, 'read', file)) continue;
    if (includes.length > 0 && !include(rel)) continue;
    if (exclude(rel)) continue;
    if (searchPaths && find(rel) !== -1) {
      if (response.path_matches.length < maxMatches) response.path_matches.push({ path: rel });
      else response.truncated = true;
    }
    if (!searchContent) continue;
    const bytes = await readFound(found, ctx.config.max_read_bytes);
    if (bytes === undefined || bytes.includes(0)) continue;
    const lines = rustLines(decodeLossy(bytes).text);
    let stop = false;
    for (let index = 0; index < lines.length; index += 1) {
      const text = cutLine(lines[index]!, maxLineBytes);
      const at = find(text);
      if (at === -1) continue;
      if (response.content_matches.length >= maxMatches) {
        response.truncated = true;
        stop = true;
        break;
      }
      const column = 1 + Buffer.byteLength(text.slice(0, at), 'utf8');
      response.content_matches.push({ path: rel, line: index + 1, column, text });
    }
    // As the original: a truncation (by content or by path matches) ends the walk after a content-scanned file.
    if (stop || response.truncated) break;
  }
  return response;
}
