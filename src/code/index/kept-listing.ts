// The repo map's listing of source files kept between calls and processes (in the index's folder of the
// state folder, through the one kept listing of tree and repo-map: workspace/kept-listing.ts), so a call made when no folder changed runs no ripgrep walk and no per-path reader check
// (on 20 k files ~250-400 ms of a one-changed-file CLI repo map). A folder's mtime moves when an entry is
// made, removed or renamed in it, not when a file's content changes: content changes are the per-file
// stamps' business (kept-stamps.ts), as before. The kept listing answers while
// - the key holds: the folder mapped, the file cap, the globs ripgrep was given and everything the reader
//   filter's by-name verdicts depend on (Workspace.readerFilterKey: non-accessible and hidden globs, own
//   state, the git config files and stores in the workspace with their stamps); the listed names all end in
//   a source file's ending, so none is a repository config (the one verdict by content);
// - every watched path has the device, inode, size, mtime and ctime it had: every folder the walk below
//   enters (a superset of ripgrep's: it prunes only what ripgrep never enters, what a non-accessible glob hides
//   whole, and what a .gitignore ignores), the folders from the root down to the mapped one, and the
//   .gitignore of each of those folders (.ignore and .rgignore are not read: ripgrep is told --no-ignore-dot).
// The stamps are taken before ripgrep walks (a change meanwhile shows at the next call), and a listing whose
// watched paths changed within the racy window (the kernel's coarse clock) is not kept. A folder a .gitignore
// ignores is not entered: when ripgrep listed a file below one (its reading of the rules differs), nothing is kept.
// .git/info/exclude, core.excludesFile and the parent folders' ignore files are not read by that walk
// (--no-ignore-exclude, --no-ignore-global, --no-ignore-parent: search/ripgrep.ts), so they shape nothing here.
import type { Stats } from 'node:fs';
import { GitignoreCheck } from '../../search/gitignore.js';
import { changedAt, clockOf, FIELDS, isStrings, keptListingFile, loadKept, lstatOf, pushStamp, saveKept, type Clock, type KeptWatch } from '../../workspace/kept-listing.js';
import { walkFolders } from '../../workspace/listings.js';
import { listBeneath } from '../../workspace/own-read-sync.js';
import { CODE_PATH, listCodeFiles, type ListRequest } from './list.js';
import { indexDir } from './store.js';

const FORMAT = 2;
// Past this many watched paths the walk costs more than it saves: nothing is kept.
const MAX_WATCHED = 20_000;

interface Saved extends KeptWatch {
  readonly pruned: readonly string[];
  readonly files: readonly string[];
}

// How many listings this process made by ripgrep's walk, and how many from the kept one with only the changed
// folders listed again (tests observe which path answered, timing nothing).
export const listingCounter = { listed: 0, relisted: 0 };

const listingFile = (request: ListRequest, stateDir: string): string | undefined => keptListingFile(indexDir(stateDir), request.workspace.root, 'repo-map-listing.json');

// The source files under request.target, sorted: the kept listing when it holds, else ripgrep's (then kept).
// `clock`: the engine's, which the racy window is judged by (workspace/kept-listing.ts Clock).
export async function keptCodeListing(request: ListRequest & { readonly readThroughJail: true }, stateDir: string, clock?: Clock): Promise<{ files: string[]; truncated: boolean }> {
  const filterKey = request.workspace.readerFilterKey();
  const key = filterKey === undefined ? undefined : JSON.stringify([FORMAT, request.target.rel, request.maxFiles, CODE_PATH, request.nonAccessibleGlobs, filterKey]);
  const root = request.workspace.root;
  const file = listingFile(request, stateDir);
  const saved = key === undefined || file === undefined ? undefined : load(file, key, clock);
  const changed = saved === undefined ? undefined : changedAt(root, saved.watched, saved.numbers);
  if (saved !== undefined && changed!.length === 0) return { files: [...saved.files], truncated: false };
  // A few folders changed (a file made or renamed): only they are listed again, not the whole tree.
  const collected = key === undefined ? undefined : saved === undefined ? watch(request, clock) : rewatch(request, saved, changed!, clock);
  const watched = collected?.whole === true ? collected.found : undefined;
  // The files of the folders listed again (changed or new), the kept ones of the others: no ripgrep walk.
  const relisted = saved === undefined || watched === undefined || !collected!.rewatched ? undefined : relistFiles(collected!, saved, watched);
  if (relisted !== undefined) {
    listingCounter.relisted++;
    if (!request.signal.aborted) saveKept(file!, { key: key!, watched: watched!.paths, numbers: watched!.numbers, pruned: watched!.pruned, files: relisted } satisfies Saved);
    return { files: [...relisted], truncated: false };
  }
  listingCounter.listed++;
  let warned = false;
  const listed = await listCodeFiles({ ...request, warn: (message) => {
    warned = true;
    request.warn(message);
  } });
  const files = listed.files.slice().sort();
  if (key !== undefined && file !== undefined && watched !== undefined && !warned && !listed.truncated && listed.engine === 'ripgrep' && !request.signal.aborted && !underPruned(files, watched.pruned)) {
    saveKept(file, { key, watched: watched.paths, numbers: watched.numbers, pruned: watched.pruned, files } satisfies Saved);
  }
  return { files, truncated: listed.truncated };
}

