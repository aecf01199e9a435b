import { lstatSync, type BigIntStats } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Workspace } from '../../workspace/workspace.js';
import type { UpperEntry } from './upper.js';

// A file or folder the person DELETES (or renames away) in the workspace while a staged command runs
// that the command changed (`sed -i` writes a new file over it), or only copied up (a chmod, an open for
// writing), is still in the upper folder while its workspace path is empty: applied naively it would be
// made again. Nothing in the upper folder tells it from a file the command created (the overlay's
// user.overlay.origin mark is missing on a file replaced by rename, as sed -i and every atomic writer do).
// What tells is the workspace: a path that is empty now in a folder that did NOT change while the command
// ran was empty when it started (a command's own writes never touch the workspace). In a folder that did
// change, the path may have been removed meanwhile; the workspace's top folder was listed before the run
// (OverlayLayout.rootNames), so there it is known; below it, it is a conflict: kept aside, never made.

// The entries the command wrote whose workspace path may have held something the person removed or
// renamed while the command ran.
export function removedMeanwhile(workspace: Workspace, since: bigint, entries: readonly UpperEntry[], rootNames?: ReadonlySet<string>): Set<string> {
  const changed = new Map<string, boolean>();
  const parentChanged = (parent: string): boolean => {
    let known = changed.get(parent);
    if (known === undefined) {
      known = statOf(workspace, parent === '.' ? workspace.root : join(workspace.root, parent), (stats) => stats.isDirectory() && stats.ctimeNs >= since) ?? false;
      changed.set(parent, known);
    }
    return known;
  };
  // Below a folder the command emptied and made again (opaque) the workspace's entries were hidden from
  // it: everything there is its own.
  const opaque = entries.filter((entry) => entry.kind === 'dir' && entry.opaque).map((entry) => `${entry.rel}/`);
  const maybe = (rel: string): boolean => {
    const parent = dirname(rel);
    if (opaque.some((folder) => rel.startsWith(folder))) return false;
    // The folder first (one look per folder): in one that did not change (or is not there) nothing was removed.
    if (!parentChanged(parent) || statOf(workspace, join(workspace.root, rel), () => true)) return false;
    return parent !== '.' || rootNames === undefined || rootNames.has(rel);
  };
  return new Set(entries.filter((entry) => entry.kind !== 'whiteout' && entry.kind !== 'other' && maybe(entry.rel)).map((entry) => entry.rel));
}

// `probe` of the workspace entry at `real` (through the jail, never following a link); undefined when
// nothing is there.
function statOf<T>(workspace: Workspace, real: string, probe: (stats: BigIntStats) => T): T | undefined {
  try {
    // The top folder is the jail's own base (no parent to open it under).
    const stats = real === workspace.root ? lstatSync(real, { bigint: true }) : workspace.jail.atSync(real, (at) => lstatSync(at, { bigint: true, throwIfNoEntry: false }));
    return stats === undefined ? undefined : probe(stats);
  } catch {
    return undefined;
  }
}
