// A read-only view of a repository's object store without its unreachable loose objects (red team R27-4,
// unreachable-objects.ts): past the bound of one mount per object, the sandbox sees `.git/objects` as a
// folder of codeward's state folder holding COPIES of the reachable loose objects only, with the real
// `pack` and `info` folders bound inside it (3 mounts whatever the count: bench/unreachable-objects.mjs).
// The user's object store is only ever read here (never written, moved or linked: git30 was reverted for
// moving objects); a copy is taken from a regular file only (O_NOFOLLOW | O_NONBLOCK: a planted link or fifo
// is not followed), written under a temporary name and renamed, and the view is brought in line with the
// reachable set on each change of the repository (a copy no longer reachable-and-loose is removed).
import { closeSync, constants, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { hasFilteredPack } from './objects-pack-view.js';

// Where a repository's view lives under `folder` (one per object store, by its real path).
export function objectsViewOf(folder: string, objects: string): string {
  return join(folder, createHash('sha256').update(objects).digest('hex').slice(0, 24), 'objects');
}

function names(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

// The bytes of a loose object file, only when it is a regular file (never a link's target, never a fifo).
function objectBytes(path: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    if (!fstatSync(fd).isFile()) return undefined;
    return readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

// Brings the view of `objects` (a real path) in line with `shown` (the reachable loose ids): copies what is
// missing, removes what is no longer shown. False when the view could not be made (the caller hides git).
export function syncObjectsView(view: string, objects: string, shown: readonly string[]): boolean {
  try {
    mkdirSync(view, { recursive: true, mode: 0o700 });
    // Mount points of the real folders bound inside the view.
    for (const name of ['pack', 'info']) mkdirSync(join(view, name), { recursive: true });
    const wanted = new Map<string, Set<string>>();
    for (const id of shown) {
      const folder = id.slice(0, 2);
      if (!wanted.has(folder)) wanted.set(folder, new Set());
      wanted.get(folder)!.add(id.slice(2));
    }
    for (const folder of names(view)) {
      if (folder === 'pack' || folder === 'info') continue;
      const keep = wanted.get(folder);
      if (!keep) rmSync(join(view, folder), { recursive: true, force: true });
      else for (const name of names(join(view, folder))) if (!keep.has(name)) rmSync(join(view, folder, name), { force: true });
    }
    for (const [folder, ids] of wanted) {
      mkdirSync(join(view, folder), { recursive: true });
      const present = new Set(names(join(view, folder)));
      for (const name of ids) {
        if (present.has(name)) continue;
        const bytes = objectBytes(join(objects, folder, name));
        // Gone since git listed it (pruned): nothing to show.
        if (!bytes) continue;
        const temporary = join(view, folder, `.${name}.${process.pid}.tmp`);
        writeFileSync(temporary, bytes, { mode: 0o444 });
        renameSync(temporary, join(view, folder, name));
      }
    }
    return true;
  } catch {
    return false;
  }
}

// The view's binds, in order (destination, source): the view over the real objects folder, then the real
// `pack` (unless a filtered pack stands for it) and `info` folders inside it (a missing one is left out).
export function objectsViewBinds(view: string, objects: string): [string, string][] {
  const binds: [string, string][] = [[objects, view]];
  // A filtered pack in the view's own pack folder (objects-pack-view.ts) stands for the real packs.
  for (const name of hasFilteredPack(view) ? ['info'] : ['pack', 'info']) if (lstatQuiet(join(objects, name))?.isDirectory()) binds.push([join(objects, name), join(objects, name)]);
  return binds;
}
