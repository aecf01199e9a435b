// Issue 31: src/workspace/picomatch.ts loads picomatch on first use, and every module imports it instead of
// the package. What it answers must be picomatch's own, for calls and for the functions hung on it, and a
// lazy matcher compiles nothing until it tests a path (a glob picomatch refuses throws then, not before).
import realPicomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import picomatch, { lazyMatcher } from '../../src/workspace/picomatch.js';

const GLOBS = ['**/*.ts', '*.{js,mjs}', '.env.!(example)', '**/@(a|b)/**', 'src/[ab]?.md', '!(x)', 'a/**/b', '**/.git/**'];
const PATHS = ['a.ts', 'src/a.ts', 'x.js', 'y.mjs', '.env.local', '.env.example', 'q/a/r', 'src/ac.md', 'x', 'a/c/d/b', 'w/.git/config', '.hidden/z.ts'];

describe('picomatch on first use (src/workspace/picomatch.ts)', () => {
  it('answers as picomatch: calls with options, isMatch, makeRe, scan', () => {
    for (const glob of GLOBS) {
      for (const dot of [true, false]) {
        const ours = picomatch(glob, { dot });
        const theirs = realPicomatch(glob, { dot });
        expect(PATHS.map((path) => ours(path)), glob).toEqual(PATHS.map((path) => theirs(path)));
        expect(PATHS.map((path) => picomatch.isMatch(path, glob, { dot }))).toEqual(PATHS.map((path) => realPicomatch.isMatch(path, glob, { dot })));
        expect(String(picomatch.makeRe(glob, { dot }))).toBe(String(realPicomatch.makeRe(glob, { dot })));
      }
      expect(picomatch.scan(glob)).toEqual(realPicomatch.scan(glob));
    }
  });

  it('a lazy matcher answers as picomatch and compiles on its first test', () => {
    for (const glob of GLOBS) {
      const lazy = lazyMatcher(glob, { dot: true });
      const theirs = realPicomatch(glob, { dot: true });
      expect(PATHS.map((path) => lazy(path)), glob).toEqual(PATHS.map((path) => theirs(path)));
    }
    // picomatch refuses a pattern over 65,536 characters when it compiles it.
    const huge = 'a'.repeat(70_000);
    expect(() => realPicomatch(huge)).toThrow();
    const lazy = lazyMatcher(huge);
    expect(() => lazy('a')).toThrow();
  });
});
