// codeward's own code as "a program that later runs" (red team R43-a6, R44-a1, R44-a2, R44-a5): every file node WOULD
// load when the person next starts codeward (node_modules/codeward, `npx codeward`, a global `codeward`), outside any
// sandbox: its package folder, the packages its dist loads in-process (web-tree-sitter and its grammars,
// @vscode/ripgrep's rg, every dependency, optional one and peer), the places node's lookup would find a package not
// there yet, and each link on the way to one of them or to the package from the spelling it is started by. When such a
// path lies where a run writes, a write there is the write gate's (obeyed.ts ObeyedContext.own): the file tools and the
// staged plan ask, the after-run walk binds it read-only and moves a change aside.
import { realpathSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FolderListings } from '../workspace/listings.js';
import { stampsOf } from './kept-across.js';
import { inside } from './own-code-links.js';
import { packageJson } from './own-code-package.js';
import { startLinks } from './own-code-starts.js';
import { ownTree } from './own-code-tree.js';

export const OWN_CODE_BY = 'codeward itself, started outside any sandbox by the next `codeward` or `npx codeward`';

// The folder of the package.json nearest above this module's real path (dist/chunks or src/permissions): codeward's
// package whatever it is named (a fork published as @acme/codeward).
// `looked`: each package.json it read (or found none at) is pushed there.
export function ownPackage(from: string = fileURLToPath(import.meta.url), looked: string[] = []): string | undefined {
  let at = dirname(realOf(from) ?? from);
  for (let up = 0; up < 6; up++, at = dirname(at)) {
    looked.push(join(at, 'package.json'));
    if (packageJson(at) !== undefined) return at;
    if (at === dirname(at)) return undefined;
  }
  return undefined;
}

interface KeptOwn {
  readonly looked: readonly string[];
  readonly stamps: string;
  readonly own: string | undefined;
}

// ownPackage kept in an owner's memo (the engine's: sandbox.ts, obeyed-context.ts): every sandboxed exec asked it
// again (up to 6 package.json read and parsed). Reused while each package.json it looked at keeps its identity and
// times (one stat each, no read; a file changed within the racy window: not kept).
export function ownPackageIn(listings: FolderListings, from: string = fileURLToPath(import.meta.url)): string | undefined {
  const key = `own-code:${realOf(from) ?? from}`;
  const kept = listings.recall<KeptOwn>(key);
  if (kept !== undefined && stampsOf(kept.looked) === kept.stamps) return kept.own;
  const looked: string[] = [];
  const own = ownPackage(from, looked);
  const stamps = stampsOf(looked);
  if (stamps !== undefined) listings.keep(key, { looked, stamps, own } satisfies KeptOwn);
  return own;
}

// The workspace-relative paths of codeward's code inside `roots` (the workspace as given and as real).
export function ownCodeIn(roots: readonly string[], own: string | undefined = ownPackage()): string[] {
  // The workspace IS codeward's package (working on codeward itself): the folder the running code is in (dist).
  const top = own === undefined ? '' : (relative(own, realOf(fileURLToPath(import.meta.url)) ?? '').split(sep)[0] ?? '');
  const rel = (root: string, folder: string): string => (folder === root && top !== '..' ? top : relative(root, folder));
  return ownCodeFolders(roots, own).flatMap((folder) => roots.filter((root) => inside(folder, root)).map((root) => rel(root, folder))).filter((path) => path !== '');
}

// The same as absolute paths (real but for the links kept as spelled), for any areas a run may write (the workspace,
// sandboxWritable folders).
export function ownCodeFolders(areas: readonly string[], own: string | undefined = ownPackage()): string[] {
  if (own === undefined || areas.length === 0) return [];
  const paths = new Set([...ownTree(own, areas), ...startLinks(own, areas)].filter((path) => areas.some((area) => inside(path, area))));
  const open = areas.includes(own) ? own : undefined;
  return [...paths].filter((path) => !coveredBy(path, paths, open));
}

// A path below another one kept (a package's nested node_modules), but for `open`: codeward's package when it is an area
// itself (the workspace, where only its running code is kept: ownCodeIn).
function coveredBy(path: string, paths: ReadonlySet<string>, open: string | undefined): boolean {
  for (let at = dirname(path); at !== dirname(at); at = dirname(at)) if (at !== open && paths.has(at)) return true;
  return false;
}

function realOf(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}
