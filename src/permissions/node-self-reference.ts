// A package's self-reference by its own name (red team R18-1, R19-5; issue 26): node (and jest 28+, vitest)
// resolve a bare name whose package is the `name` of the nearest package.json above the folder it resolves from,
// when that package.json has `exports`, through those `exports` (node's PACKAGE_SELF_RESOLVE and
// PACKAGE_EXPORTS_RESOLVE), before any node_modules. So `.npmrc` `node-options=--require w` in the package `w`
// loads what w's `exports` name. Fail closed: every target node may pick is obeyed:
// - the string shorthand, the `.` key, a subpath key, the subpath patterns (`./*`: the target with the matched
//   part; every pattern key that matches, not only the one node ranks first);
// - a conditions object: every condition up to and including `default` (node, require, import, and any other:
//   `--conditions` may turn on any name), nested ones the same way;
// - an array: every entry (node takes the first that is valid: each may be);
// - each target under every name node and the TypeScript loaders try (node-resolve.ts pathSpellings, and `x.ts`
//   for `x.js`);
// - what cannot be decided (a target that is not a string, array, object or null; a pattern expansion node
//   refuses) obeys the folder the target names (`folders`: obeyed whole), the package's own for a non-string.
import { dirname, join, resolve } from 'node:path';
import { inside } from './hook-spelling.js';
import { pathSpellings } from './node-resolve.js';

export interface SelfTargets {
  // Absolute paths inside `top`, present or not.
  readonly files: string[];
  // Folders obeyed whole (absolute, inside `top`).
  readonly folders: string[];
}

type Read = (path: string) => string | undefined;

// `@s/w/sub` -> name `@s/w`, subpath `./sub`; `w` -> `w`, `.`.
const NAME = /^((?:@[^/\s]+\/)?[^/\s@][^/\s]*)(\/.*)?$/;

// The package.json node reads as the scope of a folder: the nearest one, not above a node_modules folder.
function scope(from: string, top: string, read: Read): { folder: string; manifest: Record<string, unknown> } | undefined {
  for (let folder = resolve(from); inside(top, folder); folder = dirname(folder)) {
    if (folder.endsWith('/node_modules')) return undefined;
    const text = read(join(folder, 'package.json'));
    if (text !== undefined) {
      try {
        const manifest: unknown = JSON.parse(text);
        return typeof manifest === 'object' && manifest !== null ? { folder, manifest: manifest as Record<string, unknown> } : undefined;
      } catch {
        // Not JSON: node refuses the package (the file is a source of the walk: read again once fixed).
        return undefined;
      }
    }
    if (folder === top || dirname(folder) === folder) break;
  }
  return undefined;
}

// The targets an exports value names, the `*` of each string replaced by `match` (node: every `*`). A value node
// cannot take as a target obeys `undecided`.
function leaves(target: unknown, match: string | undefined, undecided: string[]): string[] {
  if (target === null) return [];
  if (typeof target === 'string') return [match === undefined ? target : target.replaceAll('*', match)];
  if (Array.isArray(target)) return target.flatMap((one) => leaves(one, match, undecided));
  if (typeof target === 'object') {
    const out: string[] = [];
    for (const [condition, value] of Object.entries(target)) {
      out.push(...leaves(value, match, undecided));
      // node stops at `default`: the conditions after it are never reached.
      if (condition === 'default') break;
    }
    return out;
  }
  undecided.push('.');
  return [];
}

// Node refuses a pattern match with an empty, `.`, `..` or `node_modules` segment (ERR_INVALID_MODULE_SPECIFIER);
// a `\` or a `%` escape is not spelled here: both are read as a match not decided.
const BAD_MATCH = /(?:^|\/)(?:\.{0,2}|node_modules)(?:\/|$)|[\\%]/i;

// The exports targets (relative to the package) for `subpath` (`.` or `./x`), and the folders not decided.
export function exportsTargets(exports: unknown, subpath: string): { targets: string[]; undecided: string[] } {
  const undecided: string[] = [];
  const keys = typeof exports === 'object' && exports !== null && !Array.isArray(exports) ? Object.keys(exports) : [];
  const map = keys.some((key) => key.startsWith('.')) ? (exports as Record<string, unknown>) : undefined;
  // A map without `.` exports nothing for the bare name (node: ERR_PACKAGE_PATH_NOT_EXPORTED).
  if (subpath === '.') return { targets: map !== undefined && !Object.hasOwn(map, '.') ? [] : leaves(map === undefined ? exports : map['.'], undefined, undecided), undecided };
  if (map === undefined) return { targets: [], undecided };
  if (Object.hasOwn(map, subpath) && !subpath.includes('*')) return { targets: leaves(map[subpath], undefined, undecided), undecided };
  const targets: string[] = [];
  for (const key of keys) {
    const star = key.indexOf('*');
    if (star < 0 || key.indexOf('*', star + 1) >= 0) continue;
    const [base, trailer] = [key.slice(0, star), key.slice(star + 1)];
    if (!subpath.startsWith(base) || subpath === base || !subpath.endsWith(trailer) || subpath.length < key.length) continue;
    const match = subpath.slice(base.length, subpath.length - trailer.length);
    if (!BAD_MATCH.test(match)) {
      targets.push(...leaves(map[key], match, undecided));
      continue;
    }
    // An expansion node refuses: the folders its targets name, whole.
    undecided.push(...leaves(map[key], undefined, undecided).map((one) => dirname(one.split('*')[0]! + 'x')));
  }
  return { targets, undecided };
}

// What the bare name `spec` loads through the self-reference step, resolved from the folder `from`; undefined
// when that step does not apply (node then looks in node_modules).
export function selfReference(spec: string, from: string, top: string, read: Read): SelfTargets | undefined {
  const named = NAME.exec(spec);
  if (!named || spec.startsWith('node:')) return undefined;
  const found = scope(from, top, read);
  if (found === undefined || found.manifest['name'] !== named[1] || found.manifest['exports'] === undefined) return undefined;
  const { targets, undecided } = exportsTargets(found.manifest['exports'], `.${named[2] ?? ''}`);
  // A TypeScript loader (tsx) loads `x.ts` for a `x.js` that is not there: both obeyed.
  const typed = targets.flatMap((one) => [one, ...(/\.[cm]?js$/.test(one) ? [one.replace(/js$/, 'ts'), one.replace(/\.js$/, '.tsx')] : [])]);
  const files = [...new Set(typed)].map((one) => resolve(found.folder, one)).flatMap((one) => pathSpellings(one));
  const folders = [...new Set(undecided.map((one) => resolve(found.folder, one)))];
  return { files: files.filter((one) => inside(top, one)), folders: folders.filter((one) => inside(top, one)) };
}
