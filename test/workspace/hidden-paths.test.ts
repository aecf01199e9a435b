// hiddenGlobsFor answers normal absolute paths by string prefix instead of two path.relative() calls each
// (issue 31): every pair of roots and paths here, odd spellings included, gives the globs the relative()
// form gave (kept below as the reference).
import { isAbsolute, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeGlob, hiddenGlobsFor } from '../../src/workspace/hidden-paths.js';

function reference(root: string, paths: readonly string[]): string[] {
  const globs = new Set<string>();
  for (const path of paths) {
    const rel = relative(root, path).split('\\').join('/');
    if (rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))) globs.add(rel === '' ? '**' : escapeGlob(rel));
    else {
      const inside = relative(path, root);
      if (!inside.startsWith('..') && !isAbsolute(inside)) globs.add('**');
    }
  }
  return [...globs];
}

const SEGMENTS = ['', 'home', 'u', '.ssh', '..x', '.', '..', 'a\\b', 'id*', 'x y', 'ws', 'ws2'];
// Every path of up to 3 segments over SEGMENTS (so `//`, `/./`, `/../`, trailing slashes, `..x` names), and
// a few relative ones.
function spellings(): string[] {
  let paths = ['/'];
  const all = ['/', '', 'ws', 'home/u', './ws'];
  for (let depth = 0; depth < 3; depth++) {
    paths = paths.flatMap((path) => SEGMENTS.map((segment) => (path === '/' ? `/${segment}` : `${path}/${segment}`)));
    all.push(...paths);
  }
  return [...new Set(all)];
}

describe('hiddenGlobsFor', () => {
  it('gives the globs the relative() form gives, for every root and path spelling', () => {
    const all = spellings();
    const roots = ['/', '/home', '/home/u', '/home/u/ws', '/home/u/ws/', '/home//u', '/home/u/./ws', '/home/u/../u/ws', '/home/u/..x', 'home/u', '/home/u/a\\b'];
    const differ: string[] = [];
    for (const root of roots) {
      for (const path of all) if (JSON.stringify(hiddenGlobsFor(root, [path])) !== JSON.stringify(reference(root, [path]))) differ.push(`${root} ${path}`);
      expect(hiddenGlobsFor(root, all)).toEqual(reference(root, all));
    }
    expect(differ).toEqual([]);
  });

  it('hides what lies in the root, and everything when the root lies in a hidden path', () => {
    expect(hiddenGlobsFor('/home/u', ['/home/u/.ssh', '/home/u/.aws/credentials', '/etc/x', '/home/u/id[1]'])).toEqual(['.ssh', '.aws/credentials', 'id\\[1\\]']);
    expect(hiddenGlobsFor('/home/u/.ssh/keys', ['/home/u/.ssh'])).toEqual(['**']);
    expect(hiddenGlobsFor('/', ['/home/u/.ssh'])).toEqual(['home/u/.ssh']);
    expect(hiddenGlobsFor('/home/u', undefined)).toEqual([]);
  });
});
