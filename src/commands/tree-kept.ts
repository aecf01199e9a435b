// `tree`'s kept listing (workspace/kept-listing.ts, the one kept listing of tree and repo-map): each folder the walk
// listed, with its stamp and its visible entries, kept in the state folder. A call that finds every folder and
// every .gitignore unchanged walks the kept entries and opens no folder; one that finds a few folders changed
// lists only those again (the walk takes the kept entries of the others: walkTree's `kept`). The entries a
// folder shows depend on its own entries, the .gitignore rules above it and the flags and workspace settings
// in the key, so a changed .gitignore (or one come or gone with a folder listed again), or a changed folder above
// the walk's start, is a whole walk. What the walk does not read (.git/info/exclude, core.excludesFile, a file's
// content) shapes nothing here.
import type { BigIntStats, Stats } from 'node:fs';
import { changedAt, clockOf, FIELDS, isNumbers, isStrings, keptListingFile, loadKept, lstatOf, pushStamp, saveKept, type Clock, type KeptWatch } from '../workspace/kept-listing.js';
import { walkTree, type KeptFolder, type Listed, type TreeEntry, type WalkOptions } from './tree-walk.js';

// 2: each folder's entries as names beside one string of type codes (1: one `name/code` string per entry, cut
// apart again on every call).
const FORMAT = 2;
// The kept listing's file in the state folder (tree.ts looks for it by this name before it loads this module).
export const TREE_LISTING = 'tree-listing.json';
// A walk that opened fewer folders is not kept: listing them again costs about what checking them would (tree.ts
// loads this module to keep a walk from this many folders).
export const KEEP_FOLDERS = 32;

interface SavedTree extends KeptWatch {
  // watched/numbers: the folders listed, in walk order; lists: each one's visible entries' names, types: their type
  // codes, one character an entry (f, d, l, o; upper case: not accessible).
  readonly lists: readonly (readonly string[])[];
  readonly types: readonly string[];
  // Paths whose change means a whole walk (the folders above the start, each .gitignore read) and their numbers.
  readonly whole: readonly string[];
  readonly wholeNumbers: readonly number[];
}

// What this process's kept listings did (tests observe which path answered, timing nothing): calls answered with
// no folder opened, and folders listed again in a call that found some changed.
export const keptTreeCounter = { answered: 0, relisted: 0 };

type Walked = { entries: TreeEntry[]; truncated: boolean };

const CODES: Record<TreeEntry['type'], string> = { file: 'f', dir: 'd', symlink: 'l', other: 'o' };
// By a code's character (lower case; upper case is the same type, not accessible).
const TYPES: Record<number, TreeEntry['type']> = { 102: 'file', 100: 'dir', 108: 'symlink', 111: 'other' };

const codeOf = (entry: TreeEntry): string => (entry.nonAccessible ? CODES[entry.type].toUpperCase() : CODES[entry.type]);

// A folder's entries as kept: their names (the path after `prefix` characters) and one code per entry.
function encode(entries: readonly TreeEntry[], prefix: number): { names: string[]; codes: string } {
  let codes = '';
  const names = entries.map((entry) => {
    codes += codeOf(entry);
    return entry.path.slice(prefix);
  });
  return { names, codes };
}

// One plain loop (the call's hottest on a kept listing: once per entry shown), no string cut apart.
function decode(rel: string, names: readonly string[], codes: string): TreeEntry[] {
  const prefix = rel === '' ? '' : `${rel}/`;
  const entries: TreeEntry[] = new Array<TreeEntry>(names.length);
  for (let index = 0; index < names.length; index++) {
    const code = codes.charCodeAt(index);
    const path = prefix + names[index]!;
    entries[index] = code < 97 ? { path, type: TYPES[code + 32]!, nonAccessible: true } : { path, type: TYPES[code]! };
  }
  return entries;
}

function keyOf(options: WalkOptions, ignore: string | undefined): string | undefined {
  const filter = options.workspace.readerFilterKey();
  return filter === undefined ? undefined : JSON.stringify([FORMAT, options.dir, options.maxDepth ?? 0, options.maxEntries, options.glob ?? null, options.includeHidden, ignore ?? '', filter]);
}

