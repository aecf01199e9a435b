import { sha256Hex } from '../text/sha256.js';
import { lstatSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { fail } from './errors.js';
import { codewardCacheDir } from './cache-dir.js';

type Env = Readonly<Record<string, string | undefined>>;

export { codewardCacheDir, type CacheDirOptions } from './cache-dir.js';

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

// The marker every state folder holds (red team H4-B / R5-6): `{"uid": N}`, its owner's uid. Another
// environment's state folder (another TMPDIR, CODEWARD_STATE_DIR or HOME) is not on this process's list
// of its own folders; the marker lets the workspace jail recognise it wherever it is (own-state.ts).
export const STATE_MARKER = 'codeward-state.json';

// Writes the marker into the state folder `base` when it is a folder of this user without one (never
// creates the folder itself: a read-only run leaves no cache folder behind).
export function markStateFolder(base: string): void {
  const uid = process.getuid?.();
  const stats = lstatSync(base, { throwIfNoEntry: false });
  if (!stats?.isDirectory() || (uid !== undefined && stats.uid !== uid)) return;
  if (lstatSync(join(base, STATE_MARKER), { throwIfNoEntry: false }) !== undefined) return;
  try {
    writeFileSync(join(base, STATE_MARKER), `${JSON.stringify({ uid: uid ?? null })}\n`, { flag: 'wx', mode: 0o600 });
  } catch {
    // Another process wrote it meanwhile, or the folder is read-only: the path list still covers it here.
  }
}

// After a folder of a workspace's state (`<base>/workspaces/<key>/…`) was made (`made`: what mkdir's
// recursive form returned, the first folder it created): marks the state folder it is in, so the first
// run of an environment leaves its folder recognisable (the next start would be too late: what was
// planted meanwhile would be obeyed).
export function markAfterMkdir(made: string | undefined, workspaceState: string): void {
  if (made === undefined || basename(dirname(workspaceState)) !== 'workspaces') return;
  markStateFolder(dirname(dirname(workspaceState)));
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
  markStateFolder(dir);
  return dir;
}

// The user's cache folder, unless it lies inside the workspace `root` (e.g. -C ~): then what the
// repository (or a process run in it) writes there would be obeyed at the next start (journals, locks),
// so a private folder under the OS temp dir is used instead.
export function stateBaseFor(root: string, env: Env = process.env): string {
  const cache = codewardCacheDir({ env });
  if (!inside(realish(resolve(root)), realish(resolve(cache)))) {
    markStateFolder(cache);
    return cache;
  }
  return privateTempDir(realish(resolve(root)));
}

// Where codeward keeps per-workspace state that must never land in the project (commit journals):
// the user's cache folder (or stateBaseFor's replacement), keyed by the workspace's real root.
export function stateDirFor(root: string, env: Env = process.env): string {
  const key = sha256Hex(root).slice(0, 20);
  return join(stateBaseFor(root, env), 'workspaces', key);
}

// Cross-process file locks of every workspace live together, named by the hash of the locked path;
// never inside the workspace `root` when one is given.
export function lockDirFor(env: Env = process.env, root?: string): string {
  return join(root === undefined ? codewardCacheDir({ env }) : stateBaseFor(root, env), 'locks');
}

// The state folder's record of hidden folders a sandboxed run moved where codeward could not find them or move them
// back (sandbox/hidden-lost.ts): the read jail looks for it before every path (workspace.ts), the sandbox before a run.
export const lostRecordFile = (stateDir: string): string => join(stateDir, 'hidden-lost.json');
