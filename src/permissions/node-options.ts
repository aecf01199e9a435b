// node's own command-line options, as an allow-list (red team R17-5, issue 26): which ones name a file node
// loads, read in every place codeward meets them (a hook's `node -r x t.js`, NODE_OPTIONS of a hook line, of
// `.npmrc`, of `.envrc`/mise/dotenv files, of an env file node loads). Earlier only `-r/--require/--import`
// were read, so `node --env-file=./tools/e t.js` (whose NODE_OPTIONS requires a work-tree file) was free.
// Each option of node 20's `node --help` that takes a value is listed with what node does with it; an option
// not listed is a V8 flag or a flag of a later node (V8 takes a value only as `--x=v`: `node --stack-size 2000`
// is refused), so an unlisted option whose `=` value looks like a path fails closed (`why`).
// - module: a module node loads before the script (resolved by node-resolve.ts);
// - env: a dotenv file whose variables node sets (its NODE_OPTIONS applies: `--env-file` is refused in
//   NODE_OPTIONS by node 20, read there all the same: the over-reading names more, never less);
// - opaque: a file node loads that codeward does not read (an OpenSSL config loads engines, a snapshot blob
//   is code, a policy redirects modules, a snapshot build runs its entry): obeyed, and the rest is unknown;
// - runs: a package.json script node runs (`node --run test`, node 22), not followed: unknown;
// - value: data, a pattern, or a file or folder node writes (profiles, reports, logs), not loaded code.
import { fileURLToPath } from 'node:url';
import { isPathSpecifier, moduleSpellings } from './node-resolve.js';
import { INTERPRETERS } from '../shell/interpreter-table.js';

type Kind = 'module' | 'env' | 'opaque' | 'runs' | 'value';

// The kinds come from the one interpreter table (shell/interpreter-table.ts, issue 26): its node row's `loads`, and
// every other option taking a value (the program text of `-e`/`-p` too) is data.
const NODE = INTERPRETERS['node']!;
const kindOf = (key: string): Kind | undefined => NODE.loads?.[key] ?? (NODE.valued.includes(key) || NODE.inline?.includes(key) ? 'value' : undefined);
// node's test runner reporters built into it (`--test-reporter=spec`): no file.
const REPORTERS = new Set(['spec', 'tap', 'dot', 'junit', 'lcov']);
// A value that names a file (a V8 flag's values are numbers and words).
const PATH_LIKE = /[/\\~]|^\.|\.(?:[cm]?[jt]sx?|json|node|so|dylib|dll|wasm|cnf|conf|blob|env)$/i;

export interface NodeOptionsRead {
  // Module specifiers node loads before the script.
  readonly modules: string[];
  // Env files node reads (`--env-file`).
  readonly envFiles: string[];
  // Files node loads that codeward does not read.
  readonly opaque: string[];
  // Why what node loads is not known (an opaque file, an unknown option naming a path).
  readonly why?: string;
  // The index of the first word that is not node's (the script), words.length if none.
  readonly end: number;
}

// Reads node options from `words` (a node line's words after `node`, up to the first word that is not an
// option, the script, or `--`; `all`: NODE_OPTIONS' value split, every word).
export function readNodeOptions(words: readonly string[], all = false): NodeOptionsRead {
  const modules: string[] = [], envFiles: string[] = [], opaque: string[] = [];
  let why: string | undefined;
  let i = 0;
  for (; i < words.length && words[i] !== '--'; i++) {
    const word = words[i]!;
    if (!word.startsWith('-') || word === '-') {
      if (all) continue;
      break;
    }
    const key = word.includes('=') ? word.slice(0, word.indexOf('=')) : word;
    const kind = kindOf(key);
    if (kind === undefined) {
      const value = word.slice(key.length + 1);
      if (word.includes('=') && PATH_LIKE.test(value)) why ??= `node's \`${word}\` (an option codeward does not know, naming a path)`;
      continue;
    }
    const value = word.includes('=') ? word.slice(key.length + 1) : words[++i];
    if (value === undefined) break;
    if (kind === 'module' && !(key === '--test-reporter' && REPORTERS.has(value))) {
      const url = urlModules(value);
      modules.push(...url.specs);
      if (url.why !== undefined) why ??= `node's \`${key} ${value}\` (${url.why})`;
    }
    if (kind === 'env') envFiles.push(value);
    if (kind === 'runs') why ??= `node's \`${key} ${value}\` (a package.json script node runs, not followed)`;
    if (kind === 'opaque') {
      opaque.push(value);
      why ??= `node's \`${key} ${value}\` (a file node loads that codeward does not read)`;
    }
  }
  return { modules, envFiles, opaque, ...(why === undefined ? {} : { why }), end: Math.min(i, words.length) };
}

