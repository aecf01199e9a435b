import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { compileNonAccessible } from '../../src/workspace/globs.js';
import { DEFAULT_NON_ACCESSIBLE_GLOBS } from '../../src/workspace/types.js';

// compileNonAccessible splits the globs into cheaper tests (names, literal segments, regular
// expressions without picomatch's per-call objects); the answers must stay picomatch's.
describe('non-accessible glob matcher', () => {
  const globs = [...DEFAULT_NON_ACCESSIBLE_GLOBS, '**/.ssh/**', '**/a.b/**', 'top/**', 'src/*.secret', '**/x*y/**', '**/{k,l}/**', '**/n/**/m', '**/.aws/credentials', 'lit/eral.txt', 'lit/dir'];
  const paths = [
    '.env', '.env.local', 'a/.env', 'a/.env.x/y', 'env', 'k.pem', 'a/b/k.key', 'key', 'secrets', 'secrets/a', 'x/secrets', 'x/secrets/y',
    'xsecrets', 'secretsx/a', 'a/secret/b', '.ssh', 'h/.ssh/id', 'a.b', 'q/a.b/r', 'aab', 'top', 'top/z', 'x/top/z', 'src/p.secret',
    'src/q/p.secret', 'xay', 'm/xzzy/n', 'k', 'z/l/w', 'n/m', 'n/o/p/m', 'o/n/m', '**/secrets/**', 'plain/file.txt',
    '.aws/credentials', 'h/.aws/credentials', 'h/aws/credentials', 'credentials', 'lit/eral.txt', 'lit/dir', 'lit/dir/x', 'x/lit/dir', 'lit', 'litx/dir',
  ];

  it('answers as picomatch does for the whole list, for each path alone and with its ancestors', () => {
    const matcher = compileNonAccessible(globs);
    const reference = picomatch(globs, { dot: true, windows: false });
    for (const path of paths) {
      expect(matcher.entry(path), path).toBe(reference(path));
      // A walk's form: the folder decided once, then each name in it.
      const cut = path.lastIndexOf('/');
      expect(matcher.folder(path.slice(0, cut + 1))(path.slice(cut + 1)), path).toBe(reference(path));
      const ancestors = path.split('/').map((_, index, parts) => parts.slice(0, index + 1).join('/'));
      expect(matcher(path), path).toBe(ancestors.some((ancestor) => reference(ancestor)));
    }
  });
});
