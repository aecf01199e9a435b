// What `biome check|lint|format|ci` runs (issue 26, red team 18 F4). Biome's docs ("Configure Biome": biome.json or
// biome.jsonc in the working folder and its parents, `--config-path`, nested configurations in v2 with `extends:
// "//"`; "Linter Plugins": `plugins` names GritQL files its engine runs on the sources). It runs no JavaScript: the
// sources stay free. Every configuration of the tree is read (a bounded listing); its plug-ins and the
// configurations it extends by path are obeyed; a value that is not text, or a configuration that does not parse
// makes the line unmodelled. An `extends` naming a package (`"ultracite"`, `"@org/cfg/biome"`: friction19 Left 6)
// obeys the installed package whole (present or not, as node_modules may hold it later) and follows the
// configuration biome takes from it: the file its `exports` give the subpath, else the subpath itself or the
// package's biome.json(c). An installed package where none of those is found is unmodelled.
import { basename, dirname, join, resolve } from 'node:path';
import type { ToolchainArgs } from './hook-toolchains.js';
import { parseJsonc } from './hook-runner-config.js';
import { findInTree } from './hook-listing.js';
import { obeyNamed, upToTop } from './hook-runner-paths.js';
import { inside } from './hook-spelling.js';
import { read, stats, type Walk } from './hook-walk.js';
import { obeyPackages } from './hook-packages.js';
import { packageFolders } from './node-resolve.js';
import { exportsTargets } from './node-self-reference.js';

const NAMES = ['biome.json', 'biome.jsonc'];
const WALK = { depth: 8, entries: 20_000, files: 256 };
const SKIP = new Set(['node_modules', '.git', 'dist', '.venv', 'venv', 'target']);
const MAX_CHAIN = 4;

function follow(walk: Walk, path: string, depth: number): void {
  // Outside the work tree: not the work tree's to protect (nor read).
  if (!inside(walk.top, path)) return;
  walk.files.add(path);
  const text = read(walk, path);
  if (text === undefined) return;
  const where = `biome reads ${path.slice(walk.top.length + 1)}`;
  let data: Record<string, unknown>;
  try {
    data = (parseJsonc(text) ?? {}) as Record<string, unknown>;
  } catch {
    walk.unmodeled ??= `${where}: a configuration codeward cannot parse`;
    return;
  }
  const folder = dirname(path);
  for (const [key, value] of [['plugins', data['plugins']], ['extends', data['extends']]] as const) {
    if (value === undefined) continue;
    const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [value];
    for (const one of list) {
      if (typeof one !== 'string' || /[$`]/.test(one)) {
        walk.unmodeled ??= `${where}: \`${key}\` holds a value codeward cannot read`;
        continue;
      }
      if (key === 'plugins') obeyNamed(walk, one, [folder]);
      else if (one === '//') continue;
      else if (depth >= MAX_CHAIN) walk.unmodeled ??= `${where}: extends more than ${MAX_CHAIN} configurations deep`;
      else if (!/^\.{0,2}\//.test(one) && !/\.jsonc?$/.test(one)) extendPackage(walk, one, folder, where, depth);
      else follow(walk, resolve(folder, one), depth + 1);
    }
  }
}

// A configuration package `spec` extended from `folder`: every node_modules folder it may load from is obeyed whole,
// and the configuration it gives is followed (its plug-ins and extends may point outside the package).
function extendPackage(walk: Walk, spec: string, folder: string, where: string, depth: number): void {
  const folders = packageFolders(spec, folder, walk.top);
  if (folders.length === 0) return void (walk.unmodeled ??= `${where}: \`extends: ${spec}\` (neither a path nor a package name)`);
  obeyPackages(walk, folders);
  const sub = spec.slice((/^(?:@[^/]+\/)?[^/]+/.exec(spec)?.[0] ?? spec).length);
  for (const pkg of folders) {
    const text = read(walk, join(pkg, 'package.json'));
    if (text === undefined) continue;
    let exports: unknown;
    try {
      exports = (JSON.parse(text) as { exports?: unknown } | null)?.exports;
    } catch {
      exports = undefined;
    }
    const named = exports === undefined ? [] : exportsTargets(exports, `.${sub}`).targets;
    const plain = sub === '' ? NAMES : [sub.slice(1), `${sub.slice(1)}.json`, `${sub.slice(1)}.jsonc`, ...NAMES.map((name) => `${sub.slice(1)}/${name}`)];
    const found = [...named, ...plain].map((one) => resolve(pkg, one)).filter((one) => inside(pkg, one) && stats(one)?.file === true);
    if (found.length === 0) walk.unmodeled ??= `${where}: \`extends: ${spec}\` (codeward finds no configuration in the installed package)`;
    for (const one of found) follow(walk, one, depth + 1);
  }
}

export function biomeParts(walk: Walk, from: string, _args: ToolchainArgs, rest: readonly string[]): void {
  const given = rest.flatMap((word, i) => (word === '--config-path' ? [rest[i + 1] ?? ''] : word.startsWith('--config-path=') ? [word.slice(14)] : [])).map((one) => resolve(from, one));
  const paths = new Set([...upToTop(walk.top, from).flatMap((folder) => [...NAMES, ...NAMES.map((name) => `.config/${name}`)].map((name) => join(folder, name)))]);
  for (const one of given) for (const path of stats(one)?.file === true ? [one] : NAMES.map((name) => join(one, name))) paths.add(path);
  // Nested configurations (v2) anywhere below: read too.
  const listing = findInTree(walk.top, (rel) => NAMES.includes(basename(rel)), (name) => !SKIP.has(name), WALK, (why) => {
    walk.unmodeled ??= `biome looks up its configuration in every folder, and ${why}`;
  });
  walk.sources.push(...listing.looked);
  for (const path of listing.found) paths.add(path);
  for (const path of paths) if (inside(walk.top, path)) follow(walk, path, 0);
}
