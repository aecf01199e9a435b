// The one way the hook walk lists a folder (review finding of round 11): a folder whose real path leaves the
// work tree (a symlinked folder, or one below it) is not listed, so nothing outside the workspace decides
// what is obeyed, and a link to `/` cannot make the walk read the machine. Entries come with their types
// (a symlinked subfolder is a link, never a folder: walks do not enter it).
import { readdirSync, realpathSync, type Dirent } from 'node:fs';
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
