// The last graph an engine built for the repo map, kept between calls with the scores of the last focus.
// Nothing changed (the same paths, each with its identity stamp): the shape and, for the same focus, the
// scores are reused. A few files changed but each still defines the same names in the same order (an edit
// inside a body, a comment, a moved line): the shape is patched in place of a rebuild (their symbols, and
// their references when those changed) and the scores are reused when no reference changed, since the
// graph is then the same. A name defined, renamed or removed, a file added or gone: patched from the shape's
// number arrays (repo-map-renamed.ts); other paths (another listing): rebuilt. One slot: the newest
// repository wins. The patched shape equals a fresh build's (the tests say so).
// A new process starts from the graph saved in the state folder (repo-map-saved.ts: adopt), and the memo
// says when its shape has drifted far enough from the saved one to be saved again (toSave).
import type { IndexedFile } from './index/code-index.js';
import type { IndexedSymbol } from './index/entry.js';
import { keyAt } from './repo-map-symbols.js';
import { keyOf, MAP_KINDS, shapeOf, type GraphShape, type MapFocus, type Scored } from './repo-map-graph.js';
import type { SavedScores } from './repo-map-saved-format.js';
import { idsOf } from './lazy-ids.js';
import { newNames, patchNames } from './repo-map-renamed.js';
import { patchHashes } from './repo-map-referrers.js';

// Past this many changed files a rebuild is as cheap as patching them one by one.
export const PATCH_AT_MOST = 256;

// A listing (sorted paths, each with its stamp) and the files it skipped, beside the files a graph was made
// for (in the graph's order; an entry may hold only its stamp): what repo-map-saved.ts patches from.
export interface KeptListing {
  readonly listing: readonly string[];
  readonly stamps: readonly string[];
  readonly skipped: readonly { path: string; reason: string }[];
  readonly files: readonly IndexedFile[];
}

export class GraphMemo {
  #files: readonly IndexedFile[] = [];
  #shape: GraphShape | undefined;
  #focus = '';
  #scored: Scored | undefined;
  // The last scores with their file ranks, for #focus, kept past a patch (PageRank may not need to run again).
  #ranked: Scored | undefined;
  // How many files the shape differs by from the one in the state folder (Infinity: built here, never saved).
  #drift = Infinity;
  // The listing of the call that last made or patched the shape (kept only with the very files it was for).
  #listing: Omit<KeptListing, 'files'> | undefined;
  #listingFiles: readonly IndexedFile[] | undefined;

  get empty(): boolean {
    return this.#shape === undefined;
  }

  // A shape made elsewhere for these files (the saved graph, patched for `drift` files since it was saved),
  // with the scores saved beside it: they still hold when `holds` (the patch changed no edge: the graph is the
  // same); else their file ranks may still serve this shape (`before`: the saved shape they were ranked on).
  // `indexed`: the positions of the only files whose entries hold more than a stamp (the others are kept as
  // they are: no copy of 20 k objects per CLI call); absent: every file is copied down to its stamp.
  adopt(files: readonly IndexedFile[], shape: GraphShape, drift: number, scored?: SavedScores, holds = true, before: GraphShape = shape, indexed?: readonly number[]): void {
    this.#files = indexed === undefined ? stampsOf(files) : stampsAt(files, indexed);
    this.#shape = shape;
    const kept = scored === undefined ? undefined : { shape: holds ? shape : before, scores: scored.scores, ...(scored.rank === undefined ? {} : { rank: scored.rank }) };
    this.#scored = holds ? kept : undefined;
    this.#ranked = kept?.rank === undefined ? undefined : kept;
    this.#focus = scored?.focus ?? '';
    this.#drift = drift;
  }

