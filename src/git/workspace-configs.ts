import { isStrings, keepAcross, keptAcross, stampsOf } from '../permissions/kept-across.js';
import { Beneath } from '../workspace/beneath.js';
import { FolderListings, walkFolders, type Listing } from '../workspace/listings.js';
import { folderConfigs } from './folder-configs.js';
import type { ShapeKind } from './git-folder-shape.js';

// Every repository config of the workspace (fix79's LEFT, red team R44-a3): `config` and `config.worktree` of every
// git folder in it (a nested clone's, a submodule's at any depth, a bare repository's; links among them), by the
// view's rule (folder-configs.ts), for the readers (read, search: config-credential.ts), whose question "does a
// repository of the workspace load this file" must have the view's answer (sandbox/repo-loaded.ts). The walk goes
// through the jail (workspace/listings.ts walkFolders: descriptors, no link followed), node_modules and .git too, and
// is kept by the stamps of the folders it walked (identity, ctime, mtime: an entry added, removed or renamed changes
// them), in memory and across processes (the owner's kept file). Bounded: past MAX_ENTRIES folders and links, or
// below a folder the walk cannot name, the answer says `cut` and the caller judges every file by its content.
const MAX_ENTRIES = 200_000;
const MAX_DEPTH = 4_096;
const KEPT_FILE = 'workspace-configs.json';

export interface WorkspaceConfigs {
  // Absolute paths as named (a link is not resolved).
  readonly configs: readonly string[];
  // Whether the walk stopped short of some folder (then `configs` may miss some).
  readonly cut: boolean;
}

interface Kept extends WorkspaceConfigs {
  readonly stamps: string;
  readonly folders: readonly string[];
}

const isKept = (value: unknown): value is Kept => {
  const kept = value as Partial<Record<keyof Kept, unknown>> | null;
  return typeof kept === 'object' && kept !== null && typeof kept.stamps === 'string' && typeof kept.cut === 'boolean' && isStrings(kept.configs) && isStrings(kept.folders);
};

// An entry's kind by name in a walk's listing (marks: what is no folder: a link is listed in both).
const kindIn = (listing: Listing) => (name: string): ShapeKind => (listing.links.includes(name) ? 'link' : listing.folders.includes(name) ? 'dir' : listing.marks.includes(name) ? 'file' : undefined);

function walked(root: string, listings: FolderListings, maxEntries: number): Omit<Kept, 'stamps'> & { readonly stamps: string | undefined } {
  const configs: string[] = [];
  const folders: string[] = [];
  let cut = false;
  const inGit = root.split('/').includes('.git');
  const limits = { maxDepth: MAX_DEPTH, maxEntries, skip: () => false, onCut: () => void (cut = true) };
  walkFolders(new Beneath(root), limits, (rel, listing) => {
    const at = rel === '' ? root : `${root}/${rel}`;
    folders.push(at);
    const kind = kindIn(listing);
    for (const config of folderConfigs(rel, kind, (name) => listing.marks.includes(name), inGit)) configs.push(`${root}/${config}`);
  }, listings);
  return { configs, folders, cut, stamps: stampsOf(folders) };
}

// The repository configs of the workspace at `root` (a real path), kept while every folder walked keeps its stamp.
// `maxEntries`: the walk's bound (a test's smaller one).
export function workspaceConfigs(root: string, listings: FolderListings = new FolderListings(), maxEntries = MAX_ENTRIES): WorkspaceConfigs {
  const key = JSON.stringify(['workspace-configs', root, maxEntries]);
  const known = listings.recall<Kept>(key) ?? keptAcross(listings, KEPT_FILE, key, isKept);
  if (known && stampsOf(known.folders) === known.stamps) {
    listings.keep(key, known);
    return known;
  }
  const found = walked(root, listings, maxEntries);
  if (found.stamps !== undefined) {
    const kept: Kept = { stamps: found.stamps, folders: found.folders, configs: found.configs, cut: found.cut };
    listings.keep(key, kept);
    keepAcross(listings, KEPT_FILE, key, kept, isKept);
  }
  return found;
}
