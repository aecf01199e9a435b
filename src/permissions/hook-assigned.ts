// A variable set for the programs of a hook line (red team R14-7): `NODE_OPTIONS='--require ./x.js' npm test`,
// `PYTHONPATH=tools pytest`, `RUBYOPT=-I./lib rake`, `PERL5OPT=-Mx prove`, `export BASH_ENV=./x.sh` before the
// line that runs bash, `.npmrc`'s `node-options=` (npm passes it to every script). Which variables a program
// obeys is not ours to list (R13-12's rule, obeyed-env-values.ts), so: a value naming work-tree paths obeys them
// (a folder whole: a module there shadows an installed one); a value only known at run time, or one naming the
// work tree's top itself (`HOME=.`, `PYTHONPATH=.`), makes the walk unmodeled when the variable changes what
// programs load (danger-variables.ts) or is set for the program alone; plain data (`CI=1`, `NODE_ENV=test`) is
// neither.
import { relative, resolve } from 'node:path';
import { isHijackVariable } from '../shell/danger-variables.js';
import { envNamed } from './obeyed-env.js';
import { valuePaths } from './obeyed-env-values.js';
import { readNodeOptions } from './node-options.js';
import { keyMayBe, npmIni } from '../engine/npm-ini.js';
import { binsUp } from './node-resolve.js';
import { sameProgram } from '../shell/program-aliases.js';
import { readEnv } from '../shell/env-words.js';

export interface Assigned {
  // Absolute paths of the work tree the values name (files, and folders: everything below).
  readonly paths: string[];
  readonly why?: string;
  // NODE_OPTIONS values met, with the folder node runs in: what they load is resolved with the walk's files
  // (hook-node-options.ts: a package's `main`, the env files node reads, the modules a required file imports).
  readonly node?: readonly NodeValue[];
}

export interface NodeValue {
  readonly value: string;
  readonly base: string;
}

const ASSIGNMENT = /^([A-Za-z_]\w*)=(.*)$/s;
// A word of a value that a program resolves against where it runs: `-I./lib`, `-Mtools::x` (PERL5OPT).
const attached = (value: string): string[] => [...value.matchAll(/(?:^|\s)-[A-Za-z](\.{0,2}\/[^\s:]*)/g)].map((found) => found[1]!);
// The folders perl's and ruby's switches put first on their module path whatever their spelling (`-Itools`,
// `-I tools`, perl's `-Mlib=tools,lib2`: red team R24-16); every module there may be what `-MX`/`-rx` loads.
const SWITCHES = new Set(['PERL5OPT', 'RUBYOPT']);
const includes = (name: string, value: string): string[] =>
  SWITCHES.has(name)
    ? [...[...value.matchAll(/(?:^|\s)-I\s*([^\s-][^\s]*)/g)].map((found) => found[1]!), ...[...value.matchAll(/(?:^|\s)-[Mm]-?lib=(\S+)/g)].flatMap((found) => found[1]!.split(','))]
    : [];

const LOADER_SETTING = /^(?:TS_NODE_|TSX_|JITI_|SWC_NODE_|ESBUILD_REGISTER_)/;

