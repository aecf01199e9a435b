import * as z from 'zod/mini';
import { described, flag, optionalText, text, wholeOr } from '../engine/schema.js';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { notAccessible } from '../workspace/refusals.js';
import type { PathMatch, SearchMatch } from '../search/types.js';
import { plural } from './render.js';

const flags = z.strictObject({
  term: text('text to find, literal unless --regex (one line)'),
  dir: described(z._default(z.string(), '.'), 'folder to search, or one file'),
  regex: flag('treat --term as a regular expression (ripgrep syntax; look-around and backreferences via PCRE2)'),
  caseSensitive: flag('match case exactly (default: case-insensitive)'),
  ignoreCase: described(z.optional(z.boolean()), 'the inverse of --case-sensitive (--ignore-case false = --case-sensitive)'),
  context: wholeOr(0, 0, 'lines of context above and below each match'),
  maxResults: wholeOr(1, 200, 'stop after this many matching lines across all files (path matches are capped alike)'),
  glob: optionalText('gitignore-style pattern on the path relative to --dir; several separated by commas; "!" excludes, e.g. "*.ts,!*.test.ts"'),
  includeHidden: flag('also search dot-files, node_modules, vendor and gitignored paths'),
  searchPaths: flag('also match the term against file paths (data.pathMatches)'),
  searchContent: described(z._default(z.boolean(), true), 'search file contents (--no-search-content with --search-paths: names only)'),
  maxLineLength: wholeOr(1, 500, 'longer lines are cut to this many characters, marked with …'),
});

type SearchArgs = z.infer<typeof flags>;

export interface SearchData {
  dir: string;
  matches: SearchMatch[];
  pathMatches?: PathMatch[];
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
  caseSensitivity(args);
}

async function run(args: SearchArgs, ctx: CommandContext): Promise<SearchData> {
  checkArgs(args);
  const caseSensitive = caseSensitivity(args);
  const target = ctx.path(args.dir);
  if (target.kind !== 'dir' && target.kind !== 'file') throw fail('C210', `${args.dir} is neither a folder nor a file`);
  // 'list' lets the jail show a non-accessible folder; searching reads, so it is refused here.
  if (ctx.workspace.isNonAccessible(target.rel)) throw notAccessible(args.dir);
  // Loading the ripgrep locator overlaps with loading the search code (both only now: start-up of
  // every other command pays for neither).
  void import('@vscode/ripgrep').catch(() => undefined);
  const { runSearch, splitGlobs } = await import('../search/search.js');
  const result = await runSearch({
    workspace: ctx.workspace,
    nonAccessibleGlobs: ctx.config.nonAccessibleGlobs,
    target: { rel: target.rel === '.' ? '' : target.rel, real: target.real, kind: target.kind },
    term: args.term,
    regex: args.regex,
    caseSensitive,
    context: args.context,
    maxResults: args.maxResults,
    globs: splitGlobs(args.glob),
    includeHidden: args.includeHidden,
    searchContent: args.searchContent,
    searchPaths: args.searchPaths,
    maxLineLength: args.maxLineLength,
    signal: ctx.signal,
    warn: (message) => ctx.warn(message),
  });
  return {
    dir: target.rel,
    matches: result.matches,
    ...(args.searchPaths ? { pathMatches: result.pathMatches } : {}),
    truncated: result.truncated,
    engine: result.engine,
  };
}

// ripgrep-like: `path:line:column: text` per match, `path-line- text` for context lines, `--` between
// separate context blocks, then the path matches and a summary line. Matches arrive grouped by file.
function format(data: SearchData): string {
  const out: string[] = [];
  let lastPath: string | undefined;
  let lastLine = 0;
  let files = 0;
  for (const match of data.matches) {
    const { path, line } = match;
    const samePath = path === lastPath;
    if (!samePath) files += 1;
    const context = match.context;
    if (context === undefined) {
      out.push(`${path}:${line}:${match.column}: ${match.text}`);
      lastPath = path;
      lastLine = line;
      continue;
    }
    const { before, after } = context;
    const first = line - before.length;
    if (lastPath !== undefined && (!samePath || first > lastLine + 1)) out.push('--');
    for (let index = 0; index < before.length; index += 1) {
      if (!samePath || first + index > lastLine) out.push(`${path}-${first + index}- ${before[index]}`);
    }
    out.push(`${path}:${line}:${match.column}: ${match.text}`);
    for (let index = 0; index < after.length; index += 1) out.push(`${path}-${line + 1 + index}- ${after[index]}`);
    lastPath = path;
    lastLine = line + after.length;
  }
  const summary: string[] = [];
  if (data.pathMatches) {
    if (data.pathMatches.length > 0) {
      if (out.length > 0) out.push('');
      out.push('paths:');
      for (const match of data.pathMatches) out.push(`  ${match.path}`);
    }
    summary.push(plural(data.pathMatches.length, 'matching path'));
  }
  summary.unshift(data.matches.length === 0 && !data.pathMatches ? 'no matches' : `${plural(data.matches.length, 'match', 'matches')} in ${plural(files, 'file')}`);
  out.push(`[${summary.join('; ')}${data.engine === 'node' ? '; built-in scanner' : ''}]`);
  if (data.truncated) out.push(`[stopped at --max-results; narrow with --glob or --dir, or raise --max-results]`);
  return out.join('\n');
}

export const searchCommand = defineCommand({
  name: 'search',
  aliases: ['grep', 'rg', 'search_files', 'find_in_files', 'search_code'],
  summary: 'Search file contents (and optionally paths) with ripgrep: literal, case-insensitive, gitignore-aware',
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
  },
  positional: 'term',
  examples: [
    'search --term "TODO"',
    'search --term "func HandleRequest" --dir internal --glob "*.go"',
    'search --term "useState\\(" --regex --glob "*.tsx,!*.test.tsx" --context 2',
  ],
  effect: 'read',
  annotations: { readOnly: true, destructive: false, idempotent: true },
  check: checkArgs,
  touches: (args) => [{ path: args.dir, access: 'list' }],
  run,
  format,
});