function load(file: string, key: string, clock: Clock | undefined): Saved | undefined {
  const saved = loadKept(file, key, undefined, clock);
  return saved !== undefined && isStrings(saved.pruned) && isStrings(saved.files) ? (saved as unknown as Saved) : undefined;
}

interface Watched {
  readonly paths: string[];
  readonly numbers: number[];
  // Folders not entered because a .gitignore ignores them.
  readonly pruned: string[];
}

// What a walk collects: the watched paths and their numbers, the folders pruned for a .gitignore, and the rules.
class Collector {
  readonly found: Watched = { paths: [], numbers: [], pruned: [] };
  // Cleared when there is nothing worth keeping (a link for an ignore file, a walk cut short, too many).
  whole = true;
  // rewatch: the changed folders listed again (inside the mapped one), and the new folders walkNew entered; set
  // once rewatch kept the other folders (not when it fell back to a whole walk).
  readonly again: string[] = [];
  readonly fresh: string[] = [];
  rewatched = false;
  readonly #now: number;
  // The .gitignore files seen so far: the only ones the check opens (not one open per folder).
  readonly ignoreFiles = new Set<string>();
  readonly #git: GitignoreCheck;

  constructor(readonly request: ListRequest, clock: Clock | undefined) {
    this.#now = clockOf(clock)();
    const { workspace } = request;
    const jail = {
      openFileSync: (path: string, flags: number): number => {
        if (!this.ignoreFiles.has(path)) throw new Error('no .gitignore here');
        return workspace.jail.openFileSync(path, flags);
      },
    };
    this.#git = new GitignoreCheck({ root: workspace.root, jail }, undefined, request.target.rel);
  }

  abs(rel: string): string {
    return rel === '' ? this.request.workspace.root : `${this.request.workspace.root}/${rel}`;
  }

