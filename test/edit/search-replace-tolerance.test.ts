import { describe, expect, it } from 'vitest';
import { isCodewardError } from '../../src/engine/errors.js';
import { applySearchReplace } from '../../src/edit/search-replace.js';

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (isCodewardError(error)) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'no error';
}

describe('tolerance 1: trailing whitespace', () => {
  it('file lines with trailing blanks match a search without them; the replacement goes in as given', () => {
    const text = 'a\n  if (x) {  \n    go();\t\n  }\nb\n';
    const r = applySearchReplace(text, '  if (x) {\n    go();\n  }\n', '  if (y) {\n    stop();\n  }\n');
    expect(r.text).toBe('a\n  if (y) {\n    stop();\n  }\nb\n');
    expect(r.notes).toEqual(['search text matched only after ignoring trailing whitespace on its lines; the replacement was inserted as given']);
  });

  it('search with trailing blanks matches a clean file, and only at a line end', () => {
    expect(applySearchReplace('value = 1\r\nnext\r\n', 'value = 1   ', 'value = 2').text).toBe('value = 2\r\nnext\r\n');
    expect(codeOf(() => applySearchReplace('value = 10\n', 'value = 1  ', 'x'))).toMatch(/^C220/);
  });

  it('the file trailing blanks at the edges of the match stay outside it', () => {
    // partial first line (suffix) and partial last line (prefix)
    const r = applySearchReplace('let a = 1;  \nlet b = 2; // b\n', '1;\nlet b', '3;\nlet c');
    expect(r.text).toBe('let a = 3;\nlet c = 2; // b\n');
    expect(applySearchReplace('x = 1 \ny\n', 'x = 1  ', 'x = 2').text).toBe('x = 2 \ny\n');
  });

  it('in a CRLF file the line endings are kept', () => {
    const r = applySearchReplace('a  \r\nb\t\r\nc\r\n', 'a\nb\n', 'A\nB\n');
    expect(r.text).toBe('A\r\nB\r\nc\r\n');
  });
});

describe('tolerance 2: uniform indentation offset', () => {
  it('search indented 2 spaces, file 6: +4 spaces, replacement re-indented', () => {
    const text = 'class A {\n  m() {\n      if (x) {\n        y();\n      }\n  }\n}\n';
    const r = applySearchReplace(text, '  if (x) {\n    y();\n  }\n', '  if (x) {\n    y();\n\n    z();\n  }\n');
    expect(r.text).toBe('class A {\n  m() {\n      if (x) {\n        y();\n\n        z();\n      }\n  }\n}\n');
    expect(r.notes).toEqual(['search text matched with its indentation shifted by +4 spaces; the replacement was re-indented the same way']);
  });

  it('search indented more than the file: -1 tab', () => {
    const r = applySearchReplace('\tfoo();\n\tbar();\n', '\t\tfoo();\n\t\tbar();', '\t\tfoo(1);\n\t\tbar(2);');
    expect(r.text).toBe('\tfoo(1);\n\tbar(2);\n');
    expect(r.notes[0]).toContain('shifted by -1 tab;');
  });

  it('spaces in the search, tabs in the file: converted, replacement gets tabs', () => {
    const text = 'func main() {\n\tif ok {\n\t\trun()\n\t}\n}\n';
    const r = applySearchReplace(text, '    if ok {\n        run()\n    }', '    if ok {\n        run()\n        log()\n    }');
    expect(r.text).toBe('func main() {\n\tif ok {\n\t\trun()\n\t\tlog()\n\t}\n}\n');
    expect(r.notes[0]).toBe('search text matched with its indentation converted from spaces to tabs (1 tab = 4 columns); the replacement was re-indented the same way');
  });

  it('tabs in the search, spaces in the file: converted, replacement gets spaces', () => {
    const text = 'def f():\n    if x:\n        return 1\n    return 2\n';
    const r = applySearchReplace(text, '\tif x:\n\t\treturn 1\n', '\tif x:\n\t\tprint(x)\n\t\treturn 1\n');
    expect(r.text).toBe('def f():\n    if x:\n        print(x)\n        return 1\n    return 2\n');
    expect(r.notes[0]).toContain('converted from tabs to spaces (1 tab = 4 columns)');
  });

  it('a CRLF file keeps CRLF through re-indentation', () => {
    const r = applySearchReplace('{\r\n\t\tx;\r\n\t\ty;\r\n}\r\n', 'x;\n  y;\n'.replace('x', '  x'), '  x;\n  z;\n');
    expect(r.text).toBe('{\r\n\t\tx;\r\n\t\tz;\r\n}\r\n');
  });

  it('non-uniform indentation does not match', () => {
    expect(codeOf(() => applySearchReplace('  a\n    b\n', 'a\n  b\n'.replace('a', ' a'), 'x'))).toMatch(/^C220/);
    expect(codeOf(() => applySearchReplace('    a\n        b\n', '  a\n    b\n', 'x'))).toMatch(/^C220/);
  });
});

