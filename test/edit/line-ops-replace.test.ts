import { describe, expect, it } from 'vitest';
import { c210 } from '../helpers/errors.js';
import { applyLineOps, type LineOp, type ReplaceOp } from '../../src/edit/line-ops.js';


const replace = (text: string, pattern: string, replacement: string, extra: Partial<ReplaceOp> = {}): string =>
  applyLineOps(text, [{ op: 'replace', pattern, replacement, ...extra }]).text;

describe('replace ops', () => {
  it('replace every match by default, on the whole body, after all line ops, in request order', () => {
    expect(replace('OLD_a OLD_b\nOLD_c\n', 'OLD_', 'NEW_')).toBe('NEW_a NEW_b\nNEW_c\n');
    const ops: LineOp[] = [
      { op: 'replace', pattern: 'b', replacement: 'c' },
      { op: 'insert', at_line: 1, content: 'b' },
      { op: 'replace', pattern: 'c', replacement: 'd' },
    ];
    // The insert runs first (line ops before replace ops), then b -> c, then c -> d.
    expect(applyLineOps('a\n', ops).text).toBe('d\na\n');
  });

  it('no multi-line flag: ^ and $ anchor the whole body, . stops at line breaks', () => {
    expect(replace('a\na\n', '^a', 'X')).toBe('X\na\n');
    expect(replace('a\na', 'a$', 'X')).toBe('a\nX');
    expect(replace('ab\ncd\n', 'b.c', 'X')).toBe('ab\ncd\n');
    expect(replace('a\na\n', '(?m)^a', 'X')).toBe('X\nX\n');
    expect(replace('ab\ncd\n', '(?s)b.c', 'X')).toBe('aXd\n');
  });

  it('a pattern may add or remove lines; lineCount is recounted', () => {
    const result = applyLineOps('a,b,c\n', [{ op: 'replace', pattern: ',', replacement: '\n' }]);
    expect(result).toMatchObject({ text: 'a\nb\nc\n', lineCount: 3, applied: 1 });
  });

  it('zero matches is not an error: the op counts as applied and a note says so', () => {
    const result = applyLineOps('abc\n', [{ op: 'replace', pattern: 'zzz', replacement: 'y' }]);
    expect(result).toEqual({ text: 'abc\n', applied: 1, notes: ['op 1 (replace): the pattern matched nothing; nothing replaced'], lineCount: 1 });
  });

  it('ignore_case, count and literal', () => {
    expect(replace('Foo foo FOO', 'foo', 'x', { ignore_case: true })).toBe('x x x');
    expect(replace('Foo foo FOO', '(?i)foo', 'x')).toBe('x x x');
    const capped = applyLineOps('a a a', [{ op: 'replace', pattern: 'a', replacement: 'b', count: 2 }]);
    expect(capped.text).toBe('b b a');
    expect(capped.notes).toEqual(['op 1 (replace): replaced the first 2 matches (count); more remain']);
    expect(applyLineOps('a a', [{ op: 'replace', pattern: 'a', replacement: 'b', count: 2 }]).notes).toEqual([]);
    expect(replace('a.b a+b (x)', 'a.b', '$1', { literal: true })).toBe('$1 a+b (x)');
    expect(replace('(x) [y] {z} a|b ^$ \\ /', '(x) [y] {z} a|b ^$ \\ /', 'ok', { literal: true })).toBe('ok');
  });

  it('rejects bad replace ops with C210', () => {
    expect(c210(() => replace('a', '', 'x'))).toBe('op 1 (replace): pattern must not be empty');
    expect(c210(() => replace('a', '', 'x', { literal: true }))).toBe('op 1 (replace): pattern must not be empty');
    expect(c210(() => replace('a', '(a', 'x'))).toMatch(/^op 1 \(replace\): invalid regex "\(a": Invalid regular expression: .*/);
    expect(c210(() => replace('a', '(?x)a', 'x'))).toBe('op 1 (replace): inline flag "x" is not supported; use i, m or s (or ignore_case)');
    expect(c210(() => replace('a', 'a', 'x', { count: 0 }))).toMatch(/count must be a whole number >= 1/);
    expect(c210(() => applyLineOps('a', [{ op: 'replace', pattern: 'a' } as unknown as LineOp]))).toMatch(/replacement must be a string/);
    expect(c210(() => replace('a', 'a', 'x', { ignore_case: 'yes' as unknown as boolean }))).toMatch(/ignore_case must be true or false/);
  });

  it('an empty-matching pattern terminates; like Rust, no empty match right after a match', () => {
    expect(replace('abxd', 'x*', '-')).toBe('-a-b-d-');
    expect(replace('', 'x*', '-')).toBe('-');
    expect(replace('ab', '(?:)', '-')).toBe('-a-b-');
    expect(replace('a😀b', 'x*', '-')).toBe('-a-😀-b-');
    expect(replace('aaa', 'a*?', '-')).toBe('-a-a-a-');
    expect(replace('a\nb\n', '$', 'END')).toBe('a\nb\nEND');
  });
});

