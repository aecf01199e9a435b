import { readdirSync, type BigIntStats, type Dirent, type Stats } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ignore from 'ignore';
import { lstatQuiet } from '../files/stat-quiet.js';
import { singlePathTest, type SinglePathTest } from '../search/gitignore.js';
import { readGitignore } from '../search/gitignore-read.js';
import type { DirHandle } from '../workspace/beneath.js';
import type { Workspace } from '../workspace/workspace.js';

export interface TreeEntry {
  path: string; // relative to the workspace root, forward slashes
  type: 'file' | 'dir' | 'symlink' | 'other';
  nonAccessible?: true;
}

export interface WalkOptions {
  readonly workspace: Workspace;
  readonly dir: string; // real absolute folder inside the workspace
  readonly maxDepth: number | undefined;
  readonly maxEntries: number;
  readonly glob: string | undefined;
  readonly includeHidden: boolean;
  // Names (files and folders, pruned) to leave out: ChatCLI's `--ignore`.
  readonly ignoreName?: (name: string) => boolean;
  readonly signal: AbortSignal;
  // The kept listing's side (tree-kept.ts): the visible entries of a folder unchanged since it was listed (the walk
  // neither lists it nor tests its entries), and the record of each folder the walk opens.
  readonly kept?: (rel: string) => KeptFolder | undefined;
  readonly record?: Listed[];
  // false: every folder is kept, none is opened (nor a .gitignore read); a test: only the folders it names are opened
  // (the kept listing's changed folders and those above them; a folder below one not opened is neither opened nor
  // listed: its record has no stats); absent: every folder.
  readonly opens?: false | ((rel: string) => boolean);
}


export interface KeptFolder {
  readonly entries: readonly TreeEntry[];
  // It holds a .gitignore (read for the folders below when one of them is listed).
  readonly ignore: boolean;
}

// A folder the walk opened: its stats taken before its entries were read (undefined: it could not be opened or
// listed; null: its kept entries were used), and those of its .gitignore, taken before that was read.
export interface Listed {
  readonly rel: string;
  readonly stats: BigIntStats | undefined | null;
  readonly entries: readonly TreeEntry[];
  readonly ignore: Stats | boolean;
}

// .gitignore rules that apply below `base` (a workspace-relative folder, '' for the root).
interface IgnoreLayer {
  readonly base: string;
  readonly skip: number; // characters to cut from a workspace-relative path: `${base}/`
  // The walk asks only about entries of folders it found not ignored, so one path is tested alone.
  readonly ignores: SinglePathTest;
}

// .git, and codeward's own files (its project folder, temp files of a write in flight): never listed.
const ALWAYS_SKIPPED: ReadonlySet<string> = new Set(['.git', '.codeward']);
const OWN_TEMP_SUFFIX = '.cw-tmp';
const HIDDEN_FOLDERS: ReadonlySet<string> = new Set(['node_modules', 'vendor']);
// The walk lets other work of the event loop run (and an abort be seen) after this many folders.
const FOLDERS_PER_TURN = 512;

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

// `folder` names the folder for the kernel (a handle path, workspace/beneath.ts); the file is opened
// without following a link.
function loadIgnore(folder: string, base: string): IgnoreLayer | undefined {
  const text = readGitignore(folder);
  return text === undefined ? undefined : { base, skip: base === '' ? 0 : base.length + 1, ignores: singlePathTest(ignore().add(text)) };
}

function ignoredBy(layers: readonly IgnoreLayer[], rel: string, name: string, isDir: boolean): boolean {
  for (let index = 0; index < layers.length; index += 1) {
    const layer = layers[index]!;
    const inside = layer.ignores.lastSegment ? name : layer.skip === 0 ? rel : rel.slice(layer.skip);
    if (layer.ignores(isDir ? `${inside}/` : inside)) return true;
  }
  return false;
}

// The .gitignore files of the workspace root and every folder between it and the walk's start.
function ancestorLayers(workspace: Workspace, dir: string): IgnoreLayer[] {
  const rel = toPosix(relative(workspace.root, dir));
  const parts = rel === '' ? [] : rel.split('/');
  const layers: IgnoreLayer[] = [];
  for (let index = 0; index <= parts.length; index += 1) {
    const base = parts.slice(0, index).join('/');
    let dir: DirHandle;
    try {
      dir = workspace.jail.openDir(base === '' ? workspace.root : join(workspace.root, base));
    } catch {
      continue;
    }
    try {
      const layer = loadIgnore(dir.path, base);
      if (layer) layers.push(layer);
    } finally {
      dir.close();
    }
  }
  return layers;
}

function entryType(dirent: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }): TreeEntry['type'] {
  if (dirent.isSymbolicLink()) return 'symlink';
  if (dirent.isDirectory()) return 'dir';
  return dirent.isFile() ? 'file' : 'other';
}

// One listed folder of the walk: its visible entries, sorted by name, and the next one to emit.
interface Frame {
  readonly folder: DirHandle | undefined; // undefined: could not be opened (listed, but empty)
  readonly depth: number; // of its entries: 1 for the start folder's
  readonly layers: readonly IgnoreLayer[]; // .gitignore rules for its entries
  readonly prefix: number; // length of `${folder's rel}/` in its entries' paths
  readonly kept: readonly TreeEntry[];
  next: number;
}

