// Search with ripgrep (`@vscode/ripgrep`'s binary): `rg --json`, stream-parsed line by line, stopped
// as soon as the global cap is passed. `rg --files` with the same filters lists paths for --search-paths.
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fail } from '../engine/errors.js';
import { MatchCollector, sortPaths, type PathMatch } from './collect.js';
import { makePathFilter, pathMatcher } from './filter.js';
import { ripgrepGlobArgs } from './globs.js';
import { emptyRgLine, parseRgLine } from './rg-json.js';
import type { SearchRequest, SearchResult } from './types.js';

// Environment variable naming another ripgrep binary; a path that cannot run selects the Node scan.
export const RG_PATH_ENV = 'CODEWARD_RG_PATH';

const STDERR_KEEP = 16 * 1024;

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

// Thrown when the binary cannot be started at all; the caller falls back to the Node scan.
export class RipgrepUnavailable extends Error {}

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
  if (request.includeHidden) args.push('--iglob', '!.git');
  else args.push('--iglob', '!.*', '--iglob', '!node_modules/', '--iglob', '!vendor/');
  for (const glob of request.nonAccessibleGlobs) {
    if (!glob.startsWith('!')) args.push('--iglob', `!${glob}`);
  }
  return args;
}

// The path operand: none for the workspace root (rg then prints paths without a ./ prefix).
function targetArgs(request: SearchRequest): string[] {
  return request.target.rel === '' ? [] : [request.target.rel];
}

export function ripgrepContentArgs(request: SearchRequest): string[] {
  return [
    '--json',
    ...ripgrepFilterArgs(request),
    ...(request.regex ? [] : ['--fixed-strings']),
    request.caseSensitive ? '--case-sensitive' : '--ignore-case',
    ...(request.context > 0 ? ['--context', String(request.context)] : []),
    // After `--` the term is never read as a flag, whatever it starts with.
    '--',
    request.term,
    ...targetArgs(request),
  ];
}

interface RunOutcome {
  readonly code: number | null;
  readonly stderr: string;
  readonly stopped: boolean;
}

// Runs rg in the workspace root and hands every stdout line (bytes buf[start, end), without the
// newline) to onLine, which returns false to stop rg. Lines stay bytes: decoding is onLine's choice.
type LineHandler = (buf: Buffer, start: number, end: number) => boolean;

const NEWLINE = 10;

function runRipgrep(rgPath: string, args: readonly string[], cwd: string, signal: AbortSignal, onLine: LineHandler): Promise<RunOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(rgPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let started = false;
    let stopped = false;
    let stderr = '';
    let pieces: Buffer[] = []; // the start of a line that continues in the next chunk
    let failure: unknown;
    const stop = (): void => {
      if (stopped) return;
      stopped = true;
      pieces = [];
      child.kill();
    };
    const onAbort = (): void => stop();
    signal.addEventListener('abort', onAbort, { once: true });
    child.once('spawn', () => {
      started = true;
    });
    child.once('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      if (!started) reject(new RipgrepUnavailable(error.message));
      else stop();
    });
    const feed = (chunk: Buffer): void => {
      let start = 0;
      let newline = chunk.indexOf(NEWLINE);
      if (newline === -1) {
        pieces.push(chunk);
        return;
      }
      if (pieces.length > 0) {
        pieces.push(chunk.subarray(0, newline));
        const line = Buffer.concat(pieces);
        pieces = [];
        if (!onLine(line, 0, line.length)) return stop();
        start = newline + 1;
        newline = chunk.indexOf(NEWLINE, start);
      }
      while (newline !== -1) {
        if (!onLine(chunk, start, newline)) return stop();
        start = newline + 1;
        newline = chunk.indexOf(NEWLINE, start);
      }
      if (start < chunk.length) pieces.push(chunk.subarray(start));
    };
    child.stdout.on('data', (chunk: Buffer) => {
      if (stopped) return;
      try {
        feed(chunk);
      } catch (error) {
        failure = error; // e.g. a line that is not JSON: stop rather than report half a result
        stop();
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < STDERR_KEEP) stderr += chunk;
    });
    child.once('close', (code) => {
      signal.removeEventListener('abort', onAbort);
      try {
        if (!stopped && pieces.length > 0) {
          const line = Buffer.concat(pieces);
          onLine(line, 0, line.length);
        }
      } catch (error) {
        failure = error;
      }
      if (failure !== undefined) reject(failure instanceof Error ? fail('C216', `could not read ripgrep's output: ${failure.message}`) : failure);
      else resolve({ code, stderr, stopped });
    });
  });
}

