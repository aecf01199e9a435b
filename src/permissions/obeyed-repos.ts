import { realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { metadataText } from '../git/config-read.js';
import { repositoryOf, type Repository } from '../sandbox/git-config.js';
import { Beneath } from '../workspace/beneath.js';
import { mayHoldMise } from './mise-files.js';
import { mayHoldCargo } from './cargo-files.js';
import { isProjectConfigName } from './project-config-names.js';
import { gitDirShaped } from './git-shape.js';
import { walkFolders, type FolderListings, type Listing } from '../workspace/listings.js';
import { MODULES, insidePackage } from './modules-walk.js';

// Every repository the workspace holds (red team round 5 R5-2, R5-3): git obeys the configuration of each
// (core.hooksPath, core.fsmonitor, include.path and includeIf targets ...) when run in it, and a nested
// repository's configuration may name any path of the workspace (`core.hooksPath = ../tools/hooks`). The
// write gate judges every path against all of them (obeyed-context.ts). Found by one walk of the
// workspace's folders, the same one that finds its symlinks (obeyed-alias.ts), through the jail's
// descriptors and cached by folder identity (workspace/listings.ts):
// - the workspace's repository, or the one enclosing a subfolder workspace;
// - every folder holding a `.git` (folder, or file naming a git folder anywhere, inside the workspace or
//   out), at any depth, in `node_modules` too (package folders, scoped ones and nested node_modules);
// - every folder git takes for a git directory by its shape (git-shape.ts): a bare repository under any
//   name, and so each submodule's `.git/modules/**` folder and each `.git/worktrees/*` (config.worktree);
//   for git folders outside the workspace, their `modules/` and `worktrees/` are walked the same way.

const MAX_DEPTH = 32;
const MAX_ENTRIES = 200_000;
// Git's data folders: never hold a repository's configuration (thousands of folders in a large store).
const DATA = new Set(['objects', 'refs', 'logs', 'lfs', 'rr-cache']);

export interface Holdings {
  // The workspace's real path; what follows is relative to it.
  readonly base: string;
  // Every symlink outside `node_modules` and git's data folders (obeyed-alias.ts judges them).
  readonly links: string[];
  // Folders holding a `.git` entry, and folders that are git directories by shape.
  readonly checkouts: string[];
  readonly shapes: string[];
  // direnv's `.envrc` files below the top, and the folders below the top that may hold mise's or cargo's files
  // (what they load: home-sources.ts), and mise's and rustup's files at a folder's own level, the top's too (a new
  // one changes the list).
  readonly envrcs?: string[];
  readonly miseFolders?: string[];
  readonly miseFiles?: string[];
  // The folders holding a `node_modules`, the top's too, and the package folders the walk enters inside one
  // (`node_modules/a`, whose `node_modules/x` node loads when it runs there: a's install scripts; reach19, nodereach2
  // left 3; a pnpm store's packages are not entered, `skipped`): where a bare name node resolves below a folder
  // is installed (home-sources-modules.ts). Also the package folders outside node_modules (a package.json): node run
  // there resolves the package's own name through its `exports` (selfref19 Left 1).
  readonly moduleFolders?: string[];
  // Where the editor may be opened (hook-editor.ts): the folders holding a `.vscode` folder, and the
  // `*.code-workspace` files, relative to the top.
  readonly editors?: string[];
  // Why a bound of the walk left folders out: what they hold is unknown.
  cut?: string;
}

const IN_GIT = /(?:^|\/)\.git(?:\/|$)/i;

// Git folders' data folders are not entered; inside node_modules, package folders only (modules-walk.ts).
function skipped(rel: string, name: string): boolean {
  if (DATA.has(name) && IN_GIT.test(rel) && rel.split('/').at(-2) !== 'modules') return true;
  return insidePackage(rel, name);
}

// A folder of git's shape (git-shape.ts's predicate): HEAD, objects and refs as folders, links or files.
export function isShape(listing: Listing): boolean {
  return gitDirShaped((name) => listing.marks.includes(name) || listing.folders.includes(name) || listing.links.includes(name));
}

// One walk of the workspace `root` (see the top of this file).
export function scanWorkspace(root: string, listings?: FolderListings): Holdings {
  let base: string;
  try {
    base = realpathSync.native(root);
  } catch {
    return { base: root, links: [], checkouts: [], shapes: [] };
  }
  const held: Holdings = { base, links: [], checkouts: [], shapes: [], envrcs: [], miseFolders: [], miseFiles: [], moduleFolders: [], editors: [] };
  const onCut = (why: string): void => void (held.cut ??= `the workspace scan: ${why}`);
  walkFolders(new Beneath(base), { maxDepth: MAX_DEPTH, maxEntries: MAX_ENTRIES, skip: skipped, onCut }, (rel, listing) => {
    const at = (name: string): string => (rel === '' ? name : `${rel}/${name}`);
    if (listing.links.length > 0 && !MODULES.test(rel)) held.links.push(...listing.links.map(at));
    if (listing.marks.includes('.git') || listing.folders.includes('.git')) held.checkouts.push(rel);
    if (rel !== '' && listing.marks.includes('.envrc')) held.envrcs!.push(at('.envrc'));
    if (rel !== '' && (mayHoldMise(listing.marks, listing.folders) || mayHoldCargo(listing.marks, listing.folders) || listing.marks.some(isProjectConfigName))) held.miseFolders!.push(rel);
    held.miseFiles!.push(...listing.marks.filter(isProjectConfigName).map(at));
    if (listing.folders.includes('node_modules') || (listing.marks.includes('package.json') && !MODULES.test(rel))) held.moduleFolders!.push(rel);
    // A project's `Properties` folder too: its launchSettings.json profiles name programs (hook-editor.ts, R21-7).
    if (!MODULES.test(rel)) held.editors!.push(...(listing.folders.includes('.vscode') ? [rel] : []), ...(listing.folders.includes('Properties') ? [at('Properties')] : []), ...listing.marks.filter((name) => name.endsWith('.code-workspace')).map(at));
    if (listing.marks.length > 0 && isShape(listing) && !/(?:^|\/)\.git$/i.test(rel)) held.shapes.push(rel);
  }, listings);
  return held;
}

function real(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return resolve(path);
  }
}

