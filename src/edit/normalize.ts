// Normalised views of file text for search/replace matching, each with a sparse map back to the
// offsets of the text it came from (sorted offset arrays + binary search, never one entry per char).

// How many entries of the ascending array are < x (or <= x when `inclusive`).
export function countBefore(sorted: readonly number[], x: number, inclusive = false): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid]!;
    if (v < x || (inclusive && v === x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function toLf(text: string): string {
  return text.includes('\r\n') ? text.replace(/\r\n/g, '\n') : text;
}

// The text with every CRLF turned into LF. `crs` holds, ascending, the view offset of each '\n' that
// was a '\r\n' in the raw text. A lone '\r' stays in the view.
export interface EolView {
  readonly view: string;
  readonly crs: readonly number[];
}

export function eolView(raw: string): EolView {
  let i = raw.indexOf('\r\n');
  if (i === -1) return { view: raw, crs: [] };
  const crs: number[] = [];
  for (; i !== -1; i = raw.indexOf('\r\n', i + 2)) crs.push(i - crs.length);
  return { view: raw.replace(/\r\n/g, '\n'), crs };
}

// Raw offset of a view offset. A '\r\n' never splits: a region starting at its '\n' starts at the
// '\r', a region ending before its '\n' ends before the '\r'.
export function viewToRaw(crs: readonly number[], x: number): number {
  return x + countBefore(crs, x);
}

// Whether a '\r\n' of the raw text has its '\n' at a view offset in [from, to).
export function hasCrlfIn(crs: readonly number[], from: number, to: number): boolean {
  return countBefore(crs, to) > countBefore(crs, from);
}

const isBlankCode = (code: number): boolean => code === 32 || code === 9;

// The text with the spaces and tabs at the end of every line removed. Run k was removed at stripped
// offset at[k] (just before a '\n' or at the end); cum[k] is the length removed by runs 0..k.
export interface StrippedView {
  readonly text: string;
  readonly at: readonly number[];
  readonly cum: readonly number[];
  // The last line (after the last '\n') lost trailing whitespace.
  readonly lastStripped: boolean;
}

export function stripTrailingBlanks(s: string): StrippedView {
  const pieces: string[] = [];
  const at: number[] = [];
  const cum: number[] = [];
  let copied = 0;
  let outLength = 0;
  let removed = 0;
  let lastStripped = false;
  for (let ls = 0; ls <= s.length; ) {
    let le = s.indexOf('\n', ls);
    if (le === -1) le = s.length;
    let te = le;
    while (te > ls && isBlankCode(s.charCodeAt(te - 1))) te--;
    if (te < le) {
      pieces.push(s.slice(copied, te));
      outLength += te - copied;
      at.push(outLength);
      removed += le - te;
      cum.push(removed);
      copied = le;
      if (le === s.length) lastStripped = true;
    }
    ls = le + 1;
  }
  if (at.length === 0) return { text: s, at, cum, lastStripped };
  pieces.push(s.slice(copied));
  return { text: pieces.join(''), at, cum, lastStripped };
}

// View offset of a stripped offset. A match starting where whitespace was removed starts after it;
// one ending there ends before it: the file's trailing whitespace stays outside the match.
export function strippedToView(v: StrippedView, x: number, isEnd: boolean): number {
  const k = countBefore(v.at, x, !isEnd);
  return k === 0 ? x : x + v.cum[k - 1]!;
}

// Unicode punctuation and spaces compared as their ASCII forms (as Codex's apply_patch does), plus
// prime marks and the ellipsis.
const FOLDS: Readonly<Record<string, string>> = {
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-', '\u2212': '-',
  '\u2018': "'", '\u2019': "'", '\u201A': "'", '\u201B': "'", '\u2032': "'", '\u2035': "'",
  '\u201C': '"', '\u201D': '"', '\u201E': '"', '\u201F': '"', '\u2033': '"', '\u2036': '"',
  '\u00A0': ' ', '\u2002': ' ', '\u2003': ' ', '\u2004': ' ', '\u2005': ' ', '\u2006': ' ', '\u2007': ' ',
  '\u2008': ' ', '\u2009': ' ', '\u200A': ' ', '\u202F': ' ', '\u205F': ' ', '\u3000': ' ',
  '\u2026': '...',
};
const FOLD_SOURCE = `[${Object.keys(FOLDS).join('')}]`;

// The text with FOLDS applied. Only the ellipsis changes length: `expansions` holds the folded offset
// of each '...' that was one '…'.
export interface FoldedView {
  readonly text: string;
  readonly expansions: readonly number[];
}

export function foldPunctuation(s: string): FoldedView {
  const expansions: number[] = [];
  const text = s.replace(new RegExp(FOLD_SOURCE, 'g'), (ch: string, offset: number) => {
    if (ch === '\u2026') expansions.push(offset + 2 * expansions.length);
    return FOLDS[ch]!;
  });
  return { text, expansions };
}

// View offset of a folded offset, or -1 when it falls inside a '...' that was one '…'.
export function foldedToView(v: FoldedView, x: number): number {
  const before = countBefore(v.expansions, x - 3, true);
  if (countBefore(v.expansions, x) > before) return -1;
  return x - 2 * before;
}
