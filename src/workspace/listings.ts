import { lstatSync, statSync } from 'node:fs';
import { listNamed, unnamedCut } from './listings-bytes.js';
import type { Beneath, DirHandle } from './beneath.js';
import { isProjectConfigName } from '../permissions/project-config-names.js';
import { SHAPE_NAMES } from '../permissions/git-shape.js';

// A walk of the workspace's folders that never follows a symlink and never lists a folder twice while
// it is unchanged: each folder is opened from its parent's descriptor (Beneath.openChild: O_NOFOLLOW, so
// a folder swapped for a symlink during the walk is skipped, never entered), and read through that
// descriptor; what a folder holds is kept by its identity and times (device, inode, ctime, mtime: adding,
// removing or renaming an entry changes them), so the next walk pays one lstat per unchanged folder
// (FolderListings.known); a changed one is opened through the jail and read again.
// The cache belongs to its owner (the policy of one engine, one sandbox), never to the module.

// One folder as a walk sees it: its subfolders and its symlinks (names), and which of MARKS it holds as
// something other than a folder (a `.git` file, the HEAD of a git folder by shape), nothing else.
export interface Listing {
  readonly folders: readonly string[];
  readonly links: readonly string[];
  readonly marks: readonly string[];
  // The raw names that are not UTF-8 of folders, links and marked files (listings-bytes.ts: the walk judges them).
  readonly unnamed?: readonly Buffer[];
}

// `.envrc`, mise's and rustup's files: direnv's, mise's and rustup's, read for what they load (permissions/home-sources.ts);
// package.json: a package scope node resolves a self-reference in (permissions/home-sources-modules.ts); a VS Code
// multi-root workspace file (permissions/hook-editor.ts).
const MARKS = new Set(['.git', ...SHAPE_NAMES, '.envrc', 'package.json']);
const obeyed = (name: string): boolean => MARKS.has(name) || name.endsWith('.code-workspace') || isProjectConfigName(name);
// A git folder's config files are marked too (git/workspace-configs.ts), but a folder not UTF-8 named holding one is
// cut for its `.git` or HEAD already (unnamedCut: what tools obey).
const CONFIGS = new Set(['config', 'config.worktree']);
const marked = (name: string): boolean => obeyed(name) || CONFIGS.has(name);

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
  // `keptFile`: where values derived from the home folder are also kept between processes (a file of the
  // state folder no sandboxed process can write; permissions/home-kept.ts), or none.
  constructor(readonly keptFile?: string) {}

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
      const { entries, unnamed } = listNamed(dir.path, marked);
      const folders = entries.filter(({ entry }) => entry.isDirectory()).map(({ name }) => name);
      const marks = entries.filter(({ entry, name }) => !entry.isDirectory() && marked(name)).map(({ name }) => name);
      listing = { folders, links: entries.filter(({ entry }) => entry.isSymbolicLink()).map(({ name }) => name), marks, ...(unnamed.length > 0 ? { unnamed } : {}) };
    } catch {
      return undefined;
    }
    if (recentlyChanged(BigInt(stamp.split(':')[0]!))) return listing;
    if (this.#byIdentity.size >= MAX_FOLDERS) this.#byIdentity.clear();
    this.#byIdentity.set(key, { stamp, listing });
    return listing;
  }

  // The remembered listing of the folder at `path` when an lstat finds it unchanged (same identity and
  // times); undefined otherwise, and then the caller opens it through the jail. One system call per
  // unchanged folder; nothing is ever read through the path: a folder swapped for a symlink is no folder
  // to lstat, and a folder reached through one has another identity (unless it is the very same folder).
  known(path: string): Listing | undefined {
    try {
      const stats = lstatSync(path, { bigint: true });
      if (!stats.isDirectory()) return undefined;
      const known = this.#byIdentity.get(`${stats.dev}:${stats.ino}`);
      return known?.stamp === `${stats.ctimeNs}:${stats.mtimeNs}` ? known.listing : undefined;
    } catch {
      return undefined;
    }
  }

  // A value derived from files outside the listings (the write gate's per-repository configuration:
  // permissions/obeyed-context.ts), kept with them under `key`; the caller checks it is still valid.
  recall<T>(key: string): T | undefined {
    return this.#derived.get(key) as T | undefined;
  }

  keep(key: string, value: unknown): void {
    if (this.#derived.size >= MAX_DERIVED) this.#derived.clear();
    this.#derived.set(key, value);
  }

  readonly #derived = new Map<string, unknown>();
}

