import { join } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { names } from './home-entries.js';
import { moveAside } from './planted.js';

// Hard links of the home's obeyed files (home-writable.ts): a read-only bind guards the path, not the inode, and a
// second name of it in a writable folder (made before the run: the run itself cannot link across the bind, EXDEV)
// writes the same file. Each obeyed file with more than one name (the entry itself, and the files two levels below
// an obeyed folder) is stamped before the run; one whose inode changed (ctime) after it is moved aside.
// Names and lstats only: no file is opened.

const BUDGET = 2_000;

// (After the run, whatever its count of names: the run may remove the other name once it wrote through it.)
function stamp(path: string, linked: boolean): string | undefined {
  const stats = lstatQuiet(path, true);
  return stats?.isFile() && (!linked || stats.nlink > 1n) ? `${stats.dev}:${stats.ino}:${stats.ctimeNs}:${stats.size}` : undefined;
}

export function linkStamps(entries: readonly string[]): Map<string, string> {
  const stamps = new Map<string, string>();
  let left = BUDGET;
  const visit = (path: string, depth: number): void => {
    if (left-- <= 0) return;
    const stats = lstatQuiet(path);
    if (stats?.isDirectory() && depth < 2) {
      for (const name of names(path)) visit(join(path, name), depth + 1);
      return;
    }
    const now = stats?.isFile() ? stamp(path, true) : undefined;
    if (now) stamps.set(path, now);
  };
  for (const entry of entries) visit(entry, 0);
  return stamps;
}

// The stamped files the run wrote through another name: moved aside, one warning each.
export function stampsMoved(stamps: ReadonlyMap<string, string>): string[] {
  const warnings: string[] = [];
  for (const [path, was] of stamps) {
    const now = stamp(path, false);
    if (now === undefined || now === was) continue;
    const aside = moveAside(path);
    warnings.push(`a sandboxed command changed ${path} through another name of it (a hard link in a writable folder); it was ${aside ? `moved to ${aside}` : 'removed (it could not be moved)'} and is not obeyed (review it and move it back yourself if you meant it)`);
  }
  return warnings;
}
