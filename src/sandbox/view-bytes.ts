import { bytePath, holdsBelow, listBytes } from './byte-names.js';

// The view's walks of shown folders (view.ts) list names as strings; a name that is not UTF-8 (issue 26, utf55) is
// read as `d\uFFFD`, which names nothing: what it holds was never matched, and no mount can name it either (bwrap's
// arguments are UTF-8). A shown folder is the person's (a toolchain), not renamed for a sandboxed run: when such an
// entry is, or holds, what `hidden` matches (its path relative to `base`, lossy), the folder `dir` holding it is
// hidden whole (fails closed). Only a folder read with a replacement character in a name pays for the listing.
export function unnamedHolds(dir: string, names: readonly string[], base: readonly string[], hidden: (rel: string) => boolean): boolean {
  if (!names.some((name) => name.includes('\uFFFD'))) return false;
  let entries;
  try {
    entries = listBytes(dir);
  } catch {
    return false;
  }
  const rel = (name: string): string => [...base, name].join('/');
  return entries.some((entry) => !entry.faithful && holdsBelow(bytePath(dir, entry.raw), rel(entry.name), (at) => hidden(at)));
}