// The entries of one folder share everything before their names: ordering the paths orders the names.
const byPath = (a: TreeEntry, b: TreeEntry): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

// Depth-first, sorted walk that never follows symlinks. Stops early once enough entries are found
// (not with a glob, which must see the whole tree to know which folders hold a match). Folders are
// read synchronously: for the many small folders of a source tree a direct call is several times
// faster than a round trip through the thread pool, and the walk yields to the event loop regularly.
export async function walkTree(options: WalkOptions): Promise<{ entries: TreeEntry[]; truncated: boolean }> {
  const { workspace, includeHidden, maxDepth, signal } = options;
  const { glob } = options;
  const startRel = toPosix(relative(workspace.root, options.dir));
  const entries: TreeEntry[] = [];
  // With a glob the whole tree is walked: which folders hold a match is known at the end.
  const limit = glob === undefined ? options.maxEntries : Number.POSITIVE_INFINITY;
  let truncated = false;

  // Folders are opened through their parent's handle (never through a symlink: one swapped in shows
  // as an empty folder) and listed through their own, so a racing swap cannot hand out outside names.
  const { record } = options;
  const open = (folder: DirHandle | undefined, folderRel: string, depth: number, inherited: readonly IgnoreLayer[], blocked: boolean): Frame => {
    const reuse = options.kept?.(folderRel);
    let dirents: Dirent[] = [];
    // Taken before the entries are read; null: the kept entries are used.
    let stats = reuse ? null : record && folder?.stat();
    try {
      if (!reuse && folder) dirents = readdirSync(folder.path, { withFileTypes: true });
    } catch {
      stats = undefined; // unreadable folder: listed, but empty
    }
    let layers = inherited;
    let ignore: Stats | boolean = reuse?.ignore ?? false;
    if (folder !== undefined && (reuse ? ignore : !includeHidden && dirents.some((dirent) => dirent.name === '.gitignore' && !dirent.isDirectory()))) {
      if (record && !reuse) ignore = lstatQuiet(`${folder.path}/.gitignore`) ?? false;
      const own = loadIgnore(folder.path, folderRel);
      if (own) layers = [...inherited, own];
    }
    const prefix = folderRel === '' ? '' : `${folderRel}/`;
    let kept = reuse?.entries;
    if (!kept) {
      const fresh: TreeEntry[] = [];
      // Non-accessible entries are listed, flagged (a non-accessible folder's entries inherit it).
      const hidden = workspace.nonAccessibleIn(folderRel, blocked);
      for (const dirent of dirents) {
        const name = dirent.name;
        if (ALWAYS_SKIPPED.has(name) || name.endsWith(OWN_TEMP_SUFFIX) || options.ignoreName?.(name)) continue;
        const type = entryType(dirent);
        if (!includeHidden && (name.charCodeAt(0) === 46 /* . */ || (type === 'dir' && HIDDEN_FOLDERS.has(name)))) continue;
        const rel = prefix + name;
        if (!includeHidden && layers.length > 0 && ignoredBy(layers, rel, name, type === 'dir')) continue;
        fresh.push(hidden(name) ? { path: rel, type, nonAccessible: true } : { path: rel, type });
      }
      kept = fresh.sort(byPath);
    }
    record?.push({ rel: folderRel, stats, entries: kept, ignore });
    return { folder, depth, layers, prefix: prefix.length, kept, next: 0 };
  };

  const { opens } = options;
  const rootLayers = includeHidden || opens === false ? [] : ancestorLayers(workspace, options.dir);
  // The start folder's own .gitignore is read by open(); ancestorLayers covers the folders above it.
  const stack: Frame[] = [];
  if (!signal.aborted) {
    const inherited = rootLayers.filter((layer) => layer.base !== startRel);
    stack.push(open(opens !== false ? workspace.jail.openDir(options.dir) : undefined, startRel, 1, inherited, workspace.isNonAccessible(startRel)));
  }
  // Emits entries and opens folders until the walk ends (false) or `folders` folders were opened (true).
  // A plain function, not the async walk itself: V8 optimises a long loop while it runs only outside
  // async functions, and this loop runs once per entry.
  const run = (folders: number): boolean => {
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      if (frame.next === frame.kept.length) {
        stack.pop()!.folder?.close();
        continue;
      }
      const entry = frame.kept[frame.next++]!;
      if (entries.length >= limit) {
        truncated = true;
        return false;
      }
      entries.push(entry);
      const { path, type } = entry;
      if (type !== 'dir' || (maxDepth !== undefined && frame.depth >= maxDepth)) continue;
      const child = frame.folder === undefined || (opens && !opens(path)) ? undefined : workspace.jail.openChild(frame.folder, path.slice(frame.prefix));
      stack.push(open(child, path, frame.depth + 1, frame.layers, entry.nonAccessible === true));
      if (--folders === 0) return true;
    }
    return false;
  };
  try {
    while (run(FOLDERS_PER_TURN)) {
      await new Promise((resolve) => setImmediate(resolve));
      if (signal.aborted) break;
    }
  } finally {
    for (const frame of stack) frame.folder?.close();
  }
  if (glob === undefined) return { entries, truncated };
  return (await import('./tree-glob.js')).applyGlob(entries, glob, startRel, options.maxEntries);
}
