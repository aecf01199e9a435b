// The search command's text: ripgrep-like lines for mode content, a path per line (files) or `path:N`
// (count), then the path matches and closing notes: what this page shows and how to get the rest.
import type { SearchData } from '../commands/search.js';
import type { SearchMatch } from './types.js';

function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : nouns}`;
}

// `path:line:column: text` per match, `path-line- text` for context lines, `--` between separate context
// blocks. Matches arrive grouped by file.
function contentLines(matches: readonly SearchMatch[], out: string[]): void {
  let lastPath: string | undefined;
  let lastLine = 0;
  for (const match of matches) {
    const { path, line } = match;
    const samePath = path === lastPath;
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
}

function filesOnPage(data: SearchData): number {
  if (data.mode !== 'content') return data.files?.length ?? 0;
  let count = 0;
  let last: string | undefined;
  for (const match of data.matches) {
    if (match.path !== last) count += 1;
    last = match.path;
  }
  return count;
}

// What the page shows: `3 matches in 2 files` for a whole result, `matches 201-400 of 16800 ...` for a page.
function summary(data: SearchData): string {
  const shown = data.mode === 'content' ? data.matches.length : (data.files?.length ?? 0);
  const unit = data.mode === 'content' ? ['match', 'matches'] : ['file', 'files'];
  const whole = data.offset === 0 && data.nextOffset === null && data.complete;
  const parts: string[] = [];
  if (data.mode === 'content' && (whole || (shown === 0 && data.offset === 0))) {
    parts.push(data.matches.length === 0 && data.total === 0 && !data.pathMatches ? 'no matches' : `${plural(shown, 'match', 'matches')} in ${plural(filesOnPage(data), 'file')}`);
  } else if (whole) {
    parts.push(data.mode === 'count'
      ? `${plural(shown, 'file')}, ${plural((data.files ?? []).reduce((sum, hit) => sum + (hit.count ?? 0), 0), 'matching line')}`
      : plural(shown, 'file'));
  } else {
    // An early stop saw one result past what it kept: "more than".
    const of = `${data.complete ? '' : 'more than '}${data.total}`;
    const range = shown === 0 ? `none (offset ${data.offset} is past the last)` : `${data.offset + 1}-${data.offset + shown}`;
    parts.push(data.mode === 'content'
      ? `${unit[1]} ${range} of ${of} in ${data.complete ? '' : 'at least '}${plural(data.fileCount, 'file')}`
      : `${unit[1]} ${range} of ${of}`);
  }
  if (data.sort === 'modified') parts.push('newest first');
  if (data.pathMatches) parts.push(plural(data.pathMatches.length, 'matching path'));
  if (data.engine === 'node') parts.push('built-in scanner');
  return `[${parts.join('; ')}]`;
}

export function formatSearch(data: SearchData): string {
  const out: string[] = [];
  if (data.mode === 'content') contentLines(data.matches, out);
  else for (const hit of data.files ?? []) out.push(hit.count === undefined ? hit.path : `${hit.path}:${hit.count}`);
  if (data.pathMatches && data.pathMatches.length > 0) {
    if (out.length > 0) out.push('');
    out.push('paths:');
    for (const match of data.pathMatches) out.push(`  ${match.path}`);
  }
  out.push(summary(data));
  if (data.nextOffset !== null) {
    const cap = data.cappedBy === 'maxBytes' ? '--max-bytes' : '--max-results';
    out.push(`[stopped at ${cap}: continue with --offset ${data.nextOffset}; or narrow with --glob or --dir, raise --max-results, or --all for every result]`);
  } else if (!data.complete) {
    out.push(`[stopped collecting at ${data.total} results: there are more; narrow with --glob or --dir, raise --max-results, or --all for every result]`);
  } else if (data.truncated) {
    out.push('[matching paths stopped at --max-results; narrow with --glob or --dir, or raise --max-results]');
  }
  return out.join('\n');
}