describe('replacement references', () => {
  it('numbered: $1, ${1}, $0 and $& (the whole match, as JS)', () => {
    expect(replace('john smith', '(\\w+) (\\w+)', '$2 $1')).toBe('smith john');
    expect(replace('ab', '(a)(b)', '${2}${1}')).toBe('ba');
    expect(replace('ab', '(a)b', '[$0][$&]')).toBe('[ab][ab]');
    expect(replace('ab', '(a)(b)', '${1}0')).toBe('a0');
  });

  it('named: ${name}, $name (Rust), $<name> (JS), and (?P<name>...) patterns', () => {
    expect(replace('2024-05', '(?<y>\\d+)-(?<m>\\d+)', '${m}/${y}')).toBe('05/2024');
    expect(replace('2024-05', '(?<y>\\d+)-(?<m>\\d+)', '$m/$y')).toBe('05/2024');
    expect(replace('2024-05', '(?<y>\\d+)-(?<m>\\d+)', '$<m>/$<y>')).toBe('05/2024');
    expect(replace('2024-05', '(?P<y>\\d+)-(?P<m>\\d+)', '$2.$m.$y')).toBe('05.05.2024');
    expect(replace('a', '[(?P<]', 'x')).toBe('a');
  });

  it('$$ is a literal $; a $ not followed by a reference is literal', () => {
    expect(replace('cost', 'cost', '$$5')).toBe('$5');
    expect(replace('cost', 'cost', '$ and $. and $')).toBe('$ and $. and $');
    expect(replace('ab', '(a)', '$$1')).toBe('$1b');
  });

  it('a group that exists but took no part expands to ""', () => {
    expect(replace('b', '(a)?b', '[$1]')).toBe('[]');
  });

  it('a reference to a group the pattern does not have is C210, not an empty string', () => {
    expect(c210(() => applyLineOps('ab\n', [
      { op: 'insert', at_line: 2, content: 'x' },
      { op: 'remove', from_line: 1, to_line: 1 },
      { op: 'replace', pattern: '(a)(b)', replacement: '$3' },
    ]))).toBe('op 3 (replace): $3 refers to a group the pattern does not have (it has 2); write $$ for a literal $');
    expect(c210(() => replace('ab', '(a)', '$10'))).toMatch(/\$10 refers to a group the pattern does not have \(it has 1\)/);
    expect(c210(() => replace('ab', 'a', '$1'))).toMatch(/it has 0/);
    // The 0.4.1 incident: a JS template literal in the replacement.
    expect(c210(() => replace('ab', '(a)', '${name}'))).toBe(
      'op 1 (replace): ${name} refers to a named group the pattern does not have (it has no named groups); write $$ for a literal $');
    expect(c210(() => replace('ab', '(?<x>a)', '$<y>'))).toMatch(/\$<y> refers to a named group .*\(its named groups: x\)/);
    expect(c210(() => replace('price', 'price', '$price'))).toMatch(/\$price refers to a named group/);
    // Checked even when nothing matches.
    expect(c210(() => replace('zzz', '(a)', '$2'))).toMatch(/\$2 refers to a group/);
  });

  it('malformed or ambiguous references are C210', () => {
    expect(c210(() => replace('ab', '(a)', '$1a'))).toBe('op 1 (replace): $1a is ambiguous; write ${1}a for group 1 followed by "a"');
    expect(c210(() => replace('ab', '(a)', '${1'))).toMatch(/\$\{ is not closed with "\}"/);
    expect(c210(() => replace('ab', '(a)', '$<x'))).toMatch(/\$< is not closed with ">"/);
    expect(c210(() => replace('ab', '(a)', '${a b}'))).toMatch(/\$\{a b\} is not a valid group reference/);
    expect(c210(() => replace('ab', '(a)', '$<1>'))).toMatch(/\$<1> is not a valid group reference; \$<...> takes a group name/);
  });
});
