// The packages an installed package loads by name (red team R15-7, issue 26): a hook's runner (node_modules/
// vitest, obeyed whole by hook-bins.ts) or a package its configuration imports (`@vitejs/plugin-react`) runs
// its dependencies' code too (node_modules/vite for vitest), which a sandboxed `npm install` or a file tool could
// rewrite. So every package its package.json lists (dependencies, optional and peer ones) is obeyed whole,
// where node finds it (the nearest node_modules from the package's real folder up to the top), transitively.
// Past MAX_PACKAGES the closure is not known: every node_modules folder the walk met is obeyed whole (fail
// closed; a real runner's closure is far below: vitest ~50 packages, eslint ~80).
import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inside } from './hook-spelling.js';
import { read, stats, type Walk } from './hook-walk.js';
import type { Aliases } from './ts-paths.js';
import { moduleTargets } from './node-resolve.js';
import { judgeKey, type Judge, type PackageReach } from './node-package-reach.js';
import { keptPackageReach } from './package-reach-kept.js';
import { readGitMetadataNoting } from '../git/config-read.js';
import { NODE_SCRIPT, nodeReach } from './hook-scripts.js';
import { obeyAddon } from './hook-native-loads.js';

const MAX_PACKAGES = 256;
const FIELDS = ['dependencies', 'optionalDependencies', 'peerDependencies'];

// Where node finds the package `name` when required in `from`, inside the top: `at`, the folder whose
// node_modules holds it (the top when none does), and its real folder. Every place looked at is a source of the
// walk, present or not (R15 modules 3): a package installed there later changes the closure, so a kept walk is
// not reused then (kept-across.ts stamps a missing path as missing).
function installedAt(walk: Walk, name: string, from: string): { at: string; real?: string } {
  const top = walk.top;
  for (let folder = from; inside(top, folder); folder = dirname(folder)) {
    const candidate = join(folder, 'node_modules', name);
    walk.sources.push(join(candidate, 'package.json'));
    if (stats(join(candidate, 'package.json'))?.file === true) {
      try {
        const real = realpathSync(candidate);
        return inside(top, real) ? { at: folder, real } : { at: folder };
      } catch {
        return { at: folder };
      }
    }
    if (folder === top) break;
  }
  return { at: top };
}

// The names a manifest makes the package load by name: its dependencies, and the packages its `imports`
// map a `#name` to (`"#db": "pg"`: node resolves pg from the package's folder).
function loadedNames(manifest: Record<string, unknown> | null): string[] {
  const names = FIELDS.flatMap((field) => {
    const deps = manifest?.[field];
    return typeof deps === 'object' && deps !== null ? Object.keys(deps) : [];
  });
  const leaves = (value: unknown): unknown[] => (typeof value === 'object' && value !== null ? Object.values(value).flatMap(leaves) : [value]);
  for (const target of leaves(manifest?.['imports'])) if (typeof target === 'string' && !target.startsWith('./') && !target.startsWith('#')) names.push(target.split('/').slice(0, target.startsWith('@') ? 2 : 1).join('/'));
  return names;
}

// Obeys the package folders `folders` (absolute) whole, what they load by name, transitively, and the file
// their package.json `main` names when it lies outside the folder (red team R17-3: `"main": "../../tools/x.js"`),
// with what that file imports; a `main` outside the work tree fails closed. `strict`: the packages are loaded
// before the project's code (a preload of NODE_OPTIONS/-r/--import/.npmrc node-options) and so is their closure:
// each file is judged by default deny (node-package-strict.ts, red team R22-1/2/3). A program a hook runs (vite,
// eslint) is not: its rows protect the configurations it loads. A preload with its own row (node-package-preloads.ts)
// is judged by default deny passing over what its real package does, its dependencies as a program's (a preload's
// dependencies by default deny too).
export function obeyPackages(walk: Walk, folders: readonly string[], strict: Judge = false): void {
  const scripts: string[] = [];
  closure(walk, folders, scripts, strict);
  for (const script of scripts) {
    const unknown = obeyNodeScript(walk, script);
    if (unknown !== undefined) walk.unmodeled ??= unknown;
  }
}

