// The one way the hook walk lists a folder (review finding of round 11): a folder whose real path leaves the
// work tree (a symlinked folder, or one below it) is not listed, so nothing outside the workspace decides
// what is obeyed, and a link to `/` cannot make the walk read the machine. Entries come with their types
// (a symlinked subfolder is a link, never a folder: walks do not enter it).
import { readdirSync, realpathSync, type Dirent } from 'node:fs';
import { join, relative } from 'node:path';
import { isInside } from '../workspace/contains.js';

const real = (path: string): string | undefined => {
  try {
    return realpathSync.native(path);
  } catch {
    return undefined;
  }
};

// The entries of a folder already known to be inside the work tree as the kernel opens it (a walk's child:
// the real path of its parent joined with a name listed as a folder, never a link); [] when unreadable.
export function listReal(folder: string): Dirent[] {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
}

// The tops a walk may list below, as the kernel opens them (computed once per walk).
export const realTops = (tops: readonly string[]): string[] => tops.map((top) => real(top) ?? top);

// The entries of `folder` when it lies inside one of `tops` (from realTops: the work tree, the hook folders)
// as the kernel opens it; [] otherwise or unreadable.
export function listInside(tops: readonly string[], folder: string): Dirent[] {
  const inner = real(folder);
  return inner === undefined || !tops.some((top) => isInside(top, inner)) ? [] : listReal(inner);
}

// A bounded breadth-first walk of the work tree `top` that enters no symlinked folder (nor one `enter` refuses):
// the files whose `/`-separated relative path `matches`, in walk order, and every folder listed (the cache's sources).
// A bound is never silent (red team R18-20, R19-9): when one (entries, files, depth) leaves part of the tree unlisted,
// `onCut` is called with why, and `cut` is true; every caller must say what a cut means for it (most fail closed).
export function findInTree(
  top: string,
  matches: (rel: string) => boolean,
  enter: (name: string) => boolean,
  limits: { depth: number; entries: number; files: number },
  onCut: (why: string) => void,
): { found: string[]; looked: string[]; cut: boolean } {
  const found: string[] = [];
  const looked: string[] = [];
  const queue = [{ dir: top, real: realTops([top])[0]!, depth: 0 }];
  let budget = limits.entries;
  let cut = false;
  let at = 0;
  for (; at < queue.length && budget > 0 && found.length < limits.files; at++) {
    const { dir, real, depth } = queue[at]!;
    looked.push(dir);
    const entries = listReal(real);
    budget -= entries.length;
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (matches(relative(top, path).split('\\').join('/'))) {
        if (found.length < limits.files) found.push(path);
        else cut = true;
      }
      if (!entry.isDirectory() || !enter(entry.name)) continue;
      if (depth < limits.depth) queue.push({ dir: path, real: join(real, entry.name), depth: depth + 1 });
      else cut = true;
    }
  }
  cut ||= at < queue.length;
  if (cut) onCut(`the tree is larger than codeward lists (${limits.entries} entries, ${limits.files} matching files, depth ${limits.depth})`);
  return { found, looked, cut };
}
