import { isAbsolute, relative, sep } from 'node:path';

// Separator-aware containment of normalised absolute paths: `/w/a_evil` is not inside `/w/a`; `/w/a` is.
export function isInside(dir: string, candidate: string): boolean {
  if (!isAbsolute(dir) || !isAbsolute(candidate)) return false;
  if (candidate === dir) return true;
  const prefix = dir.endsWith(sep) ? dir : dir + sep;
  return candidate.startsWith(prefix);
}

// Forward-slash relative path, '.' for `dir` itself; on POSIX a backslash is a filename character, kept.
export function toRel(dir: string, abs: string): string {
  const rel = relative(dir, abs);
  if (rel === '') return '.';
  return sep === '\\' ? rel.split(sep).join('/') : rel;
}
