// A package's own reach (node-package-reach.ts) is the costly part of a hook walk over a real node_modules (eslint's
// ~380 files read and scanned, vitest's, vite's: ~0.3 s of CPU per walk), and a walk is made again whenever one of
// its sources changes (a file written in a folder a runner lists: nearly every write). The packages seldom change.
// So each package folder's answer is kept, in the process and across processes (kept-across.ts: the owner's
// state folder), while every file it read or tested, every folder it listed and every folder looked into on
// the way of a link keeps its stamp (identity, size and times): a package file changed, added or re-linked is
// read again. Nothing is read less: a kept answer is the answer the same reads gave.
import { isStrings, keepAcross, keptAcross, stampsOf } from './kept-across.js';
import type { Read } from './hook-tasks.js';
import { judgeKey, packageReach, type Judge, type PackageReach } from './node-package-reach.js';
import type { FolderListings } from '../workspace/listings.js';

interface Kept {
  readonly stamps: string;
  readonly sources: string[];
  readonly files: string[];
  // Required: an answer kept before addons were read (R23-9) is computed again.
  readonly natives: string[];
  // Required: an answer kept before bare names were followed (R25-11) is computed again.
  readonly bare: string[];
  readonly unknown?: string;
}
type Reaches = Record<string, Kept>;

const FILE = 'package-reaches.json';
// Work trees kept in this process at most (a warm engine serves a few).
const MAX_TOPS = 16;

const isKept = (value: unknown): value is Kept => {
  const kept = value as Kept | null;
  return typeof kept === 'object' && kept !== null && typeof kept.stamps === 'string' && isStrings(kept.sources) && isStrings(kept.files) && isStrings(kept.natives) && isStrings(kept.bare) && (kept.unknown === undefined || typeof kept.unknown === 'string');
};
const isReaches = (value: unknown): value is Reaches => typeof value === 'object' && value !== null && Object.values(value).every(isKept);

// This process's answers per work tree, with whether some were computed since they were last kept.
const MEMORY = new Map<string, { reaches: Reaches; changed: boolean }>();
const keyOf = (top: string): string => JSON.stringify(['package-reaches', top]);

function reachesOf(top: string, listings: FolderListings | undefined): { reaches: Reaches; changed: boolean } {
  let known = MEMORY.get(top);
  if (known === undefined) {
    if (MEMORY.size >= MAX_TOPS) MEMORY.clear();
    known = { reaches: { ...(listings === undefined ? {} : keptAcross(listings, FILE, keyOf(top), isReaches)) }, changed: false };
    MEMORY.set(top, known);
  }
  return known;
}

// packageReach(folder, top, read, isFile), kept; `sources`: the paths the answer depends on (the caller's
// walk depends on them too).
// `unread`: why a file `read` gave nothing for could not be read (past its bound, a FIFO): the reach is then unknown.
export function keptPackageReach(folder: string, top: string, read: Read, isFile: (path: string) => boolean, listings: FolderListings | undefined, unread: () => string | undefined = () => undefined, strict: Judge = false): { reach: PackageReach; sources: string[] } {
  const known = reachesOf(top, listings);
  // A preload's answer (default deny) is another answer than a program's for the same folder.
  const key = `${folder}${judgeKey(strict)}`;
  const kept = known.reaches[key];
  if (kept !== undefined && stampsOf(kept.sources) === kept.stamps) return { reach: { files: kept.files, natives: kept.natives, bare: kept.bare, ...(kept.unknown === undefined ? {} : { unknown: kept.unknown }) }, sources: kept.sources };
  const looked = new Set<string>();
  const used: string[] = [];
  const found = packageReach(folder, top, (path) => (used.push(path), read(path)), (path) => (used.push(path), isFile(path)), looked, strict);
  const why = found.unknown ?? unread();
  const reach = why === undefined ? found : { ...found, unknown: why };
  const sources = [...new Set([...used, ...looked])];
  const stamps = stampsOf(sources);
  if (stamps === undefined) delete known.reaches[key];
  else {
    known.reaches[key] = { stamps, sources, files: reach.files, natives: reach.natives ?? [], bare: reach.bare ?? [], ...(reach.unknown === undefined ? {} : { unknown: reach.unknown }) };
    known.changed = true;
  }
  return { reach, sources };
}

// Keeps what this process computed for `top` for the next processes (one write per walk, not one per package).
export function keepPackageReaches(top: string, listings: FolderListings | undefined): void {
  const known = MEMORY.get(top);
  if (listings === undefined || known === undefined || !known.changed) return;
  keepAcross(listings, FILE, keyOf(top), known.reaches, isReaches);
  known.changed = false;
}

// Forgets this process's answers (as a new process starts: only the kept file remains). For tests.
export function forgetPackageReaches(): void {
  MEMORY.clear();
}