// Derived values remembered at most (one per repository of the workspace).
const MAX_DERIVED = 1_000;

// The identity and times of a file or folder (`missing` when there is none), to tell a value kept with
// FolderListings.keep is still valid; a path changed within the racy window stamps as undefined (not to be kept).
export function identityStamp(path: string): string | undefined {
  try {
    // (No exception for a missing path: a kept answer often names a few, each looked at on every use.)
    const stats = statSync(path, { bigint: true, throwIfNoEntry: false });
    if (stats === undefined) return 'missing';
    if (recentlyChanged(stats.ctimeNs)) return undefined;
    return `${stats.dev}:${stats.ino}:${stats.ctimeNs}:${stats.mtimeNs}:${stats.size}`;
  } catch {
    return 'missing';
  }
}

export interface WalkLimits {
  readonly maxDepth: number;
  // Entries (folders and links) visited at most over the whole walk.
  readonly maxEntries: number;
  // Folders not entered (`node_modules`, a git folder's object store), by relative path and name.
  readonly skip: (rel: string, name: string) => boolean;
  // Told why, when a bound (maxDepth, maxEntries) leaves out a folder the walk would enter: every caller answers
  // it (red team R20-25: a bound that stops silently hides what is past it).
  readonly onCut: (why: string) => void;
}

// Calls `onFolder` with the workspace-relative path ('' the root) and listing of every folder below the
// root of `jail` that the limits let the walk enter, walking folders through descriptors (see the top of
// this file; symlinks are never followed). `listings`: the cache to use (a fresh one when absent).
export function walkFolders(jail: Beneath, limits: WalkLimits, onFolder: (rel: string, listing: Listing) => void, listings = new FolderListings()): void {
  let budget = limits.maxEntries;
  // `dir`: the folder's open handle when it was opened (its children are opened from it), else undefined
  // (its listing was remembered; a child that changed is opened from the root, never through a symlink).
  const over = (): void => limits.onCut(`more than ${limits.maxEntries} folders and links (not all looked into)`);
  const walk = (rel: string, listing: Listing, dir: DirHandle | undefined, depth: number): void => {
    budget -= listing.links.length;
    if (budget < 0) return over();
    onFolder(rel, listing);
    for (const raw of listing.unnamed ?? []) {
      const cut = unnamedCut(dir?.path ?? (rel === '' ? jail.root : `${jail.root}/${rel}`), rel, raw, obeyed);
      if (cut !== undefined) limits.onCut(cut);
    }
    for (const name of listing.folders) {
      if (--budget < 0) return over();
      const child = rel === '' ? name : `${rel}/${name}`;
      if (limits.skip(child, name)) continue;
      if (depth >= limits.maxDepth) return limits.onCut(`${child}: deeper than ${limits.maxDepth} folders (not looked into)`);
      const abs = `${jail.root}/${child}`;
      const remembered = listings.known(abs);
      if (remembered) {
        walk(child, remembered, undefined, depth + 1);
        continue;
      }
      let next: DirHandle | undefined;
      try {
        next = dir ? jail.openChild(dir, name) : jail.openDir(abs);
      } catch {
        next = undefined;
      }
      // A folder gone meanwhile, or one this user cannot open (its programs, run as this user, cannot read it either).
      if (!next) continue;
      try {
        const read = listings.of(next);
        if (read) walk(child, read, next, depth + 1);
      } finally {
        next.close();
      }
    }
  };
  let root: DirHandle;
  try {
    root = jail.openDir(jail.root);
  } catch {
    return;
  }
  try {
    const listing = listings.of(root);
    if (listing) walk('', listing, root, 0);
  } finally {
    root.close();
  }
}