function closure(walk: Walk, folders: readonly string[], scripts: string[], strict: Judge): void {
  const seen = new Set<string>();
  const queue = [...folders];
  for (let at = 0; at < queue.length; at++) {
    const folder = queue[at]!;
    if (seen.has(folder)) continue;
    if (seen.size >= MAX_PACKAGES) {
      for (const met of seen) {
        const outer = met.slice(0, met.indexOf('/node_modules/') + '/node_modules'.length);
        if (met.includes('/node_modules/')) walk.files.add(outer);
      }
      return;
    }
    seen.add(folder);
    walk.files.add(folder);
    let manifest: Record<string, unknown> | null;
    try {
      manifest = JSON.parse(read(walk, join(folder, 'package.json')) ?? 'null') as Record<string, unknown> | null;
    } catch {
      continue;
    }
    // What its own files load out of it (its `main` wherever it points, a relative name or a link leaving it).
    const own = reachOf(walk, realFolder(folder), at < folders.length || typeof strict !== 'object' ? strict : { ...strict, strict: false });
    if (own.unknown !== undefined) walk.unmodeled ??= own.unknown;
    for (const file of own.files) {
      walk.files.add(file);
      if (NODE_SCRIPT.test(file) && stats(file)?.file === true) scripts.push(file);
      if (file.endsWith('.node') && stats(file)?.file === true) obeyAddon(walk, file);
    }
    // Its native addons: what their dynamic sections make the loader open (R23-9).
    for (const addon of own.natives ?? []) obeyAddon(walk, addon);
    for (const name of new Set([...loadedNames(manifest), ...(own.bare ?? [])])) {
      // Every file or folder node tries for the name before and where it finds it (node_modules/<dep>.js
      // before the folder, nearer places first), present or not: an install at a nearer place later is
      // obeyed already; farther places are not reached while the nearer package stays.
      const found = installedAt(walk, name, folder);
      for (const path of moduleTargets(name, folder, found.at)) walk.files.add(path);
      queue.push(found.real ?? join(walk.top, 'node_modules', name));
    }
  }
}

// A package's file, noted as a source of the walk: installed code is often larger than a work-tree file
// (bundles), so it has its own bound (node-package-reach.ts fails closed on a file it cannot read; one past the
// bound, a FIFO or a link loop makes the walk's answer unknown too: bounds23).
const PACKAGE_BYTES = 16 * 1024 * 1024;
function readPackageFile(walk: Walk, path: string, onUnread: (why: string) => void): string | undefined {
  const texts = walk.packages.texts;
  if (texts.has(path)) return texts.get(path);
  walk.sources.push(path);
  const text = readGitMetadataNoting(path, PACKAGE_BYTES, (why) => {
    walk.unmodeled ??= why;
    onUnread(why);
  });
  texts.set(path, text);
  return text;
}

// Each package's own reach, once per walk (a walk obeys overlapping closures: a runner, then its configuration's),
// kept across walks while its sources keep their stamps (package-reach-kept.ts).
function reachOf(walk: Walk, folder: string, strict: Judge): PackageReach {
  const reaches = walk.packages.reaches;
  const key = `${folder}${judgeKey(strict)}`;
  let reach = reaches.get(key);
  if (reach === undefined) {
    // A package file it could not read makes its reach unknown, kept so (bounds23: a padded package.json is no "no main").
    let unread: string | undefined;
    const kept = keptPackageReach(folder, walk.top, (path) => readPackageFile(walk, path, (why) => void (unread ??= why)), (path) => stats(path)?.file === true, walk.kept, () => unread, strict);
    // What it depends on, the walk depends on (read now or kept: a package file changed makes the walk's answer stale).
    walk.sources.push(...kept.sources);
    reaches.set(key, (reach = kept.reach));
  }
  return reach;
}

const realFolder = (folder: string): string => {
  try {
    return realpathSync(folder);
  } catch {
    return folder;
  }
};

// Obeys what the node script `script` (absolute) loads (hook-scripts.ts nodeReach): its files, and the packages
// its bare names name with what those load. Returns why the rest is not known, if it is not. Each script once per
// walk (walk.packages.followed: a package's `main` script importing the package again would loop).
export function obeyNodeScript(walk: Walk, script: string, aliases?: Aliases): string | undefined {
  const followed = walk.packages.followed;
  const key = aliases === undefined ? script : `${script}\u0000${aliases.key}`;
  if (followed.has(key)) return undefined;
  followed.add(key);
  const reach = nodeReach(script, walk.top, (path) => read(walk, path), (path) => stats(path)?.file === true, aliases);
  for (const file of reach.files) walk.files.add(file);
  for (const glob of reach.globs) walk.globs.add(glob);
  obeyPackages(walk, reach.packages);
  return reach.unknown;
}
