import { fail } from '../engine/errors.js';
import { opLabel, validateLineOps, type LineOp, type LineOpsOptions, type PlannedLineOp } from './line-ops-validate.js';
import { compileReplaceOp, runReplace } from './regex-replace.js';

export { validateLineOps, type InsertOp, type LineOp, type LineOpsOptions, type PlannedLineOp, type RangeOp, type RemoveOp, type UpdateLinesOp } from './line-ops-validate.js';
export { compileReplaceOp, runReplace, type ReplaceOp } from './regex-replace.js';

export interface LineOpsResult {
  readonly text: string;
  // Number of ops in the request, replace ops included even when they matched nothing (the original's count).
  readonly applied: number;
  readonly notes: string[];
  // Lines of the result, counted as splitLinesKeepingEnds does (the original's new_line_count).
  readonly lineCount: number;
}

type Eol = '' | '\n' | '\r\n';

// Lines with their own ending ("\n" or "\r\n"); only the last may have none. A lone "\r" is not an ending.
export function splitLinesKeepingEnds(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', start)) {
    lines.push(text.slice(start, i + 1));
    start = i + 1;
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

export function countLines(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count += 1;
  return text === '' || text.endsWith('\n') ? count : count + 1;
}

function eolOf(line: string): Eol {
  if (!line.endsWith('\n')) return '';
  return line.endsWith('\r\n') ? '\r\n' : '\n';
}

// The ending new lines take at original line `line` (lineCount + 1 = the end): that line's own, or, for a
// last line without one, the line above's. Only a file with no line break at all falls back to LF.
function eolAt(lines: readonly string[], line: number): '\n' | '\r\n' {
  for (let i = Math.min(line, lines.length) - 1; i >= 0; i--) {
    const eol = eolOf(lines[i]!);
    if (eol !== '') return eol;
  }
  return '\n';
}

// `content` as lines ending in `eol`, split as the original did: on "\n", trailing "\r"s dropped;
// "X\n" is one line, "" is none.
function contentLines(content: string, eol: '\n' | '\r\n'): string[] {
  if (content === '') return [];
  const bodies = content.split('\n');
  if (content.endsWith('\n')) bodies.pop();
  return bodies.map((body) => body.replace(/\r+$/, '') + eol);
}

function foreignEol(content: string, eol: '\n' | '\r\n'): boolean {
  return eol === '\n' ? content.includes('\r\n') : /(^|[^\r])\n/.test(content);
}

function stripEol(line: string): string {
  return line.slice(0, line.length - eolOf(line).length);
}

interface Note { readonly index: number; readonly text: string }

// Builds the new body bottom-up: each op replaces original lines [start, end) below everything still to come,
// so every op sees the original numbering. Untouched lines keep their bytes, except the edges the original
// also changed: the old last line gains an ending when lines are appended after it, and a file without a
// final newline keeps none (its new last line loses its ending).
function rebuild(lines: readonly string[], plan: readonly PlannedLineOp[], finalNewline: boolean, notes: Note[]): string {
  const pieces: string[][] = [];
  let cursor = lines.length;
  for (const { index, op, start, end } of plan) {
    const from = start - 1;
    const to = op.op === 'insert' ? from : end;
    pieces.push(lines.slice(to, cursor));
    if (op.op !== 'remove') {
      const eol = eolAt(lines, start);
      pieces.push(contentLines(op.content, eol));
      if (op.op === 'insert' && op.content === '') notes.push({ index, text: `${opLabel(index, op.op)}: content is empty; nothing inserted` });
      if (foreignEol(op.content, eol)) {
        notes.push({ index, text: `${opLabel(index, op.op)}: content line endings converted to ${eol === '\n' ? 'LF' : 'CRLF'} to match the file` });
      }
    }
    cursor = from;
  }
  pieces.push(lines.slice(0, cursor));
  const out = pieces.reverse().flat();
  for (let i = 0; i < out.length - 1; i++) {
    if (!out[i]!.endsWith('\n')) out[i] += eolAt(lines, lines.length);
  }
  if (!finalNewline && out.length > 0) out[out.length - 1] = stripEol(out[out.length - 1]!);
  return out.join('');
}

// Applies a coder::update-file op list to `text`: every op is validated first (C210 on any problem, nothing
// applied), line ops run bottom-up on original line numbers, then replace ops run in order on the whole body.
export function applyLineOps(text: string, ops: readonly LineOp[], options: LineOpsOptions = {}): LineOpsResult {
  if (!Array.isArray(ops) || ops.length === 0) {
    throw fail('C210', 'ops must not be empty: give at least one of insert, remove, update_lines, replace');
  }
  const lines = splitLinesKeepingEnds(text);
  const plan = validateLineOps(lines.length, ops, options);
  const replaces = ops.flatMap((op, index) => (op.op === 'replace' ? [compileReplaceOp(op, index)] : []));
  const notes: Note[] = [];
  let body = plan.length === 0 ? text : rebuild(lines, plan, text.endsWith('\n'), notes);
  notes.sort((a, b) => a.index - b.index);
  const replaceNotes: string[] = [];
  for (const compiled of replaces) {
    const outcome = runReplace(body, compiled);
    body = outcome.text;
    if (outcome.replaced === 0) replaceNotes.push(`${compiled.label}: the pattern matched nothing; nothing replaced`);
    if (outcome.more) replaceNotes.push(`${compiled.label}: replaced the first ${outcome.replaced} matches (count); more remain`);
  }
  return { text: body, applied: ops.length, notes: [...notes.map((n) => n.text), ...replaceNotes], lineCount: countLines(body) };
}
