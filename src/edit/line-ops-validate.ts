import { fail } from '../engine/errors.js';
import type { ReplaceOp } from './regex-replace.js';

// Field names and meanings are the wire contract of coder::update-file (seed 003).
export interface InsertOp { readonly op: 'insert'; readonly at_line: number; readonly content: string }
export interface RemoveOp { readonly op: 'remove'; readonly from_line: number; readonly to_line: number }
export interface UpdateLinesOp { readonly op: 'update_lines'; readonly from_line: number; readonly to_line: number; readonly content: string }
export type RangeOp = InsertOp | RemoveOp | UpdateLinesOp;
export type LineOp = RangeOp | ReplaceOp;

export interface LineOpsOptions {
  // 'reject' (default, as the original worker): two inserts at the same line overlap (C210).
  // 'in-order': they are allowed and land in the order given.
  readonly sameLineInserts?: 'reject' | 'in-order';
}

// A validated line op: its 0-based position in the request and the original lines it covers
// (an insert covers the line it goes before, or lineCount + 1 when it appends).
export interface PlannedLineOp {
  readonly index: number;
  readonly op: RangeOp;
  readonly start: number;
  readonly end: number;
}

const OP_NAMES = ['insert', 'remove', 'update_lines', 'replace'] as const;

export function opLabel(index: number, name: string): string {
  return `op ${index + 1} (${name})`;
}

function linesWord(count: number): string {
  return count === 0 ? '0 lines: it is empty' : count === 1 ? '1 line' : `${count} lines`;
}

function shown(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value) ?? String(value);
}

function requireInteger(rec: Record<string, unknown>, field: string, label: string): number {
  const value = rec[field];
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw fail('C210', `${label}: ${field} must be a whole line number (1-based), got ${shown(value)}`);
  }
  return value;
}

function requireString(rec: Record<string, unknown>, field: string, label: string): void {
  if (typeof rec[field] !== 'string') throw fail('C210', `${label}: ${field} must be a string, got ${shown(rec[field])}`);
}

// Checks one op's shape and range; returns its cover, or undefined for a replace op (checked when compiled).
function checkOp(raw: unknown, index: number, lineCount: number): PlannedLineOp | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw fail('C210', `op ${index + 1}: expected an object such as {"op":"insert","at_line":1,"content":"text"}, got ${shown(raw)}`);
  }
  const rec = raw as Record<string, unknown>;
  const name = rec.op;
  if (typeof name !== 'string' || !(OP_NAMES as readonly string[]).includes(name)) {
    throw fail('C210', `op ${index + 1}: unknown op ${shown(name)}; use one of ${OP_NAMES.join(', ')}`);
  }
  if (name === 'replace') return undefined;
  const label = opLabel(index, name);
  if (name === 'insert') {
    const at = requireInteger(rec, 'at_line', label);
    requireString(rec, 'content', label);
    if (at < 1) throw fail('C210', `${label}: at_line ${at} must be at least 1 (lines are 1-based; the content goes before line at_line)`);
    if (at > lineCount + 1) {
      throw fail('C210', `${label}: at_line ${at} is past the end of the file (${linesWord(lineCount)}); use 1..${lineCount + 1}, where ${lineCount + 1} appends`);
    }
    return { index, op: raw as InsertOp, start: at, end: at };
  }
  const from = requireInteger(rec, 'from_line', label);
  const to = requireInteger(rec, 'to_line', label);
  if (name === 'update_lines') requireString(rec, 'content', label);
  if (from < 1) throw fail('C210', `${label}: from_line ${from} must be at least 1 (lines are 1-based)`);
  if (from > to) throw fail('C210', `${label}: from_line ${from} is after to_line ${to}; the range is inclusive, so from_line <= to_line`);
  if (from > lineCount) throw fail('C210', `${label}: from_line ${from} is past the end of the file (${linesWord(lineCount)})`);
  if (to > lineCount) throw fail('C210', `${label}: to_line ${to} is past the end of the file (${linesWord(lineCount)})`);
  return { index, op: raw as RemoveOp | UpdateLinesOp, start: from, end: to };
}

function describeOp(p: PlannedLineOp): string {
  const where = p.op.op === 'insert' ? `at line ${p.start}` : p.start === p.end ? `line ${p.start}` : `lines ${p.start}-${p.end}`;
  return `${p.index + 1} (${p.op.op} ${where})`;
}

function overlapError(a: PlannedLineOp, b: PlannedLineOp): Error {
  const [first, second] = a.index < b.index ? [a, b] : [b, a];
  const line = Math.max(a.start, b.start);
  const hint = a.op.op === 'insert' && b.op.op === 'insert'
    ? 'put both contents in one insert'
    : 'merge them into one op (an insert may sit right after a range, at to_line + 1)';
  return fail('C210', `ops ${describeOp(first)} and ${describeOp(second)} overlap: both touch original line ${line}. `
    + `Every line op refers to the original numbering, so no two may touch the same line; ${hint}`);
}

// Sweeps the covers in start order against the op reaching furthest down so far: a cover that starts within
// that reach intersects it, and one that starts below it intersects nothing seen yet.
function rejectOverlaps(planned: readonly PlannedLineOp[], sameLineInserts: 'reject' | 'in-order'): void {
  const byStart = [...planned].sort((a, b) => a.start - b.start || a.index - b.index);
  let reach: PlannedLineOp | undefined;
  for (const p of byStart) {
    if (reach !== undefined && p.start <= reach.end) {
      const bothInserts = p.op.op === 'insert' && reach.op.op === 'insert';
      if (!(bothInserts && sameLineInserts === 'in-order')) throw overlapError(reach, p);
    }
    if (reach === undefined || p.end > reach.end) reach = p;
  }
}

// Validates every op against a file of `lineCount` lines (all before any change) and returns the line ops
// in application order: bottom-up (highest start first; same-line inserts last-given first, so they end in order).
export function validateLineOps(lineCount: number, ops: readonly LineOp[], options: LineOpsOptions = {}): PlannedLineOp[] {
  if (!Array.isArray(ops)) throw fail('C210', `ops must be an array of {op, ...} objects, got ${shown(ops)}`);
  const planned: PlannedLineOp[] = [];
  ops.forEach((op, index) => {
    const p = checkOp(op, index, lineCount);
    if (p !== undefined) planned.push(p);
  });
  rejectOverlaps(planned, options.sameLineInserts ?? 'reject');
  return planned.sort((a, b) => b.start - a.start || b.index - a.index);
}
