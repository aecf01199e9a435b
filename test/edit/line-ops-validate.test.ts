import { describe, expect, it } from 'vitest';
import { c210 } from '../helpers/errors.js';
import { applyLineOps, validateLineOps, type LineOp } from '../../src/edit/line-ops.js';


const apply = (text: string, ops: LineOp[]): string => applyLineOps(text, ops).text;
const numbered = (n: number, eol = '\n'): string => Array.from({ length: n }, (_, i) => `line ${i + 1}${eol}`).join('');

describe('validation (C210, nothing applied)', () => {
  it('rejects an empty op list and unknown or malformed ops', () => {
    expect(c210(() => applyLineOps('a\n', []))).toMatch(/^ops must not be empty/);
    expect(c210(() => applyLineOps('a\n', [{ op: 'append', content: 'x' } as unknown as LineOp]))).toBe(
      'op 1: unknown op "append"; use one of insert, remove, update_lines, replace');
    expect(c210(() => applyLineOps('a\n', [null as unknown as LineOp]))).toMatch(/^op 1: expected an object/);
    expect(c210(() => applyLineOps('a\n', [{ op: 'insert', at_line: '1', content: 'x' } as unknown as LineOp]))).toBe(
      'op 1 (insert): at_line must be a whole line number (1-based), got "1"');
    expect(c210(() => applyLineOps('a\n', [{ op: 'remove', from_line: 1.5, to_line: 2 }]))).toMatch(/from_line must be a whole line number/);
    expect(c210(() => applyLineOps('a\n', [{ op: 'update_lines', from_line: 1, to_line: 1 } as unknown as LineOp]))).toBe(
      'op 1 (update_lines): content must be a string, got nothing');
  });

  it('names the op (1-based, counting every op) and the file length', () => {
    const text = numbered(31);
    expect(c210(() => apply(text, [
      { op: 'insert', at_line: 1, content: 'x' },
      { op: 'remove', from_line: 30, to_line: 40 },
    ]))).toBe('op 2 (remove): to_line 40 is past the end of the file (31 lines)');
    expect(c210(() => apply(text, [{ op: 'insert', at_line: 0, content: 'x' }]))).toMatch(/^op 1 \(insert\): at_line 0 must be at least 1/);
    expect(c210(() => apply(text, [{ op: 'insert', at_line: 33, content: 'x' }]))).toBe(
      'op 1 (insert): at_line 33 is past the end of the file (31 lines); use 1..32, where 32 appends');
    expect(c210(() => apply(text, [{ op: 'update_lines', from_line: 0, to_line: 3, content: '' }]))).toMatch(/^op 1 \(update_lines\): from_line 0 must be at least 1/);
    expect(c210(() => apply(text, [{ op: 'remove', from_line: 9, to_line: 5 }]))).toMatch(/^op 1 \(remove\): from_line 9 is after to_line 5/);
    expect(c210(() => apply('a', [{ op: 'remove', from_line: 2, to_line: 2 }]))).toBe('op 1 (remove): from_line 2 is past the end of the file (1 line)');
  });

  it('checks every op before changing anything, replace ops included', () => {
    expect(c210(() => apply('a\n', [
      { op: 'insert', at_line: 1, content: 'x' },
      { op: 'replace', pattern: '(', replacement: '' },
    ]))).toMatch(/^op 2 \(replace\): invalid regex/);
  });

  it('rejects overlapping line ops and names both', () => {
    const text = numbered(20);
    expect(c210(() => apply(text, [
      { op: 'remove', from_line: 5, to_line: 12 },
      { op: 'update_lines', from_line: 12, to_line: 14, content: 'x' },
    ]))).toMatch(/^ops 1 \(remove lines 5-12\) and 2 \(update_lines lines 12-14\) overlap: both touch original line 12\./);
    expect(c210(() => apply(text, [
      { op: 'update_lines', from_line: 7, to_line: 7, content: 'x' },
      { op: 'replace', pattern: 'a', replacement: 'b' },
      { op: 'insert', at_line: 7, content: 'y' },
    ]))).toMatch(/^ops 1 \(update_lines line 7\) and 3 \(insert at line 7\) overlap: both touch original line 7\./);
    // An insert at the first or last line of a range touches it (the original's rule).
    expect(c210(() => apply(text, [
      { op: 'insert', at_line: 12, content: 'y' },
      { op: 'remove', from_line: 5, to_line: 12 },
    ]))).toMatch(/^ops 1 \(insert at line 12\) and 2 \(remove lines 5-12\) overlap/);
    // A range inside another one, found even when a shorter range comes between them.
    expect(c210(() => apply(text, [
      { op: 'remove', from_line: 2, to_line: 10 },
      { op: 'remove', from_line: 3, to_line: 3 },
      { op: 'remove', from_line: 8, to_line: 9 },
    ]))).toMatch(/^ops 1 \(remove lines 2-10\) and 2 \(remove line 3\) overlap/);
  });

  it('two inserts at one line: rejected by default (as the original), kept in order with sameLineInserts: in-order', () => {
    const ops: LineOp[] = [
      { op: 'insert', at_line: 2, content: 'first' },
      { op: 'insert', at_line: 2, content: 'second' },
    ];
    expect(c210(() => apply('a\nb\n', ops))).toMatch(/^ops 1 \(insert at line 2\) and 2 \(insert at line 2\) overlap.*put both contents in one insert$/);
    expect(applyLineOps('a\nb\n', ops, { sameLineInserts: 'in-order' }).text).toBe('a\nfirst\nsecond\nb\n');
    expect(applyLineOps('a\nb\n', [...ops, { op: 'insert', at_line: 2, content: 'third' }], { sameLineInserts: 'in-order' }).text)
      .toBe('a\nfirst\nsecond\nthird\nb\n');
    // Still an overlap when a range covers that line.
    expect(c210(() => applyLineOps('a\nb\nc\n', [...ops, { op: 'remove', from_line: 2, to_line: 3 }], { sameLineInserts: 'in-order' })))
      .toMatch(/overlap/);
  });

  it('validateLineOps returns the line ops bottom-up with their request positions', () => {
    const plan = validateLineOps(10, [
      { op: 'insert', at_line: 1, content: 'x' },
      { op: 'replace', pattern: 'a', replacement: 'b' },
      { op: 'remove', from_line: 4, to_line: 6 },
      { op: 'update_lines', from_line: 8, to_line: 8, content: 'y' },
    ]);
    expect(plan.map((p) => [p.index, p.start, p.end])).toEqual([[3, 8, 8], [2, 4, 6], [0, 1, 1]]);
  });
});
