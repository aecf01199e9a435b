import ignore from 'ignore';
import { describe, expect, it } from 'vitest';
import { singlePathTest } from '../../src/search/gitignore.js';

// tree's walk asks a .gitignore about one entry at a time, only below folders it found not ignored;
// singlePathTest must then answer exactly as the public ignores() does.
describe('gitignore single-path test', () => {
  const rules = ['# comment', '*.log', '!keep.log', 'build/', '/top.txt', 'docs/**/*.md', '!docs/README.md', 'tmp*', '\\#lit', 'a/b/', '**/deep', 'Mixed.Case', ' trailing\\ ', ''].join('\n');
  const names = ['x.log', 'keep.log', 'build', 'top.txt', 'README.md', 'n.md', 'tmp1', 'tmpdir', '#lit', 'b', 'deep', 'mixed.case', ' trailing ', 'ok.ts', 'docs', 'a', 'c'];

  // Rules that each match the last segment only (`*.log`, `build/`: the walk's fast form tests the name) and a
  // mix with anchored and nested rules (tested on the whole path).
  const lastSegmentRules = ['*.log', '!keep.log', 'build/', 'tmp*', '!tmp1', 'b/', 'Mixed.Case', '\\#lit', 'deep'].join('\n');

  it.each([['mixed rules', rules], ['last-segment rules', lastSegmentRules]])('agrees with ignores() for every entry of a walk that skips ignored folders (%s)', (_, rules) => {
    const reference = ignore().add(rules);
    const test = singlePathTest(ignore().add(rules));
    let checked = 0;
    const walk = (prefix: string, depth: number): void => {
      for (const name of names) {
        for (const isDir of [false, true]) {
          const path = `${prefix}${name}${isDir ? '/' : ''}`;
          const expected = reference.ignores(path);
          expect(test(path), path).toBe(expected);
          // A walk asks a last-segment test with the entry's name alone.
          if (test.lastSegment) expect(test(`${name}${isDir ? '/' : ''}`), path).toBe(expected);
          checked += 1;
          if (isDir && !expected && depth < 3) walk(path, depth + 1);
        }
      }
    };
    walk('', 0);
    expect(test.lastSegment === true).toBe(rules === lastSegmentRules);
    expect(checked).toBeGreaterThan(1000);
  });
});
