// Search with ripgrep (`@vscode/ripgrep`'s binary): rg's compact `--null` line output (rg-lines.ts),
// stream-parsed line by line and stopped as soon as the global cap is passed; `rg --json` (rg-json.ts)
// when that output holds a line it cannot place. `rg --files` with the same filters lists paths for
// --search-paths.
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fail } from '../engine/errors.js';
import { MatchCollector, sortPaths, type PathMatch } from './collect.js';
import { makePathFilter, pathMatcher, termRegExp } from './filter.js';
import { ripgrepGlobArgs } from './globs.js';
import { emptyRgLine, parseRgLine } from './rg-json.js';
import { LINES_OUTPUT_ARGS, RgLinesReader } from './rg-lines.js';
import { runRipgrep, type RipgrepSink, type RunOutcome } from './rg-run.js';
import { anySink, relPath, reportStderr, rgMessage } from './rg-common.js';
import { fileListPass, fileListArgs } from './rg-files.js';
import { findBwrap } from './confine.js';
import { outsidePath } from '../sandbox/which.js';
import { codePoints } from './text.js';
import type { SearchRequest, SearchResult } from './types.js';

export { RipgrepUnavailable } from './rg-run.js';

// Environment variable naming another ripgrep binary; a path that cannot run selects the Node scan.
export const RG_PATH_ENV = 'CODEWARD_RG_PATH';

// The binary to run, or why there is none.
export async function locateRipgrep(): Promise<{ path: string } | { reason: string }> {
  const override = process.env[RG_PATH_ENV];
  if (override) return runnable(override) ? { path: override } : { reason: `${RG_PATH_ENV}=${override} is not an executable file` };
  try {
    const { rgPath } = await import('@vscode/ripgrep');
    return runnable(rgPath) ? { path: rgPath } : { reason: `the ripgrep binary ${rgPath} is missing` };
  } catch (error) {
    return { reason: `@vscode/ripgrep could not be loaded (${(error as Error).message})` };
  }
}

function runnable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

// Filters that give ripgrep tree's semantics: .gitignore files from the searched folder down (also
// outside a git repository; nothing from parent folders, global excludes, .git/info/exclude, .ignore or
// .rgignore), dot-files, node_modules and vendor skipped unless --include-hidden, .git always skipped,
// non-accessible globs excluded. Later globs win in rg, so the exclusions come after the user's globs;
// all are --iglob because rg orders every --glob before every --iglob (and tree's --glob ignores case).
export function ripgrepFilterArgs(request: SearchRequest): string[] {
  const root = request.workspace.root;
  const dirRel = request.target.kind === 'dir' ? request.target.rel : '';
  const args = ['--no-config', '--no-require-git', '--no-ignore-parent', '--no-ignore-global', '--no-ignore-exclude', '--no-ignore-dot'];
  if (request.includeHidden) args.push('--no-ignore', '--hidden');
  // The root's .gitignore prunes a subfolder search early (its patterns are relative to rg's working
  // directory, the root); the .gitignore files between root and --dir are checked on the results.
  else if (dirRel !== '' && existsSync(join(root, '.gitignore'))) args.push('--ignore-file', join(root, '.gitignore'));
  args.push(...ripgrepGlobArgs(request.globs, dirRel));
  // codeward's own files are never searched (its project folder, temp files of a write in flight).
  if (request.includeHidden) args.push('--iglob', '!.git', '--iglob', '!.codeward', '--iglob', '!*.cw-tmp');
  else args.push('--iglob', '!.*', '--iglob', '!node_modules/', '--iglob', '!vendor/');
  for (const glob of request.nonAccessibleGlobs) {
    const widened = glob.startsWith('!') ? undefined : ripgrepGlob(glob);
    if (widened !== undefined) args.push('--iglob', `!${widened}`);
  }
  return args;
}

// ripgrep's globs have no extglobs (`!(a|b)`, `@(...)`): such a part widens to `*`, so ripgrep skips at
// least every file the glob hides (`.env.!(example)` -> `.env.*`; the path filter then has the final word,
// and a hidden file's text is never read). A part that would widen to a bare `*` or `.*` (a home workspace's
// default deny, `.!(bashrc|config|...)`: sandbox/home-shown.ts) would hide the exceptions too: such a glob is
// left to the path filter alone (what it hides that existed when the engine opened is named one by one too).
function ripgrepGlob(glob: string): string | undefined {
  const widened = glob.replace(/[!@+?*]\([^()]*\)/g, '*');
  return widened !== glob && widened.split('/').some((segment, index) => (segment === '*' || segment === '.*') && glob.split('/')[index] !== segment) ? undefined : widened;
}

// The path operand: none for the workspace root (rg then prints paths without a ./ prefix).
function targetArgs(request: SearchRequest): string[] {
  return request.target.rel === '' ? [] : [request.target.rel];
}

