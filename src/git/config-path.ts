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

// The configuration files git reads besides a repository's own, as git chooses them: the system file
// ($GIT_CONFIG_SYSTEM, else /etc/gitconfig; none with GIT_CONFIG_NOSYSTEM), then the user's
// ($GIT_CONFIG_GLOBAL alone, else $XDG_CONFIG_HOME/git/config or ~/.config/git/config, and ~/.gitconfig).
// One list for the write gate and the sandbox's read-only view (red team round 6 R6-16: a hooksPath set
// in the system file or a GIT_CONFIG_GLOBAL file left `.githooks/` an ordinary folder).
export function gitOuterConfigFiles(home: string | undefined, env: Readonly<Record<string, string | undefined>> = process.env): string[] {
  const files: string[] = [];
  const on = (value: string | undefined): boolean => value !== undefined && value !== '' && !/^(?:0|false|no|off)$/i.test(value);
  if (!on(env['GIT_CONFIG_NOSYSTEM'])) files.push(env['GIT_CONFIG_SYSTEM'] ? resolve(env['GIT_CONFIG_SYSTEM']) : '/etc/gitconfig');
  const global = env['GIT_CONFIG_GLOBAL'];
  if (global) return [...files, resolve(global)];
  const xdg = env['XDG_CONFIG_HOME'];
  if (xdg && isAbsolute(xdg)) files.push(resolve(xdg, 'git', 'config'));
  if (home) files.push(resolve(home, '.gitconfig'), resolve(home, '.config', 'git', 'config'));
  return files;
}
