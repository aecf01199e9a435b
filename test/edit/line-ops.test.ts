import { describe, expect, it } from 'vitest';
import { c210 } from '../helpers/errors.js';
import { applyLineOps, countLines, splitLinesKeepingEnds, type LineOp } from '../../src/edit/line-ops.js';


const apply = (text: string, ops: LineOp[]): string => applyLineOps(text, ops).text;
const numbered = (n: number, eol = '\n'): string => Array.from({ length: n }, (_, i) => `line ${i + 1}${eol}`).join('');

describe('splitLinesKeepingEnds / countLines', () => {
  it('keeps each ending on its line; only the last may lack one; a lone CR is not an ending', () => {
    expect(splitLinesKeepingEnds('')).toEqual([]);
    expect(splitLinesKeepingEnds('\n')).toEqual(['\n']);
    expect(splitLinesKeepingEnds('a\r\nb\nc')).toEqual(['a\r\n', 'b\n', 'c']);
    expect(splitLinesKeepingEnds('a\rb\n\n')).toEqual(['a\rb\n', '\n']);
    for (const text of ['', '\n', 'a', 'a\n', 'a\r\nb', 'a\n\n\nb\r\n']) expect(countLines(text)).toBe(splitLinesKeepingEnds(text).length);
  });
});

describe('seed 003 examples', () => {
  it('notes.md: insert at 2 and update_lines 3..3 both use the original numbering', () => {
    const result = applyLineOps('# notes\n- one\n- two\n', [
      { op: 'insert', at_line: 2, content: 'draft' },
      { op: 'update_lines', from_line: 3, to_line: 3, content: '- ONE' },
    ]);
    expect(result).toEqual({ text: '# notes\ndraft\n- one\n- ONE\n', applied: 2, notes: [], lineCount: 4 });
  });

  it('schema.sql: header insert, remove 5-12, update 30, then replace on the whole body', () => {
    const original = Array.from({ length: 31 }, (_, i) => `OLD_col${i + 1}`);
    const expected = ['-- header', '-- v2', ...original.slice(0, 4), ...original.slice(12, 29), 'PRIMARY KEY (id)', original[30]!]
      .map((l) => l.replace('OLD_', 'NEW_'));
    const result = applyLineOps(`${original.join('\n')}\n`, [
      { op: 'insert', at_line: 1, content: '-- header\n-- v2' },
      { op: 'remove', from_line: 5, to_line: 12 },
      { op: 'update_lines', from_line: 30, to_line: 30, content: 'PRIMARY KEY (id)' },
      { op: 'replace', pattern: 'OLD_', replacement: 'NEW_' },
    ]);
    expect(result.text).toBe(`${expected.join('\n')}\n`);
    expect(result.applied).toBe(4);
    expect(result.lineCount).toBe(expected.length);
  });
});

