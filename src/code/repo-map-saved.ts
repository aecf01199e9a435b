// The repo map's graph saved in the index's folder of the state folder (never in the project), so a new
// process (each CLI call is one) asked a new question does not load every index entry and rebuild the
// graph: it loads the graph, compares the listing's stamps with the ones the graph was made for, indexes
// only the files that changed or were added (from the index's cache when it has them) and patches them in,
// and the files gone out (patchShape). Too many files changed, added or gone (PATCH_AT_MOST, with the files
// that refer to a name new to the graph): the usual way (every entry, the graph built), then saved.
// The file is written to a temp name and renamed; one that does not decode is no graph.
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { IndexedFile, IndexResult } from './index/code-index.js';
import { indexDir } from './index/store.js';
import { decodeGraph, encodeGraph, type SavedGraph } from './repo-map-saved-format.js';
import { PATCH_AT_MOST, patchShape, type GraphMemo, type KeptListing } from './repo-map-memo.js';
import type { GraphShape } from './repo-map-graph.js';
import { newNames } from './repo-map-renamed.js';
import { referrersOf } from './repo-map-referrers.js';
import { listingDiff, mergeFiles, newPositions } from './repo-map-listing-diff.js';
import type { KeptStamps } from './index/kept-stamps.js';

// A shape that differs by this many files from the saved one is saved again (a rebuilt one always is):
// below it, the next process patches the same few files from the index's cache, cheaper than a write.
const SAVE_FROM = 32;

const graphPath = (stateDir: string): string => join(indexDir(stateDir), 'repo-map-graph.bin');

export async function loadGraph(stateDir: string): Promise<SavedGraph | undefined> {
  return readFile(graphPath(stateDir)).then(decodeGraph, () => undefined);
}

// The saved graph, read once by a call whose listing stamps start empty (a new process): its stamps and their
// numbers seed them (kept-stamps.ts), and fromSavedGraph patches it.
export async function seedStamps(kept: KeptStamps, stateDir: string): Promise<SavedGraph | undefined> {
  const saved = await loadGraph(stateDir);
  if (saved?.numbers !== undefined) kept.seed(saved.listing, saved.numbers, saved.stamps);
  return saved;
}

// Saves the memo's shape for this listing when it drifted far enough from the saved one (best effort: a
// state folder that cannot be written only costs the next process the graph).
export async function saveGraph(stateDir: string, memo: GraphMemo, saved: Omit<SavedGraph, 'shape'>): Promise<void> {
  const kept = memo.toSave(SAVE_FROM);
  if (kept === undefined) return;
  try {
    const path = graphPath(stateDir);
    await mkdir(join(path, '..'), { recursive: true, mode: 0o700 });
    const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
    const file = await open(temp, 'w', 0o600);
    try {
      // Each part written whole, after the one before (a handle writes on from its position).
      for (const part of encodeGraph({ ...saved, ...kept })) await file.writeFile(part);
    } finally {
      await file.close();
    }
    await rename(temp, path);
    memo.saved();
  } catch {
    // Not saved: the next process builds the graph.
  }
}

type Index = (files: readonly string[], stamps: readonly string[]) => Promise<IndexResult>;

// The map's files for `listing` from a kept one: an entry holds only its stamp for a file that did not change,
// the changed and added ones are indexed (from the index's cache when it has them), and `positions` are theirs
// among the files; a file gone, or changed and now skipped, leaves them (`origin` says where each file was).
// Undefined when the kept listing cannot answer (a file without a stamp, too many files changed, added or gone).
// A changed file that defines a name the graph did not have: every file that may refer to it (the graph's own
// table of referred names: repo-map-referrers.ts) is indexed too (from the cache: it did not change) and
// patched in with the changed ones (patchShape's referrersIn).
async function patchedFiles(kept: KeptListing & { readonly shape: GraphShape }, listing: readonly string[], stamps: readonly (string | undefined)[], index: Index): Promise<Patched | undefined> {
  if (stamps.some((stamp) => stamp === undefined)) return undefined;
  // Where the listing changed (walked together: no map of the whole listing).
  const diff = listingDiff(kept.listing, kept.stamps, listing, stamps, PATCH_AT_MOST);
  if (diff === undefined) return undefined;
  if (diff.changedAt.length === 0 && diff.gone.length === 0) return { result: { files: [...kept.files], skipped: [...kept.skipped], parsed: 0, threads: 0 }, positions: [], changed: 0, origin: undefined };
  const changed = diff.changedAt.map((at) => listing[at]!);
  const fresh = await index(changed, diff.changedAt.map((at) => stamps[at]!));
  // A changed file that became skipped (or unreadable) leaves the graph, one that stopped being skipped joins it.
  const again = new Set([...changed, ...diff.gone]);
  const { files, origin, positions } = mergeFiles(kept.files, again, fresh.files);
  const added = newNames(kept.shape, files, positions);
  if (added.length > 0) {
    const to = newPositions(origin, kept.files.length);
    const inAlready = new Set(positions);
    const found = referrersOf(kept.shape, added).map((at) => to[at]!).filter((at) => at >= 0 && !inAlready.has(at));
    const more = found.length + positions.length > PATCH_AT_MOST ? undefined : await referringFiles(found, files, listing, stamps, index);
    if (more === undefined) return undefined;
    for (const [at, entry] of more) files[at] = { path: files[at]!.path, entry };
    positions.push(...more.keys());
    positions.sort((a, b) => a - b);
  }
  const skipped = [...kept.skipped.filter((each) => !again.has(each.path)), ...fresh.skipped].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { result: { files, skipped, parsed: fresh.parsed, threads: fresh.threads }, positions, changed: changed.length + diff.gone.length, origin };
}