// A git folder found by its shape: its common folder (commondir), and its work tree when a linked
// worktree's `gitdir` names the checkout's `.git` (else the folder itself; core.worktree adds the real one).
// One of them git reads but this cannot (padded past 64 KiB, a FIFO: bounds23) is a cut: the whole tree is obeyed.
function shapeRepository(folder: string, held: Holdings): Repository {
  const commonRead = metadataText(join(folder, 'commondir'), 64 * 1024);
  const backRead = metadataText(join(folder, 'gitdir'), 64 * 1024);
  const unread = commonRead.unread ?? backRead.unread;
  if (unread !== undefined) held.cut ??= `a git folder's ${unread}, so where its repository's configuration lies is unknown`;
  const common = commonRead.text?.trim();
  const back = backRead.text?.trim();
  const top = back ? dirname(resolve(folder, back)) : folder;
  return { top, gitDir: folder, ...(common ? { common: resolve(folder, common) } : {}) };
}

// The git folders by shape below a git folder's `modules/` and `worktrees/` (outside the workspace).
function controlShapes(gitDir: string, held: Holdings, listings?: FolderListings): string[] {
  const found: string[] = [];
  for (const name of ['modules', 'worktrees']) {
    const top = real(join(gitDir, name));
    const onCut = (why: string): void => void (held.cut ??= `${top}: ${why}`);
    walkFolders(new Beneath(top), { maxDepth: 16, maxEntries: 20_000, skip: (_, child) => DATA.has(child), onCut }, (rel, listing) => {
      if (isShape(listing)) found.push(rel === '' ? top : join(top, rel));
    }, listings);
  }
  return found;
}

// Every repository of the workspace `root` (absolute paths), its own (or enclosing) one first.
export function workspaceRepositories(root: string, held: Holdings, listings?: FolderListings): Repository[] {
  const found = new Map<string, Repository>();
  const add = (repository: Repository | undefined): void => {
    if (!repository) return;
    const key = real(repository.gitDir);
    if (found.has(key)) return;
    found.set(key, repository);
    for (const dir of [repository.gitDir, ...(repository.common ? [repository.common] : [])]) {
      const inside = real(dir).startsWith(`${held.base}/`);
      if (!inside) for (const folder of controlShapes(dir, held, listings)) add(shapeRepository(folder, held));
    }
  };
  add(repositoryOf(root));
  for (const rel of held.checkouts) {
    const folder = rel === '' ? held.base : join(held.base, rel);
    const repository = repositoryOf(folder);
    if (repository && real(repository.top) === real(folder)) add(repository);
  }
  for (const rel of held.shapes) add(shapeRepository(rel === '' ? held.base : join(held.base, rel), held));
  return [...found.values()];
}
