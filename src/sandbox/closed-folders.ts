import { join } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { closedMode, readFolder } from './folder-log.js';

// The closed walk as root (etc-view.ts Beyond, red team R37-a4) one folder at a time: each folder's entries the walk
// acts on, read afresh by every run. Not kept between runs (perf42): a kept folder had to be looked at again entry by
// entry (a chmod changes no folder's time, red team R39-a5), so keeping it saved nothing measurable (a jailed
// `exec true` as root: 330 ms of CPU kept, 327 ms read afresh, 15 rounds interleaved) and was one more staleness class.

// An entry the walk acts on, by its position in the listing (the budget counts every entry in order): 'D' a folder
// others cannot enter, 'F' a file others cannot read, 'd' a folder others can enter. Open files and links: counted only.
export type ClosedEntry = [name: string, code: 'D' | 'F' | 'd', index: number];

export interface ClosedFolder {
  // Others cannot enter it (its own mode when read).
  readonly closed: boolean;
  readonly count: number;
  readonly entries: readonly ClosedEntry[];
}

// The reader the jail hands to the walk (sandbox.ts: the module loads with the jail only).
export class ClosedFolders {
  // The folder as the walk needs it.
  read(dir: string): ClosedFolder {
    const stats = lstatQuiet(dir);
    const items = readFolder(dir, undefined);
    const entries: ClosedEntry[] = [];
    items.forEach((item, index) => {
      if (item.isSymbolicLink()) return;
      const mode = lstatQuiet(join(dir, item.name))?.mode;
      const folder = item.isDirectory();
      const closed = mode !== undefined && closedMode(Number(mode), folder);
      if (folder || closed) entries.push([item.name, folder ? (closed ? 'D' : 'd') : 'F', index]);
    });
    return { closed: stats !== undefined && closedMode(Number(stats.mode), true), count: items.length, entries };
  }
}