const ignoreOf = (rel: string): string => (rel === '' ? '.gitignore' : `${rel}/.gitignore`);
// The folder of a .gitignore path; undefined for a folder's path.
const folderOf = (path: string): string | undefined => (path === '.gitignore' ? '' : path.endsWith('/.gitignore') ? path.slice(0, -'/.gitignore'.length) : undefined);

function load(file: string, key: string, lasting: Map<string, unknown> | undefined, clock: Clock | undefined): SavedTree | undefined {
  const kept = loadKept(file, key, lasting, clock);
  if (kept === undefined) return undefined;
  const { lists, types, whole, wholeNumbers } = kept;
  const shaped = Array.isArray(lists) && lists.length === kept.watched.length && isStrings(types) && types.length === lists.length
    && lists.every((names, index) => isStrings(names) && names.length === types[index]!.length && /^[fdloFDLO]*$/.test(types[index]!))
    && isStrings(whole) && isNumbers(wholeNumbers) && wholeNumbers.length === whole.length * FIELDS;
  return shaped ? (kept as unknown as SavedTree) : undefined;
}

// The folders from the workspace root down to the start's parent, and their .gitignore files: stamped before the walk.
function above(options: WalkOptions, start: string, now: number): { paths: string[]; numbers: number[] } {
  const paths: string[] = [];
  const numbers: number[] = [];
  const parts = start === '' ? [] : start.split('/');
  for (let depth = 0; depth < parts.length; depth++) {
    const rel = parts.slice(0, depth).join('/');
    for (const path of [rel, ignoreOf(rel)]) {
      const stats = lstatOf(path === '' ? options.workspace.root : `${options.workspace.root}/${path}`);
      if (stats === undefined) continue;
      paths.push(path);
      pushStamp(numbers, stats, now);
    }
  }
  return { paths, numbers };
}

// The listing `options` asks for: from the kept listing in `file` where it holds, else walked (then kept).
// `lasting`: a warm server's parsed state files (CliIo.lasting), so a served call does not read the JSON again;
// `clock`: the engine's, which the racy window is judged by (kept-listing.ts Clock).
export async function keptTree(options: WalkOptions, ignore: string | undefined, stateDir: string, lasting?: Map<string, unknown>, clock?: Clock): Promise<Walked> {
  const key = keyOf(options, ignore);
  const root = options.workspace.root;
  const file = keptListingFile(stateDir, root, TREE_LISTING);
  if (key === undefined || file === undefined) return walkTree(options);
  const saved = load(file, key, lasting, clock);
  if (saved !== undefined && changedAt(root, saved.whole, saved.wholeNumbers).length === 0) {
    const changed = new Set(changedAt(root, saved.watched, saved.numbers));
    const at = new Map<string, number>();
    saved.watched.forEach((rel, index) => at.set(rel, index));
    const ignored = new Set(saved.whole);
    const kept = (rel: string): KeptFolder | undefined => {
      const index = at.get(rel);
      return index === undefined || changed.has(index) ? undefined : { entries: decode(rel, saved.lists[index]!, saved.types[index]!), ignore: ignored.has(ignoreOf(rel)) };
    };
    const now = clockOf(clock)();
    const record: Listed[] = [];
    // Nothing changed: no folder is opened. Some changed: only they and the folders above them are opened (a folder
    // below a kept one, missing from the kept listing, is then not listed: its record has no stats, and that is a
    // whole walk, as an unreadable folder is).
    const walked = await walkTree({ ...options, kept, record, opens: changed.size === 0 ? false : opensFor(changed, saved.watched, at) });
    if (record.every((listed) => listed.stats !== undefined) && (changed.size === 0 || !ignoresMoved(ignored, at, record))) {
      if (changed.size === 0) keptTreeCounter.answered++;
      else {
        const relisted = record.filter((listed) => listed.stats !== null);
        keptTreeCounter.relisted += relisted.length;
        // The kept file is written again only when it would keep something a call can use: not when every folder
        // listed again changed within the racy window (stamped so, it is listed again next call whatever the file
        // holds; its old stamp in the file differs from its stamp then too). A model that edits and lists in turn
        // made each call write the whole file again (~10 ms of CPU for 20,000 entries, issue 31).
        if (relisted.length === 0 || !relisted.every((listed) => racy(listed.stats!, now))) keep(file, key, record, now, { paths: [], numbers: [] }, saved, at);
      }
      return walked;
    }
  }
  const now = clockOf(clock)();
  const record: Listed[] = [];
  const walked = await walkTree({ ...options, record });
  if (record.length >= KEEP_FOLDERS) keepWalk(options, ignore, stateDir, record, now);
  return walked;
}

