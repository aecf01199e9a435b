import { basename, dirname, isAbsolute, join } from 'node:path';
import { parseToml } from '../engine/toml.js';
import type { Loaded } from './home-sources-expand.js';
import { valuePaths } from './obeyed-env-values.js';
import { runTimeValueLoads, wholeTree } from './obeyed-env-runtime.js';
import { variableLoads } from './home-sources-assign.js';
import { isTable, miseTableLoads, type Table } from './home-sources-mise-tables.js';

// mise's environment (red team R13-12, R15-23, R17-6, the class beyond `.envrc`): a project's `mise.toml` (every
// file of mise's search list, at every depth and above the workspace: mise-files.ts; asdf's `.tool-versions`) acts on `cd` like direnv. It is parsed as TOML
// (smol-toml: an inline table `_ = { path = [...] }` is the same value as `_.path`) and read through an
// ALLOW-LIST: `[env]` variables and the directives `_.path` (PATH folders), `_.source` (a bash script, read like a
// `.envrc`), `_.file` (a dotenv file, read like direnv's `dotenv`), `_.python.venv` (its bin on PATH);
// `[tools]`, `[hooks]`, `[tasks]` and the other tables in home-sources-mise-tables.ts. A file that does not parse,
// or holds a key or a value form not on the list, is not understood: the whole work tree is obeyed.
// Every string value that names a workspace path (`{{config_root}}/tools/cc`, `./tools/w`) makes that path
// obeyed (obeyed-env-values.ts), however the variable is called, and a variable of the environment's table
// names what its row says (RUBYOPT's `-I` folders, a relative PYTHONSTARTUP), as in a `.envrc`. Other
// templates (`{{env.X}}` aside, `{{exec(...)}}`) and shell text the reading program expands (`'. "$PWD"/x'`)
// are not evaluated: obeyed-env-runtime.ts fails closed (R14b-3).

// The folder `{{config_root}}` stands for: the project folder, above `.config/`, `.mise/`, `.config/mise/` and a
// `mise/` holding `config*.toml` (and above their `conf.d/`).
function configRoot(file: string): string {
  const inConfD = basename(dirname(file)) === 'conf.d';
  const dir = inConfD ? dirname(dirname(file)) : dirname(file);
  const name = basename(dir);
  if (name === '.config' || name === '.mise') return dirname(dir);
  if (name === 'mise' && basename(dirname(dir)) === '.config') return dirname(dirname(dir));
  if (name === 'mise' && (inConfD || basename(file).startsWith('config'))) return dirname(dir);
  return dir;
}

interface Place {
  readonly root: string;
  readonly vars: ReadonlyMap<string, string>;
}

// `{{config_root}}` and the person's `{{env.X}}` written in (`{{env.PWD}}` is not known: left as a template).
const expand = (text: string, { root, vars }: Place): string =>
  text.replace(/\{\{\s*config_root\s*\}\}/g, root).replace(/\{\{\s*env\.(?!PWD\b)(\w+)\s*\}\}/g, (_all, env: string) => vars.get(env) ?? '');

// What one variable's string value names.
function valueLoads(name: string, raw: string, place: Place): Loaded[] {
  const text = expand(raw, place);
  const runTime = runTimeValueLoads(name, text, place.root, true);
  if (runTime) return runTime;
  if (/^[A-Za-z_]\w*$/.test(name)) return variableLoads(name, [{ text, single: true }], new Map(), place.root).map((loaded) => (isAbsolute(loaded.path) ? loaded : { ...loaded, path: join(place.root, loaded.path) }));
  return valuePaths(text, place.root);
}

