import { basename } from 'node:path';
import { parseToml } from '../engine/toml.js';
import { parseYaml } from '../engine/yaml.js';
import { wholeTree } from './obeyed-env-runtime.js';
import type { Loaded } from './home-sources-expand.js';

// What the person's own golangci-lint obeys with no hook running it (red team R20-20, CRITICAL): `golangci-lint run`
// dlopens the Go plug-in `linters-settings.custom.<name>.path` (v1) / `linters.settings.custom.<name>.path` (v2)
// names, its init code running in the linter; `golangci-lint custom` builds a binary from the `plugins[].path`
// modules `.custom-gcl.yml` lists. The files (golangci-files.ts) count at every depth of the workspace and above it
// (home-sources.ts projectItems, like cargo's). Every string of a `custom` table spelled like a path is obeyed (a
// folder whole), and gocritic's ruleguard `rules` (Go files the linter interprets). Every other key is data
// (exclusions, output files, import paths, regexes) unless its value is spelled like a file path (`./x`, `../x`,
// `/x`, `~/x`, golangci's `${configDir}`, a shared library or a script): a key codeward does not model naming a
// path obeys the whole work tree, named, as does a path only known at run time or a file that does not parse.

// golangci-lint's placeholders for the configuration's folder (v1 `${configDir}`, v2 `${base-path}`/`${config-path}`).
const OWN = /^\$\{(?:configDir|config-path|base-path)\}\/?/;
// Keys whose path-like values name what golangci-lint reads or writes as data, never runs: exclusions (regexes and
// folders), output files, goheader's template, errcheck's exclude list, depguard's file globs, import prefixes.
const DATA = new Set(['path', 'paths', 'path-except', 'paths-except', 'exclude-dirs', 'exclude-files', 'skip-dirs', 'skip-files', 'template-path', 'exclude', 'files', 'local-prefixes', 'path-prefix', 'sections', 'destination']);
const PATH_LIKE = /^(?:\.{1,2}\/|\/|~\/|\$\{)|\.(?:so|dylib|dll|exe|sh|bash|py|js)$/i;

interface Value {
  readonly keys: readonly string[];
  readonly text: string;
}

// Every string of the parsed document with the keys above it (array items keep their parent's key).
function values(data: unknown, keys: readonly string[] = [], out: Value[] = []): Value[] {
  if (typeof data === 'string') out.push({ keys, text: data });
  else if (Array.isArray(data)) for (const item of data) values(item, keys, out);
  else if (typeof data === 'object' && data !== null) for (const [key, item] of Object.entries(data as Record<string, unknown>)) values(item, [...keys, key.toLowerCase()], out);
  return out;
}

function parsed(name: string, text: string): unknown {
  if (name.endsWith('.toml')) return parseToml(text);
  return name.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
}

// What the file `file` (absolute) names: paths relative to its folder or absolute; the whole tree when not understood.
export function golangciLoads(text: string, vars: Map<string, string>, file: string): Loaded[] {
  const name = basename(file);
  const fail = (why: string): Loaded => wholeTree(`golangci-lint reads ${name}: ${why}`);
  let data: unknown;
  try {
    data = parsed(name, text);
  } catch {
    return [fail('it does not parse')];
  }
  const custom = name.startsWith('.custom-gcl');
  const out: Loaded[] = [];
  for (const { keys, text: raw } of values(data)) {
    const value = raw.trim();
    if (value === '' || /^[a-z][\w+.-]*:\/\//i.test(value)) continue;
    // A plug-in: `custom.<name>.*` of the linters' settings, a `.custom-gcl.yml` plugin's `path`; ruleguard's rules.
    const plugin = custom ? keys[0] === 'plugins' && keys[keys.length - 1] === 'path' : keys.includes('custom') || (keys.includes('ruleguard') && keys[keys.length - 1] === 'rules');
    const last = keys[keys.length - 1] ?? '';
    if (!plugin && (DATA.has(last) || !PATH_LIKE.test(value))) continue;
    const spelled = value.replace(OWN, './');
    if (spelled.includes('$')) {
      out.push(fail(`\`${keys.join('.')}\` = \`${value}\` (a path only known at run time)`));
      continue;
    }
    if (!plugin) {
      out.push(fail(`\`${keys.join('.')}\` = \`${value}\` (a key codeward does not model, naming a path)`));
      continue;
    }
    // A plug-in's text that names no file (a description, a URL, `type: goplugin`): only its path-like strings and `path`.
    if (last !== 'path' && last !== 'rules' && !PATH_LIKE.test(value)) continue;
    const home = vars.get('HOME');
    // A module folder (`golangci-lint custom` builds it) or a folder of rules: obeyed whole.
    out.push({ path: home === undefined ? spelled : spelled.replace(/^~(?=\/)/, home), folder: !/\.[A-Za-z]\w{0,7}$/.test(spelled) && !/[*?[]/.test(spelled) });
  }
  return out;
}
