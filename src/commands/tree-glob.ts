// `tree --glob`: loaded only with a glob.
import ignore from 'ignore';
import type { TreeEntry } from './tree-walk.js';

// Keeps the files the glob matches (relative to the walk's start) and the folders that lead to them.
export function applyGlob(entries: readonly TreeEntry[], glob: string, startRel: string, maxEntries: number): { entries: TreeEntry[]; truncated: boolean } {
  const filter = ignore().add(glob);
  const offset = startRel === '' ? 0 : startRel.length + 1;
  const keep = new Set<string>();
  for (const entry of entries) {
    if (entry.type === 'dir' || !filter.ignores(entry.path.slice(offset))) continue;
    keep.add(entry.path);
    for (let cut = entry.path.lastIndexOf('/'); cut >= offset; cut = entry.path.lastIndexOf('/', cut - 1)) {
      keep.add(entry.path.slice(0, cut));
    }
  }
  const kept = entries.filter((entry) => keep.has(entry.path));
  return { entries: kept.slice(0, maxEntries), truncated: kept.length > maxEntries };
}
