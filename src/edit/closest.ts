// Explains a failed search: the region of the file most like the search text, and what differs, so a
// model can correct its search instead of retrying the same text.
import { foldPunctuation, toLf } from './normalize.js';

const MAX_SHOWN = 8;
const MAX_DIFFS = 3;
const MAX_CHARS = 1500;

interface Window {
  // File line index (0-based) aligned with search line 0; may be negative.
  readonly start: number;
  readonly score: number;
}

interface SearchShape {
  readonly lines: string[];
  // The search does not end with a newline: its last line may stop mid-line.
  readonly open: boolean;
}

function shapeOf(search: string): SearchShape {
  const lines = toLf(search).split('\n');
  const open = !(lines.length > 1 && lines[lines.length - 1] === '');
  if (!open) lines.pop();
  return { lines, open };
}

// Similarity keys: punctuation folded, whitespace runs collapsed, ends trimmed.
function keysOf(lines: readonly string[]): string[] {
  const spaces = /\s+/g;
  const collapsible = /\s\s|[^\S ]/;
  return lines.map((line) => {
    const key = line.trim();
    return collapsible.test(key) ? key.replace(spaces, ' ') : key;
  });
}

// The alignment where the most (length-weighted) lines are alike; ties go to the earliest.
function bestByVotes(fileKeys: readonly string[], searchKeys: readonly string[]): Window | undefined {
  const index = new Map<string, number[]>();
  searchKeys.forEach((key, j) => {
    if (key.length > 0) index.set(key, [...(index.get(key) ?? []), j]);
  });
  const votes = new Map<number, number>();
  for (let i = 0; i < fileKeys.length; i++) {
    const key = fileKeys[i]!;
    const js = index.get(key);
    if (js === undefined) continue;
    for (const j of js) votes.set(i - j, (votes.get(i - j) ?? 0) + Math.min(key.length, 40));
  }
  let best: Window | undefined;
  for (const [start, score] of votes) {
    if (best === undefined || score > best.score || (score === best.score && start < best.start)) best = { start, score };
  }
  return best !== undefined && best.score >= 3 ? best : undefined;
}

// Fallback: the file line sharing the longest prefix with the search's first non-blank line.
function bestByPrefix(fileKeys: readonly string[], searchKeys: readonly string[]): Window | undefined {
  const first = searchKeys.findIndex((k) => k.length > 0);
  if (first === -1) return undefined;
  const target = searchKeys[first]!;
  let best: Window | undefined;
  for (let i = 0; i < fileKeys.length; i++) {
    const key = fileKeys[i]!;
    let n = 0;
    while (n < key.length && n < target.length && key.charCodeAt(n) === target.charCodeAt(n)) n++;
    if (best === undefined || n > best.score) best = { start: i - first, score: n };
  }
  return best !== undefined && best.score >= Math.min(4, target.length) ? best : undefined;
}

// Last resort: the same two searches with case ignored ("Alpha" for "alpha"); the rendered region then
// shows the first character that differs.
function caseBlind(fileKeys: readonly string[], searchKeys: readonly string[]): Window | undefined {
  const lower = (keys: readonly string[]): string[] => keys.map((key) => key.toLowerCase());
  const [file, search] = [lower(fileKeys), lower(searchKeys)];
  return bestByVotes(file, search) ?? bestByPrefix(file, search);
}

function visible(line: string, cap: number): string {
  const shown = line.replace(/\t/g, '→').replace(/\r/g, '␍');
  return shown.length > cap ? `${shown.slice(0, cap)}…` : shown;
}

