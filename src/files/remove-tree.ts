import { lstatSync, readdirSync, rmdirSync, unlinkSync, type Dirent } from 'node:fs';
import { toCodewardError } from '../engine/errors.js';
import { relabel, type Beneath, type DirHandle } from '../workspace/beneath.js';

// Folder walks and removals through folder handles (workspace/beneath.ts): every folder is opened from
// its parent's handle with O_NOFOLLOW, every entry is removed through its folder's handle, so a folder
// swapped for a symlink mid-walk is refused or removed as the link itself, never followed.

function entriesOf(dir: DirHandle): Dirent[] {
  try {
    return readdirSync(dir.path, { withFileTypes: true });
  } catch (error) {
    throw toCodewardError(relabel(error, dir), `cannot list ${dir.real}`);
  }
}

// The first entry below the folder `real` (links not followed) for which `test(rel of the entry)` holds.
export function findBelow(jail: Beneath, real: string, relOf: (real: string) => string, test: (rel: string) => boolean): string | undefined {
  const dir = jail.openDir(real);
  try {
    return findIn(jail, dir, relOf, test);
  } finally {
    dir.close();
  }
}

function findIn(jail: Beneath, dir: DirHandle, relOf: (real: string) => string, test: (rel: string) => boolean): string | undefined {
  for (const dirent of entriesOf(dir)) {
    const rel = relOf(`${dir.real}/${dirent.name}`);
    if (test(rel)) return rel;
    if (!dirent.isDirectory()) continue;
    const child = jail.openChild(dir, dirent.name);
    if (child === undefined) continue;
    try {
      const found = findIn(jail, child, relOf, test);
      if (found !== undefined) return found;
    } finally {
      child.close();
    }
  }
  return undefined;
}

// rm -r of the folder `real`, which must be a folder reached without any symlink (else C215).
export function removeTree(jail: Beneath, real: string): void {
  const dir = jail.openDir(real);
  try {
    removeContents(jail, dir);
  } finally {
    dir.close();
  }
  jail.atSync(real, (at) => rmdirSync(at));
}

function removeContents(jail: Beneath, dir: DirHandle): void {
  for (const dirent of entriesOf(dir)) {
    const at = `${dir.path}/${dirent.name}`;
    try {
      if (dirent.isDirectory()) {
        const child = jail.openChild(dir, dirent.name);
        if (child === undefined) {
          unlinkSync(at); // no longer a folder (a link swapped in): remove the entry itself
          continue;
        }
        try {
          removeContents(jail, child);
        } finally {
          child.close();
        }
        rmdirSync(at); // never follows a link at `at`: a folder swapped for one fails with ENOTDIR
      } else {
        unlinkSync(at);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw toCodewardError(relabel(error, dir), `cannot remove ${dir.real}/${dirent.name}`);
    }
  }
}

// What a recursive delete of the folder `real` removes that a checkpoint can keep: the real paths of its
// files and symlinks (links not followed), their total size, and how many other entries (FIFOs, sockets,
// devices) it holds; stops early (`complete` false) past `maxEntries` entries or `maxBytes` bytes.
export interface TreeListing {
  readonly kept: string[];
  readonly bytes: number;
  readonly complete: boolean;
}

export function listBelow(jail: Beneath, real: string, maxEntries: number, maxBytes: number): TreeListing {
  const kept: string[] = [];
  const total = { bytes: 0, complete: true };
  const dir = jail.openDir(real);
  try {
    listIn(jail, dir, kept, total, maxEntries, maxBytes);
  } finally {
    dir.close();
  }
  return { kept, bytes: total.bytes, complete: total.complete };
}

function listIn(jail: Beneath, dir: DirHandle, kept: string[], total: { bytes: number; complete: boolean }, maxEntries: number, maxBytes: number): void {
  for (const dirent of entriesOf(dir)) {
    if (!total.complete) return;
    const real = `${dir.real}/${dirent.name}`;
    if (dirent.isDirectory()) {
      const child = jail.openChild(dir, dirent.name);
      if (child === undefined) continue;
      try {
        listIn(jail, child, kept, total, maxEntries, maxBytes);
      } finally {
        child.close();
      }
      continue;
    }
    if (!dirent.isFile() && !dirent.isSymbolicLink()) continue;
    kept.push(real);
    if (dirent.isFile()) total.bytes += lstatSync(`${dir.path}/${dirent.name}`, { throwIfNoEntry: false })?.size ?? 0;
    if (kept.length > maxEntries || total.bytes > maxBytes) total.complete = false;
  }
}
