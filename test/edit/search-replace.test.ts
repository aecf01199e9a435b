import { describe, expect, it } from 'vitest';
import { isCodewardError } from '../../src/engine/errors.js';
import { applyEditsInMemory, applySearchReplace, closestRegion } from '../../src/edit/search-replace.js';

// The CodewardError thrown by fn (fails the test when nothing or something else is thrown).
function errorOf(fn: () => unknown): { code: string; message: string; data: unknown } {
  try {
    fn();
  } catch (error) {
    if (isCodewardError(error)) return { code: error.code, message: error.message, data: error.data };
    throw error;
  }
  throw new Error('expected a CodewardError');
}

describe('applySearchReplace: line endings', () => {
  it('CRLF file + LF search + multi-line LF replace: untouched lines keep CRLF, inserted lines get CRLF', () => {
    const text = 'one\r\ntwo\r\nthree\r\nfour\r\n';
    const r = applySearchReplace(text, 'two\nthree\n', 'TWO\nTHREE\nextra\n');
    expect(r.text).toBe('one\r\nTWO\r\nTHREE\r\nextra\r\nfour\r\n');
    expect(r).toMatchObject({ replacements: 1, lines: [2], notes: [] });
  });

  it('CRLF file, single-line match inside a line: the insert takes the CRLF of that line', () => {
    const r = applySearchReplace('a\r\nlet x = 1;\r\nb\r\n', 'x = 1', 'x =\n  1');
    expect(r.text).toBe('a\r\nlet x =\r\n  1;\r\nb\r\n');
  });

  it('mixed-ending file: each region keeps its own ending', () => {
    const text = 'a\r\nb\r\nc\nd\ne\r\n';
    expect(applySearchReplace(text, 'a\nb', 'A\nB\nB2').text).toBe('A\r\nB\r\nB2\r\nc\nd\ne\r\n');
    expect(applySearchReplace(text, 'c\nd', 'C\nD\nD2').text).toBe('a\r\nb\r\nC\nD\nD2\ne\r\n');
    // no newline in the match: the ending of the line the match is on
    expect(applySearchReplace(text, 'c', 'c1\nc2').text).toBe('a\r\nb\r\nc1\nc2\nd\ne\r\n');
    expect(applySearchReplace(text, 'e', 'e1\ne2').text).toBe('a\r\nb\r\nc\nd\ne1\r\ne2\r\n');
    // a region holding both kinds is written with CRLF
    expect(applySearchReplace(text, 'b\nc\nd', 'x\ny').text).toBe('a\r\nx\r\ny\ne\r\n');
  });

  it('last line without a newline: falls back to the dominant ending', () => {
    expect(applySearchReplace('a\r\nb\r\nc\nlast', 'last', 'l1\nl2').text).toBe('a\r\nb\r\nc\nl1\r\nl2');
    expect(applySearchReplace('a\nb\nc\r\nlast', 'last', 'l1\r\nl2').text).toBe('a\nb\nc\r\nl1\nl2');
    expect(applySearchReplace('only', 'only', 'x\ny').text).toBe('x\ny');
  });

  it('LF file + CRLF search and CRLF replace: stays LF', () => {
    const r = applySearchReplace('a\nb\nc\n', 'a\r\nb\r\n', 'A\r\nB\r\nB2\r\n');
    expect(r.text).toBe('A\nB\nB2\nc\n');
  });

  it('a replacement ending before a CRLF never splits it', () => {
    expect(applySearchReplace('a\r\nb\r\n', 'a', 'x').text).toBe('x\r\nb\r\n');
    expect(applySearchReplace('a\r\nb\r\n', '\nb', '').text).toBe('a\r\n');
    expect(applySearchReplace('a\r\nb\r\n', 'a\n', '').text).toBe('b\r\n');
  });
});