// Why one assignment `NAME=VALUE` (quotes removed) makes what the line runs unknown, or undefined;
// `forProgram`: set on a program's line (`X=1 prog`), not for the rest of the script (`X=1`, `export X=1`).
export function assignedWhy(word: string, forProgram: boolean): string | undefined {
  const found = ASSIGNMENT.exec(word);
  if (!found) return undefined;
  const [, name, value] = found as unknown as [string, string, string];
  // A module loader's own settings (ts-node's TS_NODE_CWD/COMPILER/..., tsx's TSX_TSCONFIG_PATH, jiti's JITI_ALIAS,
  // @swc-node's SWC_NODE_PROJECT): they choose a configuration or modules the loader then reads (red team
  // R24-6/R24-19); a switch (`TS_NODE_TRANSPILE_ONLY=1`) chooses nothing.
  if (LOADER_SETTING.test(name) && !/^(?:|0|1|true|false|yes|no)$/i.test(value.trim())) return `\`${name}=${value}\` (a module loader's setting that names what it reads, not followed)`;
  const loader = isHijackVariable(name);
  if (!loader && !forProgram) return undefined;
  // A run-time part: a command substitution, or a variable other than the one assigned (`PATH=x:$PATH`).
  // A `$` before no name is what is left of a substitution the shell reader split off (`X=a/$(cat n)`).
  const runtime = /\$\(|`|\$(?![A-Za-z_{@*#?\d])/.test(value) || [...value.matchAll(/\$\{?([A-Za-z_]\w*)/g)].some((each) => each[1] !== name && each[1] !== 'HOME');
  if (runtime && (loader || /\//.test(value))) return `\`${name}=${value}\` (a value only known at run time, set for the programs of the line)`;
  // The top itself (`.`, `$PWD`), or above it: every file there may be what the program loads.
  const whole = loader && value.split(/[\s:=,]+/).some((part) => ['.', './', '..', '$PWD', '${PWD}'].includes(part) || part.startsWith('../'));
  return whole ? `\`${name}=${value}\` (the programs of the line load from the whole folder)` : undefined;
}

// What one assignment names, from the folder `base` (absolute paths; a folder stands for everything below it).
export function assignedLoads(word: string, base: string, forProgram: boolean): Assigned {
  const found = ASSIGNMENT.exec(word);
  if (!found || (!forProgram && !isHijackVariable(found[1]!))) return { paths: [] };
  const [, name, value] = found as unknown as [string, string, string];
  const table = envNamed(name, value);
  const named = table?.entries.filter((entry) => entry !== '' && !/\$/.test(entry)) ?? [];
  // A folder of modules loaded by name (NODE_PATH=lib: node's bare `require("x")` finds lib/x.js) however spelled;
  // so is any entry of a folder-list variable (`PYTHONPATH=tools`, `PATH=bin:$PATH`: py20, a bare name is a folder).
  const spelled = (entry: string): boolean => /[/.]/.test(entry) || table?.code === true || table?.folders !== undefined;
  const paths = [...valuePaths(value.replace(/\$\{?\w+\}?/g, ''), base).map((each) => each.path), ...[...named, ...attached(value)].filter(spelled).map((entry) => resolve(base, entry)), ...includes(name, value).filter((entry) => !entry.includes('$')).map((entry) => resolve(base, entry))];
  // The folder the line runs in, or one above it (`PYTHONPATH=$PWD`, spelled as the top by the walk): every
  // file there may be what the program loads.
  const holds = (part: string): boolean => !relative(resolve(base, part), base).startsWith('..');
  const whole = isHijackVariable(name) && value.split(/[\s:=,]+/).some((part) => /^[./]/.test(part) && holds(part));
  const why = assignedWhy(word, forProgram) ?? (whole ? `\`${name}=${value}\` (the programs of the line load from the whole folder)` : undefined);
  return { paths, ...(why === undefined ? {} : { why }), ...(name === 'NODE_OPTIONS' ? { node: [{ value, base }] } : {}) };
}

// The assignments a simple command's words make for its program (before it, and after `env` / its options).
export function lineAssignments(words: readonly string[]): { words: string[]; forProgram: boolean } {
  const found: string[] = [];
  let rest = words;
  for (;;) {
    const at = rest.findIndex((word) => !ASSIGNMENT.test(word));
    found.push(...(at < 0 ? rest : rest.slice(0, at)));
    rest = at < 0 ? [] : rest.slice(at);
    if (rest[0] !== 'env') break;
    // env's own words as env reads them (shell/env-words.ts: `-S 'A=1 cmd'`, `-u X`, `-C dir`, `--`).
    const env = readEnv(rest);
    found.push(...env.assignments);
    rest = env.command;
  }
  // `export X=1`, `readonly X=1`, `declare -x X=1`: set for the rest of the script.
  if (!ASSIGNMENT.test(words[0] ?? '') && words[0] !== 'env' && ['export', 'readonly', 'declare', 'typeset', 'local'].includes(words[0] ?? '')) return { words: words.slice(1).filter((word) => ASSIGNMENT.test(word)), forProgram: false };
  return { words: found, forProgram: rest.length > 0 };
}

// node's own options on a line (`node -r x t.js`, `node --env-file=./e t.js`): read by the NODE_OPTIONS row of
// the loader table, as `NODE_OPTIONS=<its options>` (up to the script node runs; node-options.ts says what each
// is). The other programs that take node's `-r`/`--import`/`--env-file` (tsx, ts-node, bun) have options of
// their own: only those are read for them.
const NODES = new Set(['node', 'tsx', 'ts-node', 'bun']);
const NODE_LOADING = /^(?:-r|--require|--import|--loader|--experimental-loader|--env-file|--env-file-if-exists)$/;
// Their options that name a configuration or module they read, as the variable of the same setting.
const LOADER_OPTIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  tsx: { '--tsconfig': 'TSX_TSCONFIG_PATH' },
  'ts-node': { '-P': 'TS_NODE_PROJECT', '--project': 'TS_NODE_PROJECT', '-C': 'TS_NODE_COMPILER', '--compiler': 'TS_NODE_COMPILER', '--cwd': 'TS_NODE_CWD', '--dir': 'TS_NODE_DIR', '--transpiler': 'TS_NODE_TRANSPILER', '--scope-dir': 'TS_NODE_SCOPE_DIR' },
};
export function nodeOptionsOf(words: readonly string[]): string[] {
  const at = words.findIndex((word) => NODES.has(sameProgram(word.slice(word.lastIndexOf('/') + 1))));
  if (at < 0) return [];
  const program = sameProgram(words[at]!.slice(words[at]!.lastIndexOf('/') + 1));
  const own = words.slice(at + 1);
  if (program === 'node') {
    const end = readNodeOptions(own).end;
    return end === 0 ? [] : [`NODE_OPTIONS=${own.slice(0, end).map((word) => (/\s/.test(word) ? `"${word}"` : word)).join(' ')}`];
  }
  const found: string[] = [];
  for (let i = 0; i < own.length && own[i]!.startsWith('-') && own[i] !== '--'; i++) {
    const word = own[i]!;
    const key = word.includes('=') ? word.slice(0, word.indexOf('=')) : word;
    const setting = LOADER_OPTIONS[program]?.[key];
    if (!NODE_LOADING.test(key) && setting === undefined) continue;
    const value = word.includes('=') ? word.slice(key.length + 1) : own[++i];
    // The loader's own option naming what it reads (`tsx --tsconfig x.json`): as its variable (assignedWhy, R24-19).
    if (value !== undefined) found.push(setting === undefined ? `NODE_OPTIONS=${key} ${value}` : `${setting}=${value}`);
  }
  return found;
}

