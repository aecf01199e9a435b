// What an installed package's own files make node load OUT of the package folder (issue 26, nodereach2 left 3-4;
// resolve.md left 4-5). The package folder is obeyed whole, but node loads files by their real path and
// resolves a relative name from there: `require("../../tools/y")` in node_modules/x/index.js loads tools/y.js,
// and a symlink inside the folder (`node_modules/x/dist -> ../../tools`) makes `dist/index.js` tools/index.js.
// So the files node loads by the package's name are read, the way the hook walk reads a work-tree script
// (hook-scripts.ts: static relative imports, transitively, every spelling node tries): the `main` (or index),
// each literal `exports` target, and what they import, each placed at its real path. A name leaving the folder
// is returned (every spelling, present or not, and its folder's `main`); one out of the work tree, or a package
// whose files pass the budget, is `unknown` (the caller fails closed). Not followed: names a package builds at
// run time (a package's own code is full of them; see the report), `exports` patterns (`./*`).
import { readdirSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { resolveLoose } from './home-links.js';
import { inside } from './hook-spelling.js';
import type { Read } from './hook-tasks.js';
import { NODE_SCRIPT, STATIC } from './hook-scripts.js';
import { mainTargets, pathSpellings } from './node-resolve.js';

// Files of one package read at most (a real entry graph: vitest's ~30, eslint's lib ~200).
export const MAX_PACKAGE_FILES = 400;

export interface PackageReach {
  // Absolute paths out of the package folder node may load (present or not).
  readonly files: string[];
  readonly unknown?: string;
}

// Type declarations (an `exports` "types" target): TypeScript reads them, node never runs them.
const TYPES = /\.d\.[cm]?ts$/;

const leaves = (value: unknown): unknown[] => (typeof value === 'object' && value !== null ? Object.values(value).flatMap(leaves) : [value]);

// The names node loads the package by: its main (or index), every literal `exports` and `imports` target; `outside`: a
// main out of `top` (node-resolve.ts mainTargets).
function entries(folder: string, top: string, read: Read): { files: string[]; outside?: string } {
  let manifest: { exports?: unknown; imports?: unknown } | null = null;
  try {
    manifest = JSON.parse(read(join(folder, 'package.json')) ?? 'null') as { exports?: unknown; imports?: unknown } | null;
  } catch {
    // not JSON: node refuses the package
  }
  // `imports` targets too: its files load them as `#name` (a bare target is a dependency: hook-packages.ts).
  const exported = [...leaves(manifest?.exports), ...leaves(manifest?.imports)].filter((one): one is string => typeof one === 'string' && one.startsWith('./') && !one.includes('*'));
  const main = mainTargets(folder, read, top);
  return { ...main, files: [...main.files, ...pathSpellings(join(folder, 'index')), ...exported.map((one) => join(folder, one))] };
}

// `folder`: the package's real folder; `top`: the work tree.
export function packageReach(folder: string, top: string, read: Read, isFile: (path: string) => boolean): PackageReach {
  const real = new Map<string, string>();
  // Where `path` really is: its folder resolved as the kernel opens it (a link on the way, a missing tail kept).
  const place = (path: string): string => {
    const dir = dirname(path);
    let at = real.get(dir);
    if (at === undefined) real.set(dir, (at = resolveLoose(dir) ?? dir));
    return join(at, basename(path));
  };
  const named = inside(top, folder) ? relative(top, folder) : folder;
  // Most spellings tried are not there: one listing per folder answers them.
  const listings = new Map<string, Set<string>>();
  const listed = (path: string): boolean => {
    const dir = dirname(path);
    let names = listings.get(dir);
    if (names === undefined) {
      try {
        names = new Set(readdirSync(dir));
      } catch {
        names = new Set();
      }
      listings.set(dir, names);
    }
    return names.has(basename(path));
  };
  const out = new Set<string>();
  const first = entries(folder, top, read);
  if (first.outside !== undefined) return { files: [], unknown: first.outside };
  const queue = first.files;
  const seen = new Set<string>();
  let readCount = 0;
  for (let i = 0; i < queue.length; i++) {
    const path = place(queue[i]!);
    if (seen.has(path)) continue;
    seen.add(path);
    if (!inside(folder, path)) {
      if (!inside(top, path)) return { files: [...out], unknown: `${named} loads ${path} (out of the work tree, not read)` };
      out.add(path);
      continue;
    }
    if (!NODE_SCRIPT.test(path) || TYPES.test(path) || !listed(path) || !isFile(path)) continue;
    if (++readCount > MAX_PACKAGE_FILES) return { files: [...out], unknown: `${named} loads more than ${MAX_PACKAGE_FILES} files (not all read)` };
    const text = read(path);
    if (text === undefined) return { files: [...out], unknown: `${path} (a file of the package ${named} codeward cannot read)` };
    for (const found of text.replace(/^\s*\/\/.*$/gm, '').matchAll(STATIC)) {
      const name = found[2]!;
      if (!name.startsWith('./') && !name.startsWith('../') && name !== '.' && name !== '..') continue;
      const target = resolve(dirname(path), name);
      const main: { files: string[]; outside?: string } = inside(folder, target) ? { files: [] } : mainTargets(target, read, top);
      if (main.outside !== undefined) return { files: [...out], unknown: main.outside };
      queue.push(...pathSpellings(target), ...main.files);
    }
  }
  return { files: [...out] };
}
