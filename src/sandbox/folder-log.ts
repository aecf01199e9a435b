import { readdirSync, type BigIntStats, type Dirent } from 'node:fs';
import { lstatQuiet } from '../files/stat-quiet.js';
import { recentlyChanged } from '../workspace/listings.js';

// The folders a view walk read, with their identity (view-cache.ts keeps a walk's answer while they are unchanged):
// apart from the cache file, which a call that only walks a home folder (home-shown.ts) does not load (issue 31).

// The identity of a folder as the walk saw it ('-' when missing).
export function folderKey(path: string): string {
  return keyOf(lstatQuiet(path, true));
}

// The same from the folder's stats.
function keyOf(stats: BigIntStats | undefined): string {
  return stats ? `${stats.dev}:${stats.ino}:${stats.mtimeNs}:${stats.ctimeNs}` : '-';
}

// What others may not read (the closed rule of the view as root: etc-view.ts): a file without o+r, a folder without o+rx.
export function closedMode(mode: number, dir: boolean): boolean {
  return dir ? (mode & 0o005) !== 0o005 : (mode & 0o004) === 0;
}

// The folders one walk read, with their identity when it read them.
export class FolderLog {
  readonly folders = new Map<string, string>();
  private racy = false;

  // Call before reading the folder (a change after it is seen as a different key next time).
  note(path: string): void {
    if (this.folders.has(path)) return;
    const key = folderKey(path);
    this.folders.set(path, key);
    const ctime = key === '-' ? 0n : BigInt(key.split(':')[3]!);
    // A folder changed this recently may change again within the same timestamp tick: not kept.
    if (recentlyChanged(ctime)) this.racy = true;
  }

  get keepable(): boolean {
    return !this.racy;
  }
}

// A folder's entries (an empty list when it cannot be read), noted in `log` first.
export function readFolder(dir: string, log: FolderLog | undefined): Dirent[] {
  log?.note(dir);
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}
