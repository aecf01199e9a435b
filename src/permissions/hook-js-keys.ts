// A JavaScript runner's configuration read KEY BY KEY through its row (red team R15-6, R15-21; issue 26). Before,
// only the keys on the row's `modules` list were resolved and only quoted values were read: a key the runner
// loads as a module but the row did not list (vitest `test.diff`, jest `testResultsProcessor`, mocha's alias
// `r`) or an unquoted YAML value (`.mocharc.yml` `require: ./tools/r`) named a file that stayed free. Now:
// - a data configuration (JSON, YAML, TOML, and the extensionless rc files in either form) is parsed, a code
//   one (JS/TS, JSON5, JSONC) read for `key: 'value'` and `key: ['a', 'b']` pairs;
// - a key on the row's `modules` or `chains` list: every text below it is a module name (resolved like node
//   does: node-resolve.ts);
// - a key known to hold data or the person's own files (INERT: globs of test files, output folders): ignored,
//   with everything below it;
// - any other key whose value looks like a path (`./x`, `../x`, `<rootDir>/x`, `x/y`, a code file name): the
//   runner may load it and codeward cannot tell, so the line is unmodelled (fail closed), naming the key.
import { parseYaml } from '../engine/yaml.js';
import { parseToml } from '../engine/toml.js';
import type { JsRunner } from './hook-js-runners.js';

