import * as z from 'zod/mini';
import { join } from 'node:path';
import { choice, described, flag, optionalText, text, whole, wholeOr } from '../engine/schema.js';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { notAccessible } from '../workspace/refusals.js';
import type { FileHit, PathMatch, SearchMatch, SearchMode } from '../search/types.js';
import { pageOf, type SearchSort } from '../search/page.js';
import { formatSearch } from '../search/format.js';

// Results per call when --max-results is not given: matching lines (content) or files (files, count).
export const DEFAULT_RESULTS: Readonly<Record<SearchMode, number>> = { content: 200, files: 1000, count: 1000 };
// Matching lines collected before ordering and paging (a search past it stops and says so); raised to
// offset + max-results when a page lies beyond it, lifted by --all.
const COLLECT_LINES = 100_000;

const flags = z.strictObject({
  term: text('text to find, literal unless --regex (one line)'),
  dir: described(z._default(z.string(), '.'), 'folder to search, or one file'),
  regex: flag('--term is a regular expression (ripgrep; look-around via PCRE2)'),
  caseSensitive: flag('match case exactly'),
  ignoreCase: described(z.optional(z.boolean()), 'the inverse of --case-sensitive'),
  mode: choice(['content', 'files', 'count'], 'content', 'content: matching lines; files: paths of matching files; count: matches per file'),
  sort: choice(['path', 'modified'], 'path', 'file order: by path, or newest first'),
  context: wholeOr(0, 0, 'lines of context around each match'),
  maxResults: whole(1, `per call: lines in mode content (default ${DEFAULT_RESULTS.content}), else files (default ${DEFAULT_RESULTS.files})`),
  offset: wholeOr(0, 0, 'results to skip; a cut result names the next --offset'),
  maxBytes: wholeOr(1, 100_000, 'about this many bytes per call'),
  all: flag('every result in one call (no --max-results, --max-bytes); page with --offset instead'),
  glob: optionalText('gitignore-style path pattern(s) relative to --dir; "!" excludes: "*.ts,!*.test.ts"'),
  includeHidden: flag('also dot-files, node_modules, vendor, gitignored paths'),
  searchPaths: flag('also match file paths (data.pathMatches)'),
  searchContent: described(z._default(z.boolean(), true), 'search contents (--no-search-content with --search-paths: names only)'),
  maxLineLength: wholeOr(1, 500, 'longer lines are cut (marked …)'),
});

type SearchArgs = z.infer<typeof flags>;

export interface SearchData {
  dir: string;
  mode: SearchMode;
  sort: SearchSort;
  // Mode content: this page's matching lines (empty in the other modes).
  matches: SearchMatch[];
  // Modes files and count: this page's files (count: with their matching lines).
  files?: FileHit[];
  pathMatches?: PathMatch[];
  // Where this page starts; results found in all (lines in mode content, else files); files with a match.
  offset: number;
  total: number;
  fileCount: number;
  // false: the search stopped early (a page by path stops after itself; newest first stops at 100,000 lines):
  // total and fileCount are lower bounds.
  complete: boolean;
  // The --offset of the next page; null when this page holds the last result.
  nextOffset: number | null;
  // What ended this page early: 'maxResults', 'maxBytes', or null.
  cappedBy: 'maxResults' | 'maxBytes' | null;
  // More results exist than this page shows (a next page, or an incomplete search).
  truncated: boolean;
  engine: 'ripgrep' | 'node';
}

function caseSensitivity(args: SearchArgs): boolean {
  if (args.ignoreCase === true && args.caseSensitive) throw fail('C210', '--case-sensitive and --ignore-case contradict each other; pass one');
  return args.caseSensitive || args.ignoreCase === false;
}

// The rules between flags, checked with the arguments (a usage error) and again before a run.
function checkArgs(args: SearchArgs): void {
  if (args.term === '') throw fail('C210', '--term must not be empty');
  if (/[\r\n]/.test(args.term)) throw fail('C210', '--term must be one line; search for a single line of the text (or use --regex with \\s)');
  if (args.term.includes('\0') || args.glob?.includes('\0')) throw fail('C210', '--term and --glob must not contain NUL bytes');
  if (!args.searchContent && !args.searchPaths) throw fail('C210', 'nothing to search: --no-search-content needs --search-paths');
  if (args.mode !== 'content' && args.context > 0) throw fail('C210', `--context shows lines around matches: it needs --mode content (not ${args.mode})`);
  if (args.mode !== 'content' && !args.searchContent) throw fail('C210', `--mode ${args.mode} lists files whose contents match: drop --no-search-content`);
  if (args.context > 0 && !args.searchContent) throw fail('C210', '--context shows lines around content matches: drop it with --no-search-content (names only)');
  caseSensitivity(args);
}

