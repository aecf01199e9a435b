import { join } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { recentlyChanged } from '../workspace/listings.js';
import { closedMode, keyOf, readFolder } from './folder-log.js';
import { readCacheFile, writeCacheFile } from './view-cache.js';

// The closed walk as root (etc-view.ts Beyond, red team R37-a4) one folder at a time: each folder's entries the walk
// acts on, kept while the folder's identity (inode, modification and change time) is unchanged AND every kept entry
// still has its code, so a folder that changed (a log rotated under /var/log, a package cache) is read again ALONE,
// not the whole walk (up to 20,000 lstats). Kept in the state folder between processes (a file no sandboxed process
// can write: sandbox.ts) and on the engine's sandbox between its calls.
// What the key sees: an entry added, removed or renamed (its folder's times change). What it does not see: a chmod of
// an entry already there (red team R39-a5: `chmod 600 /srv/app/.env` changes no folder's time). So each kept entry,
// the open files too, is looked at again (one lstat each, no listing): a folder with one whose code changed is read
// again whole.

// An entry the walk acts on, by its position in the listing (the budget counts every entry in order): 'D' a folder
// others cannot enter, 'F' a file others cannot read, 'd' a folder others can enter. Open files and links: counted only.
export type ClosedEntry = [name: string, code: 'D' | 'F' | 'd', index: number];

export interface ClosedFolder {
  readonly key: string;
  // Others cannot enter it (its own mode when read).
  readonly closed: boolean;
  readonly count: number;
  readonly entries: readonly ClosedEntry[];
  // The files others can read (the walk does not act on them): looked at again while kept.
  readonly open: readonly string[];
}

export class ClosedFolders {
  private kept: Record<string, ClosedFolder> | undefined;
  private readonly walked: Record<string, ClosedFolder> = {};
  private changed = false;

  constructor(
    // The state folder's file (undefined: kept in this object only).
    private readonly file: string | undefined,
    // A folder changed this recently may change again within its time stamp's tick: read, not kept (a test's clock).
    private readonly racy: (ctimeNs: bigint) => boolean = recentlyChanged,
  ) {}

  // The folder as the walk needs it: from what was kept when its identity is unchanged, else read (and kept).
  read(dir: string): ClosedFolder {
    const stats = lstatQuiet(dir, true);
    const key = keyOf(stats);
    const known = this.load()[dir];
    if (stats && known && known.key === key && unchanged(dir, known)) return (this.walked[dir] = known);
    const folder = { key, closed: stats !== undefined && closedMode(Number(stats.mode), true), ...listing(dir) };
    if (stats && !this.racy(stats.ctimeNs)) {
      this.walked[dir] = folder;
      this.changed = true;
    }
    return folder;
  }

  // Keeps the folders this walk read (a folder no longer walked is dropped).
  save(): void {
    if (this.changed || Object.keys(this.walked).length !== Object.keys(this.load()).length) {
      this.kept = { ...this.walked };
      if (this.file) writeCacheFile(this.file, this.kept);
    }
    this.changed = false;
    for (const dir of Object.keys(this.walked)) delete this.walked[dir];
  }

  private load(): Record<string, ClosedFolder> {
    if (this.kept) return this.kept;
    this.kept = {};
    const stored = this.file === undefined ? undefined : readCacheFile(this.file);
    for (const [dir, value] of Object.entries(stored ?? {})) if (valid(value)) this.kept[dir] = value;
    return this.kept;
  }
}

function listing(dir: string): { count: number; entries: ClosedEntry[]; open: string[] } {
  const items = readFolder(dir, undefined);
  const entries: ClosedEntry[] = [];
  const open: string[] = [];
  items.forEach((item, index) => {
    if (item.isSymbolicLink()) return;
    const code = codeOf(lstatQuiet(join(dir, item.name))?.mode, item.isDirectory());
    if (code === 'f') open.push(item.name);
    else entries.push([item.name, code, index]);
  });
  return { count: items.length, entries, open };
}

// An entry's code from its mode ('f': a file others can read; gone: as a fresh listing that lists it no more, nothing).
function codeOf(mode: number | undefined, folder: boolean): ClosedEntry[1] | 'f' {
  const closed = mode !== undefined && closedMode(mode, folder);
  return folder ? (closed ? 'D' : 'd') : closed ? 'F' : 'f';
}

// Whether every kept entry still has its code (a chmod or chown changes no folder's time: R39-a5). One gone, or now a
// link or another kind, changed its folder's times too (the key differs already): read again all the same.
function unchanged(dir: string, folder: ClosedFolder): boolean {
  const now = (name: string): string | undefined => {
    const stats = lstatQuiet(join(dir, name));
    return stats && !stats.isSymbolicLink() ? codeOf(stats.mode, stats.isDirectory()) : undefined;
  };
  return folder.entries.every(([name, code]) => now(name) === code) && folder.open.every((name) => now(name) === 'f');
}

function valid(value: unknown): value is ClosedFolder {
  if (!value || typeof value !== 'object') return false;
  const folder = value as Partial<ClosedFolder>;
  const entries = Array.isArray(folder.entries) && folder.entries.every((entry) => Array.isArray(entry) && typeof entry[0] === 'string' && ['D', 'F', 'd'].includes(entry[1]) && Number.isInteger(entry[2]));
  const open = Array.isArray(folder.open) && folder.open.every((name) => typeof name === 'string');
  return open && typeof folder.key === 'string' && typeof folder.closed === 'boolean' && Number.isInteger(folder.count) && entries;
}
