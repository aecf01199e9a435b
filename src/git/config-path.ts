import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve, sep } from 'node:path';

// How git turns a path written in its configuration into a file, so that the write gate compares what git
// will open, not the text (issue 26, red team H3: `core.hooksPath` naming the workspace through a
// symlinked alias, `..` after a symlink, `~user/`, a trailing slash were all missed).

// git's interpolate_path, then relative to `base`: `~`, `~/x`, `~name/x`, an absolute path, a relative one;
// an absolute path, not normalised.
// `homeOf`: another user's home folder by name (`~name/`; the caller reads the password file).
export function expandGitPath(value: string, base: string, home: string | undefined, homeOf: (name: string) => string | undefined = () => undefined): string | undefined {
  if (value === '') return undefined;
  if (value.startsWith('~')) {
    const cut = value.indexOf('/');
    const name = cut < 0 ? value.slice(1) : value.slice(1, cut);
    const rest = cut < 0 ? '' : value.slice(cut + 1);
    const folder = name === '' ? home : homeOf(name);
    return folder ? `${folder}${sep}${rest}` : undefined;
  }
  // Kept as written (no `..` taken as text): kernelPath resolves it name by name.
  return isAbsolute(value) ? value : `${base}${sep}${value}`;
}

// The file the kernel opens for `path`, also when its end does not exist yet: each name resolved in
// order, symlinks followed where they exist, `..` taken after the symlink before it (as the kernel does,
// not as text), a missing tail kept as written.
export function kernelPath(path: string): string {
  const names = (isAbsolute(path) ? path : `${process.cwd()}${sep}${path}`).split(sep).filter((name) => name !== '');
  let at: string = sep;
  let exists = true;
  for (const name of names) {
    if (name === '.') continue;
    if (name === '..') {
      at = dirname(at);
      continue;
    }
    const next = join(at, name);
    if (!exists) {
      at = next;
      continue;
    }
    try {
      at = realpathSync.native(next);
    } catch {
      exists = false;
      at = next;
    }
  }
  return at;
}

// Both spellings of a configured path: as written (resolved as text) and as the kernel opens it; for a
// hooks folder `.husky/_`, the husky folder above it too (its hooks run the scripts in `.husky/`).
export function spellings(path: string): string[] {
  return [...new Set([resolve(path), kernelPath(path)])];
}

export const huskyParent = (folder: string): string | undefined => (basename(folder) === '_' ? dirname(folder) : undefined);
