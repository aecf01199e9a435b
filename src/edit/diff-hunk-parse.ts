import { fail } from '../engine/errors.js';
import type { Hunk } from './diff-types.js';

interface HunkHeader {
  header: string;
  oldStart: number;
  newStart: number;
  // The counts as written; undefined for `@@ @@`.
  declaredOld?: number;
  declaredNew?: number;
  contextOnly: boolean;
}

const NUMBERS = /^\s*-(\d+)(?:,(\d+))?(?:\s+\+(\d+)(?:,(\d+))?)?\s*$/;

// `@@ -5,3 +5,4 @@ func()` → numbers; `@@ @@`, `@@` or `@@ class Foo` → a hunk located by its lines.
export function parseHunkHeader(line: string): HunkHeader {
  const match = /^(@@+)([^@]*)(@@+)?/.exec(line);
  const header = (match?.[0] ?? '@@').trim();
  const numbers = NUMBERS.exec(match?.[2] ?? '');
  if (numbers === null) return { header, oldStart: 0, newStart: 0, contextOnly: true };
  const oldStart = Number(numbers[1]);
  const hasNew = numbers[3] !== undefined;
  return {
    header,
    oldStart,
    newStart: hasNew ? Number(numbers[3]) : oldStart,
    declaredOld: numbers[2] === undefined ? 1 : Number(numbers[2]),
    declaredNew: !hasNew ? undefined : numbers[4] === undefined ? 1 : Number(numbers[4]),
    contextOnly: false,
  };
}

// A `--- ` line followed by a `+++ ` line.
export function isFileHeaderAt(lines: readonly string[], at: number): boolean {
  return (lines[at]?.startsWith('--- ') ?? false) && (lines[at + 1]?.startsWith('+++ ') ?? false);
}

function isBoundary(lines: readonly string[], at: number): boolean {
  const line = lines[at] ?? '';
  return line.startsWith('@@') || line.startsWith('diff --git ') || isFileHeaderAt(lines, at);
}

// Reads the hunk whose header is lines[start]; counts come from the body, not the header.
export function readHunk(lines: readonly string[], start: number, ordinal: number): { hunk: Hunk; next: number } {
  const head = parseHunkHeader(lines[start] ?? '');
  const name = `hunk ${ordinal} (${head.header})`;
  const body: string[] = [];
  const blank: boolean[] = [];
  let oldCount = 0;
  let newCount = 0;
  let noNewlineOld = false;
  let noNewlineNew = false;
  const declared = head.declaredOld !== undefined && head.declaredNew !== undefined;
  const push = (line: string, isBlank: boolean): void => {
    body.push(line);
    blank.push(isBlank);
    if (line[0] !== '+') oldCount++;
    if (line[0] !== '-') newCount++;
  };
  let j = start + 1;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (line.startsWith('@@') || line.startsWith('diff --git ')) break;
    // A `--- x` line inside the announced counts is a removed "-- x" line, unless a hunk follows.
    const stillInside = declared && (oldCount < head.declaredOld! || newCount < head.declaredNew!);
    if (isFileHeaderAt(lines, j) && (!stillInside || (lines[j + 2]?.startsWith('@@') ?? false))) break;
    const tag = line.charAt(0);
    if (line === '') push(' ', true);
    else if (tag === ' ' || tag === '-' || tag === '+') push(line, false);
    else if (tag === '\\') {
      const previous = body.at(-1)?.charAt(0);
      if (previous === '-' || previous === ' ') noNewlineOld = true;
      if (previous === '+' || previous === ' ') noNewlineNew = true;
    } else break;
  }
  // Empty lines at the end are separators, not blank context, unless the header's counts need exactly them.
  const countsMet = declared && oldCount === head.declaredOld && newCount === head.declaredNew;
  while (blank.at(-1) === true && !countsMet) {
    body.pop();
    blank.pop();
    oldCount--;
    newCount--;
  }
  if (j < lines.length && !isBoundary(lines, j)) rejectStray(lines, j, name);
  if (body.length === 0) throw fail('C210', `${name} has no lines; every hunk needs context (' '), removed ('-') or added ('+') lines`);
  const hunk: Hunk = {
    oldStart: head.oldStart,
    oldLines: oldCount,
    newStart: head.newStart,
    newLines: newCount,
    lines: body,
    noNewlineOld,
    noNewlineNew,
    header: head.header,
  };
  if (head.contextOnly) hunk.contextOnly = true;
  return { hunk, next: j };
}

// A line that ends a hunk early is harmless unless changes follow it: those would be silently lost.
function rejectStray(lines: readonly string[], at: number, name: string): void {
  for (let k = at + 1; k < lines.length && !isBoundary(lines, k); k++) {
    const tag = lines[k]?.charAt(0);
    if (tag === '+' || tag === '-') {
      throw fail('C210', `${name}: line ${at + 1} of the diff, ${JSON.stringify(lines[at])}, is not a diff line, `
        + `and changes follow it. In a hunk, context lines start with a space, removed lines with '-', added lines with '+'.`);
    }
  }
}
