// What a JavaScript runner's configuration makes it load, beyond the files it names (red team R14-2, R14-12,
// R14-10; issue 26). The walk (obeyed-hooks.ts) reads the configuration files of a runner a hook line starts in
// every folder the line may run in (the hook's, a package's, the one a `cd` moves to); for each one read:
// - a key naming other folders or configurations (`projects`, `workspace`, `extends`, `root`: hook-js-runners.ts)
//   makes the line unmodelled (fail closed: the whole work tree is obeyed), as does a vitest workspace file;
// - a JS configuration is read like a script a hook runs (hook-scripts.ts nodeReach): every file its static
//   relative imports reach, transitively, under every name node tries; a computed load is unmodelled;
// - a module name a key holds (`plugins: ['./tools/p.mjs']`, `preset`, `require`) is followed the same way.
// A runner that reads its configuration in every folder of the files it handles (prettier, eslint, stylelint,
// babel's .babelrc: `cascades`) obeys its configuration names at any depth (globs), and each one found now is
// read as above (a bounded walk: hook-listing.ts).
import { basename, dirname, join, resolve } from 'node:path';
import { BABEL, JS_RUNNERS, runnerPreloads, type JsRunner } from './hook-js-runners.js';
import { CONFIGS, configNamesOf, loadedModuleNames } from './hook-configs.js';
import { keyedNames } from './hook-js-keys.js';
import { isPathSpecifier, moduleTargets, packageFolders } from './node-resolve.js';
import { selfReference } from './node-self-reference.js';
import { obeyNodeScript, obeyPackages } from './hook-packages.js';
import { NODE_SCRIPT } from './hook-scripts.js';
import { findInTree } from './hook-listing.js';
import { inside } from './hook-spelling.js';
import { read, stats, type Walk } from './hook-walk.js';
import { configAliases } from './hook-ts-aliases.js';
import { obeyModule } from './hook-node-options.js';

