import { parseYaml } from '../engine/yaml.js';
import { parseToml } from '../engine/toml.js';
import { npmIni } from '../engine/npm-ini.js';

// The package managers' configuration files as key -> string values (pkg-config-obeyed.ts judges them): `.npmrc`
// (npm's ini: `key=value`, `key[]=value`, inline comments), yarn 1's `.yarnrc` (`key value`, quoted or not; `--install.modules-folder`: a flag for one command, read as its key), `.yarnrc.yml` and
// `pnpm-workspace.yaml` (YAML: a top-level key with every string below it), `bunfig.toml` (TOML: dotted key
// paths, `test.preload`). A text that does not parse throws (the caller obeys the whole tree).
export interface Entry {
  readonly key: string;
  readonly values: string[];
}

const unquote = (value: string): string => value.trim().replace(/^(["'])(.*)\1$/, '$2');

// Every string below a YAML or TOML value (a plug-in's `{ path, spec }`, a list of preloads, a map's values).
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

// npm's ini (engine/npm-ini.ts), every section read (npm applies the top-level keys only: more is obeyed, never less).
const iniEntries = (text: string): Entry[] => npmIni(text).map(({ key, value }) => ({ key, values: value === true ? [] : [value] }));

function yarnOneEntries(text: string): Entry[] {
  const out: Entry[] = [];
  for (const line of text.split('\n')) {
    const found = /^\s*("[^"]*"|[^\s#"]+)\s+(.*?)\s*$/.exec(line);
    if (found) out.push({ key: unquote(found[1]!).replace(/^--(?:[\w-]+\.)?/, ''), values: [unquote(found[2]!)] });
  }
  return out;
}

function tomlEntries(table: Record<string, unknown>, prefix = ''): Entry[] {
  return Object.entries(table).flatMap(([key, value]) => {
    const path = `${prefix}${key}`;
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)) return tomlEntries(value as Record<string, unknown>, `${path}.`);
    return [{ key: path, values: strings(value) }];
  });
}

// The entries of the file named `name` (a file another one names, `globalconfig=./u.npmrc`: read as `.npmrc`).
export function pkgEntries(name: string, text: string): Entry[] {
  if (name === '.yarnrc') return yarnOneEntries(text);
  if (name === '.yarnrc.yml' || name === 'pnpm-workspace.yaml') {
    const doc: unknown = parseYaml(text);
    if (doc === null || doc === undefined) return [];
    if (typeof doc !== 'object' || Array.isArray(doc)) throw new Error('not a map of settings');
    return Object.entries(doc as Record<string, unknown>).map(([key, value]) => ({ key, values: strings(value) }));
  }
  if (name === 'bunfig.toml' || name === '.bunfig.toml') return tomlEntries(parseToml(text));
  return iniEntries(text);
}
