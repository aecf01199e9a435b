import type { Hunk } from './diff-types.js';
import { describeHunk, newSide } from './diff-types.js';

export interface NotFound {
  name: string;
  hunk: Hunk;
  index: number;
  // File lines without their breaks.
  lines: readonly string[];
  // The hunk's context and removed lines.
  old: readonly string[];
  // 0-based: where the header put the hunk, and where the previous hunk ended.
  expected: number;
  min: number;
  eof: boolean;
}

const SHOWN = 12;

function findAt(lines: readonly string[], wanted: readonly string[], from: number, to: number): number | undefined {
  for (let p = from; p + wanted.length <= Math.min(to, lines.length); p++) {
    if (wanted.every((text, i) => lines[p + i]?.trimEnd() === text.trimEnd())) return p;
  }
  return undefined;
}

// The place (at or after `min`) where most hunk lines line up with the file; nearest to `expected` on ties.
function closest(ctx: NotFound): { start: number; equal: number } {
  const { lines, old, expected, min } = ctx;
  const last = Math.max(min, lines.length - old.length);
  let best = { start: Math.min(Math.max(expected, min), last), equal: 0 };
  for (let p = min; p <= last; p++) {
    let equal = 0;
    for (let i = 0; i < old.length; i++) if (lines[p + i]?.trim() === old[i]?.trim()) equal++;
    const nearer = Math.abs(p - expected) < Math.abs(best.start - expected);
    if (equal > best.equal || (equal === best.equal && equal > 0 && nearer)) best = { start: p, equal };
  }
  return best;
}

function numbered(first: number, texts: readonly string[], marks?: readonly string[]): string[] {
  const shown = texts.slice(0, SHOWN);
  const width = String(first + shown.length).length;
  const out = shown.map((text, i) => `  ${marks?.[i] ?? ' '} ${String(first + i).padStart(width)} | ${text}`);
  if (texts.length > SHOWN) out.push(`    ... ${texts.length - SHOWN} more`);
  return out;
}

// Expected-vs-found text for a hunk that matches nowhere, with hints for the usual causes.
export function hunkNotFoundMessage(ctx: NotFound): string {
  const { name, hunk, index, lines, old, expected, min } = ctx;
  const where = ctx.eof
    ? 'at the end of the file (it says "\\ No newline at end of file")'
    : hunk.contextOnly === true
      ? (min > 0 ? `after line ${min} (where hunk ${index - 1} ended)` : 'in the file')
      : `at line ${expected + 1}${min > 0 ? ` or anywhere after line ${min} (where hunk ${index - 1} ended)` : ' or anywhere in the file'}`;
  const out = [`${name}: ${describeHunk(hunk, index)} does not apply: its ${old.length} context and removed lines were not found ${where}.`];
  out.push('The hunk expects:', ...numbered(hunk.contextOnly === true ? min + 1 : expected + 1, old));
  const near = closest(ctx);
  const found = lines.slice(near.start, near.start + old.length);
  if (found.length === 0) {
    out.push(`The file has ${lines.length} line${lines.length === 1 ? '' : 's'}, none of them after line ${min}.`);
  } else {
    const marks = found.map((text, i) => (text === old[i] ? ' ' : text.trim() === old[i]?.trim() ? '~' : '!'));
    const summary = near.equal > 0 ? `${near.equal} of ${old.length} lines equal` : 'no line equal; the lines at that place';
    out.push(`Closest lines in the file (${summary}; ! differs, ~ differs in whitespace):`, ...numbered(near.start + 1, found, marks));
  }
  const earlier = min > 0 ? findAt(lines, old, 0, min + old.length - 1) : undefined;
  if (earlier !== undefined) {
    out.push(`These lines occur at line ${earlier + 1}, before the end of hunk ${index - 1}: hunks must be in file order and must not overlap.`);
  }
  const after = newSide(hunk);
  const applied = hunk.lines.some((line) => line[0] === '+' || line[0] === '-') ? findAt(lines, after, min, lines.length) : undefined;
  if (applied !== undefined && after.length > 0) {
    out.push(`The hunk's resulting lines are already at line ${applied + 1}: was this diff applied already?`);
  }
  out.push('Nothing was changed. Read the file again and rebuild the hunk from its current lines.');
  return out.join('\n');
}