// A module given as a URL (`--import`, `--loader` take them): `file:///w/tools/x.mjs` is that path; a `data:` URL
// is code whose string literals name what it loads (`import "file:///w/x.mjs"`, `register("ts-node/esm",
// pathToFileURL("./"))`), each read as a module name; code that builds a name (a template, a call on a name not
// written out) is not known. Another value is a module name as it is.
function urlModules(value: string): { specs: string[]; why?: string } {
  if (/^file:/i.test(value)) {
    try {
      return { specs: [fileURLToPath(value)] };
    } catch {
      return { specs: [], why: 'a file URL codeward cannot read' };
    }
  }
  if (!/^data:/i.test(value)) return { specs: [value] };
  const header = value.slice(0, Math.max(value.indexOf(','), 0));
  let code: string;
  try {
    const body = value.slice(value.indexOf(',') + 1);
    code = /;base64$/i.test(header) ? Buffer.from(body, 'base64').toString('utf8') : decodeURIComponent(body);
  } catch {
    return { specs: [], why: 'a data URL codeward cannot read' };
  }
  if (/[`+]|\b(?:eval|Function|process|require\.resolve|import\.meta)\b|\b(?:import|require)\s*\(\s*(?!['"])/.test(code)) return { specs: [], why: 'code whose module names are built when it runs' };
  const literals = [...code.matchAll(/(['"])((?:(?!\1)[^\\\n])*)\1/g)].map((found) => found[2]!).filter((one) => !['.', './', ''].includes(one));
  return { specs: literals.flatMap((one) => urlModules(one).specs) };
}

// NODE_OPTIONS' value as words: spaces separate them, double quotes hold a word with spaces (node's own rule).
export function nodeOptionWords(value: string): string[] {
  return [...value.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)].map((found) => found[1] ?? found[2] ?? found[3]!);
}

// What NODE_OPTIONS' value names, for the loader table (obeyed-env.ts envNamed): modules (a bare name's node_modules spellings
// `upward`), the env files and the files node loads that codeward does not read (obeyed as files).
export interface NodeNamed {
  readonly entries: string[];
  readonly upward: string[];
  readonly packages: string[];
  // The bare module names (resolved where node runs, from there up: home-sources-modules.ts).
  readonly bare: string[];
  readonly dotenv: string[];
  readonly why?: string;
}

export function nodeNamed(value: string): NodeNamed {
  const read = readNodeOptions(nodeOptionWords(value), true);
  const spellings = read.modules.flatMap((spec) => moduleSpellings(spec));
  const bare = (one: string): boolean => one.startsWith('node_modules/');
  const names = read.modules.filter((spec) => !isPathSpecifier(spec) && moduleSpellings(spec).length > 0);
  return {
    entries: [...spellings.filter((one) => !bare(one)), ...read.envFiles, ...read.opaque],
    upward: spellings.filter(bare),
    packages: names.map((spec) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/')),
    bare: names,
    dotenv: read.envFiles,
    ...(read.why === undefined ? {} : { why: read.why }),
  };
}