// The map's files after a change, the positions among them of the files indexed again, how many files of the
// listing changed, were added or went, and where each file was among the kept ones (mergeFiles' origin).
interface Patched {
  readonly result: IndexResult;
  readonly positions: number[];
  readonly changed: number;
  readonly origin: Int32Array | undefined;
}

// The entries of the graph's files at `positions` (unchanged files: from the index's cache), by position.
async function referringFiles(positions: readonly number[], files: readonly IndexedFile[], listing: readonly string[], stamps: readonly (string | undefined)[], index: Index): Promise<Map<number, IndexedFile['entry']> | undefined> {
  const inGraph = new Map(positions.map((at) => [files[at]!.path, at]));
  if (inGraph.size === 0) return new Map();
  const listed: [string, number][] = [];
  for (let at = 0; at < listing.length && listed.length < inGraph.size; at++) if (inGraph.has(listing[at]!)) listed.push([listing[at]!, at]);
  const fresh = await index(listed.map(([path]) => path), listed.map(([, at]) => stamps[at]!));
  if (fresh.files.length !== inGraph.size) return undefined;
  return new Map(fresh.files.map((file) => [inGraph.get(file.path)!, file.entry]));
}

// Each file of the saved shape with the stamp its listing had. Both are sorted by path (the listing is, the
// index returns its files so): walked together, no map of the whole listing; a path the walk does not find
// (never written so) is looked up the slow way.
function savedFiles(saved: SavedGraph): IndexedFile[] {
  const { listing, stamps, shape } = saved;
  const files: IndexedFile[] = [];
  let at = 0;
  for (const path of shape.paths) {
    while (at < listing.length && listing[at] !== path) at++;
    if (at === listing.length) {
      const listed = new Map(listing.map((each, position) => [each, position]));
      return shape.paths.map((each) => ({ path: each, entry: { stamp: stamps[listed.get(each) ?? -1] ?? '' } }));
    }
    files.push({ path, entry: { stamp: stamps[at++]! } });
  }
  return files;
}

// The map's files from the saved graph (the memo adopts its shape, patched). Undefined when the saved graph
// cannot answer for this listing. `read`: the graph as this call read it already (seedStamps).
export async function fromSavedGraph(stateDir: string, listing: readonly string[], stamps: readonly (string | undefined)[], memo: GraphMemo, index: Index, read?: SavedGraph): Promise<IndexResult | undefined> {
  if (!memo.empty || stamps.some((stamp) => stamp === undefined)) return undefined;
  const saved = read ?? await loadGraph(stateDir);
  if (saved === undefined) return undefined;
  const { shape } = saved;
  const files = savedFiles(saved);
  const found = await patchedFiles({ ...saved, files }, listing, stamps, index);
  if (found === undefined) return undefined;
  const patched = found.positions.length === 0 && found.origin === undefined ? { shape, referencesChanged: false } : patchShape(shape, found.result.files, found.positions, true, found.origin);
  if (patched === undefined) return undefined;
  // The saved scores hold while no edge changed (a body edit, a comment): then this process ranks nothing; else
  // their file ranks may (a name added that no file refers to: repo-map-same-rank.ts).
  // Every file but the ones indexed again is savedFiles' (a stamp only).
  memo.adopt(found.result.files, patched.shape, found.changed, saved.scored, !patched.referencesChanged, shape, found.positions);
  return found.result;
}

// The map's files from the engine's memo (the files of its last call, patched in place): an engine asked
// again after a few files changed indexes only those, not every entry of the repository. Undefined when the
// memo cannot answer (nothing kept, another listing, a changed file that defines other names).
export async function fromMemo(listing: readonly string[], stamps: readonly (string | undefined)[], memo: GraphMemo, index: Index): Promise<IndexResult | undefined> {
  const kept = memo.kept();
  const found = kept === undefined ? undefined : await patchedFiles(kept, listing, stamps, index);
  if (found === undefined || ((found.positions.length > 0 || found.origin !== undefined) && !memo.patch(found.result.files, found.positions, found.origin))) return undefined;
  return found.result;
}