describe('applySearchReplace: literal text and positions', () => {
  it('inserts $&, $1, $$ and $` literally', () => {
    const r = applySearchReplace('price = 10;\n', '10', '$& $1 $$ $` $\'');
    expect(r.text).toBe("price = $& $1 $$ $` $';\n");
  });

  it('matches at the start and the end of the file, and in a file without a final newline', () => {
    expect(applySearchReplace('start mid end', 'start', 'S').text).toBe('S mid end');
    expect(applySearchReplace('start mid end', 'end', 'E').text).toBe('start mid E');
    const r = applySearchReplace('a\nb\nlast line', 'last line', 'final');
    expect(r.text).toBe('a\nb\nfinal');
    expect(r.lines).toEqual([3]);
    expect(applySearchReplace('whole', 'whole', '').text).toBe('');
  });

  it('keeps emoji, CJK and combining characters around the match', () => {
    const text = '😀前 e\u0301 target 漢字👍🏽\n';
    const r = applySearchReplace(text, 'target', '→ 新しい ✓');
    expect(r.text).toBe('😀前 e\u0301 → 新しい ✓ 漢字👍🏽\n');
    expect(applySearchReplace('a👍🏽b', '👍🏽', '👎').text).toBe('a👎b');
  });

  it('reports the 1-based line of each match in the original text', () => {
    const r = applySearchReplace('x\r\ny\r\nfoo\r\nz\nfoo\nfoo', 'foo', 'bar', { all: true });
    expect(r).toMatchObject({ replacements: 3, lines: [3, 5, 6] });
    expect(r.text).toBe('x\r\ny\r\nbar\r\nz\nbar\nbar');
  });

  it('all replaces every non-overlapping match left to right', () => {
    expect(applySearchReplace('aaaa', 'aa', 'b', { all: true })).toMatchObject({ text: 'bb', replacements: 2 });
    expect(applySearchReplace('x = 1; y = 1; z = 1;', '1', '2', { all: true })).toMatchObject({ text: 'x = 2; y = 2; z = 2;', replacements: 3 });
  });

  it('search === replace is allowed, changes nothing and says so', () => {
    const r = applySearchReplace('a b a', 'a', 'a', { all: true });
    expect(r).toEqual({ text: 'a b a', replacements: 2, lines: [1, 1], notes: ['search and replace are identical; nothing changed'] });
  });
});

describe('applySearchReplace: errors', () => {
  it('empty search is C210', () => {
    const e = errorOf(() => applySearchReplace('abc', '', 'x'));
    expect(e.code).toBe('C210');
    expect(e.message).toBe('--search must not be empty; to create or overwrite a file use write');
  });

  it('several matches without all is C221 listing the lines', () => {
    const e = errorOf(() => applySearchReplace('foo\nbar\nfoo\nbaz\r\nfoo\n', 'foo', 'x'));
    expect(e.code).toBe('C221');
    expect(e.message).toBe('search text matches 3 times (lines 1, 3, 5); add surrounding lines to make it unique, or pass --all to replace every match');
  });

  it('C221 lists at most 10 lines', () => {
    const e = errorOf(() => applySearchReplace('x\n'.repeat(12), 'x', 'y'));
    expect(e.message).toContain('matches 12 times (lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ...)');
  });

  it('overlapping occurrences count as ambiguous', () => {
    expect(errorOf(() => applySearchReplace('aaa', 'aa', 'b')).code).toBe('C221');
  });

  it('not found is C220 with the closest region, tabs shown as →', () => {
    const text = 'function f(x) {\n\tconst y = x * 2;\n\treturn y + 1;\n}\n';
    const e = errorOf(() => applySearchReplace(text, 'function f(x) {\n  const y = x * 3;\n  return y + 1;\n}', 'z'));
    expect(e.code).toBe('C220');
    expect(e.message.startsWith('search text not found\n')).toBe(true);
    expect(e.message).toContain('1 | function f(x) {');
    expect(e.message).toContain('2 | →const y = x * 2;');
    expect(e.message).toContain('line 2 differs at column 1: expected "  const y = x * 3;" found "\\tconst y = x * 2;"');
    expect(e.message.length).toBeLessThan(1500);
    expect((e.data as { detail: string }).detail).toContain('closest region, lines 1-');
  });

  it('not found in an empty file', () => {
    const e = errorOf(() => applySearchReplace('', 'x', 'y'));
    expect(e.code).toBe('C220');
    expect(e.message).toContain('the file is empty');
  });

  it('not found says when the replacement is already there', () => {
    const e = errorOf(() => applySearchReplace('const limit = 20;\n', 'const limit = 10;', 'const limit = 20;'));
    expect(e.message).toContain('the replacement text is already in the file at line 1');
  });

  it('unhelpful search text still gives a bounded message', () => {
    const e = errorOf(() => applySearchReplace('alpha\nbeta\n', 'zzz qqq', 'y'));
    expect(e.code).toBe('C220');
    expect(e.message).toContain('no line of the file resembles the search text');
  });
});

