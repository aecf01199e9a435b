// The matching levels of search/replace: exact first, then the tolerances, in the order they are tried.
import {
  foldedToView,
  foldPunctuation,
  strippedToView,
  stripTrailingBlanks,
} from './normalize.js';
import { indentationMatches } from './search-replace-indent.js';
import type { Finder, ViewMatch } from './search-replace-types.js';

export const TRAILING_WHITESPACE_NOTE =
  'search text matched only after ignoring trailing whitespace on its lines; the replacement was inserted as given';
export const PUNCTUATION_NOTE =
  'search text matched only after treating Unicode quotes, dashes, spaces and ellipses as their ASCII forms; the replacement was inserted as given';

// Start offsets of `needle` in `hay`, ascending; after a hit the next search starts at hit + 1 when
// `overlap`, else after the hit.
export function* occurrences(hay: string, needle: string, overlap: boolean): Generator<number> {
  if (needle.length === 0) return;
  const step = overlap ? 1 : needle.length;
  for (let x = hay.indexOf(needle); x !== -1; x = hay.indexOf(needle, x + step)) yield x;
}

export function* exactMatches(view: string, search: string, replace: string, overlap: boolean): Generator<ViewMatch> {
  for (const x of occurrences(view, search, overlap)) yield { start: x, end: x + search.length, replacement: replace };
}

// Level 1. Spaces and tabs at the end of every line are dropped from both the file and the search, and
// the search must then occur in the file. Because only line ends lose anything, a multi-line search's
// first line compares as a suffix of a file line and its last line as a prefix; when the search's last
// line itself had trailing whitespace, the match must also end at a line end. The file's own trailing
// whitespace at either edge of the match stays outside it.
export function* trailingWhitespaceMatches(view: string, search: string, replace: string): Generator<ViewMatch> {
  const s = stripTrailingBlanks(search);
  if (s.text.length === 0) return;
  const v = stripTrailingBlanks(view);
  if (v.at.length === 0 && s.at.length === 0) return; // same as the exact level
  for (const x of occurrences(v.text, s.text, true)) {
    const xe = x + s.text.length;
    if (s.lastStripped && xe < v.text.length && v.text.charCodeAt(xe) !== 10) continue;
    yield {
      start: strippedToView(v, x, false),
      end: strippedToView(v, xe, true),
      replacement: replace,
      note: TRAILING_WHITESPACE_NOTE,
    };
  }
}

// Level 3. Quotes, dashes, spaces and ellipses folded to ASCII in both the file and the search; a match
// may not begin or end inside a '…'.
export function* punctuationMatches(view: string, search: string, replace: string): Generator<ViewMatch> {
  const s = foldPunctuation(search);
  const v = foldPunctuation(view);
  if (s.text === search && v.text === view) return; // same as the exact level
  for (const x of occurrences(v.text, s.text, true)) {
    const start = foldedToView(v, x);
    const end = foldedToView(v, x + s.text.length);
    if (start === -1 || end === -1) continue;
    yield { start, end, replacement: replace, note: PUNCTUATION_NOTE };
  }
}

export interface MatchLevel {
  readonly name: string;
  readonly find: Finder;
}

export const LEVELS: readonly MatchLevel[] = [
  { name: 'exact', find: exactMatches },
  { name: 'ignoring trailing whitespace', find: trailingWhitespaceMatches },
  { name: 'with the indentation shifted', find: indentationMatches },
  { name: 'treating Unicode punctuation as ASCII', find: punctuationMatches },
];
