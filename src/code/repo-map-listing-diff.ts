// What changed between the listing a repo map's graph was made for and this call's: files whose stamp changed,
// files added, files gone (issue 30: a file the model created is patched into the graph, not a reason to
// rebuild it from every index entry). Both listings are sorted as Array.prototype.sort sorts strings (the
// index returns its files in that order too), so they are walked together: no map of 20 k paths.
import type { IndexedFile } from './index/code-index.js';

export interface ListingDiff {
  // Positions in the new listing of the files added or whose stamp changed.
  readonly changedAt: number[];
  // Paths of the old listing the new one does not have.
  readonly gone: string[];
}

// The difference, or undefined when more than `most` files differ or a listing is not sorted.
export function listingDiff(before: readonly string[], beforeStamps: readonly string[], after: readonly string[], afterStamps: readonly (string | undefined)[], most: number): ListingDiff | undefined {
  const changedAt: number[] = [];
  const gone: string[] = [];
  let [old, now] = [0, 0];
  while (old < before.length || now < after.length) {
    const [was, is] = [before[old], after[now]];
    if ((old > 0 && was !== undefined && before[old - 1]! >= was) || (now > 0 && is !== undefined && after[now - 1]! >= is)) return undefined;
    if (is === undefined || (was !== undefined && was < is)) {
      gone.push(was!);
      old++;
    } else if (was === undefined || is < was) {
      changedAt.push(now++);
    } else {
      if (beforeStamps[old++] !== afterStamps[now]) changedAt.push(now);
      now++;
    }
    if (changedAt.length + gone.length > most) return undefined;
  }
  return { changedAt, gone };
}

export interface MergedFiles {
  readonly files: IndexedFile[];
  // Per file: its position among the kept files (-1: one they did not have); undefined when every file is at
  // its kept position (the same paths in the same order).
  readonly origin: Int32Array | undefined;
  // The positions of the indexed files among `files`, ascending.
  readonly positions: number[];
}

// The graph's files after the change: the kept ones but those in `drop` (changed or gone), and the `indexed`
// ones (sorted by path, none of them kept but dropped), each in its place by path.
export function mergeFiles(kept: readonly IndexedFile[], drop: ReadonlySet<string>, indexed: readonly IndexedFile[]): MergedFiles {
  const files: IndexedFile[] = [];
  const from: number[] = [];
  const positions: number[] = [];
  let at = 0;
  const keepBefore = (path: string | undefined): void => {
    for (; at < kept.length && (path === undefined || kept[at]!.path < path); at++) {
      if (drop.has(kept[at]!.path)) continue;
      files.push(kept[at]!);
      from.push(at);
    }
  };
  for (const file of indexed) {
    keepBefore(file.path);
    positions.push(files.length);
    files.push(file);
    from.push(at < kept.length && kept[at]!.path === file.path ? at++ : -1);
  }
  keepBefore(undefined);
  const same = files.length === kept.length && from.every((old, position) => old === position);
  return { files, origin: same ? undefined : Int32Array.from(from), positions };
}

// Per kept file: its position among the merged files (-1: gone).
export function newPositions(origin: Int32Array | undefined, kept: number): Int32Array {
  const to = origin === undefined ? Int32Array.from({ length: kept }, (_, at) => at) : new Int32Array(kept).fill(-1);
  if (origin !== undefined) origin.forEach((old, at) => old >= 0 && (to[old] = at));
  return to;
}
