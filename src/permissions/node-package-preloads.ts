// The preloads whose JOB is to hook require/import to compile and run the project's own files (issue 26, pkg24
// friction): ts-node/register, tsx, @babel/register, source-map-support/register, esbuild-register, @swc/register,
// @swc-node/register, jiti/register. Under default deny (node-package-strict.ts) each one asks, because it loads
// node's `module` and hooks Module._extensions/module.register: a load of project files by design. Like vite's row,
// each has its own: its package and closure are judged as a program a hook runs (the scoped taint rule of
// node-package-taint.ts: a planted file that computes a load from the working folder, the environment or a project
// file still makes the tree ask), and what it reads of the PROJECT is modelled here:
// - the files it compiles are the files node runs, which the walk already follows as project files;
// - its configuration (tsconfig.json from the folder node runs in up to the top and what it `extends`, babel's
//   configurations, .swcrc) is obeyed: changing it changes what runs;
// - what a configuration makes it LOAD is followed or fails closed: babel's plugins/presets and JS configurations
//   (babel's row, as jest's transform), tsconfig `paths`/`baseUrl` (the loader resolves bare names to project files
//   the walk does not map), ts-node's `require`/`compiler`/`transpiler`, .swcrc `paths`/`baseUrl`/`plugins`.
// Only the exact entry names below; any other spelling of these packages (a sub-path, a path into node_modules)
// stays under default deny.
import { dirname, join, relative, resolve } from 'node:path';
import { inside } from './hook-spelling.js';
import { read, type Walk } from './hook-walk.js';
import { parseJsonc, tsconfigAliases } from './ts-paths.js';
import type { Judge } from './node-package-reach.js';

export interface PreloadRow {
  readonly name: string;
  // It reads tsconfig.json (its paths, compiler options) from the folder node runs in up to the top.
  readonly tsconfig?: boolean;
  // It reads babel's configurations (babel.config.*, .babelrc* next to each file it compiles).
  readonly babel?: boolean;
  // It reads .swcrc in the folder node runs in.
  readonly swcrc?: boolean;
  // Its packages' files (`<package name>/<path>`: its own, and a dependency sharing its job) where default deny passes
  // over its job's findings, and what more it does there by its job.
  readonly files: RegExp;
  readonly more?: RegExp;
}