describe('line ops', () => {
  it('insert goes before at_line; at_line 1 prepends; lineCount + 1 appends', () => {
    expect(apply('a\nb\n', [{ op: 'insert', at_line: 1, content: 'x' }])).toBe('x\na\nb\n');
    expect(apply('a\nb\n', [{ op: 'insert', at_line: 2, content: 'x' }])).toBe('a\nx\nb\n');
    expect(apply('a\nb\n', [{ op: 'insert', at_line: 3, content: 'x\ny\n' }])).toBe('a\nb\nx\ny\n');
  });

  it('content with or without a trailing newline is the same lines; "\\n" is one empty line', () => {
    expect(apply('a\n', [{ op: 'insert', at_line: 1, content: 'x\n' }])).toBe('x\na\n');
    expect(apply('a\n', [{ op: 'insert', at_line: 1, content: '\n' }])).toBe('\na\n');
    expect(apply('a\n', [{ op: 'update_lines', from_line: 1, to_line: 1, content: 'p\n\nq' }])).toBe('p\n\nq\n');
  });

  it('empty content: insert inserts nothing (with a note), update_lines deletes the range', () => {
    const result = applyLineOps('a\nb\n', [{ op: 'insert', at_line: 2, content: '' }]);
    expect(result.text).toBe('a\nb\n');
    expect(result.notes).toEqual(['op 1 (insert): content is empty; nothing inserted']);
    expect(apply('a\nb\nc\n', [{ op: 'update_lines', from_line: 2, to_line: 3, content: '' }])).toBe('a\n');
  });

  it('remove is inclusive; removing everything leaves an empty file', () => {
    expect(apply('a\nb\nc\nd\n', [{ op: 'remove', from_line: 2, to_line: 3 }])).toBe('a\nd\n');
    expect(applyLineOps('a\nb\n', [{ op: 'remove', from_line: 1, to_line: 2 }])).toMatchObject({ text: '', lineCount: 0 });
    expect(apply('a\nb', [{ op: 'remove', from_line: 1, to_line: 2 }])).toBe('');
  });

  it('update_lines may change the number of lines', () => {
    expect(apply('a\nb\nc\n', [{ op: 'update_lines', from_line: 1, to_line: 2, content: 'X' }])).toBe('X\nc\n');
    expect(apply('a\nb\nc\n', [{ op: 'update_lines', from_line: 2, to_line: 2, content: 'X\nY\nZ' }])).toBe('a\nX\nY\nZ\nc\n');
  });

  it('an insert right after a range (at to_line + 1) is not an overlap', () => {
    expect(apply('a\nb\nc\n', [
      { op: 'remove', from_line: 1, to_line: 2 },
      { op: 'insert', at_line: 3, content: 'x' },
    ])).toBe('x\nc\n');
  });

  it('the result does not depend on the order the ops are given in', () => {
    const ops: LineOp[] = [
      { op: 'insert', at_line: 1, content: 'top' },
      { op: 'remove', from_line: 3, to_line: 4 },
      { op: 'update_lines', from_line: 6, to_line: 6, content: 'SIX' },
      { op: 'insert', at_line: 9, content: 'end' },
    ];
    const expected = 'top\nline 1\nline 2\nline 5\nSIX\nline 7\nline 8\nend\n';
    expect(apply(numbered(8), ops)).toBe(expected);
    expect(apply(numbered(8), [...ops].reverse())).toBe(expected);
  });

  it('empty file: only insert at_line 1 fits, and the result has no final newline (as the original)', () => {
    expect(apply('', [{ op: 'insert', at_line: 1, content: 'a\nb\n' }])).toBe('a\nb');
    expect(c210(() => apply('', [{ op: 'insert', at_line: 2, content: 'x' }]))).toBe(
      'op 1 (insert): at_line 2 is past the end of the file (0 lines: it is empty); use 1..1, where 1 appends');
    expect(c210(() => apply('', [{ op: 'remove', from_line: 1, to_line: 1 }]))).toMatch(/from_line 1 is past the end of the file \(0 lines/);
  });

  it('a file without a final newline keeps none', () => {
    expect(apply('a\nb', [{ op: 'insert', at_line: 3, content: 'c' }])).toBe('a\nb\nc');
    expect(apply('a\nb', [{ op: 'insert', at_line: 3, content: 'c\n' }])).toBe('a\nb\nc');
    expect(apply('a\nb', [{ op: 'update_lines', from_line: 2, to_line: 2, content: 'B\n' }])).toBe('a\nB');
    expect(apply('a\nb\nc', [{ op: 'remove', from_line: 3, to_line: 3 }])).toBe('a\nb');
    expect(apply('a\nb', [{ op: 'insert', at_line: 1, content: 'x' }])).toBe('x\na\nb');
    expect(apply('solo', [{ op: 'insert', at_line: 2, content: 'next' }])).toBe('solo\nnext');
  });
});

describe('line endings', () => {
  it('CRLF files get CRLF content, whatever the content used', () => {
    expect(apply('a\r\nb\r\n', [{ op: 'insert', at_line: 2, content: 'x\ny' }])).toBe('a\r\nx\r\ny\r\nb\r\n');
    const result = applyLineOps('a\r\nb\r\n', [{ op: 'update_lines', from_line: 1, to_line: 1, content: 'p\nq\r\n' }]);
    expect(result.text).toBe('p\r\nq\r\nb\r\n');
    expect(result.notes).toEqual(['op 1 (update_lines): content line endings converted to CRLF to match the file']);
    expect(applyLineOps('a\nb\n', [{ op: 'insert', at_line: 1, content: 'x\r\n' }]).notes).toEqual([
      'op 1 (insert): content line endings converted to LF to match the file']);
  });

  it('mixed files: new lines take the ending of the line they replace or go before; other lines keep their bytes', () => {
    const text = 'a\r\nb\nc\r\nd\n';
    expect(apply(text, [{ op: 'insert', at_line: 2, content: 'x' }])).toBe('a\r\nx\nb\nc\r\nd\n');
    expect(apply(text, [{ op: 'insert', at_line: 3, content: 'x' }])).toBe('a\r\nb\nx\r\nc\r\nd\n');
    expect(apply(text, [{ op: 'update_lines', from_line: 3, to_line: 4, content: 'x\ny' }])).toBe('a\r\nb\nx\r\ny\r\n');
    expect(apply(text, [{ op: 'insert', at_line: 5, content: 'z' }])).toBe('a\r\nb\nc\r\nd\nz\n');
  });

  it('appending after a last line without an ending uses the ending of the line above it', () => {
    expect(apply('a\r\nb', [{ op: 'insert', at_line: 3, content: 'c\nd' }])).toBe('a\r\nb\r\nc\r\nd');
    expect(apply('a\r\nb\nc', [{ op: 'update_lines', from_line: 3, to_line: 3, content: 'x\ny' }])).toBe('a\r\nb\nx\ny');
  });

  it('a file without any line break (one line, or empty) uses LF', () => {
    expect(apply('solo', [{ op: 'insert', at_line: 1, content: 'x' }])).toBe('x\nsolo');
    expect(apply('', [{ op: 'insert', at_line: 1, content: 'x\r\ny' }])).toBe('x\ny');
  });

  it('lone CRs and non-ASCII text are kept as they are', () => {
    expect(apply('a\rb\né\n', [{ op: 'insert', at_line: 2, content: 'ü' }])).toBe('a\rb\nü\né\n');
    expect(apply('a\n', [{ op: 'insert', at_line: 1, content: 'x\ry' }])).toBe('x\ry\na\n');
  });

  it('trailing CRs of content lines are dropped, as the original split content', () => {
    expect(apply('a\n', [{ op: 'insert', at_line: 1, content: 'x\r' }])).toBe('x\na\n');
    expect(apply('a\r\n', [{ op: 'insert', at_line: 2, content: 'x\r\r\ny\r' }])).toBe('a\r\nx\r\ny\r\n');
  });
});
