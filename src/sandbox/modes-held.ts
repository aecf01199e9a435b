import { closeSync, constants, fstatSync, lstatSync, openSync, type Stats } from 'node:fs';
import type { Candidate, Folder } from './modes-find.js';

// A folder's device and inode (the walk pins a folder to the one its parent listed).
export const idOf = (stats: Stats): string => `${stats.dev}:${stats.ino}`;

// A candidate of find's list (modes-find.ts) judged where it lies, never through a link (red team R39-a1, as the node
// walk in modes.ts): from its start folder (opened without following a link, and the folder the walk began with:
// `start.id`), each folder on its way is opened through the one above it (/proc/self/fd/N/name, O_DIRECTORY|O_NOFOLLOW),
// so a folder a run still going swaps for a symlink after find listed it is not followed; the entry is judged as
// /proc/self/fd/N/name by `judge`. Candidates are sorted, so the folders they share are opened once; all are closed.
// Returns the deep folders (with the id each was found with, for modes-deep.ts) and a warning per folder left unchecked.
export async function judgeHeld(found: readonly Candidate[], judge: (held: string, entry: Candidate) => Promise<void>): Promise<{ deep: Folder[]; warnings: string[] }> {
  const sorted = [...found].sort((a, b) => order(a.start.path, b.start.path) || order(a.sub, b.sub));
  const chain: { name: string; fd: number }[] = [];
  const deep: Folder[] = [];
  const warnings: string[] = [];
  const drop = (keep: number): void => {
    while (chain.length > keep) {
      const fd = chain.pop()!.fd;
      if (fd >= 0) closeSync(fd);
    }
  };
  try {
    for (const entry of sorted) {
      const parts = [entry.start.path, ...entry.sub.split('/')];
      const name = parts.pop()!;
      let same = 0;
      while (same < chain.length && same < parts.length && chain[same]!.name === parts[same]) same += 1;
      drop(same);
      for (let index = chain.length; index < parts.length; index += 1) {
        const above = chain[index - 1];
        const fd = index === 0 ? open(parts[0]!, entry.start.id) : above!.fd < 0 ? -1 : open(`/proc/self/fd/${above!.fd}/${parts[index]}`);
        if (fd === -2) warnings.push(`${[entry.start.rel, ...parts.slice(1, index + 1)].filter(Boolean).join('/') || '.'} changed while it was checked (a run still going?): what the run left in it was not checked; check it`);
        chain.push({ name: parts[index]!, fd: Math.max(fd, -1) });
      }
      const parent = chain[chain.length - 1]!.fd;
      if (parent < 0) continue;
      const held = `/proc/self/fd/${parent}/${name}`;
      if (!entry.deep) await judge(held, entry);
      else {
        const stats = lstatSync(held, { throwIfNoEntry: false });
        if (stats?.isDirectory()) deep.push({ path: entry.path, rel: entry.rel, id: idOf(stats) });
      }
    }
  } finally {
    drop(0);
  }
  return { deep, warnings };
}

const order = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

// A folder's descriptor (no link followed; `id`: it must be that folder); -1 when it is gone, -2 when it is now
// something else (a link, a file, another folder).
function open(path: string, id?: string): number {
  let fd: number;
  try {
    fd = openSync(path, constants.O_DIRECTORY | constants.O_NOFOLLOW);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? -1 : -2;
  }
  if (id === undefined || idOf(fstatSync(fd)) === id) return fd;
  closeSync(fd);
  return -2;
}
