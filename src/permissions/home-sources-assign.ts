import { dirname, isAbsolute, join, relative } from 'node:path';
import type { ShWord } from '../shell/sh-tokens.js';
import { expandWord, loadedOf, type Loaded } from './home-sources-expand.js';
import { envNamed, isCommandVariable, isSpaceSeparated } from './obeyed-env.js';
import { valuePaths } from './obeyed-env-values.js';
import { wholeTree } from './obeyed-env-runtime.js';
import { dotenvPairs } from './home-sources-dotenv.js';
import { metadataText } from '../git/config-read.js';

// The assignments of a shell start-up file or `.envrc` (home-sources-shell.ts walks the commands): what the
// variables they set make programs load.

const ZSH_STARTUP = ['.zshenv', '.zprofile', '.zshrc', '.zlogin', '.zlogout'];
// The words that are not options.
export const options = (words: readonly ShWord[]): ShWord[] => words.filter((word) => !word.text.startsWith('-'));

const holds = (folder: string, path: string): boolean => {
  const rel = relative(folder, path);
  return !rel.startsWith('..') && !isAbsolute(rel);
};

// `NAME=value`, `export/declare/typeset/local NAME=value`, fish's `set [-gx] NAME value...`: the variables
// kept, and what a variable that names loaded files names.
// `base`: the folder of a direnv file, where any variable naming a path makes it obeyed (obeyed-env-values.ts).
export function assign(words: readonly ShWord[], vars: Map<string, string>, base?: string): Loaded[] {
  const out: Loaded[] = [];
  const keep = (name: string, value: ShWord, rest: readonly ShWord[] = []): void => {
    out.push(...variableLoads(name, [value, ...rest], vars, base));
    const text = expandWord(value, vars);
    if (text === undefined) vars.delete(name);
    else vars.set(name, text);
  };
  if (words[0]!.text === 'set') {
    const [name, value, ...rest] = options(words.slice(1));
    if (name && value) keep(name.text, value, rest);
    return out;
  }
  const start = ['export', 'declare', 'typeset', 'local', 'readonly'].includes(words[0]!.text) ? 1 : 0;
  for (const word of words.slice(start)) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)(\+?)=(.*)$/s.exec(word.text);
    // `NAME+=value` appends to the value (bash, zsh, ksh: `PATH+=:./bin`, red team R28-2).
    if (match) keep(match[1]!, { text: `${match[2] === '+' && !word.single ? `\${${match[1]!}}` : ''}${match[3]!}`, single: word.single });
  }
  return out;
}

// A PATH value as its entries read (red team R28-2): `${PATH:+$PATH:}./bin` is `$PATH:./bin` (the value when set;
// `${V:-w}`/`${V:=w}` either). The current folder spelled by value (`$PWD`, `$(pwd)`) is home-sources-shell.ts's.
const pathSpelled = (text: string): string =>
  text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(:?)([-+=])((?:[^{}$]|\$\{[A-Za-z_][A-Za-z0-9_]*\}|\$(?!\{))*)\}/g, (_all, name: string, _colon: string, op: string, word: string) => (op === '+' ? word : `\${${name}}:${word}`));

