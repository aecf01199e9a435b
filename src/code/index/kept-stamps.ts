// The listing's stamps kept between an engine's calls, compactly: the sorted paths of the last call, and
// each one's device, inode, size and mtime as four numbers in one Float64Array beside the stamp string made
// from them. A call still takes one lstat per listed file (a changed content moves no folder's mtime), but a
// file whose four numbers did not change gets the very stamp string of the last call: no number is turned
// into text again and no new string is made (on 20 k files the stamp strings were ~25-35 ms of CPU and
// several MB of garbage per repo-map call; equal stamps are then one pointer comparison for the memo's patch).
// The answer is exactly quickStamp's for every path: a stamp is a function of those four numbers only (a
// number's text is exact), and the lstat is quickStats', quickStamp's own.
// A new process (each CLI call) starts from the stamps and numbers saved with the repo map's graph (seed): a file
// whose numbers are the saved ones gets the saved stamp string, so a call after one changed file formats one stamp,
// not 20 k (~30 ms of a one-changed-file CLI call on 20 k files, and as many strings of garbage).
import { quickStats } from './code-index.js';
import { stampOf } from './read-code.js';

export const STAMP_FIELDS = 4;
const FIELDS = STAMP_FIELDS;

// The stamps of a listing and their numbers (FIELDS per path, in the listing's order; a path without a stamp has zeros).
export interface TakenStamps {
  readonly stamps: (string | undefined)[];
  readonly numbers: Float64Array;
}

// How many stamp strings instances formatted (tests observe that a seeded one formats only the changed files').
export const stampCounter = { formatted: 0 };

export class KeptStamps {
  #paths: readonly string[] = [];
  #numbers: Float64Array<ArrayBufferLike> = new Float64Array(0);
  #stamps: readonly (string | undefined)[] = [];

  get empty(): boolean {
    return this.#paths.length === 0;
  }

  // An empty instance starts from `paths` (sorted) with their stamps and numbers, as take made them in an earlier
  // process (each stamp the one of its numbers: any other path or number is formatted again). Ignored when the
  // instance holds stamps already or the arrays do not fit.
  seed(paths: readonly string[], numbers: Float64Array, stamps: readonly (string | undefined)[]): void {
    if (!this.empty || numbers.length !== paths.length * FIELDS || stamps.length !== paths.length) return;
    [this.#paths, this.#numbers, this.#stamps] = [paths, numbers, stamps];
  }

  // quickStamp of each of `files` (sorted as Array.prototype.sort sorts strings, as the last call's were),
  // in their order; then keeps them for the next call.
  take(root: string, files: readonly string[]): (string | undefined)[] {
    return this.takeAll(root, files).stamps;
  }

  // take's stamps with their numbers (what a saved graph keeps for the next process's seed).
  takeAll(root: string, files: readonly string[]): TakenStamps {
    const [paths, numbers, stamps] = [this.#paths, this.#numbers, this.#stamps];
    const nextNumbers = new Float64Array(files.length * FIELDS);
    // Filled in order, every slot written (a hole would be skipped by some/every: a missing stamp unseen).
    const next: (string | undefined)[] = [];
    // Both listings are sorted the same way: walked together, a path added or gone shifts nothing else.
    let old = 0;
    for (let at = 0; at < files.length; at++) {
      const rel = files[at]!;
      while (old < paths.length && paths[old]! < rel) old++;
      const stats = quickStats(root, rel);
      if (stats === undefined) {
        next.push(undefined);
        continue;
      }
      const base = at * FIELDS;
      nextNumbers[base] = stats.dev;
      nextNumbers[base + 1] = stats.ino;
      nextNumbers[base + 2] = stats.size;
      nextNumbers[base + 3] = stats.mtimeMs;
      const was = old * FIELDS;
      const same = old < paths.length && paths[old] === rel && stamps[old] !== undefined && numbers[was] === stats.dev && numbers[was + 1] === stats.ino
        && numbers[was + 2] === stats.size && numbers[was + 3] === stats.mtimeMs;
      if (same) next.push(stamps[old]);
      else {
        stampCounter.formatted++;
        next.push(stampOf(stats));
      }
    }
    this.#paths = files;
    this.#numbers = nextNumbers;
    this.#stamps = next;
    return { stamps: next, numbers: nextNumbers };
  }
}