// A file a directive names (`_.source`, `_.file`): read by `kind`; a path only known at run time is not understood.
function fileLoads(raw: string, place: Place, kind: 'direnv' | 'dotenv' | undefined): Loaded[] {
  const text = expand(raw, place);
  if (/\{\{|\$/.test(text)) return [wholeTree(`\`${raw}\` (a file only known at run time)`)];
  const path = isAbsolute(text) ? text : join(place.root, text);
  return [{ path, ...(kind ? { kind } : {}) }];
}

// A directive's value: a string, or a list of strings and tables `{ path = …, redact/tools = … }`.
function directivePaths(value: unknown): string[] | undefined {
  const out: string[] = [];
  for (const each of [value].flat()) {
    if (typeof each === 'string') out.push(each);
    else if (isTable(each) && typeof each['path'] === 'string' && Object.keys(each).every((key) => ['path', 'redact', 'tools'].includes(key))) out.push(each['path']);
    else return undefined;
  }
  return out;
}

// `_ = { … }`: mise's directives.
function directives(value: unknown, place: Place): Loaded[] {
  if (!isTable(value)) return [wholeTree('`_` (not a table of directives)')];
  const out: Loaded[] = [];
  for (const [key, item] of Object.entries(value)) {
    const paths = key === 'python' ? venvPaths(item) : directivePaths(item);
    const why = wholeTree(`\`_.${key}\` (a directive or form codeward does not model)`);
    if (paths === undefined) return [why];
    if (key === 'path') out.push(...paths.flatMap((path) => valueLoads('PATH', path, place)));
    else if (key === 'source') out.push(...paths.flatMap((path) => fileLoads(path, place, 'direnv')));
    // A dotenv file is read like direnv's `dotenv`; a JSON / YAML / TOML one (mise reads them by extension) is not modeled.
    else if (key === 'file') out.push(...paths.flatMap((path) => (/\.(?:json|ya?ml|toml)$/.test(path) ? [wholeTree(`\`_.file = ${path}\` (an env file format codeward does not read)`)] : fileLoads(path, place, 'dotenv'))));
    // The virtual environment's bin is put first on PATH: the whole folder is obeyed.
    else if (key === 'python') out.push(...paths.flatMap((path) => fileLoads(path, place, undefined).map((loaded) => ({ ...loaded, folder: true }))));
    else return [why];
  }
  return out;
}

// `_.python = { venv = ".venv" }` or `{ venv = { path = ".venv", create = true } }`.
function venvPaths(value: unknown): string[] | undefined {
  if (!isTable(value) || Object.keys(value).some((key) => key !== 'venv')) return undefined;
  const venv = value['venv'];
  if (typeof venv === 'string') return [venv];
  if (isTable(venv) && typeof venv['path'] === 'string' && Object.keys(venv).every((key) => ['path', 'create', 'python', 'uv_create_args', 'python_create_args'].includes(key))) return [venv['path']];
  return undefined;
}

// One `[env]` table (or one `[[env]]` entry): variables and `_` directives.
function envLoads(value: unknown, place: Place): Loaded[] {
  if (Array.isArray(value)) return value.flatMap((each) => envLoads(each, place));
  if (!isTable(value)) return [wholeTree('`env` (not a table)')];
  const out: Loaded[] = [];
  for (const [name, item] of Object.entries(value as Table)) {
    if (name === '_') out.push(...directives(item, place));
    // `false` unsets, a number or boolean is a plain value.
    else if (typeof item === 'boolean' || typeof item === 'number') continue;
    else if (typeof item === 'string') out.push(...valueLoads(name, item, place));
    // `NAME = { value = "…", redact = true, tools = true }`, `NAME = { required = true }`.
    else if (isTable(item) && Object.keys(item).every((key) => ['value', 'redact', 'tools', 'required'].includes(key)) && ['string', 'undefined'].includes(typeof item['value'])) {
      if (typeof item['value'] === 'string') out.push(...valueLoads(name, item['value'], place));
    } else return [wholeTree(`\`[env] ${name}\` (a value form codeward does not model)`)];
  }
  return out;
}

// asdf's `.tool-versions` (mise reads it too, red team R17-7): `TOOL VERSION…` lines, `#` comments; the same
// value as a `[tools]` table, read through its row (`nodejs path:./tt` puts tt/bin on PATH).
function toolVersions(text: string): Table {
  const tools: Record<string, string[]> = {};
  for (const line of text.split('\n')) {
    const [name, ...versions] = line.replace(/#.*$/, '').trim().split(/\s+/).filter((word) => word !== '');
    if (name !== undefined) tools[name] = [...(tools[name] ?? []), ...versions];
  }
  return { tools };
}

export function miseLoads(text: string, vars: Map<string, string>, file: string): Loaded[] {
  const place: Place = { root: configRoot(file), vars };
  let data: Table;
  try {
    data = basename(file) === '.tool-versions' ? toolVersions(text) : (parseToml(text) as Table);
  } catch {
    return [wholeTree('TOML codeward cannot parse')];
  }
  const out: Loaded[] = [];
  for (const [key, value] of Object.entries(data)) {
    const found = key === 'env' ? envLoads(value, place) : miseTableLoads(key, value, place.root);
    if (typeof found === 'string') return [wholeTree(found)];
    out.push(...found);
  }
  return out;
}
