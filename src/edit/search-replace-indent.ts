// Level 2 of search/replace: the search matches whole file lines once the same indentation change is
// applied to every non-blank line; the replacement gets that change too.
import type { ViewMatch } from './search-replace-types.js';

interface LineParts {
  readonly ws: string;
  readonly body: string;
}

// How one matched window's indentation relates to the search's.
type Shift =
  | { readonly kind: 'same' }
  | { readonly kind: 'add'; readonly prefix: string }
  | { readonly kind: 'remove'; readonly prefix: string }
  | { readonly kind: 'convert'; readonly width: number; readonly delta: number; readonly tabs: boolean; readonly from: string };

const TAB_WIDTHS = [4, 2, 8] as const;

function splitIndent(line: string): LineParts {
  let i = 0;
  while (i < line.length && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
  return { ws: line.slice(0, i), body: line.slice(i) };
}

// Display columns of leading whitespace, tabs advancing to the next multiple of `width`.
function columns(ws: string, width: number): number {
  let col = 0;
  for (let i = 0; i < ws.length; i++) col = ws.charCodeAt(i) === 9 ? (Math.floor(col / width) + 1) * width : col + 1;
  return col;
}

function render(col: number, width: number, tabs: boolean): string {
  const c = Math.max(0, col);
  return tabs ? '\t'.repeat(Math.floor(c / width)) + ' '.repeat(c % width) : ' '.repeat(c);
}

// pairs: [search indentation, file indentation] of every non-blank line of a window.
function findShift(pairs: readonly (readonly [string, string])[]): Shift | undefined {
  const [s0, f0] = pairs[0]!;
  if (f0.endsWith(s0)) {
    const prefix = f0.slice(0, f0.length - s0.length);
    if (pairs.every(([s, f]) => f === prefix + s)) return prefix === '' ? { kind: 'same' } : { kind: 'add', prefix };
  }
  if (s0.endsWith(f0)) {
    const prefix = s0.slice(0, s0.length - f0.length);
    if (pairs.every(([s, f]) => s === prefix + f)) return { kind: 'remove', prefix };
  }
  const fileTabs = pairs.some(([, f]) => f.includes('\t'));
  const searchTabs = pairs.some(([s]) => s.includes('\t'));
  const from = fileTabs === searchTabs ? 'mixed tabs and spaces' : fileTabs ? 'spaces to tabs' : 'tabs to spaces';
  // Every tab width that makes the shift uniform; prefer no shift, then a whole number of tabs.
  const fits = TAB_WIDTHS.flatMap((width) => {
    const delta = columns(f0, width) - columns(s0, width);
    return pairs.every(([s, f]) => columns(f, width) - columns(s, width) === delta) ? [{ width, delta }] : [];
  });
  const fit = fits.find((f) => f.delta === 0) ?? fits.find((f) => f.delta % f.width === 0) ?? fits[0];
  return fit === undefined ? undefined : { kind: 'convert', ...fit, tabs: fileTabs, from };
}

function reindentLine(line: string, shift: Shift): string {
  const { ws, body } = splitIndent(line);
  if (body.length === 0 || shift.kind === 'same') return line;
  if (shift.kind === 'add') return shift.prefix + line;
  if (shift.kind === 'remove') {
    if (ws.startsWith(shift.prefix)) return line.slice(shift.prefix.length);
    return render(columns(ws, 4) - columns(shift.prefix, 4), 4, ws.includes('\t')) + body;
  }
  return render(columns(ws, shift.width) + shift.delta, shift.width, shift.tabs) + body;
}

function describeWs(ws: string): string {
  const tabs = ws.split('\t').length - 1;
  const spaces = ws.length - tabs;
  const parts: string[] = [];
  if (tabs > 0) parts.push(`${tabs} tab${tabs === 1 ? '' : 's'}`);
  if (spaces > 0) parts.push(`${spaces} space${spaces === 1 ? '' : 's'}`);
  return parts.join(' and ');
}

function describeShift(shift: Shift): string {
  const tail = '; the replacement was re-indented the same way';
  if (shift.kind === 'same') return 'search text matched except for the whitespace of its blank lines';
  if (shift.kind === 'add') return `search text matched with its indentation shifted by +${describeWs(shift.prefix)}${tail}`;
  if (shift.kind === 'remove') return `search text matched with its indentation shifted by -${describeWs(shift.prefix)}${tail}`;
  const moved = shift.delta === 0 ? '' : `, shifted by ${shift.delta > 0 ? '+' : ''}${shift.delta} columns`;
  return `search text matched with its indentation converted from ${shift.from} (1 tab = ${shift.width} columns)${moved}${tail}`;
}

// Matches a window of whole lines starting at view offset `start`; the last search line, when the search
// does not end with a newline, only has to be a prefix of its file line's text after the indentation.
function matchWindow(view: string, start: number, lines: readonly LineParts[], endsWithNewline: boolean, replace: string): ViewMatch | undefined {
  const pairs: [string, string][] = [];
  let ls = start;
  let end = -1;
  for (let j = 0; j < lines.length; j++) {
    if (ls > view.length) return undefined;
    const nl = view.indexOf('\n', ls);
    const le = nl === -1 ? view.length : nl;
    const f = splitIndent(view.slice(ls, le));
    const s = lines[j]!;
    const last = j === lines.length - 1;
    if (s.body.length === 0) {
      if (f.body.length !== 0) return undefined;
    } else {
      const partial = last && !endsWithNewline;
      if (partial ? !f.body.startsWith(s.body) : f.body !== s.body) return undefined;
      pairs.push([s.ws, f.ws]);
    }
    if (last) {
      if (endsWithNewline) end = nl === -1 ? -1 : nl + 1;
      else end = s.body.length === 0 ? le : ls + f.ws.length + s.body.length;
    }
    ls = nl === -1 ? view.length + 1 : nl + 1;
  }
  if (end === -1) return undefined;
  const shift = findShift(pairs);
  if (shift === undefined) return undefined;
  const replacement = replace.split('\n').map((line) => reindentLine(line, shift)).join('\n');
  return { start, end, replacement, note: describeShift(shift) };
}

// View offset of the start of the line `back` lines above the line starting at `ls`, or -1.
function linesUp(view: string, ls: number, back: number): number {
  let at = ls;
  for (let i = 0; i < back; i++) {
    if (at === 0) return -1;
    at = at < 2 ? 0 : view.lastIndexOf('\n', at - 2) + 1;
  }
  return at;
}

export function* indentationMatches(view: string, search: string, replace: string): Generator<ViewMatch> {
  const raw = search.split('\n');
  const endsWithNewline = raw.length > 1 && raw[raw.length - 1] === '';
  if (endsWithNewline) raw.pop();
  const lines = raw.map(splitIndent);
  const first = lines.findIndex((l) => l.body.length > 0);
  if (first === -1) return;
  const anchor = lines[first]!.body;
  // Candidates: the first non-blank search line's text preceded by nothing but indentation.
  for (let x = view.indexOf(anchor); x !== -1; x = view.indexOf(anchor, x + 1)) {
    let ls = x;
    while (ls > 0 && (view.charCodeAt(ls - 1) === 32 || view.charCodeAt(ls - 1) === 9)) ls--;
    if (ls > 0 && view.charCodeAt(ls - 1) !== 10) continue;
    const start = linesUp(view, ls, first);
    if (start === -1) continue;
    const match = matchWindow(view, start, lines, endsWithNewline, replace);
    if (match !== undefined) yield match;
  }
}
