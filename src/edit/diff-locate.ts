import { fail } from '../engine/errors.js';
import { hunkNotFoundMessage } from './diff-message.js';
import type { FilePatch, Hunk, HunkReport } from './diff-types.js';
import { describeHunk, oldSide } from './diff-types.js';

// Where a hunk goes: its old lines start at file line index `start` (0-based).
export interface Placement {
  hunk: Hunk;
  start: number;
  report: HunkReport;
}

type Equal = (fileLine: string, hunkLine: string) => boolean;

const EXACT: Equal = (a, b) => a === b;
const TRAILING_WHITESPACE: Equal = (a, b) => a.trimEnd() === b.trimEnd();

function matchesAt(lines: readonly string[], old: readonly string[], at: number, equal: Equal): boolean {
  for (let i = 0; i < old.length; i++) if (!equal(lines[at + i] ?? '', old[i] ?? '')) return false;
  return true;
}

// The match nearest to `expected` at or after `min`; at equal distance the earlier one.
function nearest(lines: readonly string[], old: readonly string[], expected: number, min: number, eof: boolean, equal: Equal): number | undefined {
  const last = lines.length - old.length;
  if (last < min) return undefined;
  if (eof) return matchesAt(lines, old, last, equal) ? last : undefined;
  const from = Math.min(Math.max(expected, min), last);
  if (matchesAt(lines, old, from, equal)) return from;
  for (let d = 1; from - d >= min || from + d <= last; d++) {
    if (from - d >= min && matchesAt(lines, old, from - d, equal)) return from - d;
    if (from + d <= last && matchesAt(lines, old, from + d, equal)) return from + d;
  }
  return undefined;
}

// A hunk with only '+' lines: it goes where the header says (after line oldStart), or at the end for `\ No newline`.
function placeInsertion(lines: readonly string[], hunk: Hunk, index: number, name: string, min: number, drift: number): number {
  const eof = hunk.noNewlineOld || hunk.noNewlineNew;
  if (eof) return lines.length;
  if (hunk.contextOnly === true) {
    if (lines.length === 0) return 0;
    throw fail('C222', `${name}: ${describeHunk(hunk, index)} has only added lines and no line numbers, so nothing says where they go; `
      + 'add a few unchanged lines around them (each with a leading space) or line numbers');
  }
  const at = hunk.oldStart + drift;
  if (at > lines.length) {
    throw fail('C222', `${name}: ${describeHunk(hunk, index)} inserts after line ${at}, but the file has only ${lines.length} lines`);
  }
  return Math.max(at, min);
}

// Finds every hunk's place in the original lines, in order; throws C222 when one fits nowhere.
export function locateHunks(lines: readonly string[], patch: FilePatch, name: string): Placement[] {
  const placements: Placement[] = [];
  let min = 0;
  let drift = 0;
  patch.hunks.forEach((hunk, i) => {
    const index = i + 1;
    const old = oldSide(hunk);
    if (old.length === 0) {
      const at = placeInsertion(lines, hunk, index, name, min, drift);
      const expectedLine = hunk.contextOnly === true ? at : hunk.oldStart;
      placements.push({ hunk, start: at, report: { index, expectedLine, appliedLine: at, offset: at - expectedLine } });
      if (hunk.contextOnly !== true) drift = at - expectedLine;
      min = at;
      return;
    }
    const eof = hunk.noNewlineOld || hunk.noNewlineNew;
    const expected = hunk.contextOnly === true ? min : Math.max(0, hunk.oldStart - 1 + drift);
    let start = nearest(lines, old, expected, min, eof, EXACT);
    let whitespaceIgnored = false;
    if (start === undefined) {
      start = nearest(lines, old, expected, min, eof, TRAILING_WHITESPACE);
      whitespaceIgnored = start !== undefined;
    }
    if (start === undefined) {
      throw fail('C222', hunkNotFoundMessage({ name, hunk, index, lines, old, expected, min, eof }));
    }
    const appliedLine = start + 1;
    const expectedLine = hunk.contextOnly === true ? appliedLine : hunk.oldStart;
    const report: HunkReport = { index, expectedLine, appliedLine, offset: appliedLine - expectedLine };
    if (whitespaceIgnored) report.whitespaceIgnored = true;
    placements.push({ hunk, start, report });
    if (hunk.contextOnly !== true) drift = report.offset;
    min = start + old.length;
  });
  return placements;
}