// 'lines': the compact `--null` line output; 'json': `--json`, exact whatever the paths and files.
export type RipgrepOutput = 'lines' | 'json';

export function ripgrepContentArgs(request: SearchRequest, output: RipgrepOutput): string[] {
  return [
    ...(output === 'json' ? ['--json'] : LINES_OUTPUT_ARGS),
    ...(request.ordered === true ? ['--sort', 'path'] : []),
    ...ripgrepFilterArgs(request),
    // A regex uses rg's fast engine, and PCRE2 only when it needs look-around or backreferences.
    ...(request.regex ? ['--engine', 'auto'] : ['--fixed-strings']),
    request.caseSensitive ? '--case-sensitive' : '--ignore-case',
    ...(request.context > 0 ? ['--context', String(request.context)] : []),
    // After `--` the term is never read as a flag, whatever it starts with.
    '--',
    request.term,
    ...targetArgs(request),
  ];
}

interface ContentPass {
  readonly collector: MatchCollector;
  readonly outcome: RunOutcome;
  readonly summary: boolean; // rg finished its statistics (or --json summary): it searched
  readonly ambiguous: boolean; // lines output only: a line it cannot place; repeat with --json
}

// The length, in code points, of the match at `column` (1-based, code points) of a long line, for
// cutLine to keep it visible; the line output gives only where the match starts. A literal term matches
// as many code points as it has (case-insensitive matching folds one code point to one); a regex is
// matched again here, in JavaScript syntax (0 when that fails: the cut then starts at the match).
function matchLengthFinder(request: SearchRequest): (text: string, column: number) => number {
  if (!request.regex) {
    const length = codePoints(request.term);
    return () => length;
  }
  let pattern: RegExp | undefined;
  try {
    pattern = termRegExp(request.term, true, request.caseSensitive);
    pattern = new RegExp(pattern.source, `${pattern.flags}y`);
  } catch {
    pattern = undefined;
  }
  return (text, column) => {
    if (!pattern) return 0;
    let index = 0;
    for (let point = 1; point < column && index < text.length; point += 1) {
      const code = text.charCodeAt(index);
      index += code >= 0xd800 && code <= 0xdbff && index + 1 < text.length ? 2 : 1;
    }
    pattern.lastIndex = index;
    const found = pattern.exec(text);
    return found ? codePoints(found[0]) : 0;
  };
}

function linesPass(rgPath: string, request: SearchRequest, accept: (rel: string) => boolean, sink: RipgrepSink, bwrap: string | undefined): Promise<ContentPass> {
  const collector = new MatchCollector(request);
  const reader = new RgLinesReader();
  const lengthOf = matchLengthFinder(request);
  const maxLine = request.maxLineLength;
  let accepting = false;
  let summary = false;
  let ambiguous = false;
  return runRipgrep(rgPath, ripgrepContentArgs(request, 'lines'), request.workspace.root, request.signal, (buf, start, end) => {
    const kind = reader.read(buf, start, end);
    if (kind === 'stats') {
      summary = true;
      return true;
    }
    if (kind === 'ambiguous') {
      ambiguous = true;
      return false;
    }
    if (reader.pathChanged) {
      const rel = relPath(reader.path);
      accepting = accept(rel);
      if (accepting) collector.beginFile(rel);
      else collector.endFile();
    }
    if (!accepting) return true;
    if (kind === 'context') {
      collector.contextLine(reader.lineNumber, reader.text);
      return true;
    }
    const { text, column } = reader;
    return collector.match(reader.lineNumber, column, text, text.length > maxLine ? lengthOf(text, column) : 0);
  }, { sink, bwrap }).then((outcome) => ({ collector, outcome, summary, ambiguous }));
}

async function jsonPass(rgPath: string, request: SearchRequest, accept: (rel: string) => boolean, sink: RipgrepSink, bwrap: string | undefined): Promise<ContentPass> {
  const collector = new MatchCollector(request);
  let accepting = false;
  let summary = false;
  const event = emptyRgLine();
  const outcome = await runRipgrep(rgPath, ripgrepContentArgs(request, 'json'), request.workspace.root, request.signal, (buf, start, end) => {
    switch (parseRgLine(buf, start, end, event).type) {
      case 'match':
        return accepting ? collector.match(event.lineNumber, event.column, event.text, event.matchLength) : true;
      case 'context':
        if (accepting) collector.contextLine(event.lineNumber, event.text);
        return true;
      case 'begin': {
        const rel = relPath(event.path);
        accepting = accept(rel);
        if (accepting) collector.beginFile(rel);
        return true;
      }
      case 'end':
        if (accepting) collector.endFile();
        accepting = false;
        return true;
      case 'summary':
        summary = true;
        return true;
      default:
        return true;
    }
  }, { sink, bwrap });
  return { collector, outcome, summary, ambiguous: false };
}