// What a require hook does by its job, as default deny words it (node-package-strict.ts, node-package-computed.ts):
// loads node's module (and its worker, repl, vm for a REPL), replaces require.extensions/Module._compile/
// _resolveFilename, hands require, module and import() on as values, evaluates a REPL line.
const JOB = /^(?:loads node's `(?:node:)?(?:module|worker_threads|repl|vm)`|`(?:require|module|import)` used other than as a literal load|require\.extensions runs code|`\._compile` loads code|eval \(|a computed load: (?:module\.paths = |\._resolveFilename ?=))/;

// Measured on real installs (ts-node 10.9.2, tsx 4.23, @babel/register 7.29, source-map-support 0.5.21,
// esbuild-register 3.6, @swc-node/register 1.12, jiti 2.7).
const TS_NODE: PreloadRow = { name: 'ts-node', tsconfig: true, files: /^ts-node\/(?:(?:dist|dist-raw)\/[\w/.-]+\.js|(?:esm|child-loader)[\w/.-]*\.mjs)$|^@cspotcode\/source-map-support\/source-map-support\.js$|^create-require\/create-require\.js$|^v8-compile-cache-lib\/v8-compile-cache\.js$/, more: /^(?:loads node's `child_process`|a computed load: (?:createRequire\(filename\)|Script\(wrapper,))/ };
const TSX: PreloadRow = { name: 'tsx', tsconfig: true, files: /^tsx\/dist\/[\w/.-]+\.[cm]?js$/, more: /^(?:Reflect\.apply\/construct|WebAssembly compiles code|loads node's `child_process`|a computed load: spawn\()/ };
const SWC_NODE: PreloadRow = { name: '@swc-node/register', tsconfig: true, swcrc: true, files: /^@swc-node\/register\/(?:esm|lib)\/[\w/.-]+\.[cm]?js$/, more: /^a computed load: createRequire\(process\.cwd\(\)\)/ };
const ROWS: Readonly<Record<string, PreloadRow>> = {
  'ts-node/register': TS_NODE,
  'ts-node/register/transpile-only': TS_NODE,
  'ts-node/esm': TS_NODE,
  'ts-node/esm/transpile-only': TS_NODE,
  tsx: TSX,
  'tsx/cjs': TSX,
  'tsx/esm': TSX,
  '@babel/register': { name: '@babel/register', babel: true, files: /^@babel\/register\/lib\/[\w/.-]+\.c?js$/ },
  'source-map-support/register': { name: 'source-map-support', files: /^source-map-support\/source-map-support\.js$/ },
  'esbuild-register': { name: 'esbuild-register', tsconfig: true, files: /^esbuild-register\/dist\/node\.js$/, more: /^(?:a constructor as a value|`Function` used other than|loads node's `process`)/ },
  '@swc/register': { name: '@swc/register', swcrc: true, files: /^@swc\/register\/lib\/[\w/.-]+\.js$/ },
  '@swc-node/register': SWC_NODE,
  '@swc-node/register/esm-register': SWC_NODE,
  'jiti/register': { name: 'jiti', tsconfig: true, files: /^jiti\/(?:lib|dist)\/[\w/.-]+\.[cm]?js$/, more: /^(?:Reflect\.apply\/construct|a constructor as a value|a member named `Function`|`(?:\.)?Function` (?:used other than|loads or runs code)|a computed load: Function\(|loads node's `(?:node:)?process`|a computed load: createRequire\()/ },
};

// The row of the preload `spec` (a module name NODE_OPTIONS, `-r`, `--import`, `--loader` or mocha's `-r` names), or
// undefined (default deny).
export const preloadRow = (spec: string): PreloadRow | undefined => (Object.hasOwn(ROWS, spec) ? ROWS[spec] : undefined);

// How the row's own package is judged: default deny, passing over its job's findings in its own files (a planted
// file by another name, or another kind of load, still makes the tree ask). Its dependencies are judged as a
// program's (hook-packages.ts), passing over the same in a dependency the row names.
export const rowJudge = (row: PreloadRow): Judge => ({ row: row.name, strict: true, allowed: (file, why) => row.files.test(file) && (JOB.test(why) || row.more?.test(why) === true) });

// ts-node's own settings in a tsconfig that make it load other modules.
const TS_NODE_LOADS = ['require', 'compiler', 'transpiler', 'swc'];

// Obeys what the loader of `row` reads of the project when node runs in `from`; `babel`: follows babel's
// configurations from the given folders (hook-js-configs.ts, the row jest's transform uses).
export function obeyPreloadRow(walk: Walk, row: PreloadRow, from: string, prefix: string, babel: (bases: readonly string[]) => void): void {
  const why = (what: string): void => void (walk.unmodeled ??= `${prefix} ${row.name} ${what}`);
  if (row.tsconfig === true) {
    // The nearest tsconfig.json up from where node runs is the one read: each place on the way is obeyed (one
    // created later is read then), the first present one read with its `extends` chain.
    for (let folder = from; inside(walk.top, folder); folder = dirname(folder)) {
      const path = join(folder, 'tsconfig.json');
      walk.files.add(path);
      if (read(walk, path) !== undefined) {
        tsconfigRead(walk, row, path, why);
        break;
      }
      if (folder === walk.top) break;
    }
  }
  if (row.babel === true) babel([from]);
  if (row.swcrc === true) {
    const path = resolve(from, '.swcrc');
    if (inside(walk.top, path)) walk.files.add(path);
    if (/"(?:paths|baseUrl|plugins)"/.test(read(walk, path) ?? '')) why(`reads ${relative(walk.top, path)}, whose \`paths\`/\`baseUrl\`/\`plugins\` load modules codeward does not follow`);
  }
}

function tsconfigRead(walk: Walk, row: PreloadRow, path: string, why: (what: string) => void): void {
  const aliases = tsconfigAliases(path, walk.top, (file) => read(walk, file));
  for (const file of aliases.files) if (inside(walk.top, file)) walk.files.add(file);
  const where = relative(walk.top, path);
  if (aliases.unknown !== undefined) return why(`reads ${where} (${aliases.unknown})`);
  if (aliases.maps) return why(`resolves bare names through ${where}'s \`paths\`/\`baseUrl\` (to project files codeward does not follow for a preload)`);
  if (row.name !== 'ts-node') return;
  for (const file of aliases.files) {
    const options = (parseJsonc(read(walk, file) ?? '') as Record<string, unknown> | undefined)?.['ts-node'];
    const loads = typeof options === 'object' && options !== null ? TS_NODE_LOADS.filter((key) => Object.hasOwn(options, key)) : [];
    if (loads.length > 0) return why(`loads what ${relative(walk.top, file)}'s \`ts-node.${loads[0]}\` names (not followed)`);
  }
}
