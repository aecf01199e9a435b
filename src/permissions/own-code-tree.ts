// codeward's dependency tree as node resolves it, and where each lookup WOULD land (red team R43-a6, R44-a1, R44-a2,
// R45-a1, R45-a4): the real folder of every package it loads, each link on the way to one, and at every place node's
// lookup tries up to the one it is found in, each file form require tries there (NAME, NAME.js, .json, .node, a
// registered extension: node_modules/NAME.js beside the folder NAME wins over it); a package created at such a place
// (an optional peer: ws -> bufferutil) is loaded by the next `codeward`. A "main" leaving its package and the packages
// "imports" targets name are loaded too.
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { byListing } from '../sandbox/paths.js';
import { fileForms, globalFolders } from './own-code-forms.js';
import { inside, resolveBelow, resolveLinks, type LinkCache, type Resolved } from './own-code-links.js';
import { loadedNames, packageJson, type PackageJson } from './own-code-package.js';

// How many packages the walk reads at most (codeward's own tree holds about 150).
const MAX_PACKAGES = 600;

// Every path of the tree of `own` (its real package folder), absolute. `areas`: where a relative NODE_PATH entry is
// taken from besides the cwd.
export function ownTree(own: string, areas: readonly string[] = []): string[] {
  const out = new Set<string>([own]);
  const walk: Walk = { out, cache: new Map(), globals: globalFolders(areas), own, forms: fileForms(), jsons: new Map(), parents: new Map(), absent: byListing(true, () => false) };
  keepMain(own, own, walk);
  const queue = [own];
  const seen = new Set<string>(queue);
  while (queue.length > 0 && seen.size < MAX_PACKAGES) {
    const folder = queue.shift()!;
    const json = jsonOf(folder, walk);
    // A package.json that cannot be read whole (too large, a FIFO): the node_modules folder holding it is taken whole.
    if (json === 'unread') {
      out.add(dirname(folder));
      continue;
    }
    for (const name of loadedNames(json)) {
      const found = lookup(folder, name, walk);
      if (found === undefined || seen.has(found)) continue;
      seen.add(found);
      out.add(found);
      queue.push(found);
    }
  }
  // Past the bound: the node_modules folders holding the packages not yet read, whole.
  for (const folder of queue) out.add(dirname(folder));
  return [...out];
}

interface Walk {
  readonly out: Set<string>;
  readonly cache: LinkCache;
  readonly globals: readonly string[];
  readonly own: string;
  readonly forms: readonly string[];
  readonly jsons: Map<string, PackageJson | 'unread' | undefined>;
  readonly parents: Map<string, Resolved>;
  // The name is not in its folder's listing (paths.ts byListing: one listing per folder, no syscall per name).
  readonly absent: (path: string) => boolean;
}

// node's lookup of `name` from the package at `from` (a real path): <folder>/node_modules/NAME for each folder up from
// it (a node_modules folder itself skipped), then require's global folders. At every place tried up to the hit each
// file form is kept (as it would land, through the links met), and the links to the hit; the hit's real folder is
// returned.
// `from`'s own node_modules lies in `from`, kept already (but for codeward's package: only its running code when it is
// the workspace).
function lookup(from: string, name: string, walk: Walk): string | undefined {
  for (let at = from; ; at = dirname(at)) {
    if (basename(at) !== 'node_modules') {
      const hit = tried(at, join('node_modules', name), walk, at !== from || from === walk.own);
      if (hit !== undefined) return hit;
    }
    if (at === dirname(at)) break;
  }
  for (const folder of walk.globals) {
    const hit = tried(sep, join(folder, name), walk, true);
    if (hit !== undefined) return hit;
  }
  return undefined;
}

// `rest` below `base` as node tries it: each file form (the place itself first), every link met kept; the place's real
// folder when a package stands there. The folder holding the forms (node_modules, node_modules/@scope) is resolved
// once per walk and listed once (a walk tries ~1,000 places, each in 4 forms: an lstat each cost a cold write ~15 ms).
function tried(base: string, rest: string, walk: Walk, keep: boolean): string | undefined {
  const key = `${base}\0${dirname(rest)}`;
  const parent = walk.parents.get(key) ?? resolveBelow(base, dirname(rest), walk.cache);
  walk.parents.set(key, parent);
  if (keep) for (const link of parent.links) walk.out.add(link);
  let hit: Resolved | undefined;
  const stem = `${parent.end === sep ? '' : parent.end}${sep}${basename(rest)}`;
  for (const form of walk.forms) {
    const path = `${stem}${form}`;
    const place = parent.present && !walk.absent(path) ? resolveBelow(parent.end, basename(path), walk.cache) : { links: [], end: path, present: false };
    if (keep) for (const link of place.links) walk.out.add(link);
    if (form === '' && place.present && existsSync(`${place.end}/package.json`)) hit = place;
    else if (keep) walk.out.add(place.end);
  }
  if (hit !== undefined) keepMain(hit.end, resolve(base, rest), walk);
  return hit?.end;
}

// A "main" leaving its package (node resolves it from the package's path as spelled, then opens it): the place it
// lands and each form require tries there (a folder's index.js lies below it).
function keepMain(real: string, spelled: string, walk: Walk): void {
  const json = jsonOf(real, walk);
  const main = typeof json === 'object' ? json.main : undefined;
  if (typeof main !== 'string' || main === '') return;
  const target = resolve(spelled, main);
  if (inside(target, spelled) && inside(resolveLinks(target, walk.cache).end, real)) return;
  for (const form of walk.forms) {
    const place = resolveLinks(`${target}${form}`, walk.cache);
    for (const link of place.links) walk.out.add(link);
    walk.out.add(place.end);
  }
}

function jsonOf(folder: string, walk: Walk): PackageJson | 'unread' | undefined {
  if (!walk.jsons.has(folder)) walk.jsons.set(folder, packageJson(folder));
  return walk.jsons.get(folder);
}