const BACKSLASH_PATHS = process.platform === 'win32';

function relPath(path: string): string {
  return BACKSLASH_PATHS ? path.replaceAll('\\', '/') : path;
}

// rg's own complaint, cleaned up for a message.
function rgMessage(stderr: string): string {
  return stderr.trim().split('\n').map((line) => line.replace(/^rg: /, '').trimEnd()).filter(Boolean).join('\n');
}

const NOTHING_SEARCHED = 'No files were searched';

function reportStderr(request: SearchRequest, stderr: string): void {
  if (stderr.includes(NOTHING_SEARCHED)) {
    request.warn('no file was searched: --glob, .gitignore or the hidden-file rules excluded every file below --dir');
  }
  const problems = rgMessage(stderr).split('\n').filter((line) => line !== '' && !line.includes(NOTHING_SEARCHED) && !line.startsWith('Running with --debug'));
  if (problems.length > 0) {
    const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : '';
    request.warn(`some files could not be searched: ${problems.slice(0, 3).join('; ')}${more}`);
  }
}

async function searchContent(rgPath: string, request: SearchRequest, accept: (rel: string) => boolean): Promise<{ collector: MatchCollector }> {
  const collector = new MatchCollector(request);
  let accepting = false;
  let summary = false;
  const event = emptyRgLine();
  const outcome = await runRipgrep(rgPath, ripgrepContentArgs(request), request.workspace.root, request.signal, (buf, start, end) => {
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
  });
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
  return { collector };
}

async function searchPathNames(rgPath: string, request: SearchRequest, accept: (rel: string) => boolean): Promise<{ paths: PathMatch[]; truncated: boolean }> {
  let matches: (path: string) => boolean;
  try {
    matches = pathMatcher(request.term, request.regex, request.caseSensitive);
  } catch (error) {
    if (!request.searchContent) throw error;
    request.warn(`path names were not searched: ${(error as Error).message}`);
    return { paths: [], truncated: false };
  }
  const paths: PathMatch[] = [];
  let truncated = false;
  const args = ['--files', ...ripgrepFilterArgs(request), '--', ...targetArgs(request)];
  const outcome = await runRipgrep(rgPath, args, request.workspace.root, request.signal, (buf, start, end) => {
    const rel = relPath(buf.toString('utf8', start, end));
    if (rel === '' || !matches(rel) || !accept(rel)) return true;
    if (paths.length >= request.maxResults) {
      truncated = true;
      return false;
    }
    paths.push({ path: rel });
    return true;
  });
  if (request.signal.aborted) throw fail('C250', 'search cancelled');
  if (outcome.code === 2 && !outcome.stopped && paths.length === 0) {
    const message = rgMessage(outcome.stderr);
    throw fail(/glob/i.test(message) ? 'C210' : 'C216', `ripgrep failed: ${message || `exit status ${outcome.code}`}`);
  }
  if (!request.searchContent && !outcome.stopped) reportStderr(request, outcome.stderr);
  return { paths: sortPaths(paths), truncated };
}

export async function ripgrepSearch(rgPath: string, request: SearchRequest): Promise<SearchResult> {
  const accept = makePathFilter(request, 'ripgrep');
  const [content, names] = await Promise.all([
    request.searchContent ? searchContent(rgPath, request, accept) : undefined,
    request.searchPaths ? searchPathNames(rgPath, request, accept) : undefined,
  ]);
  return {
    matches: content ? content.collector.result() : [],
    pathMatches: names ? names.paths : [],
    truncated: (content?.collector.truncated ?? false) || (names?.truncated ?? false),
    engine: 'ripgrep',
  };
}
