import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { homedir, tmpdir } from 'node:os';
import { fail } from './errors.js';

type Env = Readonly<Record<string, string | undefined>>;

export interface CacheDirOptions {
  readonly env?: Env;
  readonly home?: string;
}

// The user's codeward cache folder: $CODEWARD_STATE_DIR, else $XDG_CACHE_HOME/codeward, else ~/.cache/codeward.
export function codewardCacheDir(options: CacheDirOptions = {}): string {
  const env = options.env ?? process.env;
  const explicit = env['CODEWARD_STATE_DIR'];
  if (explicit && isAbsolute(explicit)) return explicit;
  const xdg = env['XDG_CACHE_HOME'];
  const cache = xdg && isAbsolute(xdg) ? xdg : join(options.home ?? (env['HOME'] || homedir()), '.cache');
  return join(cache, 'codeward');
}

const inside = (root: string, path: string): boolean => {
  const rel = relative(root, path);
  return rel === '' || (!isAbsolute(rel) && rel.split(/[\\/]/)[0] !== '..');
};

// `path` with its longest existing ancestor resolved through symlinks.
export function realish(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realish(parent), basename(path));
  }
}

// Where the per-user folder under the OS temp dir is (`temp`: the temp folder an environment names).
export function privateTempPath(temp = tmpdir()): string {
  return join(temp, `codeward-${process.getuid?.() ?? 'user'}`);
}

// A per-user folder under the OS temp dir (created 0700, must be ours and no symlink).
function privateTempDir(root: string): string {
  const dir = privateTempPath();
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch {
    // checked below
  }
  const st = (() => {
    try {
      return lstatSync(dir);
    } catch {
      return undefined;
    }
  })();
  if (!st?.isDirectory() || (process.getuid !== undefined && st.uid !== process.getuid()) || inside(root, realish(dir))) {
    throw fail('C216', `${dir}: not a private folder of this user outside the workspace; set CODEWARD_STATE_DIR to a folder outside the workspace`);
  }
  return dir;
}

// The user's cache folder, unless it lies inside the workspace `root` (e.g. -C ~): then what the
// repository (or a process run in it) writes there would be obeyed at the next start (journals, locks),
// so a private folder under the OS temp dir is used instead.
export function stateBaseFor(root: string, env: Env = process.env): string {
  const cache = codewardCacheDir({ env });
  if (!inside(realish(resolve(root)), realish(resolve(cache)))) return cache;
  return privateTempDir(realish(resolve(root)));
}

// Where codeward keeps per-workspace state that must never land in the project (commit journals):
// the user's cache folder (or stateBaseFor's replacement), keyed by the workspace's real root.
export function stateDirFor(root: string, env: Env = process.env): string {
  const key = createHash('sha256').update(root).digest('hex').slice(0, 20);
  return join(stateBaseFor(root, env), 'workspaces', key);
}

// Cross-process file locks of every workspace live together, named by the hash of the locked path;
// never inside the workspace `root` when one is given.
export function lockDirFor(env: Env = process.env, root?: string): string {
  return join(root === undefined ? codewardCacheDir({ env }) : stateBaseFor(root, env), 'locks');
}
