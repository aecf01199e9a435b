// The pure-Node search, used only when the ripgrep binary cannot run: tree's walk (same .gitignore,
// hidden-file and node_modules rules), the same --glob selection, binary files skipped, the same
// events into the same collector, so the results have the same shape and order. Regex terms use
// JavaScript syntax here.
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { walkTree } from '../commands/tree-walk.js';
import { fail } from '../engine/errors.js';
import type { Beneath } from '../workspace/beneath.js';
import { countByFile, MatchCollector, type PathMatch } from './collect.js';
import { makePathFilter, pathMatcher, termRegExp } from './filter.js';
import { compileGlobFilter } from './globs.js';
import { columnOfIndex } from './text.js';
import type { SearchRequest, SearchResult } from './types.js';

// Larger files are skipped by the Node scan (ripgrep streams them); reported in a warning.
const MAX_FILE_BYTES = 256 * 1024 * 1024;
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;

async function listFiles(request: SearchRequest): Promise<string[]> {
  const { target } = request;
  if (target.kind === 'file') return [target.rel];
  const { entries } = await walkTree({
    workspace: request.workspace,
    dir: target.real,
    maxDepth: undefined,
    maxEntries: Number.POSITIVE_INFINITY,
    glob: undefined,
    includeHidden: request.includeHidden,
    signal: request.signal,
  });
  const selected = compileGlobFilter(request.globs);
  const offset = target.rel === '' ? 0 : target.rel.length + 1;
  const accept = makePathFilter(request, 'node');
  return entries
    .filter((entry) => entry.type === 'file' && !entry.nonAccessible && accept(entry.path))
    .map((entry) => entry.path)
    .filter((path) => !selected || selected(path.slice(offset)));
}

// The file's text, or undefined for a binary (a NUL byte), unreadable or oversized file. A UTF-8 BOM is
// dropped and UTF-16 with a BOM is decoded, as ripgrep does; invalid UTF-8 becomes U+FFFD.
// Opened through the parent folder's handle (workspace/beneath.ts): no symlink anywhere on the way.
function readText(jail: Beneath, abs: string, oversized: string[], rel: string): string | undefined {
  let fd: number;
  try {
    fd = jail.atSync(abs, (at) => openSync(at, constants.O_RDONLY | NOFOLLOW | (constants.O_NONBLOCK ?? 0)));
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return undefined;
    if (stats.size > MAX_FILE_BYTES) {
      oversized.push(rel);
      return undefined;
    }
    const bytes = readFileSync(fd);
    if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
    if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
    if (bytes.includes(0)) return undefined;
    const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    return bytes.toString('utf8', start);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

interface Hit {
  index: number; // 0-based line
  column: number;
  length: number;
}

// First match of each line. Lines keep a trailing \r while matching (as in ripgrep without --crlf).
function findHits(lines: readonly string[], find: (line: string) => { index: number; length: number } | undefined): Hit[] {
  const hits: Hit[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const found = find(line);
    if (found) hits.push({ index, column: columnOfIndex(line, found.index), length: found.length });
  }
  return hits;
}

function finder(request: SearchRequest): (line: string) => { index: number; length: number } | undefined {
  const { term } = request;
  if (!request.regex && request.caseSensitive) {
    return (line) => {
      const index = line.indexOf(term);
      return index === -1 ? undefined : { index, length: term.length };
    };
  }
  const pattern = termRegExp(term, request.regex, request.caseSensitive);
  return (line) => {
    const found = pattern.exec(line);
    return found ? { index: found.index, length: found[0].length } : undefined;
  };
}

const unCr = (line: string): string => (line.endsWith('\r') ? line.slice(0, -1) : line);

// Emits one file's matches and context lines in line order; false once the cap is passed.
function emitFile(collector: MatchCollector, rel: string, lines: readonly string[], hits: readonly Hit[], context: number): boolean {
  collector.beginFile(rel);
  let emitted = -1; // last line index handed over
  for (let k = 0; k < hits.length; k += 1) {
    const hit = hits[k]!;
    for (let index = Math.max(emitted + 1, hit.index - context); index < hit.index; index += 1) collector.contextLine(index + 1, unCr(lines[index]!));
    if (!collector.match(hit.index + 1, hit.column, unCr(lines[hit.index]!), hit.length)) return false;
    const next = hits[k + 1]?.index ?? Number.POSITIVE_INFINITY;
    const last = Math.min(hit.index + context, lines.length - 1, next - 1);
    for (let index = hit.index + 1; index <= last; index += 1) collector.contextLine(index + 1, unCr(lines[index]!));
    emitted = Math.max(hit.index, last);
  }
  collector.endFile();
  return true;
}

export async function nodeSearch(request: SearchRequest): Promise<SearchResult> {
  const find = request.searchContent ? finder(request) : undefined;
  const files = await listFiles(request);
  const pathMatches: PathMatch[] = [];
  let truncated = false;
  if (request.searchPaths) {
    const matches = pathMatcher(request.term, request.regex, request.caseSensitive);
    for (const path of files) {
      if (!matches(path)) continue;
      if (pathMatches.length >= request.maxResults) {
        truncated = true;
        break;
      }
      pathMatches.push({ path });
    }
  }
  // Modes files and count: every matching line is counted (kept short), then grouped by file.
  const listing = request.mode !== 'content';
  const collector = new MatchCollector(listing ? { maxResults: Number.POSITIVE_INFINITY, context: 0, maxLineLength: 1 } : request);
  const oversized: string[] = [];
  if (find) {
    for (const rel of files) {
      if (request.signal.aborted) throw fail('C250', 'search cancelled');
      const text = readText(request.workspace.jail, join(request.workspace.root, rel), oversized, rel);
      if (text === undefined) continue;
      const lines = text.split('\n');
      if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
      const hits = findHits(lines, find);
      if (hits.length > 0 && !emitFile(collector, rel, lines, hits, listing ? 0 : request.context)) break;
    }
  }
  if (oversized.length > 0) request.warn(`skipped ${oversized.length} file(s) over ${MAX_FILE_BYTES / 1024 / 1024} MiB: ${oversized.slice(0, 3).join(', ')}`);
  if (listing) {
    const all = countByFile(collector.result(), request.mode === 'count');
    const files = all.slice(0, request.maxResults);
    return { matches: [], files, pathMatches, truncated: truncated || all.length > files.length, engine: 'node' };
  }
  return { matches: collector.result(), files: [], pathMatches, truncated: truncated || collector.truncated, engine: 'node' };
}