// What `.npmrc`'s keys name (`node-options=--require ./x.js`, `script-shell=./sh`): npm reads them for every
// script it runs; a script shell other than a standard one runs every script line.
export function npmrcLoads(text: string, base: string): Assigned {
  const paths: string[] = [], node: NodeValue[] = [];
  for (const entry of npmIni(text)) {
    const { key, value } = entry;
    // A key set from the environment (`script-${X?}shell`) that another environment makes a key of these.
    if (entry.template !== undefined && keyMayBe(entry, WHOLE_KEYS)) return { paths, node, why: `.npmrc \`${entry.template}\` (a key set from the environment)` };
    if (value === true) continue;
    const loads = npmKeyLoads(key, value, base, '.npmrc');
    if (loads.why !== undefined) return { paths, node, why: loads.why };
    paths.push(...loads.paths);
    node.push(...(loads.node ?? []));
  }
  return { paths, node };
}

const WHOLE_KEYS = ['script-shell', 'shell', 'node-options', 'userconfig', 'globalconfig', 'prefix'];

// What one npm config key's value names (`where`: the file or line that sets it, for the reason).
function npmKeyLoads(key: string, value: string, base: string, where: string): Assigned {
  const shown = `${where} \`${key}=${value}\``;
  if ((key === 'script-shell' || key === 'shell') && !/^(?:\/(?:usr\/)?bin\/)?(?:sh|bash|dash|zsh)$/.test(value)) return { paths: [], why: `${shown} (every script runs through it)` };
  // A bare shell name is looked up on the scripts' PATH, every node_modules/.bin from the project up first.
  if (key === 'script-shell' || key === 'shell') return { paths: value.includes('/') ? [] : binsUp(base, value) };
  // Another file of npm's config: its keys are not read here.
  if (key === 'userconfig' || key === 'globalconfig') return { paths: [], why: `${shown} (npm reads its configuration from a file codeward does not read)` };
  // node-options is NODE_OPTIONS for every script; another key's value names a path at most (a token
  // `${NPM_TOKEN}` is the person's environment).
  const loads: Assigned = key === 'node-options' ? assignedLoads(`NODE_OPTIONS=${value}`, base, true) : { paths: value.includes('$') ? [] : valuePaths(value, base).map((each) => each.path) };
  return { ...loads, ...(loads.why === undefined ? {} : { why: `${where} ${loads.why}` }) };
}

// npm's config given as options on its own line (red team R15-18): npm reads every `--key=value` and `--key
// value` before `--` as config, before or after the command, and a key by any unambiguous abbreviation
// (`--script-sh`); so a long option that may abbreviate a key naming a program is read as that key.
const NPM_PROGRAM_KEYS = ['script-shell', 'node-options', 'userconfig', 'globalconfig', 'shell'];
const MANAGERS = new Set(['npm', 'pnpm']);
export function npmLineLoads(words: readonly string[], base: string): Assigned {
  const at = words.findIndex((word) => MANAGERS.has(word.slice(word.lastIndexOf('/') + 1)));
  const paths: string[] = [], node: NodeValue[] = [];
  for (let i = at < 0 ? words.length : at + 1; i < words.length && words[i] !== '--'; i++) {
    const option = /^--([\w-]+)(?:=(.*))?$/s.exec(words[i]!);
    if (!option) continue;
    const given = option[1]!.toLowerCase().replace(/_/g, '-');
    const key = given.length >= 3 ? NPM_PROGRAM_KEYS.find((one) => one.startsWith(given)) : undefined;
    if (key === undefined) continue;
    // The words reaching here lost their quotes (`--node-options "--require x"` is two words): node-options
    // reads every word after it, an over-reading that names more, never less.
    const value = key === 'node-options' ? [option[2] ?? '', ...words.slice(i + 1)].join(' ') : option[2] ?? words[++i] ?? '';
    const loads = npmKeyLoads(key, value, base, `the option --${option[1]}`);
    if (loads.why !== undefined) return { paths, node, why: loads.why };
    paths.push(...loads.paths);
    node.push(...(loads.node ?? []));
  }
  return { paths, node };
}
