// The one kept listing of `tree` (commands/tree-kept.ts) and repo-map (code/index/kept-listing.ts): an answer
// kept in the state folder between calls and processes with the identity stamps of every path it depends on
// (each listed folder, each .gitignore read), as numbers end to end: device, inode, size, mtime and ctime. A
// folder's times move when an entry is made, removed or renamed in it, so a call that finds every stamp the
// same answers from the kept listing without listing a folder; one that finds a few folders changed lists
// only those again. A path changed within the racy window (the kernel's coarse clock: it may change again in
// the same tick, its times unchanged) is stamped with an mtime no path has, so the next call lists it again.
// The window is judged on the later of mtime and ctime: a process can set a folder's mtime back (utimes, `touch
// -d` after adding a file), never its ctime, which every such change moves to now.
// The file is read and written by the one state-cache reader (workspace/cache-file.ts readCacheFile: a regular file of this
// user, written by this build), and only from a state folder outside the workspace.
import { lstatSync, type BigIntStats, type Stats } from 'node:fs';
import { join } from 'node:path';
import { buildVersion, readCacheFile, writeCacheFile } from './cache-file.js';
import { isInside } from './contains.js';

export const RACY_MS = 2000;
// Per watched path: dev, ino, size, mtimeMs, ctimeMs.
export const FIELDS = 5;

// What the racy window is judged against: the engine's clock (EngineOptions.clock: tests advance it) or Date.now.
export type Clock = () => number;
export const clockOf = (clock: Clock | undefined): Clock => clock ?? Date.now;

// Whether a path with these times (ms) changed within the racy window before `now`: by the later of the two, as a
// process can set an mtime back but not a ctime.
export const isRacy = (mtimeMs: number, ctimeMs: number, now: number): boolean => now - Math.max(mtimeMs, ctimeMs) < RACY_MS;

export interface KeptWatch {
  readonly key: string;
  readonly watched: readonly string[];
  readonly numbers: readonly number[];
}

// The kept listing `name` of a workspace: none when its state folder lies inside the workspace (a file the
// workspace holds is never read as a cache).
export function keptListingFile(stateDir: string, root: string, name: string): string | undefined {
  return isInside(root, stateDir) ? undefined : join(stateDir, name);
}

// Milliseconds as Node's number Stats computes them from a BigIntStats' nanoseconds (the same double).
const ms = (ns: bigint): number => Number(ns / 1_000_000_000n) * 1e3 + Number(ns % 1_000_000_000n) / 1e6;

// Appends a path's five numbers; `now` marks what changed within the racy window.
export function pushStamp(out: number[], stats: Stats | BigIntStats, now: number): void {
  if (typeof stats.dev === 'bigint') {
    const big = stats as BigIntStats;
    const [mtime, ctime] = [ms(big.mtimeNs), ms(big.ctimeNs)];
    out.push(Number(big.dev), Number(big.ino), Number(big.size), isRacy(mtime, ctime, now) ? -1 : mtime, ctime);
    return;
  }
  const small = stats as Stats;
  out.push(small.dev, small.ino, small.size, isRacy(small.mtimeMs, small.ctimeMs, now) ? -1 : small.mtimeMs, small.ctimeMs);
}

export function lstatOf(path: string): Stats | undefined {
  try {
    return lstatSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

// Whether the path's numbers at `at` (a FIELDS-wide slot of `numbers`) are its numbers now (false when gone).
export function sameStamp(path: string, numbers: readonly number[], at: number): boolean {
  const stats = lstatOf(path);
  const base = at * FIELDS;
  return stats !== undefined && stats.dev === numbers[base] && stats.ino === numbers[base + 1] && stats.size === numbers[base + 2]
    && stats.mtimeMs === numbers[base + 3] && stats.ctimeMs === numbers[base + 4];
}

// The positions of the watched paths (relative to `root`, '' for it) whose numbers changed or that are gone.
export function changedAt(root: string, watched: readonly string[], numbers: readonly number[]): number[] {
  const changed: number[] = [];
  for (let at = 0; at < watched.length; at++) {
    const rel = watched[at]!;
    if (!sameStamp(rel === '' ? root : `${root}/${rel}`, numbers, at)) changed.push(at);
  }
  return changed;
}

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isNumbers = (value: unknown): value is number[] => Array.isArray(value) && value.every((item) => typeof item === 'number');

// The file's entries; parsed once per identity of the file where a warm server keeps them (`lasting`: CliIo.lasting),
// stamped before it is read (a file replaced meanwhile is read again at the next call) and kept only once it was
// written longer ago than the racy window (a file replaced within one tick of the kernel's clock, its inode number
// reused and its size the same, would keep its stamp).
function readKept(file: string, lasting: Map<string, unknown> | undefined, clock: Clock | undefined): Record<string, unknown> | undefined {
  const stats = lasting === undefined ? undefined : lstatOf(file);
  if (stats === undefined) return readCacheFile(file, buildVersion());
  const stamp = `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
  const slot = `kept-listing:${file}`;
  const known = lasting!.get(slot) as { readonly stamp: string; readonly entries: Record<string, unknown> | undefined } | undefined;
  if (known?.stamp === stamp) return known.entries;
  const entries = readCacheFile(file, buildVersion());
  if (!isRacy(stats.mtimeMs, stats.ctimeMs, clockOf(clock)())) lasting!.set(slot, { stamp, entries });
  else lasting!.delete(slot);
  return entries;
}

// The kept listing in `file` when it was kept for `key` and has the watched shape (the caller checks the rest).
// `lasting`: a warm server's parsed files (readKept); `clock`: the engine's (Clock).
export function loadKept(file: string, key: string, lasting?: Map<string, unknown>, clock?: Clock): (KeptWatch & Readonly<Record<string, unknown>>) | undefined {
  const kept = readKept(file, lasting, clock);
  if (kept?.key !== key || !isStrings(kept.watched) || !isNumbers(kept.numbers) || kept.numbers.length !== kept.watched.length * FIELDS) return undefined;
  return kept as KeptWatch & Record<string, unknown>;
}

export function saveKept<T extends KeptWatch>(file: string, kept: T): void {
  writeCacheFile(file, kept, buildVersion());
}

export { isNumbers, isStrings };
