import { lstatSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { isInside } from '../workspace/contains.js';
import { identityStamp, type FolderListings } from '../workspace/listings.js';
import { realPaths } from '../workspace/realpath.js';
import { buildVersion, readCacheFile, writeCacheFile } from '../workspace/cache-file.js';

// Answers kept between processes in a file of the state folder beside the owner's `keptFile` (which no
// sandboxed process can write: setup.ts gives one only then), so a cold call does not compute them again.
// Only a cache: the caller uses an entry only while the stamps it holds still match the files it read.
// One JSON file per kind of answer (`name`): { v, entries: { key: value } }; a missing, unreadable or
// malformed file, or an entry `isValue` refuses, is no entry. `v` names the build that kept them (dist/build-id.json,
// written by scripts/build.mjs): another build's answers are computed again, so an upgrade never keeps an answer
// of the code it replaced (a file the old code judged free stays free until it changes otherwise).

export type Entries<T> = Record<string, T>;

// A list of strings, as read back from a kept file (each kind's shape check uses it).
export const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

// The kept file a workspace's owners (the write gate's policy, the sandbox: setup.ts, sandbox.ts) get: only in
// a state folder no sandboxed process can write (stateUnwritable); else none, and every answer is computed in each
// process.
export function keptFileFor(root: string, stateDir: string | undefined, writable: readonly string[], home?: string): string | undefined {
  return stateDir !== undefined && stateUnwritable(root, stateDir, writable, home) ? join(stateDir, 'home-scan.json') : undefined;
}

// Whether a sandboxed run cannot write the state folder: it is not inside the workspace nor inside a sandboxWritable
// folder, and none of them lies inside it, as written and where each really is (a link above, a folder not made
// yet). Any sandboxWritable folder used to keep nothing (issue 31: every exec then walked the home again, ~100 ms of
// CPU). `writable` as configured (`~/x`, relative to the workspace, absolute); a `~` one without `home`: unwritable
// is not said.
export function stateUnwritable(root: string, stateDir: string, writable: readonly string[], home: string | undefined): boolean {
  const areas: string[] = [root];
  for (const path of writable) {
    const tilde = path === '~' || path.startsWith('~/');
    if (tilde && home === undefined) return false;
    areas.push(tilde ? join(home!, path.slice(1)) : resolve(root, path));
  }
  const spelled = (path: string): string[] => [path, realBeyond(path)];
  const state = spelled(stateDir);
  return !areas.flatMap(spelled).some((area) => state.some((at) => isInside(area, at) || isInside(at, area)));
}

// Where a path really is, a missing one too: its nearest existing folder's real path and the rest as written.
function realBeyond(path: string): string {
  const rest: string[] = [];
  let at = resolve(path);
  while (!exists(at) && dirname(at) !== at) {
    rest.unshift(basename(at));
    at = dirname(at);
  }
  try {
    return join(realpathSync.native(at), ...rest);
  } catch {
    return path;
  }
}

// The build's identity, read once per owner.
function buildOf(listings: FolderListings): string {
  const known = listings.recall<string>('kept-across:build');
  if (known !== undefined) return known;
  const version = buildVersion();
  listings.keep('kept-across:build', version);
  return version;
}

// The file of `name` beside the owner's kept file, or none.
const fileOf = (listings: FolderListings, name: string): string | undefined => (listings.keptFile === undefined ? undefined : join(dirname(listings.keptFile), name));

// The file's entries, read once per owner.
function entries<T>(listings: FolderListings, name: string, isValue: (value: unknown) => value is T): Entries<T> {
  const memo = `kept-across:${name}`;
  const known = listings.recall<Entries<T>>(memo);
  if (known) return known;
  const found: Entries<T> = {};
  for (const [key, value] of Object.entries(readCacheFile(fileOf(listings, name)!, buildOf(listings)) ?? {})) if (isValue(value)) found[key] = value;
  listings.keep(memo, found);
  return found;
}

// What another process kept under `key` in the file `name`, when the owner has a kept file.
export function keptAcross<T>(listings: FolderListings, name: string, key: string, isValue: (value: unknown) => value is T): T | undefined {
  return fileOf(listings, name) === undefined ? undefined : entries(listings, name, isValue)[key];
}

// Keeps `value` under `key` for the next processes too (written atomically; a failure is ignored).
export function keepAcross<T>(listings: FolderListings, name: string, key: string, value: T, isValue: (value: unknown) => value is T): void {
  const file = fileOf(listings, name);
  if (file === undefined) return;
  const all = entries(listings, name, isValue);
  all[key] = value;
  writeCacheFile(file, all, buildOf(listings));
}

// The stamps of `paths` (identity, size and times), to compare with a kept answer's; undefined when one changed
// within the racy window (then nothing is kept).
export function stampsOf(paths: readonly string[]): string | undefined {
  const stamps = paths.map(identityStamp);
  return stamps.includes(undefined) ? undefined : stamps.join('|');
}

// Whether anything (a symlink too) stands at `path`.
export const exists = (path: string): boolean => {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
};

// The nearest existing folder above each path of `paths` that does not exist: such a path's kernel spelling
// depends on where that folder really is (symlinks above it).
export function anchorsOf(paths: readonly string[]): string[] {
  const anchors = new Set<string>();
  // The folders looked at, each once: the spellings tried for one name share their folders.
  const folders = new Map<string, boolean>();
  const folderExists = (at: string): boolean => {
    let found = folders.get(at);
    if (found === undefined) folders.set(at, (found = exists(at)));
    return found;
  };
  for (const path of paths) {
    if (exists(path)) continue;
    let at = dirname(path);
    while (!folderExists(at) && dirname(at) !== at) at = dirname(at);
    anchors.add(at);
  }
  return [...anchors];
}

// Where a path really is, its identity, whether it is a folder, and whether the path itself is a symlink
// ('missing' when it is gone): a symlink re-pointed, or put in place of what it names, a folder turned into a
// file (which may take its inode number) change it; its times do not count (a folder whose entries change,
// the git folder at every `git status`, the workspace root during an exec, keeps the answer).
function anchorStamp(path: string, realOf: (path: string) => string | undefined): string {
  try {
    const link = lstatSync(path).isSymbolicLink() ? 'link' : 'entry';
    const real = realOf(path);
    if (real === undefined) return 'missing';
    const stats = statSync(real, { bigint: true });
    return `${link}:${real}:${stats.dev}:${stats.ino}:${stats.isDirectory() ? 'folder' : 'other'}`;
  } catch {
    return 'missing';
  }
}

// The stamps a kept answer is valid for: every source's (what was read) identity and times, every anchor's
// (what was resolved or looked at) place and identity; undefined when a source changed within the racy window.
export function stampsFor(sources: readonly string[], anchors: readonly string[]): string | undefined {
  const own = stampsOf(sources);
  const realOf = realPaths();
  return own === undefined ? undefined : `${own}#${anchors.map((anchor) => anchorStamp(anchor, realOf)).join('|')}`;
}