const MAX_CHAIN = 4;
const CASCADE_WALK = { depth: 8, entries: 20_000, files: 256 };
const SKIP = new Set(['node_modules', '.git', '.venv', 'venv', '__pycache__', 'dist', '.tox', '.nox']);
const BABEL_NAMES = ['.babelrc', '.babelrc.json', '.babelrc.js', '.babelrc.cjs', '.babelrc.mjs', '.babelrc.cts', 'babel.config.js', 'babel.config.cjs', 'babel.config.mjs', 'babel.config.json', 'babel.config.cts', 'babel.config.ts'];
const escaped = (key: string): string => key.replace(/[$.*+?^()[\]{}|\\-]/g, '\\$&');
// A value that names nothing new: a boolean, a number, null, an empty list or text, the folder itself.
const TRIVIAL = /^\s*(?:true|false|null|undefined|-?\d[\d.]*|\[\s*\]|\{\s*\}|(["'])\.?\/?\1)\s*(?:[,}\n]|$)/;
// The package.json field each runner reads as its configuration.
const FIELDS: Readonly<Record<string, string>> = { jest: 'jest', mocha: 'mocha', ava: 'ava', eslint: 'eslintConfig', prettier: 'prettier', stylelint: 'stylelint', commitlint: 'commitlint', babel: 'babel' };

// The JS runners (and what they load besides: babel for jest) `words` start, with the configuration names each
// reads (relative to where it runs: its defaults, those its flags name).
export function jsRunnersOf(words: readonly string[]): { name: string; row: JsRunner; names: readonly string[] }[] {
  const found: { name: string; row: JsRunner; names: readonly string[] }[] = [];
  words.forEach((word, at) => {
    const name = basename(word);
    const row = JS_RUNNERS[name];
    if (row === undefined || found.some((one) => one.name === name)) return;
    found.push({ name, row, names: [...configNamesOf(name, words.slice(at + 1)), ...(row.also ?? [])] });
    if (name === 'jest') found.push({ name: 'babel', row: BABEL, names: BABEL_NAMES });
  });
  return found;
}

// Why the configuration `text` (at `path`) of a runner is not modelled: a place key with a value, or undefined.
export function configKeyUnknown(name: string, row: JsRunner, path: string, text: string): string | undefined {
  if (/^vitest\.workspace\./.test(basename(path))) return `${basename(path)} (a vitest workspace names other projects' configurations)`;
  // A key is `key:` (JS, JSON, YAML) or `key =` (TOML); a JS shorthand property (`{ root }`) is a computed value.
  const assign = /\.toml$/.test(path) ? '[:=]' : ':';
  for (const key of row.places) {
    const why = `${name}'s \`${key}\` in ${basename(path)} (it names other folders or configurations)`;
    if (new RegExp(String.raw`(?<!\$)[{,]\s*${escaped(key)}\s*[,}]`).test(text)) return why;
    for (const found of text.matchAll(new RegExp(String.raw`(?:^|[\s{,'"])${escaped(key)}['"]?\s*${assign}\s*`, 'gm'))) {
      if (!TRIVIAL.test(text.slice(found.index + found[0].length, found.index + found[0].length + 200))) return why;
    }
  }
  for (const key of row.chains ?? []) {
    for (const found of text.matchAll(new RegExp(String.raw`(?:^|[\s{,'"])${escaped(key)}['"]?\s*${assign}\s*`, 'gm'))) {
      const value = text.slice(found.index + found[0].length, found.index + found[0].length + 400);
      if (!/^(?:\[\s*(?:(["'])[^"'\n]*\1\s*,?\s*)*\]|(["'])[^"'\n]*\2|(?:\n\s*-\s*[^\s#'"]+)+|(?:\n\s*-\s*(["'])[^"'\n]+\3)+)/.test(value)) return `${name}'s \`${key}\` in ${basename(path)} (a value only known at run time)`;
    }
  }
  return undefined;
}

// The module names a configuration holds: its imports and what the row's loading keys hold (hook-js-keys.ts), a
// bare name also under the names the runner prefixes to it (eslint's `react` is eslint-plugin-react).
function moduleNames(name: string, row: JsRunner, path: string, text: string): { names: string[]; unknown?: string } {
  const keyed = keyedNames(name, row, path, text);
  const names = new Set([...loadedModuleNames(text), ...keyed.modules].map((one) => one.replace(/^plugin:/, '')));
  for (const one of [...names]) if (!isPathSpecifier(one) && !one.startsWith('<')) for (const prefix of row.prefixes ?? []) names.add(prefixed(one, prefix));
  return keyed.unknown === undefined ? { names: [...names] } : { names: [...names], unknown: keyed.unknown };
}

const prefixed = (name: string, prefix: string): string => {
  const scoped = /^(@[^/]+)(?:\/(.*))?$/.exec(name);
  if (!scoped) return `${prefix}${name}`;
  return prefix.startsWith('@') ? name : scoped[2] === undefined ? `${scoped[1]}/${prefix.replace(/-$/, '')}` : `${scoped[1]}/${prefix}${scoped[2]}`;
};

// Follows one configuration file (`path`, read as `text`) of the runner `name`: what it loads is obeyed.
export function followJsConfig(walk: Walk, name: string, row: JsRunner, path: string, text: string, depth = 0): void {
  const where = (): string => path.slice(walk.top.length + 1);
  const why = configKeyUnknown(name, row, path, text);
  if (why !== undefined) walk.unmodeled ??= `${where()}: ${why}`;
  const isFile = (file: string): boolean => stats(file)?.file === true;
  const scripts = NODE_SCRIPT.test(path) ? [path] : [];
  const { names, unknown } = moduleNames(name, row, path, text);
  if (unknown !== undefined) walk.unmodeled ??= `${where()}: ${unknown}`;
  // The tsconfig paths its loader applies first (R18-8): a mapped name's targets, an alias not mapped unmodelled.
  const aliases = configAliases(walk, name, path);
  for (const module of names) {
    const unmapped = isPathSpecifier(module) ? undefined : aliases?.unmapped(module);
    if (unmapped !== undefined) walk.unmodeled ??= `${where()}: ${name} loads ${unmapped}`;
    // Resolved as node does (node-resolve.ts), from the configuration's folder or where the runner runs (mocha's
    // `require` is the working folder's); a bare name from every node_modules up to the top (R15-7).
    const mapped = isPathSpecifier(module) ? [] : aliases?.map(module) ?? [];
    // The package itself by its own name (jest's `setupFiles: ["w/setup"]` in w: R18-1), through its `exports`.
    const own = [dirname(path), walk.top].map((from) => selfReference(module, from, walk.top, (file) => read(walk, file)));
    for (const folder of own.flatMap((one) => one?.folders ?? [])) walk.globs.add(join(folder, '**'));
    const candidates = new Set([...mapped.filter((one) => inside(walk.top, one)), ...moduleTargets(module, dirname(path), walk.top), ...moduleTargets(module, walk.top, walk.top), ...own.flatMap((one) => one?.files ?? [])]);
    // An installed package it names, with the packages that one loads by name (hook-packages.ts).
    // Present or not: obeyPackages reads each one's package.json as a source of the walk, so one installed
    // later is followed then.
    obeyPackages(walk, [...packageFolders(module, dirname(path), walk.top), ...packageFolders(module, walk.top, walk.top)]);
    for (const candidate of candidates) {
      walk.files.add(candidate);
      if (isFile(candidate) && NODE_SCRIPT.test(candidate)) scripts.push(candidate);
      // A configuration it extends (`extends: ['./base.json']`): read like this one, a few levels deep.
      // A chain longer than the bound fails closed (red team R15-9d).
      if (isFile(candidate) && !NODE_SCRIPT.test(candidate) && depth >= MAX_CHAIN) walk.unmodeled ??= `${where()}: extends more than ${MAX_CHAIN} configurations deep`;
      const chained = isFile(candidate) && !NODE_SCRIPT.test(candidate) && depth < MAX_CHAIN ? read(walk, candidate) : undefined;
      if (chained !== undefined && candidate !== path) followJsConfig(walk, name, row, candidate, chained, depth + 1);
    }
  }
  for (const script of scripts) {
    const unknown = obeyNodeScript(walk, script, aliases);
    if (unknown !== undefined) walk.unmodeled ??= `${where()} (${name}'s configuration): ${unknown}`;
  }
}

// The JS runners `words` start, from the folders `bases`: each configuration file there (a flag's too) is followed;
// a cascading runner's configuration names are obeyed at any depth, each found now followed.
export function jsConfigs(walk: Walk, words: readonly string[], bases: readonly string[]): void {
  for (const runner of jsRunnersOf(words)) {
    followRunner(walk, runner, bases);
    // What it loads before the tests (mocha's `-r ts-node/register`), from where it runs, as NODE_OPTIONS' `-r`.
    const rest = words.slice(words.findIndex((word) => basename(word) === runner.name) + 1);
    for (const spec of runnerPreloads(runner.name, rest)) for (const base of bases) obeyModule(walk, spec, base, `${runner.name} ${spec}:`);
  }
}

// babel's configurations read from the folders `bases` (a preload of @babel/register: node-package-preloads.ts).
export const babelConfigs = (walk: Walk, bases: readonly string[]): void => followRunner(walk, { name: 'babel', row: BABEL, names: BABEL_NAMES }, bases);

function followRunner(walk: Walk, { name, row, names }: { name: string; row: JsRunner; names: readonly string[] }, bases: readonly string[]): void {
  const paths = new Set(bases.flatMap((base) => names.map((one) => resolve(base, one))).filter((one) => inside(walk.top, one)));
  if (row.cascades === true) {
    const own = CONFIGS[name] ?? names;
    for (const one of own) walk.globs.add(join(walk.top, '**', one));
    const wanted = new Set(own.map((one) => one.toLowerCase()));
    // A nested configuration past the listing's bound would be obeyed by name only, what it imports free
    // (red team R19-9): the line fails closed instead.
    const { found, looked } = findInTree(walk.top, (rel) => wanted.has(basename(rel).toLowerCase()), (entry) => !SKIP.has(entry), CASCADE_WALK, (why) => {
      walk.unmodeled ??= `${name} looks up its configuration in every folder, and ${why}`;
    });
    walk.sources.push(...looked);
    for (const one of found) paths.add(one);
  }
  for (const at of FIELDS[name] === undefined ? [] : bases) packageField(walk, name, row, join(at, 'package.json'));
  if (name === 'lint-staged') lintStagedUnread(walk, [...paths], bases);
  for (const one of paths) {
    const text = read(walk, one);
    if (text === undefined) continue;
    walk.files.add(one);
    followJsConfig(walk, name, row, one, text);
  }
}

// package.json's field of the runner (prettier's `"prettier": "./tools/p.json"` names its configuration).
function packageField(walk: Walk, name: string, row: JsRunner, path: string): void {
  let value: unknown;
  try {
    value = (JSON.parse(read(walk, path) ?? 'null') as Record<string, unknown> | null)?.[FIELDS[name]!];
  } catch {
    return;
  }
  if (value === undefined) return;
  if (typeof value === 'string') walk.unmodeled ??= `${path.slice(walk.top.length + 1)}: ${name}'s field names its configuration (${value})`;
  else followJsConfig(walk, name, row, path, JSON.stringify(value, null, 1));
}

// lint-staged's commands are read from the top's JSON configuration (package.json's field, .lintstagedrc,
// .lintstagedrc.json: hook-configs.ts configCommands); any other of its configurations that exists (YAML, JS,
// another folder's, pnpm's package.yaml or package.json5 with a lint-staged key) holds commands the walk does not
// read: the line is unmodelled.
function lintStagedUnread(walk: Walk, paths: readonly string[], bases: readonly string[]): void {
  const json = (path: string): boolean => {
    try {
      JSON.parse(read(walk, path) ?? '');
      return true;
    } catch {
      return false;
    }
  };
  const read1 = new Set(['.lintstagedrc', '.lintstagedrc.json'].map((one) => join(walk.top, one)));
  const manifests = bases.flatMap((base) => ['package.yaml', 'package.json5'].map((one) => join(base, one))).filter((one) => /(?:^|[\s{,])['"]?lint-staged['"]?\s*:/.test(read(walk, one) ?? ''));
  const unread = [...paths.filter((one) => read(walk, one) !== undefined && !(read1.has(one) && json(one))), ...manifests];
  if (unread[0] !== undefined) walk.unmodeled ??= `${unread[0].slice(walk.top.length + 1)}: lint-staged's commands there are not read by codeward`;
}