// Keeps a walk tree.ts made without the kept listing (none was kept yet), started at `now`: a path stamped after the
// walk read it and changed since is stamped as changed within the racy window (its times are after `now`); an earlier
// `now` only marks more paths so (the process's start did that for every path a long-lived process saw change).
export function keepWalk(options: WalkOptions, ignore: string | undefined, stateDir: string, record: readonly Listed[], now: number): void {
  const key = keyOf(options, ignore);
  const root = options.workspace.root;
  const file = keptListingFile(stateDir, root, TREE_LISTING);
  if (key !== undefined && file !== undefined) keep(file, key, record, now, above(options, options.dir === root ? '' : options.dir.slice(root.length + 1), now));
}

// The walk's test of which folders to open when those at `changed` (positions in `watched`) changed: they and every
// folder above them, and any folder the kept listing does not hold.
function opensFor(changed: ReadonlySet<number>, watched: readonly string[], at: ReadonlyMap<string, number>): (rel: string) => boolean {
  const needed = new Set<string>();
  for (const index of changed) {
    for (let rel = watched[index]!; !needed.has(rel); rel = rel.slice(0, Math.max(0, rel.lastIndexOf('/')))) {
      needed.add(rel);
      if (rel === '') break;
    }
  }
  return (rel) => needed.has(rel) || !at.has(rel);
}

// Whether a folder's stamp taken now marks it as changed within the racy window.
function racy(stats: BigIntStats, now: number): boolean {
  const numbers: number[] = [];
  pushStamp(numbers, stats, now);
  return numbers[3] === -1;
}

// Whether a folder listed again now holds a .gitignore it did not, or no longer holds one: its rules changed for
// the kept folders below it.
function ignoresMoved(ignored: ReadonlySet<string>, at: ReadonlyMap<string, number>, record: readonly Listed[]): boolean {
  return record.some((listed) => listed.stats !== null && at.has(listed.rel) && (listed.ignore !== false) !== ignored.has(ignoreOf(listed.rel)));
}

// Keeps the walk's record: fresh stamps for the folders it listed, the kept ones' numbers for the others.
function keep(file: string, key: string, record: readonly Listed[], now: number, fresh: { paths: string[]; numbers: number[] }, saved?: SavedTree, at?: ReadonlyMap<string, number>): void {
  const watched: string[] = [];
  const numbers: number[] = [];
  const lists: string[][] = [];
  const types: string[] = [];
  const wholeAt = new Map<string, number>();
  saved?.whole.forEach((path, index) => wholeAt.set(path, index));
  const { paths: whole, numbers: wholeNumbers } = fresh;
  const copy = (to: number[], from: readonly number[], index: number): void => {
    to.push(...from.slice(index * FIELDS, index * FIELDS + FIELDS));
  };
  if (saved !== undefined) {
    // The folders above the start, unchanged (checked before the walk).
    saved.whole.forEach((path, index) => {
      const folder = folderOf(path);
      if (folder === undefined || !at!.has(folder)) {
        whole.push(path);
        copy(wholeNumbers, saved.wholeNumbers, index);
      }
    });
  }
  for (const listed of record) {
    if (listed.stats === undefined) return;
    watched.push(listed.rel);
    const { names, codes } = encode(listed.entries, listed.rel === '' ? 0 : listed.rel.length + 1);
    lists.push(names);
    types.push(codes);
    if (listed.stats === null) copy(numbers, saved!.numbers, at!.get(listed.rel)!);
    else pushStamp(numbers, listed.stats, now);
    if (listed.ignore === false) continue;
    const path = ignoreOf(listed.rel);
    whole.push(path);
    if (listed.ignore === true) copy(wholeNumbers, saved!.wholeNumbers, wholeAt.get(path)!);
    else pushStamp(wholeNumbers, listed.ignore as Stats, now);
  }
  saveKept(file, { key, watched, numbers, lists, types, whole, wholeNumbers } satisfies SavedTree);
}
