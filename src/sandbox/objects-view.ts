// A read-only view of a repository's object store without its unreachable loose objects (red team R27-4,
// unreachable-objects.ts): past the bound of one mount per object, the sandbox sees `.git/objects` as a
// folder of codeward's state folder holding COPIES of the reachable loose objects only, with the real
// `pack` and `info` folders bound inside it (3 mounts whatever the count: bench/unreachable-objects.mjs).
// The user's object store is only ever read here (never written, moved or linked: git30 was reverted for
// moving objects); a copy is read through the read jail below the real common git folder (own-read-sync.ts:
// a regular file only, no link on the way or at the end, never blocking on a fifo: rev32), written under a
// temporary name and renamed, and the view is brought in line with the reachable set on each change of the
// repository (a copy no longer reachable-and-loose is removed). A linked `objects`, fan-out (`objects/ab`) or
// `pack` folder refuses the whole view (git never makes one; the view would copy or pack what it leads to, from
// outside the repository): git is hidden, saying why.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { nodeCrypto } from '../engine/lazy-crypto.js';
import { dirname, join } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { lstatBeneath, readBeneath } from '../workspace/own-read-sync.js';
import { hasFilteredPack, viewNames as names } from './objects-pack-view.js';

// A loose object is zlib data: larger than this, it is not copied (left out of the view, as if pruned).
const MAX_OBJECT = 1024 * 1024 * 1024;

// Where a repository's view lives under `folder` (one per object store, by its real path).
export function objectsViewOf(folder: string, objects: string): string {
  return join(folder, nodeCrypto().createHash('sha256').update(objects).digest('hex').slice(0, 24), 'objects');
}

// The bytes of a loose object file below the common git folder `common`, only when it is a regular file reached
// through no link (never a link's target, never a fifo).
function objectBytes(common: string, path: string): Buffer | undefined {
  const read = readBeneath(common, path, MAX_OBJECT);
  return typeof read === 'object' ? read.bytes : undefined;
}

// Why no view of `objects` (real path: `COMMON/objects`) is made: the folder itself, its `pack` or one of the
// fan-out folders the view copies from is a symbolic link (or lies under one).
export function linkedInStore(objects: string, folders: Iterable<string>): string | undefined {
  const common = dirname(objects);
  for (const name of ['', 'pack', ...folders]) {
    const path = name === '' ? objects : join(objects, name);
    const stats = lstatBeneath(common, path);
    if (stats === undefined ? lstatQuiet(path) === undefined : !stats.isSymbolicLink()) continue;
    return `${path} is a symbolic link (git never makes one): a read-only view of the objects would copy what it leads to, outside the repository, so git is hidden; replace the link with the folder it names`;
  }
  return undefined;
}

// Brings the view of `objects` (a real path) in line with `shown` (the reachable loose ids): copies what is
// missing, removes what is no longer shown. False when the view could not be made, why when it is refused (a
// linked folder in the store: linkedInStore); the caller hides git.
export function syncObjectsView(view: string, objects: string, shown: readonly string[]): boolean | string {
  try {
    const wanted = new Map<string, Set<string>>();
    for (const id of shown) {
      const folder = id.slice(0, 2);
      if (!wanted.has(folder)) wanted.set(folder, new Set());
      wanted.get(folder)!.add(id.slice(2));
    }
    const linked = linkedInStore(objects, wanted.keys());
    if (linked !== undefined) return linked;
    mkdirSync(view, { recursive: true, mode: 0o700 });
    // Mount points of the real folders bound inside the view.
    for (const name of ['pack', 'info']) mkdirSync(join(view, name), { recursive: true });
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
        const bytes = objectBytes(dirname(objects), join(objects, folder, name));
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