// What a variable's value names: BASH_ENV / ENV a script every non-interactive shell runs, ZDOTDIR the folder
// of zsh's start-up files, ZSH_CUSTOM oh-my-zsh's folder of scripts and plug-ins, and what the environment's table says of the others (obeyed-env.ts envNamed:
// PATH's folders, whose programs run by name; PYTHONSTARTUP, NODE_OPTIONS' --require, LD_PRELOAD files ...).
// Exported for mise's [env] values (home-sources-mise.ts), which are literal (`single`) words.
export function variableLoads(name: string, spelled: readonly ShWord[], vars: ReadonlyMap<string, string>, base?: string, depth = 0): Loaded[] {
  const values = name === 'PATH' || name === 'fish_user_paths' ? spelled.map((value) => (value.single ? value : { ...value, text: pathSpelled(value.text) })) : spelled;
  const first = values[0]!;
  // Every other variable of a direnv file: what its value names as a path (R13-12).
  const other = (): Loaded[] => {
    if (base === undefined) return [];
    const value = values.map((each) => expandWord(each, vars)).filter((each) => each !== undefined);
    return valuePaths(value.join(' '), base);
  };
  if (name === 'BASH_ENV' || name === 'ENV') return loadedOf([first], vars, 'shell');
  if (name === 'ZSH_CUSTOM') return loadedOf([first], vars, undefined, true);
  if (name === 'ZDOTDIR') return loadedOf(ZSH_STARTUP.map((file) => ({ ...first, text: `${first.text}/${file}` })), vars, 'shell');
  const found = envNamed(name === 'fish_user_paths' ? 'PATH' : name, values.map((value) => value.text).join(isSpaceSeparated(name) ? ' ' : ':'));
  if (!found) return other();
  // A variable that loads only some files of its folders (PYTHONPATH: sitecustomize.py, usercustomize.py): those files.
  if (found.folders && !found.folders.includes('**')) {
    const files = found.folders.filter((pattern) => !pattern.includes('/')).map((pattern) => pattern.replace(/\*$/, '.py'));
    return loadedOf(found.entries.flatMap((entry) => files.map((file) => ({ text: `${entry}/${file}`, single: first.single }))), vars);
  }
  // A command value names its program anywhere in the text (`LESSOPEN="|$PWD/tools/lo %s"`, R14-17): its paths too.
  const folders = loadedOf((found.loadFolders ?? []).map((text) => ({ text, single: first.single })), vars, undefined, true);
  // PATH's folders (fish's fish_user_paths too): their programs run by name (Loaded.runs, red team R26-9).
  const runs = name === 'PATH' || name === 'fish_user_paths';
  // An empty PATH entry (`PATH=:$PATH`, `$PATH:`, `a::b`) is the current folder, as `.` is (red team R27-1).
  const empty = name === 'PATH' && values.map((value) => value.text).join(':').split(':').includes('') ? [{ text: '.', single: true }] : [];
  // An entry this reader cannot evaluate (red team R29-3: `$(git rev-parse --show-toplevel)/bin`, `$(realpath .)`, `~+`,
  // fish's `(pwd)`, `${PATH/#/./bin:}`) may be any folder the terminal opens in: read as `.` (fail closed, never dropped).
  if (runs && values.some((value) => !value.single && computedPathValue(value.text))) empty.push({ text: '.', single: true });
  const entries = loadedOf([...found.entries.map((text) => ({ text, single: first.single })), ...empty], vars, undefined, found.folders !== undefined).map((loaded) => (runs ? { ...loaded, runs } : loaded));
  // A module folder that is the env file's own folder or above (`PERL5LIB=$PWD`) names the project, as R13-12's values do.
  const kept = found.code && base !== undefined ? entries.filter((loaded) => !holds(isAbsolute(loaded.path) ? loaded.path : join(base, loaded.path), base)) : entries;
  // NODE_OPTIONS: a bare module name, resolved where node runs (home-sources-modules.ts), the env files node
  // reads as dotenv files in turn (R17-5: what their NODE_OPTIONS names), an option not understood (node-options.ts).
  const modules = loadedOf((found.bare ?? []).map((text) => ({ text, single: first.single })), vars).map((loaded) => ({ ...loaded, module: { spec: loaded.path, ...(base === undefined ? {} : { from: base }) } }));
  const envFiles = loadedOf((found.dotenv ?? []).map((text) => ({ text, single: first.single })), vars, base === undefined ? 'dotenv' : undefined);
  const dotenv = base === undefined ? envFiles : [...envFiles, ...envFileLoads(envFiles.map((loaded) => (isAbsolute(loaded.path) ? loaded.path : join(base, loaded.path))), vars, base, depth)];
  return [...folders, ...kept, ...modules, ...dotenv, ...(found.why === undefined ? [] : [wholeTree(found.why)]), ...(isCommandVariable(name) ? other() : [])];
}

// A PATH value part only known when the shell runs (the current folder's spellings `$PWD`/`$(pwd)` were rewritten to
// `.` before): a command substitution (`$(…)`, backticks, fish's `(…)`), `~+`/`~-` (bash's $PWD/$OLDPWD), a parameter
// operation other than a default; a lone `$` (the word an unquoted `$(…)` leaves), (`${PATH/#/x:}`, `${P#*:}`, `${!ref}`). A plain unknown `$NAME` is not one.
const COMPUTED_PATH = /\$(?![\w{@*#?!$-])|`|<\(|(?:^|[\s:="'])~[+-](?=$|[/:\s"'])|(?:^|[\s:="'])\(|\$\{[#!]|\$\{[A-Za-z_]\w*(?:\[[^\]]*\])?(?:[/#%^,@]|:[^-+=?])/;
export const computedPathValue = (text: string): boolean => COMPUTED_PATH.test(text);

const MAX_ENV_BYTES = 64 * 1024;

// `folder` and every folder above it, up to `/`.
export function above(folder: string): string[] {
  const out = [folder];
  while (dirname(out[out.length - 1]!) !== out[out.length - 1]) out.push(dirname(out[out.length - 1]!));
  return out;
}
const MAX_ENV_DEPTH = 4;

// What the env files node reads (`--env-file`, R17-5) set: each variable as if the env file (`.envrc`, mise)
// set it, relative names resolved where node runs (`base`), not in the env file's folder; a few files deep.
function envFileLoads(paths: readonly string[], vars: ReadonlyMap<string, string>, base: string, depth: number): Loaded[] {
  const out: Loaded[] = [];
  for (const path of paths) {
    const { text, unread } = metadataText(path, MAX_ENV_BYTES);
    // Too large to read (node reads the whole file), a FIFO, a link loop: never silently (red team R21-9, bounds23).
    if (unread !== undefined) return [wholeTree(`node's env file ${unread}`)];
    if (text === undefined) continue;
    if (depth >= MAX_ENV_DEPTH) return [wholeTree(`node's env file \`${path}\` (env files naming env files more than ${MAX_ENV_DEPTH} deep)`)];
    for (const [key, value] of dotenvPairs(text)) out.push(...variableLoads(key, [{ text: value, single: true }], vars, base, depth + 1));
  }
  return out;
}
