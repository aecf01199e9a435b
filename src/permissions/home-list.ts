import { readdirSync } from 'node:fs';

// The names and kinds of a home folder's entries, for the home scans (home-links.ts, path-links.ts: red team
// R22b-1/6): one readdir with entry types (symlinks known without an lstat each), ~3x cheaper than the read jail's
// handle-by-handle listing (own-read-sync.ts listBeneath) over the thousands of folders a large home holds. Names
// only: no file is opened, no name is shown; a link found is resolved by lstat/readlink (home-links.ts
// resolveLoose). `folder` is a real path the scan found as a folder entry: swapped for a link since, the listing is
// of where it leads, which only adds links to resolve (the walk's bound still holds).

export type HomeEntryKind = 'folder' | 'link' | 'other';

export interface HomeListing {
  readonly entries: readonly { readonly name: string; readonly kind: HomeEntryKind }[];
  // More than `max` entries: the caller fails closed (the rest are not looked at).
  readonly over: boolean;
}

// The entries of `folder` (at most `max`); undefined when it is missing, not a folder or not readable.
export function listHome(folder: string, max: number): HomeListing | undefined {
  let found;
  try {
    found = readdirSync(folder, { withFileTypes: true });
  } catch {
    return undefined;
  }
  const entries = found.slice(0, max).map((entry) => ({ name: entry.name, kind: entry.isSymbolicLink() ? 'link' as const : entry.isDirectory() ? 'folder' as const : 'other' as const }));
  return { entries, over: found.length > max };
}