describe('closestRegion', () => {
  it('shows up to 8 numbered lines around the first difference of a long search', () => {
    const file = Array.from({ length: 40 }, (_, i) => `line number ${i + 1}`);
    const search = file.slice(9, 29).map((l, i) => (i === 12 ? `${l} changed` : l));
    const out = closestRegion(`${file.join('\n')}\n`, search.join('\n'))!;
    expect(out).toContain('(19 of 20 search lines equal)');
    expect(out).toContain('line 22 differs at column 15: expected "line number 22 changed" found "line number 22"');
    const numbered = out.split('\n').filter((l) => /^\s*\d+ \| /.test(l));
    expect(numbered).toHaveLength(8);
    expect(numbered[0]).toBe('20 | line number 20');
  });

  it('names invisible differences by code point and shows lone CRs as ␍', () => {
    const out = closestRegion('say("hi")\u00a0now\nnext\rline\n', 'say("hi") now\nnext line')!;
    expect(out).toContain('(U+0020 vs U+00A0)');
    expect(out).toContain('2 | next␍line');
  });

  it('finds a region that differs only in letter case and shows the first differing letter', () => {
    const out = closestRegion('const alpha = 1;\nconst BETA = 2;\n', 'const Alpha = 1;\nconst Beta = 2;')!;
    expect(out).toContain('line 1 differs at column 7: expected "const Alpha = 1;" found "const alpha = 1;"');
    expect(out).toContain('line 2 differs at column 8');
    expect(closestRegion('Alpha\n', 'alpha')).toContain('line 1 differs at column 1: expected "alpha" found "Alpha"');
  });

  it('keeps very long lines within the size budget', () => {
    const long = `${'x'.repeat(5000)}a`;
    const out = closestRegion(`${long}\n${long}\n`, `${'x'.repeat(5000)}b\n${'x'.repeat(5000)}c`)!;
    expect(out.length).toBeLessThanOrEqual(1500);
    expect(out).toContain('differs at column 5001');
  });

  it('lines up a search that starts or stops mid-line with the file text', () => {
    const out = closestRegion('function f() {\n    return x + 2;\n}\n', 'return x + 1;')!;
    expect(out).toContain('line 2 differs at column 16: expected "return x + 1;" found "    return x + 2;"');
    const partial = closestRegion('a = f(1,\n      2, 3);\nb\n', 'a = f(1,\n      2, 4')!;
    expect(partial).toContain('(1 of 2 search lines equal)');
    expect(partial).toContain('line 2 differs at column 10');
  });

  it('explains a final newline the file lacks', () => {
    expect(closestRegion('x\nlast', 'x\nlast\n')).toContain('check for a final newline that the file lacks');
  });

  it('is undefined when nothing resembles the search', () => {
    expect(closestRegion('abc\ndef\n', '###')).toBeUndefined();
  });
});

describe('applyEditsInMemory', () => {
  it('applies edits in order, each seeing the previous result', () => {
    const out = applyEditsInMemory('a\r\nb\r\n', [
      { search: 'a', replace: 'x\ny' },
      { search: 'y\nb', replace: 'z', all: false },
    ]);
    expect(out.text).toBe('x\r\nz\r\n');
    expect(out.results.map((r) => r.replacements)).toEqual([1, 1]);
  });

  it('throws the first failing edit annotated with its 1-based index', () => {
    const e = errorOf(() => applyEditsInMemory('a a b', [{ search: 'b', replace: 'c' }, { search: 'a', replace: 'x' }, { search: 'zz', replace: '' }]));
    expect(e.code).toBe('C221');
    expect(e.message.startsWith('edit 2: search text matches 2 times')).toBe(true);
  });
});
