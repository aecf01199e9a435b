// Issue 31: the non-accessible matcher answers literal globs (`**/A/B`, `*.EXT`, a plain name or path)
// with string tests, and builds a pattern's expression only when a path could match it; walks (tree,
// search's fallback, the code index) ask it once per entry. Its answers must stay picomatch's for every glob.
import picomatch from 'picomatch';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileNonAccessible } from '../../src/workspace/globs.js';

const GLOBS = ['**/.env', '**/.env.!(example|sample)', '**/*.pem', '**/*.tar.gz', '**/secrets/**', '**/.aws/credentials', '**/.config/git/credentials', 'private', 'a/b.txt', '**/build/', 'src/**/*.key', '**/[ab].txt', '**/k$.txt', './x*', '.env.!(example)', 'a/*.txt', 'secrets/**', 'a/**', 'a/b/**'];
const PATHS = ['.env', 'a/.env', '.env.local', '.env.example', 'x.pem', '.pem', '..pem', 'a/b/c.pem', 'x.pem.txt', 'pem', 'b.tar.gz', 'tar.gz', 'secrets', 'a/secrets/b', '.aws/credentials', 'home/.aws/credentials', 'x.aws/credentials', '.aws/credentials2', 'a/.config/git/credentials', 'private', 'privateer', 'a/private', 'a/b.txt', 'x/a/b.txt', 'build', 'src/a/k.key', 'x|y', 'a/x|y', 'a.txt', 'c.txt', 'k$.txt', 'a/k$.txt', 'x', 'xy', './xy', 'a/x.txt', 'a', 'a/', 'a/b', 'ab'];

afterEach(() => vi.restoreAllMocks());

describe('compileNonAccessible with literal globs', () => {
  it("answers as picomatch does for every glob and path (an entry and its ancestors)", () => {
    for (const glob of GLOBS) {
      const reference = picomatch(glob, { dot: true, windows: false });
      const matcher = compileNonAccessible([glob]);
      for (const path of PATHS) {
        expect(matcher.entry(path), `${glob} on ${path}`).toBe(reference(path));
        const ancestors = path.split('/').map((_, index, parts) => parts.slice(0, index + 1).join('/'));
        expect(matcher(path), `${glob} on ${path} or above`).toBe(ancestors.some((rel) => reference(rel)));
      }
    }
  });

  it('compiles no regular expression for `**/A/B`, `*.EXT` or a plain name or path', () => {
    const makeRe = vi.spyOn(picomatch, 'makeRe');
    const matcher = compileNonAccessible(['**/.aws/credentials', '**/*.pem', '**/.git-credentials', 'private', 'a/b.txt', '**/secrets/**']);
    expect(makeRe).not.toHaveBeenCalled();
    expect(['home/.aws/credentials', 'k.pem', 'a/.git-credentials', 'private/x', 'a/b.txt', 'x/secrets/y'].every((rel) => matcher(rel))).toBe(true);
    expect(['aws/credentials', 'k.pem.bak', 'privateer', 'a/b.txt2'].some((rel) => matcher(rel))).toBe(false);
    expect(compileNonAccessible(['**/*.p?m'])('a/k.pem')).toBe(true);
    expect(makeRe).toHaveBeenCalledTimes(1);
  });

  it("builds a pattern's expression only once a path could match it (a cold read tests a few paths)", () => {
    const makeRe = vi.spyOn(picomatch, 'makeRe');
    const matcher = compileNonAccessible(['**/.env.!(example|sample)', 'src/**/*.key']);
    expect(['README.md', 'docs/a/b.md', '.envrc', 'lib/k.key'].some((rel) => matcher(rel))).toBe(false);
    expect(makeRe).not.toHaveBeenCalled();
    expect(matcher('a/.env.local')).toBe(true);
    expect(matcher('src/a/k.key')).toBe(true);
    expect(matcher('a/.env.example')).toBe(false);
    expect(makeRe).toHaveBeenCalledTimes(2);
  });
});
