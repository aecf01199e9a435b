import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { basename, dirname, relative, sep } from 'node:path';
import { lstatQuiet, statQuiet } from '../files/stat-quiet.js';

// The sandbox's modes and its path helpers, apart from policy.ts (the policy, the toolchain catalogue): what the
// set-up of every call uses (the --sandbox option, the config schema, the user's settings, the pending checks,
// the home's shown entries), so a read loads none of the sandbox's policy (issue 31).
export const SANDBOX_MODES = ['off', 'workspace-write', 'read-only'] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

export type PathKind = 'dir' | 'file' | 'missing';

// Without throwing: most catalogue paths are missing, and an ENOENT error costs more than the lstat.
export function kindOf(path: string): PathKind {
  try {
    const stats = lstatQuiet(path);
    return stats === undefined ? 'missing' : stats.isDirectory() ? 'dir' : 'file';
  } catch {
    return 'missing';
  }
}

// `answer` for many paths in few folders (the ~240 catalogue names at the workspace root, guarded and watched
// on every run): one listing per folder gives `missing` for the names it lacks without a syscall each; the
// names it has (and every path of a folder that cannot be listed) are asked of `answer`.
export function byListing<T>(missing: T, answer: (path: string) => T): (path: string) => T {
  const listings = new Map<string, ReadonlySet<string> | null>();
  return (path) => {
    const folder = dirname(path);
    let names = listings.get(folder);
    if (names === undefined) {
      try {
        names = new Set(readdirSync(folder));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        names = code === 'ENOENT' || code === 'ENOTDIR' ? new Set() : null;
      }
      listings.set(folder, names);
    }
    return names !== null && !names.has(basename(path)) ? missing : answer(path);
  };
}

// What a path is once symlinks are followed ('missing' for a dangling link).
export function targetKindOf(path: string): PathKind {
  try {
    const stats = statQuiet(path);
    return stats === undefined ? 'missing' : stats.isDirectory() ? 'dir' : 'file';
  } catch {
    return 'missing';
  }
}

export function isSymlink(path: string): boolean {
  try {
    return lstatQuiet(path)?.isSymbolicLink() === true;
  } catch {
    return false;
  }
}

// The kernel's realpath (one call; node's JS one lstats every component), and no thrown ENOENT for the
// many missing paths it is asked about.
export function realOf(path: string): string {
  if (!existsSync(path)) return path;
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

// A POSIX absolute path in normal form (no empty, `.` or `..` name, no trailing slash): one `within` may
// compare by prefix.
const NOT_NORMAL = /\/\/|\/\.\.?(?:\/|$)|.\/$/;
const normal = (path: string): boolean => sep === '/' && path.startsWith('/') && !NOT_NORMAL.test(path);

// `path` is `root` or below it. Asked thousands of times per sandboxed run (every guard against every
// writable area): two normal paths are compared by prefix, which is what path.relative answers for them
// at a hundredth of its cost (test/sandbox/within.test.ts); any other spelling goes through path.relative.
export function within(path: string, root: string): boolean {
  if (normal(path) && normal(root)) return path === root || path.startsWith(root === '/' ? '/' : `${root}/`);
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep));
}
