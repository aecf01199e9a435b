// What NODE_OPTIONS makes node load, resolved with the walk's files (red team R17-3, R17-5, reach row 4;
// issue 26): a hook line's `NODE_OPTIONS=… npm test`, `node --env-file=./e -r x t.js`, `.npmrc`'s
// `node-options=`, `npm --node-options`. The loader table (obeyed-env.ts) names the spellings only; here:
// - a module: every file node may pick (node-resolve.ts), a bare name in every node_modules from the folder node
//   runs in up to the top (no fixed depth) and, naming the package node runs in, what its `exports` map names
//   (node-self-reference.ts), the package whole with what it loads by name and its `main`
//   wherever it points (hook-packages.ts), and what a required work-tree script imports in turn;
// - an env file (`--env-file`, `--env-file-if-exists`): obeyed, and read as a dotenv file, each variable an
//   assignment for node and its children (its NODE_OPTIONS read the same way, a few files deep);
// - a file outside the work tree (a module, an env file): not read, so what node loads is not known (fail closed).
import { join, relative, resolve } from 'node:path';
import { inside } from './hook-spelling.js';
import { read, stats, type Walk } from './hook-walk.js';
import { isPathSpecifier, mainTargets, moduleTargets, packageFolders } from './node-resolve.js';
import { selfReference } from './node-self-reference.js';
import { nodeOptionWords, readNodeOptions } from './node-options.js';
import { dotenvPairs } from './home-sources-dotenv.js';
import { assignedLoads, type Assigned } from './hook-assigned.js';
import { obeyNodeScript, obeyPackages } from './hook-packages.js';
import { NODE_SCRIPT } from './hook-scripts.js';
import { obeyPreloadRow, preloadRow, rowJudge } from './node-package-preloads.js';

// How many env files deep (an env file whose NODE_OPTIONS names another) before the rest is not known.
const MAX_ENV_DEPTH = 4;

// Applies what assignments name (hook-assigned.ts: a line's, `.npmrc`'s, npm's options): the work-tree paths,
// why the line is not known (`prefix`: who runs it, for the reason), and what NODE_OPTIONS makes node load.
export function obeyAssigned(walk: Walk, loads: Assigned, prefix: string, depth = 0): void {
  for (const path of loads.paths) if (inside(walk.top, path)) walk.files.add(path);
  if (loads.why !== undefined) walk.unmodeled ??= `${prefix} ${loads.why}`;
  for (const { value, base } of loads.node ?? []) obeyNodeOptions(walk, value, base, prefix, depth);
}

function obeyNodeOptions(walk: Walk, value: string, base: string, prefix: string, depth: number): void {
  const options = readNodeOptions(nodeOptionWords(value), true);
  if (options.why !== undefined) walk.unmodeled ??= `${prefix} ${options.why}`;
  for (const file of options.opaque) obeyFile(walk, resolve(base, file), prefix, 'a file node loads');
  for (const spec of options.modules) obeyModule(walk, spec, base, prefix);
  for (const file of options.envFiles) {
    const path = resolve(base, file);
    if (!obeyFile(walk, path, prefix, 'an env file node reads')) continue;
    if (depth >= MAX_ENV_DEPTH) {
      walk.unmodeled ??= `${prefix} node's env file ${relative(walk.top, path)} (env files naming env files more than ${MAX_ENV_DEPTH} deep)`;
      continue;
    }
    // node applies the file's variables to itself and its children; relative names resolve where node runs.
    for (const [key, text] of dotenvPairs(read(walk, path) ?? '')) obeyAssigned(walk, assignedLoads(`${key}=${text}`, base, true), `${prefix} node's env file ${relative(walk.top, path)}:`, depth + 1);
  }
}

// Obeys a file node loads, present or not; one outside the work tree is not read (false: the walk fails closed).
function obeyFile(walk: Walk, path: string, prefix: string, what: string): boolean {
  if (inside(walk.top, path)) {
    walk.files.add(path);
    return true;
  }
  walk.unmodeled ??= `${prefix} ${path} (${what}, outside the work tree, not read)`;
  return false;
}

// A module node loads before the script, resolved from the folder node runs in (mocha's `-r` too). A loader of
// project files with its own row (ts-node/register, tsx, @babel/register...: node-package-preloads.ts) is judged as
// a program a hook runs, with what it reads of the project; any other preload by default deny.
export function obeyModule(walk: Walk, spec: string, from: string, prefix: string): void {
  if (spec.startsWith('#')) return void (walk.unmodeled ??= `${prefix} node's \`${spec}\` (mapped by a package.json "imports", not followed)`);
  if (isPathSpecifier(spec) && !inside(walk.top, resolve(from, spec))) return void obeyFile(walk, resolve(from, spec), prefix, 'a module node loads');
  const files = moduleTargets(spec, from, walk.top);
  if (isPathSpecifier(spec)) {
    // A folder with a package.json: node loads its `main`, wherever it points.
    const main = mainTargets(resolve(from, spec), (path) => read(walk, path), walk.top);
    if (main.outside !== undefined) walk.unmodeled ??= `${prefix} ${main.outside}`;
    files.push(...main.files);
  }
  // The package node runs in, by its own name (R19-5): what its `exports` names; node_modules stays obeyed too.
  const own = selfReference(spec, from, walk.top, (path) => read(walk, path));
  files.push(...(own?.files ?? []));
  for (const folder of own?.folders ?? []) walk.globs.add(join(folder, '**'));
  for (const file of files) walk.files.add(file);
  const row = preloadRow(spec);
  const folders = packageFolders(spec, from, walk.top);
  obeyPackages(walk, folders, row === undefined ? true : rowJudge(row));
  if (row !== undefined) obeyPreloadRow(walk, row, from, prefix, (bases) => (walk.babel === undefined ? void (walk.unmodeled ??= `${prefix} babel's configurations (not read here)`) : walk.babel(bases)));
  for (const file of files) {
    if (!NODE_SCRIPT.test(file) || stats(file)?.file !== true) continue;
    // A row's entry is a file of its package, judged with it (above), not as a project script.
    if (row !== undefined && folders.some((folder) => inside(folder, file))) continue;
    const unknown = obeyNodeScript(walk, file);
    if (unknown !== undefined) walk.unmodeled ??= `${prefix} ${unknown}`;
  }
}