describe('tolerance 3: Unicode punctuation', () => {
  it('curly quotes, em dash, nbsp and ellipsis in the file match ASCII search text; outside bytes kept', () => {
    const text = '// “Hello”\u00a0— it’s fine…\nnext “line”\n';
    const r = applySearchReplace(text, '"Hello" - it\'s fine...', '"Bye"');
    expect(r.text).toBe('// "Bye"\nnext “line”\n');
    expect(r.notes[0]).toContain('Unicode quotes, dashes, spaces and ellipses');
  });

  it('ASCII file, curly search text (minus sign, primes, thin space)', () => {
    const r = applySearchReplace("x = a - b; s = 'q'; t = 5\"\n", 'a \u2212 b; s = \u2032q\u2032;\u2009t', 'Z');
    expect(r.text).toBe('x = Z = 5"\n');
  });

  it('a match may not split an ellipsis', () => {
    expect(codeOf(() => applySearchReplace('wait…\n', 'wait..', 'x'))).toMatch(/^C220/);
  });
});

describe('tolerances stay strict', () => {
  it('exact matches win over tolerances', () => {
    const r = applySearchReplace('foo  \nfoo\n', 'foo\n', 'bar\n');
    expect(r.text).toBe('foo  \nbar\n');
    expect(r.notes).toEqual([]);
  });

  it('a tolerance that matches twice is still C221, naming the tolerance', () => {
    const msg = codeOf(() => applySearchReplace('x = 1;  \ny\nx = 1;\t\n', 'x = 1;\n', 'x = 2;\n'));
    expect(msg).toBe('C221: search text matches 2 times (lines 1, 3); add surrounding lines to make it unique, or pass --all to replace every match (no exact match; these matched ignoring trailing whitespace)');
    expect(codeOf(() => applySearchReplace('  a();\n\tb\n    a();\n', 'a();\n'.replace('a', '      a'), 'x'))).toMatch(/^C221: search text matches 2 times \(lines 1, 3\)/);
  });

  it('with all, a tolerance replaces every match, each re-indented on its own', () => {
    // (a less indented single-line search would match exactly, inside the indentation)
    const r = applySearchReplace('  a();\nb\n\ta();\n', '    a();\n', '    c();\n      d();\n', { all: true });
    expect(r).toMatchObject({ replacements: 2, lines: [1, 3] });
    expect(r.text).toBe('  c();\n    d();\nb\n\tc();\n\t  d();\n');
    expect(r.notes).toEqual([
      'search text matched with its indentation shifted by -2 spaces; the replacement was re-indented the same way',
      'search text matched with its indentation converted from spaces to tabs (1 tab = 4 columns); the replacement was re-indented the same way',
    ]);
    const t = applySearchReplace('x = 1;  \ny\nx = 1;\t\n', 'x = 1;\n', 'x = 2;\n', { all: true });
    expect(t).toMatchObject({ text: 'x = 2;\ny\nx = 2;\n', replacements: 2, lines: [1, 3] });
  });

  it('never does similarity matching', () => {
    expect(codeOf(() => applySearchReplace('const value = compute(a, b);\n', 'const value = compute(a, c);', 'x'))).toMatch(/^C220/);
  });
});
