// codeward's own code as "a program that later runs" (red team R43-a6): codeward installed in the project
// (node_modules/codeward, `npx codeward`) is started by the person outside any sandbox, and so are the packages its
// dist loads in-process (web-tree-sitter and its grammars, @vscode/ripgrep's rg, every dependency). When that code lies
// in the workspace, a write there is the write gate's (obeyed.ts ObeyedContext.own): the file tools and the staged
// plan ask, the after-run walk binds it read-only and moves a change aside. Found from the running module by realpath:
// when codeward's own package folder is not in the workspace (the common case) the answer costs one realpath and a
// few stats up to its package.json.
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readGitMetadataOr } from '../git/config-read.js';
import type { FolderListings } from '../workspace/listings.js';
import { stampsOf } from './kept-across.js';

// How many packages the dependency walk reads at most (codeward's own tree holds about 150).
const MAX_PACKAGES = 600;
const MAX_PACKAGE_JSON = 1024 * 1024;

export const OWN_CODE_BY = 'codeward itself, started outside any sandbox by the next `codeward` or `npx codeward`';

// The folder of codeward's package.json above this module's real path (dist/chunks or src/permissions).
// `looked`: each package.json it read (or found none at) is pushed there.
export function ownPackage(from: string = fileURLToPath(import.meta.url), looked: string[] = []): string | undefined {
  let at = dirname(realOf(from) ?? from);
  for (let up = 0; up < 6; up++, at = dirname(at)) {
    looked.push(join(at, 'package.json'));
    const json = packageJson(at);
    const name = typeof json === 'object' ? json.name : undefined;
    if (name === 'codeward') return at;
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

// The workspace-relative folders of codeward's code inside `roots` (the workspace as given and as real): its package
// folder and every package its dependencies resolve to (node's lookup: node_modules/NAME up from each package).
export function ownCodeIn(roots: readonly string[], own: string | undefined = ownPackage()): string[] {
  // The workspace IS codeward's package (working on codeward itself): the folder the running code is in (dist).
  const top = own === undefined ? '' : (relative(own, realOf(fileURLToPath(import.meta.url)) ?? '').split(sep)[0] ?? '');
  const rel = (root: string, folder: string): string => (folder === root && top !== '..' ? top : relative(root, folder));
  return ownCodeFolders(roots, own).flatMap((folder) => roots.filter((root) => inside(folder, root)).map((root) => rel(root, folder))).filter((path) => path !== '');
}

// The same as real paths, for any areas a run may write (the workspace, sandboxWritable folders): [] unless
// codeward's package folder lies in one of them.
export function ownCodeFolders(areas: readonly string[], own: string | undefined = ownPackage()): string[] {
  if (own === undefined || !areas.some((area) => inside(own, area))) return [];
  const seen = new Set<string>([own]);
  const queue = [own];
  while (queue.length > 0 && seen.size < MAX_PACKAGES) {
    const folder = queue.shift()!;
    const json = packageJson(folder);
    // A package.json that cannot be read whole (too large, a FIFO): the node_modules folder holding it is taken whole.
    if (json === 'unread') {
      seen.add(dirname(folder));
      continue;
    }
    for (const name of Object.keys({ ...json?.dependencies, ...json?.optionalDependencies })) {
      const found = resolvePackage(folder, name);
      if (found !== undefined && !seen.has(found)) {
        seen.add(found);
        queue.push(found);
      }
    }
  }
  // Past the bound: the node_modules folders holding the packages not yet read, whole.
  for (const folder of queue) seen.add(dirname(folder));
  return [...seen].filter((folder) => areas.some((area) => inside(folder, area)));
}

function resolvePackage(from: string, name: string): string | undefined {
  for (let at = from; ; at = dirname(at)) {
    const candidate = join(at, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realOf(candidate);
    if (at === dirname(at)) return undefined;
  }
}

interface PackageJson {
  readonly name?: string;
  readonly dependencies?: Record<string, string>;
  readonly optionalDependencies?: Record<string, string>;
}

// Regular files only, size-capped, never blocking (config-read.ts); undefined: none or not JSON.
function packageJson(folder: string): PackageJson | 'unread' | undefined {
  const got = readGitMetadataOr(join(folder, 'package.json'), MAX_PACKAGE_JSON);
  if (typeof got !== 'object') return got === 'absent' || got === 'folder' ? undefined : 'unread';
  try {
    return JSON.parse(got.text) as PackageJson;
  } catch {
    return undefined;
  }
}

function realOf(path: string): string | undefined {
  try {
    return realpathSync.native(path);
  } catch {
    return undefined;
  }
}

const inside = (path: string, root: string): boolean => path === root || path.startsWith(`${root === sep ? '' : root}${sep}`);
