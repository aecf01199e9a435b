// The repo map's listing of source files kept between calls and processes (in the index's folder of the
// state folder), so a call made when no folder changed runs no ripgrep walk and no per-path reader check
// (on 20 k files ~250-400 ms of a one-changed-file CLI repo map). A folder's mtime moves when an entry is
// made, removed or renamed in it, not when a file's content changes: content changes are the per-file
// stamps' business (kept-stamps.ts), as before. The kept listing answers while
// - the key holds: the folder mapped, the file cap, the globs ripgrep was given and everything the reader
//   filter's by-name verdicts depend on (Workspace.readerFilterKey: non-accessible and hidden globs, own
//   state, the git config files and stores in the workspace with their stamps); the listed names all end in
//   a source file's ending, so none is a repository config (the one verdict by content);
// - every watched path has the inode, size, mtime and ctime it had: every folder the walk below enters (a
//   superset of ripgrep's: it prunes only what ripgrep never enters or the reader filter hides whole, and
//   what a .gitignore ignores), the folders from the root down to the mapped one, and every .gitignore
//   (.ignore, .rgignore too, though ripgrep is told not to read them) in those folders.
// The stamps are taken before ripgrep walks (a change meanwhile shows at the next call), and a listing whose
// watched paths changed within the racy window (the kernel's coarse clock) is not kept. A folder a .gitignore
// ignores is not entered: when ripgrep listed a file below one (its reading of the rules differs), nothing is kept.
// .git/info/exclude, core.excludesFile and the parent folders' ignore files are not read by that walk
// (--no-ignore-exclude, --no-ignore-global, --no-ignore-parent: search/ripgrep.ts), so they shape nothing here.
import { lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { GitignoreCheck } from '../../search/gitignore.js';
import { listBeneath } from '../../workspace/own-read-sync.js';
import { CODE_PATH, listCodeFiles, type ListRequest } from './list.js';
import { indexDir } from './store.js';

const FORMAT = 1;
// A path changed this recently may change again within the same tick of the kernel's clock, its times unchanged.
const RACY_MS = 2000;
// Past this many watched paths the walk costs more than it saves: nothing is kept.
const MAX_WATCHED = 20_000;
const IGNORE_FILES: ReadonlySet<string> = new Set(['.gitignore', '.ignore', '.rgignore']);
// Per watched path: dev, ino, size, mtimeMs, ctimeMs.
const FIELDS = 5;

interface Saved {
  readonly v: number;
  readonly key: string;
  readonly watched: readonly string[];
  readonly numbers: readonly number[];
  readonly files: readonly string[];
}

// How many listings this process made by a walk (tests observe a kept listing answered, timing nothing).
export const listingCounter = { listed: 0 };

const listingPath = (stateDir: string): string => join(indexDir(stateDir), 'repo-map-listing.json');

// The source files under request.target, sorted: the kept listing when it holds, else ripgrep's (then kept).
export async function keptCodeListing(request: ListRequest & { readonly readThroughJail: true }, stateDir: string): Promise<{ files: string[]; truncated: boolean }> {
  const filterKey = request.workspace.readerFilterKey();
  const key = filterKey === undefined ? undefined : JSON.stringify([FORMAT, request.target.rel, request.maxFiles, CODE_PATH, request.nonAccessibleGlobs, filterKey]);
  const root = request.workspace.root;
  const saved = key === undefined ? undefined : load(stateDir, key);
  if (saved !== undefined && unchanged(root, saved)) return { files: [...saved.files], truncated: false };
  const watched = key === undefined ? undefined : watch(request);
  listingCounter.listed++;
  let warned = false;
  const listed = await listCodeFiles({ ...request, warn: (message) => {
    warned = true;
    request.warn(message);
  } });
  const files = listed.files.slice().sort();
  if (key !== undefined && watched !== undefined && !warned && !listed.truncated && listed.engine === 'ripgrep' && !request.signal.aborted && !underPruned(files, watched.pruned)) {
    save(stateDir, { v: FORMAT, key, watched: watched.paths, numbers: watched.numbers, files });
  }
  return { files, truncated: listed.truncated };
}

function load(stateDir: string, key: string): Saved | undefined {
  try {
    const saved = JSON.parse(readFileSync(listingPath(stateDir), 'utf8')) as Partial<Saved>;
    const { watched, numbers, files } = saved;
    if (saved.v !== FORMAT || saved.key !== key || !Array.isArray(watched) || !Array.isArray(numbers) || !Array.isArray(files) || numbers.length !== watched.length * FIELDS) return undefined;
    return saved as Saved;
  } catch {
    return undefined;
  }
}

function lstatOf(path: string): Stats | undefined {
  try {
    return lstatSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

// Whether every watched path has the numbers it had.
function unchanged(root: string, saved: Saved): boolean {
  const { watched, numbers } = saved;
  for (let at = 0; at < watched.length; at++) {
    const rel = watched[at]!;
    const stats = lstatOf(rel === '' ? root : `${root}/${rel}`);
    const base = at * FIELDS;
    if (stats === undefined || stats.dev !== numbers[base] || stats.ino !== numbers[base + 1] || stats.size !== numbers[base + 2]
      || stats.mtimeMs !== numbers[base + 3] || stats.ctimeMs !== numbers[base + 4]) return false;
  }
  return true;
}

interface Watched {
  readonly paths: string[];
  readonly numbers: number[];
  // Folders not entered because a .gitignore ignores them.
  readonly pruned: string[];
}

// The paths to watch and their numbers, or undefined when there is nothing worth keeping (a path changed
// within the racy window, one that cannot be read, too many).
function watch(request: ListRequest): Watched | undefined {
  const { workspace } = request;
  const root = workspace.root;
  const found: Watched = { paths: [], numbers: [], pruned: [] };
  const now = Date.now();
  const add = (rel: string): boolean => {
    const stats = lstatOf(rel === '' ? root : `${root}/${rel}`);
    if (stats === undefined || now - stats.mtimeMs < RACY_MS || found.paths.length >= MAX_WATCHED) return false;
    found.paths.push(rel);
    found.numbers.push(stats.dev, stats.ino, stats.size, stats.mtimeMs, stats.ctimeMs);
    return true;
  };
  const target = request.target.rel;
  // The folders above the mapped one, and their ignore files (the root's is handed to ripgrep, the others are
  // checked on its results: search/filter.ts).
  const above = target === '' ? [] : ['', ...target.split('/').slice(0, -1).map((_, at, parts) => parts.slice(0, at + 1).join('/'))];
  for (const folder of above) {
    if (!add(folder)) return undefined;
    for (const name of IGNORE_FILES) {
      const rel = folder === '' ? name : `${folder}/${name}`;
      if (lstatOf(`${root}/${rel}`) !== undefined && !add(rel)) return undefined;
    }
  }
  const git = new GitignoreCheck(workspace, undefined, target);
  const folders = [target];
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    if (!add(folder)) return undefined;
    // Names and kinds only, through the jail (a folder swapped for a link since: nothing kept).
    const listing = listBeneath(root, folder === '' ? root : `${root}/${folder}`, MAX_WATCHED);
    if (listing === undefined || listing === 'link' || listing.over) return undefined;
    for (const { name, kind } of listing.entries) {
      const rel = folder === '' ? name : `${folder}/${name}`;
      if (IGNORE_FILES.has(name) && !add(rel)) return undefined;
      if (kind !== 'folder' || !entered(name) || workspace.isHiddenFromReadersByName(rel, false)) continue;
      if (git.ignores(`${rel}/`)) found.pruned.push(rel);
      else folders.push(rel);
    }
  }
  return found;
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

// Best effort: a state folder that cannot be written only costs the next call a walk.
function save(stateDir: string, saved: Saved): void {
  const path = listingPath(stateDir);
  const temp = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
    writeFileSync(temp, JSON.stringify(saved), { mode: 0o600 });
    renameSync(temp, path);
  } catch {
    rmSync(temp, { force: true });
  }
}
