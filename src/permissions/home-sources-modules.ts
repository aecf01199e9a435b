// What a bare module name in NODE_OPTIONS makes node load when a start-up or env file sets it (`.envrc`, mise's
// `[env]`, `~/.bashrc`; issue 26: reach row 4, nodereach2 left 1-2). The variable applies to node run in the
// env file's folder and in every folder below it, and node looks the name up from the folder it runs in
// upward. So, for the folders `near` (the env file's; home-sources.ts):
// - `paths`: its spellings (node-resolve.ts) in the node_modules of each folder and of every folder above it;
// - `globs`: the same spellings in every node_modules below each folder (`**/node_modules/x/**`: a package
//   installed there later too, like the process environment's rule, obeyed-env.ts);
// - every package.json below them (`**/package.json`): one names the package node runs in, which resolves its own
//   name through its `exports` first (R19-5; node-self-reference.ts, read from each package folder below: selfref19);
// - each package of that name installed now, in those folders, above them or in a node_modules folder below
//   them (`moduleFolders`: the workspace walk's, obeyed-repos.ts): what it loads out of its own folder
//   (node-package-entry.ts: `main` wherever it points and that file's imports); one out of the work tree, or
//   a name codeward cannot spell as a pattern, is `why` (the caller fails closed).
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { statQuiet } from '../files/stat-quiet.js';
import { above } from './home-sources-assign.js';
import { inside } from './hook-spelling.js';
import type { Read } from './hook-tasks.js';
import { moduleSpellings } from './node-resolve.js';
import { selfReference } from './node-self-reference.js';
import { packageEntry } from './node-package-entry.js';
import { packageReach } from './node-package-reach.js';

export interface ModuleMarks {
  readonly paths: string[];
  readonly globs: { readonly at: string; readonly glob: string }[];
  readonly why?: string;
}

const GLOB_CHARS = /[{}[\]*?!(),\\]/;

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

// `top`: the workspace (absolute); `moduleFolders`: its folders holding a node_modules (relative to it), none
// for a home start-up file (the person's shell: its NODE_OPTIONS is the process environment's, obeyed-env.ts).
export function moduleMarks(spec: string, near: readonly string[], top: string, moduleFolders: readonly string[] | undefined, read: Read): ModuleMarks {
  const spellings = moduleSpellings(spec).filter((one) => one.startsWith('node_modules/'));
  if (spellings.length === 0) return { paths: [], globs: [] };
  if (GLOB_CHARS.test(spec)) return { paths: [], globs: [], why: `NODE_OPTIONS names the module \`${spec}\` (a name codeward does not spell as a pattern)` };
  const pkg = spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');
  const paths = near.flatMap((folder) => above(folder).flatMap((up) => spellings.map((one) => join(up, one))));
  // A package.json below (made later too) may give the name to its own package: node run there loads its `exports`.
  const globs = moduleFolders === undefined ? [] : near.flatMap((at) => [{ at, glob: `**/{${spellings.join(',')}}{,/**}` }, { at, glob: '**/package.json' }]);
  const below = (moduleFolders ?? []).map((rel) => join(top, rel)).filter((folder) => near.some((at) => inside(at, folder)));
  const folders = [...new Set([...near.flatMap(above), ...below].map((folder) => join(folder, 'node_modules', pkg)))];
  const isFile = (path: string): boolean => statQuiet(path)?.isFile() === true;
  // The package node runs in, by its own name (R19-5): its `exports` targets, from each folder's package scope.
  for (const from of new Set([...near, ...below])) {
    const own = selfReference(spec, from, top, read);
    paths.push(...(own?.files ?? []), ...(own?.folders ?? []));
    globs.push(...(own?.folders ?? []).map((at) => ({ at, glob: '**' })));
  }
  for (const folder of folders) {
    if (read(join(folder, 'package.json')) === undefined) continue;
    const at = real(folder);
    // Nothing out of its own folder (no native addon either: R23-9): the folder's spellings hold it (or it is out of
    // the work tree, not ours).
    const own = packageReach(at, at, read, isFile);
    if (own.unknown === undefined && (own.natives ?? []).length === 0) continue;
    const entry = packageEntry(at, top, read, isFile);
    paths.push(...entry.files, ...entry.packages);
    if (entry.unknown !== undefined) return { paths, globs, why: `NODE_OPTIONS requires ${spec}: ${entry.unknown}` };
  }
  return { paths, globs };
}