async function run(args: SearchArgs, ctx: CommandContext): Promise<SearchData> {
  checkArgs(args);
  const caseSensitive = caseSensitivity(args);
  const target = ctx.path(args.dir);
  if (target.kind !== 'dir' && target.kind !== 'file') throw fail('C210', `${args.dir} is neither a folder nor a file`);
  // 'list' lets the jail show a non-accessible folder; searching reads, so it is refused here.
  if (ctx.workspace.isHiddenFromReaders(target.rel)) throw notAccessible(args.dir);
  const limit = args.all ? Number.POSITIVE_INFINITY : args.maxResults ?? DEFAULT_RESULTS[args.mode];
  // By path, rg walks in path order and stops after the page (offset + limit results): the first page costs
  // what it shows, and every page is the same at every call. Newest first needs every result (up to a
  // ceiling for lines), ordered here by modification time.
  const ordered = !args.all && args.sort === 'path';
  const collect = ordered ? args.offset + limit : args.all || args.mode !== 'content' ? Number.POSITIVE_INFINITY : Math.max(COLLECT_LINES, args.offset + limit);
  // Loading the ripgrep locator overlaps with loading the search code (both only now: start-up of
  // every other command pays for neither).
  void import('@vscode/ripgrep').catch(() => undefined);
  const { runSearch, splitGlobs } = await import('../search/search.js');
  const result = await runSearch({
    workspace: ctx.workspace,
    nonAccessibleGlobs: ctx.config.nonAccessibleGlobs,
    target: { rel: target.rel === '.' ? '' : target.rel, real: target.real, kind: target.kind },
    term: args.term,
    mode: args.mode,
    regex: args.regex,
    caseSensitive,
    context: args.context,
    maxResults: collect,
    ordered,
    globs: splitGlobs(args.glob),
    includeHidden: args.includeHidden,
    searchContent: args.searchContent,
    searchPaths: args.searchPaths,
    maxLineLength: args.maxLineLength,
    signal: ctx.signal,
    warn: (message) => ctx.warn(message),
  });
  const { root, jail } = ctx.workspace;
  const page = pageOf(result.matches, result.files, {
    mode: args.mode,
    sort: args.sort,
    offset: args.offset,
    limit,
    maxBytes: args.all ? Number.POSITIVE_INFINITY : args.maxBytes,
    mtimeOf: (path) => {
      try {
        return jail.lstat(join(root, path))?.mtimeMs ?? 0;
      } catch {
        return 0;
      }
    },
  });
  const pathMatches = result.pathMatches.slice(0, limit);
  if (page.total === 0 && result.pathMatches.length === 0 && target.kind === 'dir') {
    const { skippedNote } = await import('../search/skipped.js');
    const note = skippedNote(ctx.workspace, target.rel === '.' ? '' : target.rel, target.real, args.includeHidden);
    if (note) ctx.warn(note);
  }
  const complete = !result.truncated;
  // A search that stopped early has more after what it collected.
  const shown = args.mode === 'content' ? page.matches.length : page.files.length;
  const nextOffset = page.nextOffset ?? (!complete && shown > 0 ? args.offset + shown : null);
  return {
    dir: target.rel,
    mode: args.mode,
    sort: args.sort,
    matches: page.matches,
    ...(args.mode === 'content' ? {} : { files: page.files }),
    ...(args.searchPaths ? { pathMatches } : {}),
    offset: args.offset,
    total: page.total,
    fileCount: page.fileCount,
    complete,
    nextOffset,
    cappedBy: page.cappedBy ?? (nextOffset !== null ? 'maxResults' : null),
    truncated: nextOffset !== null || !complete || pathMatches.length < result.pathMatches.length,
    engine: result.engine,
  };
}

export const searchCommand = defineCommand({
  name: 'search',
  aliases: ['grep', 'rg', 'search_files', 'find_in_files', 'search_code'],
  summary: 'Search file contents (optionally paths) with ripgrep: literal, case-insensitive, gitignore-aware',
  guide: '--mode files lists only file names; read shows a match\'s surroundings.',
  flags,
  flagAliases: {
    maxMatches: 'maxResults',
    contextLines: 'context',
    include: 'glob',
    includeGlobs: 'glob',
    globs: 'glob',
    filePattern: 'glob',
    isRegex: 'regex',
    useRegex: 'regex',
    matchCase: 'caseSensitive',
    maxLineBytes: 'maxLineLength',
    maxColumns: 'maxLineLength',
    output: 'mode',
    outputMode: 'mode',
    skip: 'offset',
    sortBy: 'sort',
  },
  positional: 'term',
  promptFlags: ['dir', 'regex', 'context', 'glob'],
  examples: [
    'search --term "TODO"',
    'search --term "func HandleRequest" --dir internal --glob "*.go"',
    'search --term "useState\\(" --regex --glob "*.tsx,!*.test.tsx" --context 2',
    'search --term "TODO" --mode count --sort modified',
    'search --term "TODO" --offset 200',
  ],
  effect: 'read',
  effectArgs: [],
  annotations: { readOnly: true, destructive: false, idempotent: true },
  check: checkArgs,
  touches: (args) => [{ path: args.dir, access: 'list' }],
  run,
  format: formatSearch,
});
