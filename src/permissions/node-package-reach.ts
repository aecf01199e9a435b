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
import { isBuiltin } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveLoose } from './home-links.js';
import { inside } from './hook-spelling.js';
import type { Read } from './hook-tasks.js';
import { loadNames } from './node-load-names.js';
import { mainTargets, pathSpellings } from './node-resolve.js';
import { listBeneath } from '../workspace/own-read-sync.js';
import { computedLeaving } from './node-package-computed.js';
import { blocksOf } from './node-package-blocks.js';
import { strictLoads } from './node-package-strict.js';
import { addonsBelow, loadsAddons } from './package-addons.js';

// Files of one package read at most (a real entry graph: vitest's ~30, eslint's lib ~200, caniuse-lite's ~600 data
// modules that browserslist, so babel, loads).
export const MAX_PACKAGE_FILES = 1024;
// Entries of one folder listed at most (more: not all seen, so unknown).
const MAX_ENTRIES = 65_536;

// How a package's files are judged: as a program a hook runs (false: the scoped taint rule), by default deny (true:
// a preload and what it loads), or (a preload row's package and its dependencies: node-package-preloads.ts) either
// way passing over what the row knows its real packages do: `allowed` of a file (`<package name>/<path in it>`) and
// a finding.
export type Judge = boolean | { readonly row: string; readonly strict: boolean; readonly allowed: (file: string, why: string) => boolean };
// The text a judge adds to a kept reach's key.
export const judgeKey = (judge: Judge): string => (judge === true ? '\u0000strict' : judge === false ? '' : `\u0000row:${judge.row}:${judge.strict}`);
// The name of the package at `folder` (its path below the last node_modules, else its folder's name).
const packageName = (folder: string): string => (folder.includes('/node_modules/') ? folder.slice(folder.lastIndexOf('/node_modules/') + 14) : basename(folder));

export interface PackageReach {
  // Absolute paths out of the package folder node may load (present or not).
  readonly files: string[];
  // The native addons (`.node`) in the package folder node may load (real paths, present): each is a program whose
  // ELF dynamic section names what the loader opens (red team R23-9: hook-native-loads.ts obeyAddon).
  readonly natives?: string[];
  // The packages its files load by a literal bare name (`require("z")`), declared in its package.json or not: node
  // finds them all the same (red team R25-11), so the closure follows them.
  readonly bare?: string[];
  readonly unknown?: string;
}

// Type declarations (an `exports` "types" target): TypeScript reads them, node never runs them. JSON and native
// addons are not JavaScript (an addon is a program: `natives`); every other file node loads by a name is run as
// JavaScript (CJS runs an unknown extension as .js, red team R22-8), so it is read.
const NOT_RUN = /\.d\.[cm]?ts$|\.json$|\.node$/;
const ADDON = /\.node$/;

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
  // A main inside its own folder is the package's, wherever the folder is (a linked package out of the work tree).
  const own = mainTargets(folder, read, folder);
  const main = own.outside === undefined ? own : mainTargets(folder, read, top);
  return { ...main, files: [...main.files, ...pathSpellings(join(folder, 'index')), ...exported.map((one) => join(folder, one))] };
}

