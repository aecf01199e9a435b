// How node turns a module specifier into files (red team R15-6, R15-7, R15-10, R15-14; issue 26): ONE resolver
// for every place codeward reads a module name a node program loads (a runner configuration's module keys and
// imports, a runner option's value, NODE_OPTIONS' `--require`/`--import` in every file the loader table reads).
// Earlier each place obeyed the name as spelled, so `--require ./tools/x` left tools/x.js free and `--require x`
// left node_modules/x free. Fail closed: every file node may pick is obeyed, whether it exists or not.
// - a path (`./x`, `../x`, `/x`, `x/y` for the runners that resolve from their folder): the spelled name, with
//   every extension node and the TypeScript loaders try, its folder's index.* and package.json (a folder obeyed
//   is obeyed whole: its package.json `main`/`exports` point inside it);
// - a bare name (`x`, `@s/x`, `x/sub`): the package folder node_modules/<package>, whole, and the file forms
//   node_modules/<name>.<ext>, in the node_modules of the folder it resolves from and of every folder above.
import { isBuiltin } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { inside } from './hook-spelling.js';

export const MODULE_EXTS = ['js', 'cjs', 'mjs', 'ts', 'cts', 'mts', 'jsx', 'tsx', 'json', 'node'];
// A package name: `x`, `@scope/x` (what node_modules holds as one folder).
const PACKAGE = /^(?:@[^/\s]+\/)?[^/\s]+/;
// Built into node or not a file at all: `node:fs`, a URL (`data:` text is in the value itself).
const NOT_FILE = /^(?:node|data|https?|file):/;

export const isPathSpecifier = (spec: string): boolean => /^(?:\.{1,2}(?:\/|$)|\/)/.test(spec);

// The spellings a path specifier may load, relative to where it resolves from.
export function pathSpellings(spec: string): string[] {
  const stem = spec.replace(/\/+$/, '') || spec;
  return [spec, ...MODULE_EXTS.map((ext) => `${stem}.${ext}`), ...MODULE_EXTS.map((ext) => `${stem}/index.${ext}`), `${stem}/package.json`];
}

// What a bare specifier may load from one node_modules folder (`prefix`: its path, ending in `/`).
function bareAt(spec: string, prefix: string): string[] {
  const pkg = PACKAGE.exec(spec)?.[0];
  if (pkg === undefined) return [];
  return [`${prefix}${pkg}`, ...MODULE_EXTS.map((ext) => `${prefix}${spec.replace(/\/+$/, '')}.${ext}`)];
}

// The spellings (relative to where it resolves from) a specifier may load; a bare one in the node_modules of
// that folder and of `levels` folders above it (callers keep those inside the work tree). A bare name that
// holds a `/` is also read as a path from that folder (a runner configuration's `tools/x` is, for mocha).
export function moduleSpellings(spec: string, levels = 0): string[] {
  const name = spec.replace(/^<rootDir>\//, './');
  if (name === '' || NOT_FILE.test(name)) return [];
  if (isPathSpecifier(name)) return pathSpellings(name);
  const ups = Array.from({ length: levels + 1 }, (_, up) => `${'../'.repeat(up)}node_modules/`);
  return [...(name.includes('/') && !name.startsWith('@') ? pathSpellings(name) : []), ...ups.flatMap((prefix) => bareAt(name, prefix))];
}

// The node_modules folders node looks a bare name up in from the folder `from`: from there up to `top`.
function nodeModulesUp(from: string, top: string): string[] {
  const out: string[] = [];
  for (let folder = resolve(from); inside(top, folder); folder = dirname(folder)) {
    out.push(join(folder, 'node_modules'));
    if (folder === top || dirname(folder) === folder) break;
  }
  return out;
}

// The absolute paths inside `top` a specifier may load when resolved from the folder `from` (a bare one: every
// node_modules from `from` up to `top`).
export function moduleTargets(spec: string, from: string, top: string): string[] {
  const name = spec.replace(/^<rootDir>\//, './');
  if (name === '' || NOT_FILE.test(name)) return [];
  if (isPathSpecifier(name)) return pathSpellings(name).map((one) => resolve(from, one)).filter((one) => inside(top, one));
  const out = name.includes('/') && !name.startsWith('@') ? pathSpellings(name).map((one) => resolve(from, one)) : [];
  for (const modules of nodeModulesUp(from, top)) out.push(...bareAt(name, `${modules}/`));
  return out.filter((one) => inside(top, one));
}

// `name` in the node_modules/.bin of `from` and of every folder above it (absolute): where a program named by a bare
// name in npm's configuration (`script-shell=evil`) is found first, on the PATH npm gives its scripts.
export const binsUp = (from: string, name: string): string[] => nodeModulesUp(from, '/').map((modules) => join(modules, '.bin', name));

// The package folders (absolute, inside `top`, present or not) a bare specifier may load from `from`: each is
// obeyed whole with what it loads by name (hook-packages.ts); none for a path or a name built into node.
export function packageFolders(spec: string, from: string, top: string): string[] {
  const pkg = PACKAGE.exec(spec)?.[0];
  if (pkg === undefined || spec.startsWith('<') || isPathSpecifier(spec) || NOT_FILE.test(spec) || isBuiltin(spec)) return [];
  return nodeModulesUp(from, top).map((modules) => join(modules, pkg)).filter((one) => inside(top, one));
}

// What a folder's package.json `main` makes node load (red team R17-3): node follows it wherever it points,
// `../` included, with the extensions and index files it tries (a missing target may appear later: obeyed
// all the same). `exports` and `imports` targets cannot leave the package folder (node 20 refuses a `..` or
// `node_modules` segment in them: ERR_INVALID_PACKAGE_TARGET), which is obeyed whole already. A `main` outside
// `top` is not read: `outside` says so, and the caller fails closed.
export function mainTargets(folder: string, read: (path: string) => string | undefined, top: string): { files: string[]; outside?: string } {
  let main: unknown;
  try {
    main = (JSON.parse(read(join(folder, 'package.json')) ?? 'null') as { main?: unknown } | null)?.main;
  } catch {
    // Not JSON: node refuses the package (the file is a source of the walk: fixed later, it is read then).
    return { files: [] };
  }
  if (typeof main !== 'string' || main === '') return { files: [] };
  const target = resolve(folder, main);
  if (!inside(top, target)) return { files: [], outside: `${relative(top, join(folder, 'package.json'))} \`"main": "${main}"\` (a file outside the work tree, not read)` };
  return { files: pathSpellings(target) };
}
