import { isAbsolute, relative } from 'node:path';

// Absolute real paths hidden in every jail whatever its root (the home's secrets where they really are:
// sandbox/home-secrets.ts; red team R7-13, R8-8, R8-9), as non-accessible globs relative to `root`: the paths
// inside it, and `**` when the root lies inside one of them. Glob characters in a name are escaped.
export const escapeGlob = (path: string): string => path.replace(/[\\*?[\]{}()!+@]/g, '\\$&');

export function hiddenGlobsFor(root: string, paths: readonly string[] | undefined): string[] {
  const globs = new Set<string>();
  for (const path of paths ?? []) {
    const rel = relative(root, path).split('\\').join('/');
    if (rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))) globs.add(rel === '' ? '**' : escapeGlob(rel));
    else {
      const inside = relative(path, root);
      if (!inside.startsWith('..') && !isAbsolute(inside)) globs.add('**');
    }
  }
  return [...globs];
}