// A load name that is a path (relative, absolute, or a file: URL) as that path; undefined for a package name.
function localName(name: string): string | undefined {
  if (name.startsWith('./') || name.startsWith('../') || name === '.' || name === '..' || name.startsWith('/')) return name;
  if (!/^file:/i.test(name)) return undefined;
  try {
    return fileURLToPath(name);
  } catch {
    return name.replace(/^file:\/*/i, '/');
  }
}

// The package a bare load name names (`z/lib/x` -> z, `@s/z/x` -> @s/z); undefined for a built-in or a scheme.
function packageOf(name: string): string | undefined {
  if (/^[a-z][\w+.-]*:/i.test(name) || name.startsWith('#') || isBuiltin(name)) return undefined;
  const parts = name.split('/');
  const pkg = name.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return /^(?:@[\w.-]+\/)?[\w.-]+$/.test(pkg) && !isBuiltin(pkg) ? pkg : undefined;
}

// The entry `name` of the normal absolute folder `dir` (join() normalizes again: most of a walk's path work).
const child = (dir: string, name: string): string => (dir === '/' ? `/${name}` : `${dir}/${name}`);

// `folder`: the package's real folder; `top`: the work tree. `looked`: learns every folder listed or looked into
// on the way of a path resolved (with the files read and tested, what the answer depends on: package-reach-kept.ts).
// `strict`: the package is loaded before the project's code (a preload and what it loads): a file of it is free
// only when every load it could do is shown to stay in node_modules (node-package-strict.ts: default deny).
export function packageReach(folder: string, top: string, read: Read, isFile: (path: string) => boolean, looked?: Set<string>, strict: Judge = false): PackageReach {
  const under = (root: string, path: string): boolean => path === root || path.startsWith(`${root}/`);
  const named = inside(top, folder) ? relative(top, folder) : folder;
  const first = entries(folder, top, read);
  if (first.outside !== undefined) return { files: [], unknown: first.outside };
  // A package whose real folder is out of the work tree (a linked or shared node_modules) is the person's, not
  // the repository's: its files are not read (only a `main` into the work tree counts, as before).
  if (!inside(top, folder)) return { files: first.files.filter((one) => !inside(folder, one) && inside(top, one)) };
  // Most spellings tried share a few folders and are not there: each folder resolved and listed once.
  const dirs = new Map<string, string>();
  const listings = new Map<string, Map<string, boolean>>();
  // Why a folder could not be listed whole (a link swapped in on the way since it was resolved, too many entries).
  let unlisted: string | undefined;
  // A folder of the work tree by its real path, listed through the jail of the work tree (a name and whether it
  // is a link; no link followed on the way); one out of it is not read (a name landing there is unknown anyway).
  const listing = (dir: string): Map<string, boolean> => {
    let names = listings.get(dir);
    if (names === undefined) {
      looked?.add(dir);
      const listed = under(top, dir) ? listBeneath(top, dir, MAX_ENTRIES) : undefined;
      if (listed === 'link' || listed?.over === true) unlisted ??= `${dir} (a folder of the package ${named} codeward cannot list: ${listed === 'link' ? 'a symbolic link on its way' : `more than ${MAX_ENTRIES} entries`})`;
      names = new Map(listed === 'link' || listed === undefined ? [] : listed.entries.map((entry) => [entry.name, entry.kind === 'link']));
      listings.set(dir, names);
    }
    return names;
  };
  // Where a path really is: below the work tree (a real path) resolved from it, so only its folders are looked into.
  const realOf = (path: string): string | undefined => (under(top, path) ? resolveLoose(relative(top, path), top, looked) : resolveLoose(path, '/', looked));
  // A folder's real path, from its parent's listing (a folder that is not there is listed as empty, unread).
  const realDir = (dir: string): string => {
    let at = dirs.get(dir);
    if (at !== undefined) return at;
    if (dir === folder || !under(folder, dir)) at = realOf(dir) ?? dir;
    else {
      const parent = realDir(dirname(dir));
      const link = listing(parent).get(basename(dir));
      at = child(parent, basename(dir));
      if (link === true) at = realOf(at) ?? at;
      else if (link === undefined) listings.set(at, new Map());
    }
    dirs.set(dir, at);
    return at;
  };
  // Where node finds the spelling `path`: its real path (a link on the way, or the file itself a link), present or not.
  const place = (path: string): { real: string; present: boolean } => {
    const dir = realDir(dirname(path));
    const link = listing(dir).get(basename(path));
    const real = child(dir, basename(path));
    return { real: link === true ? (realOf(real) ?? real) : real, present: link !== undefined };
  };
  const out = new Set<string>();
  const natives = new Set<string>();
  const bare = new Set<string>();
  const seen = new Set<string>();
  const queue: string[] = [];
  // A spelling node may load: out of the folder it is returned (out of the work tree: why); a script in it is read.
  const consider = (path: string): string | undefined => {
    const { real, present } = place(path);
    if (!under(folder, real)) {
      if (!under(top, real)) return `${named} loads ${real} (out of the work tree, not read)`;
      out.add(real);
    } else if (present && ADDON.test(real) && isFile(real)) natives.add(real);
    else if (present && !NOT_RUN.test(real) && !seen.has(real)) {
      seen.add(real);
      queue.push(real);
    }
    return undefined;
  };
  // A file of it loading an addon by a computed name (a native loader, dlopen): every `.node` file of the folder.
  let loader: string | undefined;
  const done = (found?: string): PackageReach => {
    const unknown = found ?? (loader === undefined ? undefined : sweep(loader)) ?? unlisted;
    return { files: [...out], natives: [...natives], bare: [...bare], ...(unknown === undefined ? {} : { unknown }) };
  };
  const sweep = (by: string): string | undefined => {
    const addons = addonsBelow(folder, (dir) => {
      looked?.add(dir);
      return listBeneath(top, dir, MAX_ENTRIES);
    });
    if (addons.cut !== undefined) return `${relative(top, by)} loads a native addon by a computed name, and ${addons.cut}`;
    for (const file of addons.files) if (isFile(file)) natives.add(file);
    // A link: an addon where it really is (out of the package: obeyed too); a link to anything else leaving the
    // package may be a folder the loader looks in.
    for (const link of [...addons.links, ...addons.others]) {
      const real = realOf(link) ?? link;
      const addon = addons.links.includes(link);
      if (!under(addon ? top : folder, real)) return `${relative(top, by)} loads a native addon by a computed name, and ${relative(top, link)} is a symbolic link leaving ${addon ? 'the work tree' : 'its package'}`;
      if (addon && isFile(real)) natives.add(real);
      if (addon && !under(folder, real)) out.add(real);
    }
    return undefined;
  };
  for (const path of first.files) {
    const unknown = consider(path);
    if (unknown !== undefined) return done(unknown);
  }
  for (let i = 0; i < queue.length; i++) {
    const path = queue[i]!;
    if (!isFile(path)) continue;
    if (i >= MAX_PACKAGE_FILES) return done(`${named} loads more than ${MAX_PACKAGE_FILES} files (not all read)`);
    const text = read(path);
    if (text === undefined) return done(`${path} (a file of the package ${named} codeward cannot read)`);
    // Comments blanked by a scan that knows strings, templates (a `//` line inside one is text whose `${}` runs,
    // R22-9) and regular expressions; a file that does not scan is read as it is.
    const blocks = blocksOf(text);
    const allowed = typeof strict === 'object' ? (why: string): boolean => strict.allowed(`${packageName(folder)}/${relative(folder, path)}`, why) : undefined;
    const strictly = strict === true || (typeof strict === 'object' && strict.strict) ? strictLoads(text, blocks, allowed) : undefined;
    if (strictly !== undefined) return done(`${relative(top, path)}:${strictly}`);
    const code = blocks.stripped;
    if (loader === undefined && loadsAddons(code)) loader = path;
    // A name computed to leave the package (`require(path.join(__dirname, "../../tools/y"))`, red team R19-13):
    // not read, so the reach is unknown. Other computed names (plugins by name) stay unread, as node's own are.
    const leaving = computedLeaving(code, dirname(path), folder, blocks);
    if (leaving !== undefined && allowed?.(`a computed load: ${leaving}`) !== true) return done(`${relative(top, path)} loads a computed path leaving its package (\`${leaving}\`)`);
    for (const name of loadNames(code)) {
      // A package name with a `..` segment (`x/../../tools/y`): node joins it onto a node_modules folder, so it can
      // climb out into the work tree (red team R23-2). Not followed: the reach is unknown.
      if (!name.startsWith('.') && /(?:^|\/)\.\.(?:\/|$)/.test(name)) return done(`${relative(top, path)} loads \`${name}\`, a package name that climbs out of node_modules`);
      // `data:` code is not read; `/abs/ws/tools/y` and `file:///abs/ws/tools/y.js` load that file (R25-2).
      if (/^data:/i.test(name)) return done(`${relative(top, path)} loads \`${name.slice(0, 40)}\` (code in a data: URL, not read)`);
      const local = localName(name);
      if (local === undefined) {
        const pkg = packageOf(name);
        if (pkg !== undefined) bare.add(pkg);
        continue;
      }
      const target = resolve(dirname(path), local);
      // A folder's package.json `main` (a sub-folder of the package too, R22-8), wherever it points.
      const main: { files: string[]; outside?: string } = under(folder, target) && !place(join(target, 'package.json')).present ? { files: [] } : mainTargets(target, read, top);
      if (main.outside !== undefined) return done(main.outside);
      for (const spelling of [...pathSpellings(target), ...main.files]) {
        const unknown = consider(spelling);
        if (unknown !== undefined) return done(unknown);
      }
    }
  }
  return done();
}