function codePoint(ch: string | undefined): string {
  return ch === undefined ? 'end of line' : `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

// `line N differs at column C: expected "..." found "..."`, clipped around the first difference. A search
// line that may start mid-line (the first) is lined up with the file line's text after its indentation.
function describeDiff(lineNo: number, expected: string, found: string, cap: number, mayStartMidLine: boolean): string {
  let skip = 0;
  if (mayStartMidLine && !/^[ \t]/.test(expected)) while (skip < found.length && /[ \t]/.test(found[skip]!)) skip++;
  let col = 0;
  while (col < expected.length && skip + col < found.length && expected[col] === found[skip + col]) col++;
  const clip = (text: string, at: number): string => {
    const from = at > cap / 2 ? at - Math.floor(cap / 2) : 0;
    return (from > 0 ? '…' : '') + text.slice(from, from + cap) + (text.length > from + cap ? '…' : '');
  };
  const a = expected[col];
  const b = found[skip + col];
  const odd = (ch: string | undefined): boolean => ch !== undefined && !/[!-~]/.test(ch);
  const hint = odd(a) || odd(b) ? ` (${codePoint(a)} vs ${codePoint(b)})` : '';
  return `line ${lineNo} differs at column ${skip + col + 1}: expected ${JSON.stringify(clip(expected, col))} found ${JSON.stringify(clip(found, skip + col))}${hint}`;
}

// Whether search line j agrees with the file line: the first search line may start mid-line and the
// last (when the search does not end with a newline) may stop mid-line.
function agrees(search: SearchShape, j: number, found: string): boolean {
  const expected = search.lines[j]!;
  const first = j === 0;
  const last = search.open && j === search.lines.length - 1;
  if (first && last) return found.includes(expected);
  if (first) return found.endsWith(expected);
  if (last) return found.startsWith(expected);
  return found === expected;
}

function render(fileLines: readonly string[], search: SearchShape, win: Window, cap: number): string {
  const searchLines = search.lines;
  const m = searchLines.length;
  const last = fileLines.length - 1;
  const diffs: string[] = [];
  let equal = 0;
  let firstDiff = -1;
  let outside = 0;
  for (let j = 0; j < m; j++) {
    const i = win.start + j;
    if (i < 0 || i > last) {
      outside++;
      continue;
    }
    if (agrees(search, j, fileLines[i]!)) equal++;
    else {
      if (firstDiff === -1) firstDiff = j;
      if (diffs.length < MAX_DIFFS) diffs.push(describeDiff(i + 1, searchLines[j]!, fileLines[i]!, cap, j === 0));
      else if (diffs.length === MAX_DIFFS) diffs.push('(more lines differ)');
    }
  }
  let from = Math.max(0, win.start);
  let to = Math.min(last, win.start + m - 1);
  if (to - from + 1 > MAX_SHOWN) {
    from = Math.max(from, win.start + Math.max(0, firstDiff) - 2);
    to = Math.min(to, from + MAX_SHOWN - 1);
  } else if (to - from + 1 <= MAX_SHOWN - 2) {
    from = Math.max(0, from - 1);
    to = Math.min(last, to + 1);
  }
  const width = String(to + 1).length;
  const shown = fileLines.slice(from, to + 1).map((line, k) => `${String(from + k + 1).padStart(width)} | ${visible(line, cap)}`);
  const out = [`closest region, lines ${from + 1}-${to + 1} (${equal} of ${m} search lines equal):`, ...shown, ...diffs];
  if (outside > 0) out.push(`${outside} search line${outside === 1 ? '' : 's'} fall outside the file at this position`);
  if (diffs.length === 0 && outside === 0) out.push('these lines agree with the search text line by line; check for a final newline that the file lacks');
  const legend = [
    ...(shown.some((l) => l.includes('→')) ? ['→ marks a tab'] : []),
    ...(shown.some((l) => l.includes('␍')) ? ['␍ a carriage return'] : []),
  ];
  out.push(`${legend.length > 0 ? `${legend.join(', ')}; ` : ''}copy the search text exactly from the file, or read the file again if it has changed`);
  return out.join('\n');
}

// A description of the file region most like `search` (up to ~8 numbered lines and the lines that differ),
// or undefined when no line of the file resembles it. Line endings are compared as LF, as matching does.
export function closestRegion(text: string, search: string): string | undefined {
  const view = toLf(text);
  if (view.length === 0) return 'the file is empty';
  const shape = shapeOf(search);
  const searchLines = shape.lines;
  const fileLines = view.split('\n');
  const folded = foldPunctuation(view).text;
  const fileKeys = keysOf(folded === view ? fileLines : folded.split('\n'));
  if (view.endsWith('\n')) {
    fileLines.pop(); // a final newline does not start another line
    fileKeys.pop();
  }
  const searchKeys = keysOf(foldPunctuation(searchLines.join('\n')).text.split('\n'));
  const win = bestByVotes(fileKeys, searchKeys) ?? bestByPrefix(fileKeys, searchKeys) ?? caseBlind(fileKeys, searchKeys);
  if (win === undefined) return undefined;
  for (const cap of [120, 60, 30]) {
    const out = render(fileLines, shape, win, cap);
    if (out.length <= MAX_CHARS) return out;
  }
  return `${render(fileLines, shape, win, 20).slice(0, MAX_CHARS - 1)}…`;
}
