import { isAbsolute, relative } from 'node:path';

// Absolute real paths hidden in every jail whatever its root (the home's secrets where they really are:
// sandbox/home-secrets.ts; red team R7-13, R8-8, R8-9), as non-accessible globs relative to `root`: the paths
// inside it, and `**` when the root lies inside one of them. Glob characters in a name are escaped.
export const escapeGlob = (path: string): string => path.replace(/[\\*?[\]{}()!+@]/g, '\\$&');

// A normal absolute path (what realpath gives): no empty, `.` or `..` segment and no trailing slash. For two
// of them `relative()` is a string prefix test; every call (~170 home secrets, twice per jail) paid two
// `relative()` each, which resolves both paths again (issue 31).
const isNormal = (path: string): boolean => path === '/' || (path.startsWith('/') && !/\/\.{0,2}(?:\/|$)/.test(path));

// relative(from, to) for normal paths, or undefined when `to` is not `from` or below it (relative() would
// start with `..`).
function below(from: string, to: string): string | undefined {
  if (to === from) return '';
  const prefix = from === '/' ? '/' : `${from}/`;
  return to.startsWith(prefix) ? to.slice(prefix.length) : undefined;
}

export function hiddenGlobsFor(root: string, paths: readonly string[] | undefined): string[] {
  const globs = new Set<string>();
  const normalRoot = isNormal(root);
  for (const path of paths ?? []) {
    const normal = normalRoot && isNormal(path);
    const rel = (normal ? (below(root, path) ?? '..') : relative(root, path)).split('\\').join('/');
    if (rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))) globs.add(rel === '' ? '**' : escapeGlob(rel));
    else {
      const inside = normal ? (below(path, root) ?? '..') : relative(path, root);
      if (!inside.startsWith('..') && !isAbsolute(inside)) globs.add('**');
    }
  }
  return [...globs];
}
