import { readdirSync } from 'node:fs';
import type { Beneath, DirHandle } from './beneath.js';

// A walk of the workspace's folders that never follows a symlink and never lists a folder twice while
// it is unchanged: each folder is opened from its parent's descriptor (Beneath.openChild: O_NOFOLLOW, so
// a folder swapped for a symlink during the walk is skipped, never entered), and read through that
// descriptor; what a folder holds is kept by its identity and times (device, inode, ctime, mtime: adding,
// removing or renaming an entry changes them), so the next walk pays one open and one fstat per folder.
// The cache belongs to its owner (the policy of one engine, one sandbox), never to the module.

// One folder as a walk sees it: its subfolders and its symlinks (names), nothing else.
export interface Listing {
  readonly folders: readonly string[];
  readonly links: readonly string[];
}

// Folders remembered at most; past it the memory is dropped and filled again.
const MAX_FOLDERS = 50_000;
// The kernel stamps times from a coarse clock (a tick of several milliseconds): a folder changed this
// recently may change again within the same tick, its times unchanged. Such a listing is not kept.
const RACY_NS = 2_000_000_000n;

// Whether a change time `ctimeNs` is too recent to trust as "unchanged since" (or lies in the future).
export function recentlyChanged(ctimeNs: bigint): boolean {
  return BigInt(Date.now()) * 1_000_000n - ctimeNs < RACY_NS;
}

export class FolderListings {
  readonly #byIdentity = new Map<string, { readonly stamp: string; readonly listing: Listing }>();

  // The listing of the open folder `dir`: remembered while its identity and times hold, else read now.
  // undefined when it cannot be read.
  of(dir: DirHandle): Listing | undefined {
    let key: string;
    let stamp: string;
    try {
      const stats = dir.stat();
      key = `${stats.dev}:${stats.ino}`;
      stamp = `${stats.ctimeNs}:${stats.mtimeNs}`;
    } catch {
      return undefined;
    }
    const known = this.#byIdentity.get(key);
    if (known?.stamp === stamp) return known.listing;
    let listing: Listing;
    try {
      const entries = readdirSync(dir.path, { withFileTypes: true });
      listing = { folders: entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name), links: entries.filter((entry) => entry.isSymbolicLink()).map((entry) => entry.name) };
    } catch {
      return undefined;
    }
    if (recentlyChanged(BigInt(stamp.split(':')[0]!))) return listing;
    if (this.#byIdentity.size >= MAX_FOLDERS) this.#byIdentity.clear();
    this.#byIdentity.set(key, { stamp, listing });
    return listing;
  }
}

export interface WalkLimits {
  readonly maxDepth: number;
  // Entries (folders and links) visited at most over the whole walk.
  readonly maxEntries: number;
  // Folders not entered (`node_modules`, a git folder's object store), by relative path and name.
  readonly skip: (rel: string, name: string) => boolean;
}

// Calls `onLink` with the workspace-relative path of every symlink below the root of `jail` (not
// followed), walking folders through descriptors (see the top of this file). `listings`: the cache to
// use (a fresh one when absent: every folder read).
export function walkLinks(jail: Beneath, limits: WalkLimits, onLink: (rel: string) => void, listings = new FolderListings()): void {
  let root: DirHandle;
  try {
    root = jail.openDir(jail.root);
  } catch {
    return;
  }
  let budget = limits.maxEntries;
  const walk = (dir: DirHandle, rel: string, depth: number): void => {
    const listing = listings.of(dir);
    if (!listing) return;
    for (const name of listing.links) {
      if (--budget < 0) return;
      onLink(rel === '' ? name : `${rel}/${name}`);
    }
    if (depth >= limits.maxDepth) return;
    for (const name of listing.folders) {
      if (--budget < 0) return;
      const child = rel === '' ? name : `${rel}/${name}`;
      if (limits.skip(child, name)) continue;
      const next = jail.openChild(dir, name);
      if (!next) continue;
      try {
        walk(next, child, depth + 1);
      } finally {
        next.close();
      }
    }
  };
  try {
    walk(root, '', 0);
  } finally {
    root.close();
  }
}
