// The repo map's graph saved in the index's folder of the state folder (never in the project), so a new
// process (each CLI call is one) asked a new question does not load every index entry and rebuild the
// graph: it loads the graph, compares the listing's stamps with the ones the graph was made for, indexes
// only the files that changed (from the index's cache when it has them) and patches them in (patchShape).
// A listing with other paths, a file that became skipped or stopped being skipped, a changed file that
// defines other names, too many changed files: the usual way (every entry, the graph built), then saved.
// The file is written to a temp name and renamed; one that does not decode is no graph.
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { IndexedFile, IndexResult } from './index/code-index.js';
import { indexDir } from './index/store.js';
import { decodeGraph, encodeGraph, type SavedGraph } from './repo-map-saved-format.js';
import { PATCH_AT_MOST, patchShape, type GraphMemo } from './repo-map-memo.js';

// A shape that differs by this many files from the saved one is saved again (a rebuilt one always is):
// below it, the next process patches the same few files from the index's cache, cheaper than a write.
const SAVE_FROM = 32;

const graphPath = (stateDir: string): string => join(indexDir(stateDir), 'repo-map-graph.bin');

export async function loadGraph(stateDir: string): Promise<SavedGraph | undefined> {
  return readFile(graphPath(stateDir)).then(decodeGraph, () => undefined);
}

// Saves the memo's shape for this listing when it drifted far enough from the saved one (best effort: a
// state folder that cannot be written only costs the next process the graph).
export async function saveGraph(stateDir: string, memo: GraphMemo, saved: Omit<SavedGraph, 'shape'>): Promise<void> {
  const shape = memo.toSave(SAVE_FROM);
  if (shape === undefined) return;
  try {
    const path = graphPath(stateDir);
    await mkdir(join(path, '..'), { recursive: true, mode: 0o700 });
    const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
    const file = await open(temp, 'w', 0o600);
    try {
      // Each part written whole, after the one before (a handle writes on from its position).
      for (const part of encodeGraph({ ...saved, shape })) await file.writeFile(part);
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

// The map's files from the saved graph (the memo adopts its shape, patched): an entry holds only its stamp
// for a file that did not change. Undefined when the saved graph cannot answer for this listing.
export async function fromSavedGraph(stateDir: string, listing: readonly string[], stamps: readonly (string | undefined)[], memo: GraphMemo, index: Index): Promise<IndexResult | undefined> {
  if (!memo.empty || stamps.some((stamp) => stamp === undefined)) return undefined;
  const saved = await loadGraph(stateDir);
  if (saved === undefined || saved.listing.length !== listing.length || saved.listing.some((path, at) => path !== listing[at])) return undefined;
  const changed = listing.filter((_, at) => saved.stamps[at] !== stamps[at]);
  if (changed.length > PATCH_AT_MOST) return undefined;
  const { shape } = saved;
  const listed = new Map(listing.map((path, at) => [path, at]));
  const fileOf = new Map(shape.paths.map((path, at) => [path, at]));
  const files: IndexedFile[] = shape.paths.map((path) => ({ path, entry: { stamp: saved.stamps[listed.get(path) ?? -1] ?? '' } }));
  if (changed.length === 0) {
    memo.adopt(files, shape, 0);
    return { files, skipped: [...saved.skipped], parsed: 0, threads: 0 };
  }
  const fresh = await index(changed, changed.map((path) => stamps[listed.get(path)!]!));
  const indexed = new Map(fresh.files.map((file) => [file.path, file.entry]));
  if (changed.some((path) => fileOf.has(path) !== indexed.has(path))) return undefined;
  const positions = [...indexed.keys()].map((path) => fileOf.get(path)!).sort((a, b) => a - b);
  for (const at of positions) files[at] = { path: shape.paths[at]!, entry: indexed.get(shape.paths[at]!)! };
  const patched = positions.length === 0 ? { shape } : patchShape(shape, files, positions);
  if (patched === undefined) return undefined;
  memo.adopt(files, patched.shape, changed.length);
  const again = new Set(changed);
  const skipped = [...saved.skipped.filter((each) => !again.has(each.path)), ...fresh.skipped].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, skipped, parsed: fresh.parsed, threads: fresh.threads };
}