// Keys whose values are data, globs of the files a runner handles, or folders it writes: never loaded as code
// (next.config's `tsconfigPath`: the tsconfig whose aliases apply, read by hook-ts-aliases.ts).
const INERT = new Set([
  '$schema', 'include', 'exclude', 'includeSource', 'testMatch', 'testRegex', 'testPathIgnorePatterns', 'coveragePathIgnorePatterns', 'modulePathIgnorePatterns',
  'watchPathIgnorePatterns', 'transformIgnorePatterns', 'collectCoverageFrom', 'coverageDirectory', 'reportsDirectory', 'outputFile', 'outputDir', 'outDir',
  'cacheDirectory', 'cacheDir', 'cacheLocation', 'testDir', 'snapshotDir', 'spec', 'ignore', 'ignores', 'ignorePatterns', 'ignoreFiles', 'extension', 'extensions',
  'watch-files', 'watch-ignore', 'files', 'moduleNameMapper', 'alias', 'roots', 'publicDir', 'envDir', 'tsconfig', 'tsconfigPath', 'project', 'tsconfigRootDir', 'baseUrl',
  'url', 'name', 'displayName', 'testIdAttribute', 'overrides', 'rules', 'globals', 'env', 'settings', 'languageOptions', 'parserOptions', 'testEnvironmentOptions',
  'filepath', 'fixtures', 'snapshotFormat', 'coverageThreshold', 'description', 'helpUrl', 'prompt', 'defaultIgnores', 'ignoredFiles',
]);
// A value that may name a file: a relative or absolute path, a path inside the folder, a code file's name.
// Globs (`src/**/*.test.ts`), URLs and text with spaces are not.
const PATH_LIKE = /^(?:\.{1,2}\/|\/|<rootDir>)|^[^\s*?{}[\]:]+\/[^\s*?{}[\]]*$|^[^\s*?{}[\]:]+\.(?:[cm]?[jt]sx?|json|node)$/;
// A code configuration's `key: 'text'`, `key: ['a', 'b']` and `key = 'text'` (TOML-like) pairs.
// A key is a name (`'@': './src'`, a regular expression of jest's transform, is a map's entry, not a key).
const PAIR = /(?:^|[\s{,(])['"]?([A-Za-z_$][\w$-]*)['"]?\s*[:=]\s*(\[[^\]]*\]|(["'`])[^"'`\n]*\3)/gm;

const INERT_BLOCK = new RegExp(String.raw`((?:^|[\s{,])['"]?(?:${[...INERT].map((key) => key.replace(/[$.*+?^()[\]{}|\\-]/g, '\\$&')).join('|')})['"]?\s*:\s*)(?:\{[^{}]*\}|\[[^\][]*\])`, 'gm');

export interface KeyedNames {
  // The module names the row's loading keys hold.
  readonly modules: string[];
  // The first key not on the row whose value looks like a path, with that value.
  readonly unknown?: string;
}

// A data configuration no parser read: the runner reads it all the same (red team R17-1).
const UNPARSED = Symbol('unparsed');

// The configuration's data (parsed), undefined when it is code (JS, TS, JSON5/JSONC), or UNPARSED. The parser is
// chosen by the file's type: a `.yml` whose top level is a flow mapping (`{require: ./tools/r}`) is YAML, not JSON
// (red team R17-1: it went down the JSON path, failed, and was read as code, needing quoted values); an
// extensionless rc file is JSON when it parses as JSON, else YAML (both runners accept either).
function parsed(path: string, text: string): unknown {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (/\.(?:[cm]?[jt]sx?|json5|jsonc)$/.test(name)) return undefined;
  try {
    if (name.endsWith('.toml')) return parseToml(text);
    if (name.endsWith('.json')) return JSON.parse(text) as unknown;
    if (!/\.ya?ml$/.test(name) && /^\s*[[{]/.test(text)) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        // JSON with comments (an extensionless `.eslintrc`, `.babelrc`) is neither: read as text, pair by pair.
        try {
          return parseYaml(text) as unknown;
        } catch {
          return undefined;
        }
      }
    }
    return parseYaml(text) as unknown;
  } catch {
    return UNPARSED;
  }
}

// A computed key in code (`{ ["req" + "uire"]: "./tools/r" }`): the key is only known when the code runs (red team
// R17-2), so what it names cannot be judged key by key.
const COMPUTED_KEY = /[{,]\s*\[[^\]\n]+\]\s*:/;

const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.flatMap(strings) : typeof value === 'object' && value !== null ? Object.values(value).flatMap(strings) : [];

// The module names of the configuration `text` (at `path`) the row's keys hold, and the first key off the row
// naming a path. `name`: the runner, for the reason.
export function keyedNames(name: string, row: JsRunner, path: string, text: string): KeyedNames {
  const loading = new Set([...row.modules, ...(row.chains ?? [])]);
  const known = new Set([...loading, ...row.places]);
  const modules: string[] = [];
  let unknown: string | undefined;
  const judge = (key: string, value: unknown): void => {
    if (loading.has(key)) modules.push(...strings(value));
    else if (INERT.has(key) || known.has(key)) return;
    else if (typeof value === 'string') {
      if (PATH_LIKE.test(value)) unknown ??= `${name}'s \`${key}: ${value}\` in ${path.slice(path.lastIndexOf('/') + 1)} (a key codeward does not model, naming a path the runner may load)`;
    } else walk(key, value);
  };
  const walk = (key: string, value: unknown): void => {
    if (Array.isArray(value)) for (const one of value) judge(key, one);
    else if (typeof value === 'object' && value !== null) for (const [child, inner] of Object.entries(value)) judge(child, inner);
  };
  const data = parsed(path, text);
  const file = path.slice(path.lastIndexOf('/') + 1);
  if (data === UNPARSED) unknown = `${name}'s ${file} (a configuration codeward could not parse; the runner may read it)`;
  else if (data !== undefined && typeof data === 'object' && data !== null) walk('', data);
  else if (data === undefined) {
    if (COMPUTED_KEY.test(text)) unknown ??= `${name}'s ${file} (a computed key: what it names is only known when the code runs)`;
    // An inert key's object or list (`outputFile: { junit: './r.xml' }`) is left out with what it holds.
    const code = text.replace(INERT_BLOCK, '$1');
    for (const found of code.matchAll(PAIR)) {
      const values = [...found[2]!.matchAll(/(["'`])([^"'`\n]*)\1/g)].map((each) => each[2]!);
      for (const value of values) judge(found[1]!, value);
    }
  }
  return unknown === undefined ? { modules } : { modules, unknown };
}
