// Search/replace over decoded file text: exact, unique (unless `all`), literal, and keeping every byte
// outside the matches, line endings included. See search-replace-tolerance.ts for the matching levels.
import { fail, isCodewardError } from '../engine/errors.js';
import { closestRegion } from './closest.js';
import { countBefore, eolView, hasCrlfIn, toLf, viewToRaw, type EolView } from './normalize.js';
import { LEVELS } from './search-replace-tolerance.js';
import type { SearchReplaceEdit, SearchReplaceResult, ViewMatch } from './search-replace-types.js';

export type { SearchReplaceEdit, SearchReplaceResult } from './search-replace-types.js';
export { closestRegion } from './closest.js';

const MAX_LISTED_LINES = 10;
export const IDENTICAL_NOTE = 'search and replace are identical; nothing changed';

interface Found {
  readonly matches: ViewMatch[];
  readonly total: number;
}

// With `all`: every non-overlapping match, left to right. Without: the first few plus the total count
// (overlapping matches count, so "aa" in "aaa" is ambiguous).
function collect(found: Iterable<ViewMatch>, all: boolean): Found {
  const matches: ViewMatch[] = [];
  let total = 0;
  let lastEnd = -1;
  for (const m of found) {
    if (all) {
      if (m.start < lastEnd) continue;
      matches.push(m);
      lastEnd = m.end;
    } else if (matches.length < MAX_LISTED_LINES) matches.push(m);
    total++;
  }
  return { matches, total: all ? matches.length : total };
}

// 1-based line of each (ascending) view offset, counting newlines incrementally.
function lineNumbers(view: string, offsets: readonly number[]): number[] {
  const out: number[] = [];
  let line = 1;
  let at = 0;
  for (const offset of offsets) {
    for (let nl = view.indexOf('\n', at); nl !== -1 && nl < offset; nl = view.indexOf('\n', nl + 1)) line++;
    at = Math.max(at, offset);
    out.push(line);
  }
  return out;
}

// The line break to write for a match: the matched region's own (CRLF if it has any), else the one
// ending the match's line, else the file's dominant one.
function eolFor(ev: EolView, m: ViewMatch, dominant: () => string): string {
  if (hasCrlfIn(ev.crs, m.start, m.end)) return '\r\n';
  const nl = ev.view.indexOf('\n', m.start);
  if (nl !== -1 && nl < m.end) return '\n';
  if (nl === -1) return dominant();
  return countBefore(ev.crs, nl + 1) > countBefore(ev.crs, nl) ? '\r\n' : '\n';
}

function dominantEol(ev: EolView): string {
  let lf = 0;
  for (let i = ev.view.indexOf('\n'); i !== -1; i = ev.view.indexOf('\n', i + 1)) lf++;
  return ev.crs.length > lf - ev.crs.length ? '\r\n' : '\n';
}

function notFound(text: string, view: string, search: string, replace: string): Error {
  const parts: string[] = [];
  const applied = replace.trim().length >= 6 ? view.indexOf(replace) : -1;
  if (applied !== -1) {
    const [line] = lineNumbers(view, [applied]);
    parts.push(`the replacement text is already in the file at line ${line}: the edit may have been applied already`);
  }
  const closest = closestRegion(text, search);
  parts.push(closest ?? 'no line of the file resembles the search text; read the file again and copy the lines to change exactly');
  parts.push('(also tried ignoring trailing whitespace, indentation, and Unicode quotes, dashes and spaces)');
  const detail = parts.join('\n');
  return fail('C220', `search text not found\n${detail}`, { detail });
}

function ambiguous(view: string, found: Found, level: string): Error {
  // One entry per line, however many matches it holds.
  const each = lineNumbers(view, found.matches.map((m) => m.start));
  const lines = [...new Set(each)];
  const more = found.total > each.length ? ', ...' : '';
  const how = level === 'exact' ? '' : ` (no exact match; these matched ${level})`;
  return fail(
    'C221',
    `search text matches ${found.total} times (lines ${lines.join(', ')}${more}); add surrounding lines to make it unique, or pass --all to replace every match${how}`,
    { count: found.total, lines },
  );
}

// Replaces the search text in `text` (the decoded file, any line endings). Exactly one match is required
// unless `all`; the replacement is literal, its line breaks follow the matched region's.
export function applySearchReplace(text: string, search: string, replace: string, options: { all?: boolean } = {}): SearchReplaceResult {
  if (search.length === 0) throw fail('C210', '--search must not be empty; to create or overwrite a file use write');
  const all = options.all === true;
  const ev = eolView(text);
  const s = toLf(search);
  const r = toLf(replace);
  for (const level of LEVELS) {
    const found = collect(level.find(ev.view, s, r, !all), all);
    if (found.total === 0) continue;
    if (!all && found.total > 1) throw ambiguous(ev.view, found, level.name);
    const lines = lineNumbers(ev.view, found.matches.map((m) => m.start));
    const notes = [...new Set(found.matches.flatMap((m) => (m.note === undefined ? [] : [m.note])))];
    if (s === r) return { text, replacements: found.total, lines, notes: [...notes, IDENTICAL_NOTE] };
    let dominant: string | undefined;
    const pieces: string[] = [];
    let copied = 0;
    for (const m of found.matches) {
      const eol = eolFor(ev, m, () => (dominant ??= dominantEol(ev)));
      const rawStart = viewToRaw(ev.crs, m.start);
      pieces.push(text.slice(copied, rawStart), eol === '\n' ? m.replacement : m.replacement.split('\n').join(eol));
      copied = viewToRaw(ev.crs, m.end);
    }
    pieces.push(text.slice(copied));
    return { text: pieces.join(''), replacements: found.total, lines, notes };
  }
  throw notFound(text, ev.view, s, r);
}

// Applies edits one after another in memory (each sees the previous result). The first failure is thrown
// with its 1-based position: `edit 2: search text not found ...`.
export function applyEditsInMemory(text: string, edits: readonly SearchReplaceEdit[]): { text: string; results: SearchReplaceResult[] } {
  let current = text;
  const results: SearchReplaceResult[] = [];
  for (let i = 0; i < edits.length; i++) {
    const edit = edits[i]!;
    try {
      const result = applySearchReplace(current, edit.search, edit.replace, { all: edit.all === true });
      results.push(result);
      current = result.text;
    } catch (error) {
      if (!isCodewardError(error)) throw error;
      throw fail(error.code, `edit ${i + 1}: ${error.message}`, error.data);
    }
  }
  return { text: current, results };
}