  // A path changed within the racy window is kept with an mtime no file has: the next call lists it again. A
  // link (an ignore file that names another: its target's changes would not show here) is nothing to keep by.
  add(rel: string, stats: Stats | undefined): void {
    if (stats === undefined || stats.isSymbolicLink() || this.found.paths.length >= MAX_WATCHED) {
      this.whole = false;
      return;
    }
    this.found.paths.push(rel);
    pushStamp(this.found.numbers, stats, this.#now);
  }

  // A folder and its .gitignore.
  folder(rel: string): void {
    this.add(rel, lstatOf(this.abs(rel)));
    const ignore = `${this.abs(rel)}/.gitignore`;
    const stats = lstatOf(ignore);
    if (stats !== undefined) {
      this.add(rel === '' ? '.gitignore' : `${rel}/.gitignore`, stats);
      this.ignoreFiles.add(ignore);
    }
  }

  // Whether ripgrep's listing (search/ripgrep.ts ripgrepFilterArgs, then search/filter.ts makePathFilter) shows the
  // file `rel` found in the folder `folder`, a folder the walk enters: a source file's ending, not a dot-file, not
  // hidden from readers by name (non-accessible globs, credential names: the key holds everything else they depend
  // on), not ignored by a .gitignore from the root down.
  shows(folder: string, rel: string, name: string): boolean {
    if (name.startsWith('.') || !CODE_ENDING.test(name)) return false;
    if (this.request.workspace.isHiddenFromReadersByName(rel, this.#blocked(folder))) return false;
    return this.ignoreFiles.size === 0 || !this.#git.ignores(rel);
  }

  readonly #folders = new Map<string, boolean>();
  // A folder's by-name verdict, as makePathFilter's folderBlocked.
  #blocked(folder: string): boolean {
    if (folder === '') return false;
    let verdict = this.#folders.get(folder);
    if (verdict === undefined) {
      const cut = folder.lastIndexOf('/');
      verdict = this.request.workspace.isHiddenFromReadersByName(folder, cut !== -1 && this.#blocked(folder.slice(0, cut)));
      this.#folders.set(folder, verdict);
    }
    return verdict;
  }

  // Whether the walk leaves out the folder `rel` (below the mapped one) named `name`; pruned for a .gitignore, noted.
  skip(rel: string, name: string): boolean {
    if (!entered(name) || this.request.workspace.isNonAccessible(rel)) return true;
    if (this.ignoreFiles.size > 0 && this.#git.ignores(`${rel}/`)) {
      this.found.pruned.push(rel);
      return true;
    }
    return false;
  }
}

// The paths to watch and their numbers (the collector's `found`; nothing worth keeping unless `whole`). The walk opens each
// folder from its parent's descriptor (walkFolders: never through a symlink) and enters only the mapped folder,
// the folders above it and what lies below it.
function watch(request: ListRequest, clock: Clock | undefined): Collector {
  const target = request.target.rel;
  const collect = new Collector(request, clock);
  const inside = (rel: string): boolean => target === '' || rel === target || rel.startsWith(`${target}/`);
  const onTheWay = (rel: string): boolean => target === rel || target.startsWith(`${rel}/`);
  walkFolders(request.workspace.jail, {
    maxDepth: 256,
    maxEntries: MAX_WATCHED,
    skip: (rel, name) => (inside(rel) ? rel !== target && collect.skip(rel, name) : !onTheWay(rel)),
    onCut: () => {
      collect.whole = false;
    },
  }, (rel) => collect.folder(rel));
  return collect;
}

const isIgnoreFile = (rel: string): boolean => rel === '.gitignore' || rel.endsWith('/.gitignore');
const below = (rel: string, folder: string): boolean => folder === '' || rel.startsWith(`${folder}/`);

// The watched paths after `changed` of the saved ones changed: an unchanged folder holds the same entries, so
// only the changed folders are listed again (through the jail) and the folders new in them walked. A .gitignore
// changed, come or gone changes what is pruned anywhere below it: the whole walk again.
function rewatch(request: ListRequest, saved: Saved, changed: readonly number[], clock: Clock | undefined): Collector | undefined {
  const target = request.target.rel;
  const collect = new Collector(request, clock);
  const { watched, numbers } = saved;
  const again = new Set<string>();
  const gone: string[] = [];
  for (const at of changed) {
    const rel = watched[at]!;
    if (isIgnoreFile(rel)) return watch(request, clock);
    if (lstatOf(collect.abs(rel))?.isDirectory() === true) again.add(rel);
    else gone.push(rel);
  }
  const kept = new Set<string>();
  const isGone = (rel: string): boolean => gone.some((folder) => rel === folder || below(rel, folder));
  for (let at = 0; at < watched.length; at++) {
    const rel = watched[at]!;
    if (isGone(rel)) continue;
    kept.add(rel);
    if (isIgnoreFile(rel)) collect.ignoreFiles.add(collect.abs(rel));
    if (again.has(rel)) {
      collect.add(rel, lstatOf(collect.abs(rel)));
      continue;
    }
    collect.found.paths.push(rel);
    collect.found.numbers.push(...numbers.slice(at * FIELDS, at * FIELDS + FIELDS));
  }
  // What was pruned in a folder listed again is judged again with its entries.
  const parentOf = (rel: string): string => rel.slice(0, Math.max(0, rel.lastIndexOf('/')));
  collect.found.pruned.push(...saved.pruned.filter((rel) => !isGone(rel) && !again.has(parentOf(rel))));
  for (const folder of again) {
    if (!kept.has(folder === '' ? '.gitignore' : `${folder}/.gitignore`) && lstatOf(`${collect.abs(folder)}/.gitignore`) !== undefined) return watch(request, clock);
    if (folder === target || below(folder, target)) {
      if (!walkNew(collect, folder, kept, true)) return watch(request, clock);
      collect.again.push(folder);
    }
  }
  collect.rewatched = true;
  return collect;
}

// Lists `folder` through the jail and walks each subfolder not watched yet (`known`: the watched paths); the
// folder itself is watched already when `listed`. False when a .gitignore comes with a new folder or a folder
// cannot be listed (then the whole walk).
function walkNew(collect: Collector, folder: string, known: ReadonlySet<string>, listed: boolean): boolean {
  if (!listed) {
    collect.fresh.push(folder);
    collect.folder(folder);
    if (collect.ignoreFiles.has(`${collect.abs(folder)}/.gitignore`)) return false;
  }
  const listing = listBeneath(collect.request.workspace.root, collect.abs(folder), MAX_WATCHED);
  if (listing === undefined || listing === 'link' || listing.over) return false;
  for (const { name, kind } of listing.entries) {
    const rel = folder === '' ? name : `${folder}/${name}`;
    if (kind !== 'folder' || known.has(rel) || collect.skip(rel, name)) continue;
    if (!walkNew(collect, rel, known, false)) return false;
  }
  return true;
}

const CODE_ENDING = new RegExp(CODE_PATH);

// The listing after rewatch, from the kept files and the folders it listed again (`collect.again`, `collect.fresh`),
// without a ripgrep walk: undefined (then ripgrep lists) when a kept file's folder is no longer watched, a folder
// cannot be listed, or a non-accessible glob has a part ripgrep widens (`!(a|b)` to `*`: it skips more than the
// filter) in a segment that may name a listed path (one starting with a dot names only what is never listed:
// the default `**/.env.!(example|...)`).
function relistFiles(collect: Collector, saved: Saved, watched: Watched): string[] | undefined {
  const { request } = collect;
  if (request.nonAccessibleGlobs.some((glob) => glob.split('/').some((part) => /[!@+*?]\(/.test(part) && !part.startsWith('.')))) return undefined;
  const folders = new Set(watched.paths);
  const relist = new Set([...collect.again, ...collect.fresh]);
  const files: string[] = [];
  for (const file of saved.files) {
    const folder = file.slice(0, Math.max(0, file.lastIndexOf('/')));
    // A folder no longer watched: gone (removed or renamed; a renamed one is new where it went), or not known.
    if (!folders.has(folder)) {
      if (lstatOf(collect.abs(folder))?.isDirectory() === true) return undefined;
      continue;
    }
    if (!relist.has(folder)) files.push(file);
  }
  for (const folder of relist) {
    const listing = listBeneath(request.workspace.root, collect.abs(folder), MAX_WATCHED);
    if (listing === undefined || listing === 'link' || listing.over) return undefined;
    for (const { name, kind } of listing.entries) {
      const rel = folder === '' ? name : `${folder}/${name}`;
      if (kind === 'file' && collect.shows(folder, rel, name)) files.push(rel);
    }
  }
  return files.length > request.maxFiles ? undefined : files.sort();
}

// Whether ripgrep's walk for a code listing may enter a folder of this name: never a hidden one (`--iglob
// !.*`), node_modules or vendor (case-insensitive globs).
function entered(name: string): boolean {
  if (name.startsWith('.')) return false;
  const lower = name.toLowerCase();
  return lower !== 'node_modules' && lower !== 'vendor';
}

// Whether a listed file lies below a folder the walk did not enter for its .gitignore (ripgrep entered it).
function underPruned(files: readonly string[], pruned: readonly string[]): boolean {
  if (pruned.length === 0) return false;
  const folders = new Set(pruned);
  return files.some((file) => {
    for (let cut = file.indexOf('/'); cut !== -1; cut = file.indexOf('/', cut + 1)) if (folders.has(file.slice(0, cut))) return true;
    return false;
  });
}
