import { createTwoFilesPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { applyFilePatch, applyUnifiedDiff, parseUnifiedDiff } from '../../src/edit/unified-diff.js';
import { failure } from '../helpers/errors.js';

const apply = (text: string, diff: string): string | null => applyFilePatch(text, parseUnifiedDiff(diff, { defaultFile: 'f' })[0]!).text;

describe('unified diff edge cases', () => {
  it('round-trips several concatenated jsdiff patches (Index: and ==== lines, blank separators)', () => {
    const pairs: Array<[string, string, string]> = [
      ['a.txt', 'one\ntwo\nthree\n', 'one\n2\nthree\n'],
      ['b.txt', '-- comment\nselect 1;\n', '++ x\nselect 1;\n'],
      ['c.txt', 'x\r\ny\r\n', 'x\r\ny\r\nz\r\n'],
    ];
    const diff = pairs.map(([name, before, after]) => createTwoFilesPatch(name, name, before, after)).join('\n');
    const files = new Map(pairs.map(([name, before]) => [name, before] as [string, string]));
    const result = applyUnifiedDiff(files, parseUnifiedDiff(diff, {}));
    expect([...result].map(([name, r]) => [name, r.text])).toEqual(pairs.map(([name, , after]) => [name, after]));
  });

  it('reads a git diff header with unquoted spaces and --no-prefix names', () => {
    const spaced = 'diff --git a/my dir/f.txt b/my dir/f.txt\nnew file mode 100644\nindex 0000000..e69de29\n';
    expect(parseUnifiedDiff(spaced, {})).toEqual([{ oldPath: null, newPath: 'my dir/f.txt', hunks: [] }]);
    expect(applyFilePatch(null, parseUnifiedDiff(spaced, {})[0]!).text).toBe('');
    const plain = 'diff --git x.txt x.txt\ndeleted file mode 100644\nindex e69de29..0000000\n';
    expect(parseUnifiedDiff(plain, {})).toEqual([{ oldPath: 'x.txt', newPath: null, hunks: [] }]);
  });

  it('takes hunks of a git section without --- / +++ lines for the section\'s file', () => {
    const diff = 'diff --git a/s.txt b/s.txt\nindex 1..2 100644\n@@ -1 +1 @@\n-a\n+b\n';
    expect(parseUnifiedDiff(diff, {})[0]).toMatchObject({ oldPath: 's.txt', newPath: 's.txt' });
  });

  it('tells hunks out of file order apart', () => {
    const text = 'a\nb\nc\nd\ne\nf\n';
    const error = failure(() => apply(text, '@@ -5,2 +5,2 @@\n e\n-f\n+F\n@@ -1,2 +1,2 @@\n a\n-b\n+B\n'));
    expect(error.code).toBe('C222');
    expect(error.message).toContain('These lines occur at line 1, before the end of hunk 1');
  });

  it('refuses added lines with neither context nor line numbers, except into an empty file', () => {
    expect(failure(() => apply('a\n', '@@ @@\n+b\n')).message).toContain('nothing says where they go');
    expect(apply('', '@@ @@\n+b\n')).toBe('b\n');
  });

  it('inserts at the stated line when a hunk has no old lines, and refuses a line past the end', () => {
    expect(apply('a\nb\n', '@@ -1,0 +2 @@\n+mid\n')).toBe('a\nmid\nb\n');
    expect(apply('a\nb\n', '@@ -0,0 +1 @@\n+top\n')).toBe('top\na\nb\n');
    expect(failure(() => apply('a\nb\n', '@@ -9,0 +10 @@\n+x\n')).message).toContain('the file has only 2 lines');
  });

  it('requires a hunk that mentions "No newline at end of file" to end at the end of the file', () => {
    const diff = '@@ -1 +1 @@\n-a\n+A\n\\ No newline at end of file\n';
    expect(apply('b\na', diff)).toBe('b\nA');
    expect(failure(() => apply('a\nb\n', diff)).message).toContain('at the end of the file');
  });

  it('gives an added line after a last line without newline the file\'s break', () => {
    expect(apply('a\r\nb', '@@ -2 +2,2 @@\n b\n+c\n')).toBe('a\r\nb\r\nc');
  });

  it('empties a file when a hunk removes every line', () => {
    expect(apply('a\nb\n', '@@ -1,2 +0,0 @@\n-a\n-b\n')).toBe('');
  });

  it('keeps a blank context line inside the counts even at the end of a hunk', () => {
    const hunk = parseUnifiedDiff('@@ -1,3 +1,3 @@\n a\n-b\n+c\n\n', { defaultFile: 'f' })[0]!.hunks[0]!;
    expect(hunk.lines).toEqual([' a', '-b', '+c', ' ']);
    expect(apply('a\nb\n\nz\n', '@@ -1,3 +1,3 @@\n a\n-b\n+c\n\n')).toBe('a\nc\n\nz\n');
  });
});

describe('blank separators after a hunk with too large counts', () => {
  it('drops trailing empty lines when the counts do not need exactly them', () => {
    const diff = '--- a/x\n+++ b/x\n@@ -1,9 +1,9 @@\n a\n-b\n+c\n\n\n--- a/y\n+++ b/y\n@@ -1 +1 @@\n-1\n+2\n';
    const patches = parseUnifiedDiff(diff, {});
    expect(patches[0]!.hunks[0]!.lines).toEqual([' a', '-b', '+c']);
    expect(apply('a\nb\n', diff)).toBe('a\nc\n');
  });
});