  // The shape (and the scores of the last focus), when it differs by at least `files` files from the saved
  // one (then saved: `drift` 0).
  toSave(files: number): { shape: GraphShape; scored?: SavedScores } | undefined {
    if (this.#drift < files || this.#shape === undefined) return undefined;
    const scored = this.#scored?.shape === this.#shape ? { focus: this.#focus, scores: this.#scored.scores, ...(this.#scored.rank === undefined ? {} : { rank: this.#scored.rank }) } : undefined;
    return { shape: this.#shape, ...(scored === undefined ? {} : { scored }) };
  }

  saved(): void {
    this.#drift = 0;
  }

  // The listing the memo's shape was made for (`files`: the memo's, stamps only), once a call said it (keep).
  kept(): (KeptListing & { readonly shape: GraphShape }) | undefined {
    return this.#listing !== undefined && this.#listingFiles === this.#files && this.#shape !== undefined ? { ...this.#listing, files: this.#files, shape: this.#shape } : undefined;
  }

  // Says which listing the files of the last scored call came from (the next call patches from it: kept).
  keep(listing: Omit<KeptListing, 'files'>): void {
    this.#listing = listing;
    this.#listingFiles = this.#files;
  }

  // The shape patched for `files`: the memo's files but the ones at `changed`, newly indexed (with every file
  // that refers to a name new to the shape: patchShape's referrersIn), file f being the memo's origin[f] when
  // files were added or gone. False (the memo untouched) when it cannot be patched.
  patch(files: readonly IndexedFile[], changed: readonly number[], origin?: Int32Array): boolean {
    const patched = this.#shape === undefined ? undefined : patchShape(this.#shape, files, changed, true, origin);
    if (patched === undefined) return false;
    this.#patched(files, changed, patched, origin);
    return true;
  }

  // `score`: the scores of a shape, given the last ones with file ranks for this focus (they may serve it).
  scored(files: readonly IndexedFile[], focus: MapFocus, score: (shape: GraphShape, focus: MapFocus, before?: Scored) => Scored | Float64Array): Scored {
    const changed = this.#shape === undefined ? undefined : changedFiles(this.#files, files);
    const patched = changed === undefined || changed.length === 0 ? undefined : patchShape(this.#shape!, files, changed);
    if (changed === undefined || (changed.length > 0 && patched === undefined)) {
      this.#shape = shapeOf(files);
      this.#scored = undefined;
      this.#drift = Infinity;
      this.#files = stampsOf(files);
    } else if (patched !== undefined) {
      this.#patched(files, changed!, patched);
    }
    const shape = this.#shape!;
    const focusKey = JSON.stringify([focus.paths, focus.names]);
    if (this.#scored === undefined || focusKey !== this.#focus) {
      const made = score(shape, focus, focusKey === this.#focus ? this.#ranked : undefined);
      this.#scored = made instanceof Float64Array ? { shape, scores: made } : made;
      this.#ranked = this.#scored.rank === undefined ? undefined : this.#scored;
      this.#focus = focusKey;
    }
    return this.#scored;
  }

  // `files` are the memo's (the same paths, the same stamps; file f the memo's origin[f] when given) but at `changed`.
  #patched(files: readonly IndexedFile[], changed: readonly number[], patched: { shape: GraphShape; referencesChanged: boolean }, origin?: Int32Array): void {
    let kept = 0;
    if (origin !== undefined) for (const old of origin) if (old >= 0) kept++;
    // Files changed or added, and the ones gone.
    this.#drift += changed.length + (origin === undefined ? 0 : this.#files.length - kept);
    this.#shape = patched.shape;
    this.#scored = patched.referencesChanged || this.#scored === undefined ? undefined : { ...this.#scored, shape: patched.shape };
    // Only what the next call compares (path and stamp): the entries themselves are not kept alive. The
    // unchanged files keep the memo's objects (a copy of each was 40 k objects per call on 20 k files).
    const memo = origin !== undefined ? Array.from(origin, (old, at) => (old < 0 ? files[at]! : this.#files[old]!)) : this.#files.length === files.length ? this.#files.slice() : stampsOf(files);
    for (const at of changed) memo[at] = { path: files[at]!.path, entry: { stamp: files[at]!.entry.stamp } };
    this.#files = memo;
  }
}

const stampsOf = (files: readonly IndexedFile[]): IndexedFile[] => files.map(({ path, entry }) => ({ path, entry: { stamp: entry.stamp } }));

// The files with the ones at `positions` copied down to their stamp, the others as they are.
function stampsAt(files: readonly IndexedFile[], positions: readonly number[]): IndexedFile[] {
  const kept = files.slice();
  for (const at of positions) kept[at] = { path: files[at]!.path, entry: { stamp: files[at]!.entry.stamp } };
  return kept;
}

// The positions of the files whose entry changed ([]: none); undefined when the paths are not the same.
export function changedFiles(before: readonly IndexedFile[], after: readonly IndexedFile[]): number[] | undefined {
  if (before.length !== after.length) return undefined;
  const changed: number[] = [];
  for (let at = 0; at < after.length; at++) {
    const [old, now] = [before[at]!, after[at]!];
    if (old === now) continue;
    if (old.path !== now.path) return undefined;
    if (old.entry.stamp !== now.entry.stamp) changed.push(at);
  }
  return changed;
}

// The first position in a sorted array holding a value >= `value`.
function lowerBound(sorted: Int32Array, value: number): number {
  let [low, high] = [0, sorted.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

interface FileRefs {
  readonly ids: number[];
  readonly self: number[];
}

// The shape for `files` made from `shape` by patching the changed files. A changed file that no longer defines
// the same names in the same order, or files added or gone (`origin`: file f is the shape's origin[f], -1 for
// one it did not have, which is among `changed`), are patched by repo-map-renamed.ts when no name is new to the
// shape or when `referrersIn` (the caller put every file that may refer to a new name among `changed`:
// repo-map-referrers.ts); else undefined (then only a rebuild is right).
export function patchShape(shape: GraphShape, files: readonly IndexedFile[], changed: readonly number[], referrersIn = false, origin?: Int32Array): { shape: GraphShape; referencesChanged: boolean } | undefined {
  if (changed.length > PATCH_AT_MOST) return undefined;
  const renamed = (): { shape: GraphShape; referencesChanged: boolean } | undefined => (referrersIn || newNames(shape, files, changed).length === 0 ? { shape: patchNames(shape, files, changed, origin), referencesChanged: true } : undefined);
  if (origin !== undefined) return renamed();
  // The changed files' symbols laid over the shape's rows (a copy of every row would cost as much as a rebuild).
  const over = new Map<number, IndexedSymbol>();
  const selfRef = shape.selfRef.slice();
  const newRefs = new Map<number, FileRefs>();
  const ids = idsOf(shape, files, changed);
  for (const file of changed) {
    const from = lowerBound(shape.symbolFile, file);
    const to = lowerBound(shape.symbolFile, file + 1);
    const mapped = (files[file]!.entry.symbols ?? []).filter((symbol) => MAP_KINDS.has(symbol.kind));
    if (mapped.length !== to - from || mapped.some((symbol, at) => keyOf(symbol) !== keyAt(shape.symbols, from + at))) return renamed();
    const defined = new Set<number>();
    mapped.forEach((symbol: IndexedSymbol, at) => {
      over.set(from + at, symbol);
      defined.add(ids.get(keyOf(symbol))!);
    });
    const refs: FileRefs = { ids: [], self: [] };
    const seen = new Set<number>();
    for (const name of files[file]!.entry.references ?? []) {
      const id = ids.get(name);
      if (id === undefined || seen.has(id)) continue;
      seen.add(id);
      refs.ids.push(id);
      refs.self.push(defined.has(id) ? 1 : 0);
    }
    mapped.forEach((symbol, at) => {
      selfRef[shape.symbolPair[from + at]!] = seen.has(ids.get(keyOf(symbol))!) ? 1 : 0;
    });
    const [start, end] = [shape.refStart[file]!, shape.refStart[file + 1]!];
    const same = refs.ids.length === end - start && refs.ids.every((id, at) => shape.refIds[start + at] === id);
    if (!same) newRefs.set(file, refs);
  }
  const symbols = shape.symbols.with(over);
  // The names referred to that no file defines change no edge: the hashes only (no scores ranked again).
  const hashes = patchHashes(shape, files, changed);
  if (newRefs.size === 0) return { shape: { ...shape, symbols, selfRef, ...hashes }, referencesChanged: false };
  return { shape: { ...shape, symbols, selfRef, ...hashes, ...spliceRefs(shape, newRefs) }, referencesChanged: true };
}

// The per-file reference arrays with the given files' lists put in place of theirs.
function spliceRefs(shape: GraphShape, newRefs: ReadonlyMap<number, FileRefs>): Pick<GraphShape, 'refStart' | 'refIds' | 'refSelf'> {
  const count = shape.refStart.length - 1;
  let total = shape.refIds.length;
  for (const [file, refs] of newRefs) total += refs.ids.length - (shape.refStart[file + 1]! - shape.refStart[file]!);
  const refStart = new Int32Array(count + 1);
  const refIds = new Int32Array(total);
  const refSelf = new Uint8Array(total);
  let write = 0;
  for (let file = 0; file < count; file++) {
    const refs = newRefs.get(file);
    if (refs === undefined) {
      const [start, end] = [shape.refStart[file]!, shape.refStart[file + 1]!];
      refIds.set(shape.refIds.subarray(start, end), write);
      refSelf.set(shape.refSelf.subarray(start, end), write);
      write += end - start;
    } else {
      refIds.set(refs.ids, write);
      refSelf.set(refs.self, write);
      write += refs.ids.length;
    }
    refStart[file + 1] = write;
  }
  return { refStart, refIds, refSelf };
}
