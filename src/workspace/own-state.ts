import { homedir, tmpdir } from 'node:os';
import { lstatSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { fail, type CodewardError } from '../engine/errors.js';
import { codewardCacheDir, privateTempPath, realish, STATE_MARKER } from '../engine/state-dir.js';
import { isInside, toRel } from './contains.js';

// codeward's own state (journals, checkpoint steps and blobs, staged runs, locks, sessions) is no part of
// any workspace (red team round 3, H3). With `-C ~` the user's cache folder (~/.cache/codeward) lies
// inside the workspace: this workspace's own state moves to a private temp folder (state-dir.ts), but the
// state of every OTHER workspace stays there, and a planted journal or checkpoint step would be obeyed by
// the next codeward run in that other workspace. So every place codeward keeps state, for any workspace,
// is refused to every command of a workspace that contains it (read, write, delete, list, search, the
// sandbox's view, a staged run's apply), like a non-accessible path, with its own reason.

type Env = Readonly<Record<string, string | undefined>>;

// Every folder codeward keeps state in for this user: the one this environment names, the default
// ones other runs (without CODEWARD_STATE_DIR or XDG_CACHE_HOME) use, and the private temp folder a
// workspace holding the cache folder uses instead (`-C ~`; red team H4), under this environment's temp
// folder, the process's and /tmp.
export function ownStateFolders(env: Env, home = env['HOME'] || homedir()): string[] {
  const temps = [env['TMPDIR'], tmpdir(), '/tmp'].filter((temp): temp is string => temp !== undefined && temp !== '' && isAbsolute(temp));
  const folders = [codewardCacheDir({ env, home }), codewardCacheDir({ env: { HOME: home }, home }), ...temps.map((temp) => privateTempPath(temp))];
  return [...new Set(folders.filter(isAbsolute).map(realish))];
}

// The ones inside `root`, relative to it.
export function ownStateRels(root: string, folders: readonly string[]): string[] {
  return folders.filter((folder) => folder !== root && isInside(root, folder)).map((folder) => toRel(root, folder));
}

export function ownStateRefused(input: string): CodewardError {
  return fail('C211', `${input}: codeward's own state folder (journals and checkpoints of every workspace); no command reads or writes it. Work on files of your project instead`);
}

// Whether `folder` holds a state folder's marker: a small regular file naming a uid (any environment's,
// this user's or not: another user's state is no part of this workspace either).
function marked(folder: string): boolean {
  const path = join(folder, STATE_MARKER);
  const stats = lstatSync(path, { throwIfNoEntry: false });
  if (!stats?.isFile() || stats.size > 256) return false;
  try {
    return 'uid' in (JSON.parse(readFileSync(path, 'utf8')) as object);
  } catch {
    return false;
  }
}

// The marked state folder (state-dir.ts markStateFolder) that `real` is or lies in, below the workspace
// `root` (the root itself never counts: a person who opens a state folder as the workspace asked for it):
// any environment's, wherever it is (red team H4-B / R5-6). One lstat per folder between them.
export function markedStateAbove(root: string, real: string, isFolder: boolean): string | undefined {
  for (let folder = isFolder ? real : dirname(real); folder !== root && isInside(root, folder); folder = dirname(folder)) {
    if (marked(folder)) return folder;
  }
  return undefined;
}
