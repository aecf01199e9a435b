// The file-list modes of a search with ripgrep: `--files-with-matches` (mode files) and `--count` (mode
// count: matching lines per file), both with `--null`, so every path ends at a NUL and may hold any byte,
// a newline included. rg -l stops reading a file at its first match; neither prints any line text.
//
//   files: PATH\0PATH\0...            count: PATH\0N\nPATH\0N\n...
//
// With NUL as the record separator the count output reads `PATH`, `N\nPATH`, ..., `N\n`: each record after
// the first starts with the previous path's count and its newline (digits never hold one), then the next path.
import { fail } from '../engine/errors.js';
import type { FileHit } from './collect.js';
import { anySink, NOTHING_SEARCHED, relPath, reportStderr, rgMessage } from './rg-common.js';
import { runRipgrep, type RunOutcome } from './rg-run.js';
import type { SearchRequest } from './types.js';

const NEWLINE = 10;

// rg's arguments for the file-list mode of `request` (filters built by the caller, as for content).
export function fileListArgs(request: SearchRequest, filterArgs: readonly string[], target: readonly string[]): string[] {
  return [
    request.mode === 'count' ? '--count' : '--files-with-matches',
    '--null',
    '--with-filename',
    '--color',
    'never',
    ...(request.ordered === true ? ['--sort', 'path'] : []),
    ...filterArgs,
    ...(request.regex ? ['--engine', 'auto'] : ['--fixed-strings']),
    request.caseSensitive ? '--case-sensitive' : '--ignore-case',
    '--',
    request.term,
    ...target,
  ];
}

interface FilePass {
  readonly files: FileHit[];
  readonly truncated: boolean;
  readonly outcome: RunOutcome;
  readonly garbled: boolean;
}

// Every matching file the path filter accepts, in rg's (unordered) order; stops past request.maxResults.
export async function fileListPass(
  rgPath: string, args: readonly string[], request: SearchRequest, accept: (rel: string) => boolean, bwrap: string | undefined,
): Promise<{ files: FileHit[]; truncated: boolean; confined: boolean }> {
  const counting = request.mode === 'count';
  const pass = await anySink(async (sink): Promise<FilePass> => {
    const files: FileHit[] = [];
    let truncated = false;
    let garbled = false;
    let pending: string | undefined;
    const add = (hit: FileHit): boolean => {
      if (!accept(hit.path)) return true;
      if (files.length >= request.maxResults) {
        truncated = true;
        return false;
      }
      files.push(hit);
      return true;
    };
    const outcome = await runRipgrep(rgPath, args, request.workspace.root, request.signal, (buf, start, end) => {
      if (!counting) return start === end ? true : add({ path: relPath(buf.toString('utf8', start, end)) });
      let at = start;
      if (pending !== undefined) {
        let count = 0;
        while (at < end && buf[at]! >= 48 && buf[at]! <= 57) count = count * 10 + buf[at++]! - 48;
        if (at === start || at >= end || buf[at] !== NEWLINE) {
          garbled = true;
          return false;
        }
        at += 1;
        const path = pending;
        pending = undefined;
        if (!add({ path, count })) return false;
      }
      if (at < end) pending = relPath(buf.toString('utf8', at, end));
      return true;
    }, { sink, separator: 0, bwrap });
    if (pending !== undefined && !truncated && !outcome.stopped) garbled = true;
    return { files, truncated, outcome, garbled };
  }, request.signal);
  const { outcome } = pass;
  if (request.signal.aborted) throw fail('C250', 'search cancelled');
  if (pass.garbled) throw fail('C216', 'ripgrep printed a file count this search cannot read; search with --mode content');
  if (outcome.code === null && !outcome.stopped) throw fail('C216', 'ripgrep was killed before it finished');
  // Every file filtered out is a warning (as in mode content), not a failure.
  if (outcome.code === 2 && !outcome.stopped && pass.files.length === 0 && !outcome.stderr.includes(NOTHING_SEARCHED)) {
    const message = rgMessage(outcome.stderr);
    if (/regex|pattern|literal|glob/i.test(message)) throw fail('C210', `${request.regex ? 'invalid --regex term' : 'ripgrep rejected the search'}: ${message}`);
    throw fail('C216', `ripgrep failed: ${message || `exit status ${outcome.code}`}`);
  }
  if (!outcome.stopped) reportStderr(request, outcome.stderr);
  return { files: pass.files, truncated: pass.truncated, confined: outcome.confined };
}
