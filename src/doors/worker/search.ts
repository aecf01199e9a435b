import { join } from 'node:path';
import picomatch from '../../workspace/picomatch.js';
import type { SearchData } from '../../commands/search.js';
import { isCodewardError } from '../../engine/errors.js';
import { runEngine, toWorker, wirePath } from './call.js';
import type { WorkerContext } from './config.js';
import { werr } from './errors.js';
import { entryStats } from './read-file.js';

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

type ContentMatch = { path: string; line: number; column: number; text: string };

export interface SearchResponse {
  content_matches: ContentMatch[];
  path_matches: { path: string }[];
  truncated: boolean;
}

// Cuts a line to at most `max` UTF-8 bytes, never inside a character (the original panicked there).
export function cutLine(line: string, max: number): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= max) return line;
  let cut = max;
  while (cut > 0 && (bytes[cut]! & 0xc0) === 0x80) cut -= 1;
  return bytes.subarray(0, cut).toString('utf8');
}

// The engine's glob list ("!" excludes): the folders the walk leaves out unless asked (skipped.ts), not
// when the caller named a path inside one of them.
function hiddenGlobs(req: SearchRequest, path: string): string {
  const named = path.split('/');
  return ['.git', ...(req.include_hidden === true ? [] : ['node_modules', 'vendor'])].filter((name) => !named.includes(name)).map((name) => `!${name}`).join(',');
}

// include_globs / exclude_globs on the base-relative path, in the engine's glob dialect (picomatch, as the
// non-accessible globs); a glob that does not compile is C210.
function globTest(globs: readonly string[] | null | undefined, empty: boolean): (rel: string) => boolean {
  if (!globs || globs.length === 0) return () => empty;
  const tests = globs.map((glob) => {
    try {
      return picomatch(glob, { dot: true, strictBrackets: true });
    } catch (error) {
      throw werr('C210', `bad glob ${JSON.stringify(glob)}: ${(error as Error).message}`);
    }
  });
  return (rel) => tests.some((test) => test(rel));
}

// The folder to search must be one (the engine would also search a single file).
async function checkFolder(ctx: WorkerContext, path: string, input: string): Promise<void> {
  let kind;
  try {
    kind = (await ctx.engine.workspace.resolve(path, 'list')).kind;
  } catch (error) {
    throw isCodewardError(error) ? toWorker(ctx, error.toJSON(), input) : error;
  }
  if (kind !== 'dir') throw werr('C210', `not a directory: ${input}`);
}

// A content match as the original reported it: the line cut to max_line_bytes before matching (a match
// past the cut was not seen), column = 1 + the UTF-8 bytes before the match; undefined when not seen.
function seedMatch(match: { path: string; line: number; column: number; text: string }, maxLineBytes: number, engineCut: number): ContentMatch | undefined {
  const chars = [...match.text];
  const full = chars.length === engineCut + 1 && chars.at(-1) === '…' ? chars.slice(0, -1).join('') : match.text;
  const text = cutLine(full, maxLineBytes);
  const before = Buffer.byteLength(chars.slice(0, match.column - 1).join(''), 'utf8');
  if (before >= Buffer.byteLength(text, 'utf8') && text !== full) return undefined;
  return { path: match.path, line: match.line, column: 1 + before, text };
}

// coder::search → the engine's `search` (ripgrep: the jail, non-accessible globs, the permission gate on
// the term, binary files skipped; Rust regex syntax as the original's), every file including dot-files and
// gitignored ones as the original walked them. Then the original's rules per match: files the policy
// would not let read-file read, or larger than max_read_bytes, are not searched; lines cut to
// max_line_bytes; at most max_matches of each kind (truncated says more were found).
export async function searchFn(ctx: WorkerContext, req: SearchRequest): Promise<SearchResponse> {
  const searchContent = req.search_content ?? true;
  const searchPaths = req.search_paths ?? true;
  if (req.query === '') throw werr('C210', 'query must not be empty');
  if (!searchContent && !searchPaths) throw werr('C210', 'at least one of search_content / search_paths must be true');
  const input = req.path ?? '.';
  const path = wirePath(input);
  const included = globTest(req.include_globs, true);
  const excluded = globTest(req.exclude_globs, false);
  await checkFolder(ctx, path, input);
  const maxMatches = req.max_matches ?? ctx.config.search_default_max_matches;
  const maxLineBytes = req.max_line_bytes ?? ctx.config.search_default_max_line_bytes;
  const engineCut = Math.max(1, maxLineBytes);
  const readable = await ctx.readable();
  const sizes = new Map<string, boolean>();
  const searchable = (rel: string): boolean => included(rel) && !excluded(rel) && readable(rel, join(ctx.base, rel));
  const small = (rel: string): boolean => {
    let fits = sizes.get(rel);
    if (fits === undefined) sizes.set(rel, (fits = (entryStats(ctx, rel)?.size ?? Number.POSITIVE_INFINITY) <= ctx.config.max_read_bytes));
    return fits;
  };
  const response: SearchResponse = { content_matches: [], path_matches: [], truncated: false };
  const args = {
    term: req.query, dir: path, regex: req.regex === true, caseSensitive: req.ignore_case !== true, mode: 'content', includeHidden: true,
    searchContent, searchPaths, maxLineLength: engineCut, maxBytes: Number.MAX_SAFE_INTEGER, maxResults: Math.max(1, maxMatches) + 1,
    ...(hiddenGlobs(req, path) === '' ? {} : { glob: hiddenGlobs(req, path) }),
  };
  for (let offset = 0; ; ) {
    const data = await runEngine<SearchData>(ctx, 'search', { ...args, offset }, input).catch((error: unknown) => {
      if (error instanceof Error && 'code' in error && error.code === 'C210' && error.message.startsWith('invalid --regex term: ')) {
        throw werr('C210', `bad regex ${JSON.stringify(req.query)}: ${error.message.slice('invalid --regex term: '.length)}`);
      }
      throw error;
    });
    if (offset === 0) {
      for (const { path: rel } of data.pathMatches ?? []) if (searchable(rel)) response.path_matches.push({ path: rel });
    }
    for (const match of data.matches) {
      const seen = searchable(match.path) && small(match.path) ? seedMatch(match, maxLineBytes, engineCut) : undefined;
      if (seen !== undefined) response.content_matches.push(seen);
    }
    if (response.content_matches.length > maxMatches || data.nextOffset === null || data.matches.length === 0) break;
    offset = data.nextOffset;
  }
  response.truncated = response.content_matches.length > maxMatches || response.path_matches.length > maxMatches;
  response.content_matches = response.content_matches.slice(0, maxMatches);
  response.path_matches = response.path_matches.slice(0, maxMatches);
  return response;
}