async function searchContent(rgPath: string, request: SearchRequest, accept: (rel: string) => boolean, bwrap: string | undefined): Promise<{ collector: MatchCollector; confined: boolean }> {
  let pass = await anySink((sink) => linesPass(rgPath, request, accept, sink, bwrap), request.signal);
  if (pass.ambiguous && !request.signal.aborted) pass = await anySink((sink) => jsonPass(rgPath, request, accept, sink, bwrap), request.signal);
  const { collector, outcome, summary } = pass;
  if (request.signal.aborted) throw fail('C250', 'search cancelled');
  if (outcome.code === null && !outcome.stopped) throw fail('C216', 'ripgrep was killed before it finished');
  if (outcome.code === 2 && !summary && !outcome.stopped) {
    const message = rgMessage(outcome.stderr);
    if (/regex|pattern|literal|glob/i.test(message)) {
      throw fail('C210', `${request.regex ? 'invalid --regex term' : 'ripgrep rejected the search'}: ${message}`);
    }
    throw fail('C216', `ripgrep failed: ${message || `exit status ${outcome.code}`}`);
  }
  if (!outcome.stopped) reportStderr(request, outcome.stderr);
  return { collector, confined: outcome.confined };
}

async function searchPathNames(rgPath: string, request: SearchRequest, accept: (rel: string) => boolean, bwrap: string | undefined): Promise<{ paths: PathMatch[]; truncated: boolean; confined: boolean }> {
  let matches: (path: string) => boolean;
  try {
    matches = pathMatcher(request.term, request.regex, request.caseSensitive);
  } catch (error) {
    if (!request.searchContent) throw error;
    request.warn(`path names were not searched: ${(error as Error).message}`);
    return { paths: [], truncated: false, confined: true };
  }
  // NUL-separated: a file name may contain a newline.
  const args = ['--files', '--null', ...(request.ordered === true ? ['--sort', 'path'] : []), ...ripgrepFilterArgs(request), '--', ...targetArgs(request)];
  const { paths, truncated, outcome } = await anySink(async (sink) => {
    const found: PathMatch[] = [];
    let capped = false;
    const run = await runRipgrep(rgPath, args, request.workspace.root, request.signal, (buf, start, end) => {
      const rel = relPath(buf.toString('utf8', start, end));
      if (rel === '' || !matches(rel) || !accept(rel)) return true;
      if (found.length >= request.maxResults) {
        capped = true;
        return false;
      }
      found.push({ path: rel });
      return true;
    }, { sink, separator: 0, bwrap });
    return { paths: found, truncated: capped, outcome: run };
  }, request.signal);
  if (request.signal.aborted) throw fail('C250', 'search cancelled');
  if (outcome.code === 2 && !outcome.stopped && paths.length === 0) {
    const message = rgMessage(outcome.stderr);
    throw fail(/glob/i.test(message) ? 'C210' : 'C216', `ripgrep failed: ${message || `exit status ${outcome.code}`}`);
  }
  if (!request.searchContent && !outcome.stopped) reportStderr(request, outcome.stderr);
  return { paths: request.ordered === true || request.anyOrder === true ? paths : sortPaths(paths), truncated, confined: outcome.confined };
}

// Without the namespace (confine.ts), a result counts only when its path, walked now from a handle on
// the root without following any symlink, is a regular file: names a racing swap handed rg are dropped.
function reachable(request: SearchRequest): (each: { path: string }) => boolean {
  const { workspace } = request;
  return (each) => {
    try {
      return workspace.jail.lstat(join(workspace.root, each.path))?.isFile() === true;
    } catch {
      return false;
    }
  };
}

export async function ripgrepSearch(rgPath: string, request: SearchRequest): Promise<SearchResult> {
  const accept = makePathFilter(request, 'ripgrep');
  // No PATH folder a run may write gives the bwrap that confines rg (a planted one would run unconfined).
  const bwrap = findBwrap(outsidePath(process.env, request.workspace.toolAreas));
  const listing = request.searchContent && request.mode !== 'content';
  const [content, listed, names] = await Promise.all([
    request.searchContent && !listing ? searchContent(rgPath, request, accept, bwrap) : undefined,
    listing ? fileListPass(rgPath, fileListArgs(request, ripgrepFilterArgs(request), targetArgs(request)), request, accept, bwrap) : undefined,
    request.searchPaths ? searchPathNames(rgPath, request, accept, bwrap) : undefined,
  ]);
  const matches = content ? content.collector.result() : [];
  const files = listed ? (request.ordered === true ? listed.files : sortPaths(listed.files)) : [];
  const pathMatches = names ? names.paths : [];
  return {
    matches: content?.confined === false ? matches.filter(reachable(request)) : matches,
    files: listed?.confined === false ? files.filter(reachable(request)) : files,
    pathMatches: names?.confined === false ? pathMatches.filter(reachable(request)) : pathMatches,
    truncated: (content?.collector.truncated ?? false) || (listed?.truncated ?? false) || (names?.truncated ?? false),
    engine: 'ripgrep',
  };
}
