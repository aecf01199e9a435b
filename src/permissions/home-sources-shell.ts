import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { shCommands, type ShWord } from '../shell/sh-tokens.js';
import { folderChangeAt, readCd } from '../shell/cd-operand.js';
import { expandWord, loadedOf, type Loaded } from './home-sources-expand.js';
import { runTimeLoads, wholeTree } from './obeyed-env-runtime.js';
import { direnvNamed, type Named } from './home-sources-direnv.js';
import { assign, computedPathValue, options, variableLoads } from './home-sources-assign.js';
import { loaderFunctions } from './home-sources-computed-fn.js';
import { spelled } from './hook-spelling.js';
import { runScript } from './home-sources-envrc-scripts.js';
import { definedFunctions, envrcRuns, substitutionVetoes } from './home-sources-envrc.js';
import { withoutArithmetic } from './obeyed-env-runtime.js';
import { plainQuoted } from './home-sources-unquote.js';

// What a shell start-up file (bash, zsh, sh, ksh, fish) and direnv's `.envrc` load (red team R9-4, R10):
// `source X`, `. X`, guards and loops over a folder, a file's text run (`eval "$(cat X)"`, `. <(cat X)`),
// a script run (`X`, `bash X`, `python X`), zsh's `autoload X`, a variable that names what a later shell
// loads (BASH_ENV, ENV: every non-interactive shell; ZDOTDIR: zsh's start-up files; PATH: its folders'
// programs run by name), and direnv's stdlib (`source_env`, `dotenv`, `use flake`, `use nix`, `PATH_add`).
// Words are expanded with the variables known so far; a word that needs anything else is not followed.
// Not followed: `source_up` (the folders above the workspace), zsh arrays (`fpath=(X $fpath)`).

const LEADING = new Set(['if', 'then', 'do', 'else', 'elif', 'while', 'until', '!', 'time', 'builtin', 'command', 'exec', 'and', 'or', 'not', 'begin', 'nohup', 'env']);
const SOURCE = new Set(['source', '.']);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'fish']);
const INTERPRETERS = new Set([...SHELLS, 'python', 'python3', 'node', 'perl', 'ruby', 'deno', 'bun', 'tclsh', 'lua']);
// The text of a file run as code: `eval "$(cat X)"`, `. <(cat X)`, `source <(cat X)`, `bash <(cat X)`, `eval "$(< X)"`.
const PRINTED = /(?:^|[\s;&|({!])(?:eval|source|\.|sh|bash|zsh)\s+["']?(?:<\(|\$\(|`)\s*(?:cat\s+|<\s*)([^)`]+)/gm;
// What one shell (or, with `direnv`, `.envrc`) text loads; `vars` is updated with its assignments, in order.
// `file`: the file read; a path it spells relative to itself (`"$(dirname "${BASH_SOURCE[0]}")/x.sh"`,
// `${BASH_SOURCE%/*}`, `$(cd "$(dirname "$0")" && pwd)`) is read as hook-spelling.ts reads a hook's.
// `seen`: the scripts an `.envrc` runs, walked in its place (home-sources-envrc-scripts.ts).
export function shellLoads(raw: string, vars: Map<string, string>, file: string, direnv = false, seen = new Set<string>()): Loaded[] {
  const found: Loaded[] = [];
  const place = { top: direnv ? dirname(file) : (vars.get('HOME') ?? '/'), script: file };
  const known = new Map<string, string>();
  // direnv runs `.envrc` in its own folder: `$PWD`, `$(pwd)` and `$(expand_path X)` name that folder's files (R12-16).
  if (direnv) vars.set('PWD', dirname(file));
  // A quoted part whose quotes change nothing is read without them (red team R26-2: `. ~/'proj'/x.sh`).
  // A home start-up file runs wherever a shell opens, the project's folders too: its current folder spelled by value
  // (`$PWD`, `$(pwd)`, `` `pwd` ``) is `.`, a relative name (red team R28-2: `export PATH="$PWD/bin:$PATH"`).
  const text = withRealPaths(plainQuoted(direnv ? inFolder(withoutArithmetic(raw), dirname(file)) : atCurrent(raw, file.endsWith('.fish'))), file, vars.get('HOME')).split('\n').map((line) => spelled(line, place, known)).join('\n');
  for (const match of text.matchAll(PRINTED)) found.push(...loadedOf(shCommands(match[1]!).flat(), vars, 'shell'));
  // zsh's PATH array (`path=(~/proj/bin $path)`, red team R26-9): its folders' programs run by name; the words are not
  // a command run.
  const arrays = pathArrays(text, vars);
  found.push(...arrays.found);
  const setters = direnv ? new Set<string>() : pathFunctions(text, vars, file.endsWith('.fish'));
  // PATH written by a builtin this walk does not evaluate (red team R29-3: `printf -v PATH`, `read -r PATH <<<`,
  // `mapfile`, a name reference `declare -n p=PATH`, `let`, `${PATH:=…}`): its entries may be any folder, `.`.
  if (PATH_WRITERS.test(text)) found.push(...variableLoads('PATH', [{ text: '.', single: true }], vars));
  // A value only known at run time (R14b-3): obeyed-env-runtime.ts decides what it may name.
  if (direnv) found.push(...runTimeLoads(text, raw, dirname(file)));
  // An `.envrc` runs only what is understood (home-sources-envrc.ts): the rest obeys the whole tree.
  const defined = direnv ? definedFunctions(text) : undefined;
  if (defined) found.push(...substitutionVetoes(text, defined).map(wholeTree));
  const loops = new Map<string, ShWord[]>();
  // The folder a `cd` moved to: a relative name after it is relative to that folder (`cd ~/dotfiles && . shell/x.sh`).
  let cwd: string | undefined;
  // direnv: after a `cd` the walk cannot follow, the folder later commands run in is not known.
  let lost = false;
  for (const all of shCommands(arrays.text)) {
    const before = found.length;
    const at = cwd;
    cwd = commandLoads(all, { found, vars, file, direnv, loops, cwd, lost, defined, seen, setters });
    if (folderChangeAt(all.map((word) => word.text)) >= 0) lost = cwd === undefined;
    if (at !== undefined) for (let i = before; i < found.length; i++) if (!isAbsolute(found[i]!.path)) found[i] = { ...found[i]!, path: join(at, found[i]!.path) };
  }
  // The whole tree is marked once (home-sources.ts): the first entry with a reason goes first, so the question names it.
  return [...found.filter((loaded) => loaded.why !== undefined), ...found.filter((loaded) => loaded.why === undefined)];
}

interface Walk {
  readonly found: Loaded[];
  readonly vars: Map<string, string>;
  readonly file: string;
  readonly direnv: boolean;
  readonly loops: Map<string, ShWord[]>;
  readonly cwd: string | undefined;
  readonly lost: boolean;
  // direnv: the functions the file defines (calling one is understood).
  readonly defined: ReadonlySet<string> | undefined;
  readonly seen: Set<string>;
  // The functions that put their arguments on PATH (pathFunctions).
  readonly setters: ReadonlySet<string>;
}

// What one simple command loads (pushed on `found`); returns the folder the shell is in after it.
function commandLoads(all: ShWord[], walk: Walk): string | undefined {
  const { found, vars, file, direnv, loops } = walk;
  if (all[0]!.text === 'eval') {
    found.push(...shellLoads(all.slice(1).map((word) => word.text).join(' '), vars, file, direnv));
    return walk.cwd;
  }
  // A folder change as the one cd reader reads it (shell/cd-operand.ts, R31: `builtin cd D`, `cd -P -- D`, `popd`,
  // CDPATH): one it cannot follow to a single folder (the stack, `-`, several CDPATH folders) is lost.
  const read = readCd(all.map((word) => word.text), vars.get('CDPATH'));
  if (read !== undefined) {
    const single = read.kind === 'folder' && read.bases.length === 1 && read.bases[0] === '';
    const dir = single ? expandWord(all[read.at]!, vars) : read.kind === 'home' ? vars.get('HOME') : undefined;
    // direnv runs the `.envrc` in its own folder.
    const from = walk.cwd ?? (direnv ? dirname(file) : undefined);
    return dir === undefined ? undefined : isAbsolute(dir) ? dir : from === undefined ? undefined : join(from, dir);
  }
  let words = all;
  while (words.length > 0 && LEADING.has(words[0]!.text)) words = words.slice(1);
  // `NAME=value cmd`: the assignments hold for the command (`BASH_ENV=X bash -c ...`), the command runs.
  const command = words.findIndex((word) => !/^[A-Za-z_][A-Za-z0-9_]*\+?=/.test(word.text));
  if (command > 0) {
    found.push(...assign(words.slice(0, command), vars, direnv ? dirname(file) : undefined));
    words = words.slice(command);
  }
  const [first, second] = words;
  if (!first) return walk.cwd;
  const name = first.text.replace(/_if_exists$/, '');
  let stdlib: Named | undefined;
  if (first.text === 'for' && second && words[2]?.text === 'in') loops.set(second.text, words.slice(3));
  else if (SOURCE.has(first.text) && second) {
    const loop = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$/.exec(second.text);
    found.push(...loadedOf(loop && loops.has(loop[1]!) ? loops.get(loop[1]!)! : [second], vars, direnv ? 'direnv' : 'shell').map((one) => (direnv ? { ...one, here: true } : one)));
  } else if (direnv && (stdlib = direnvNamed(name, options(words.slice(1)))) !== undefined) {
    if (stdlib.whole !== undefined) found.push(wholeTree(stdlib.whole));
    // `PATH_add $(…)`, `path_add PATH $(…)` (R29-3): a folder only known at run time, any folder below the `.envrc`.
    if (/^(?:PATH_add|path_add)$/.test(name) && stdlib.words.some((word) => !word.single && computedPathValue(word.text))) found.push(...variableLoads('PATH', [{ text: '.', single: true }], vars));
    found.push(...loadedOf(stdlib.words, vars, stdlib.kind, stdlib.folder));
  } else if (first.text === 'autoload') found.push(...loadedOf(options(words.slice(1)).filter((word) => word.text.includes('/')), vars, 'shell'));
  else if (walk.setters.has(first.text) && words.length > 1) found.push(...variableLoads('PATH', options(words.slice(1)), vars));
  else if (first.text === 'fish_add_path') found.push(...loadedOf(options(words.slice(1)), vars, undefined, true).map((loaded) => ({ ...loaded, runs: true })));
  else if (INTERPRETERS.has(first.text) && direnv && (words.length < 2 || words.slice(1).some((word) => word.text.startsWith('-')))) found.push(wholeTree(`\`${line(words)}\` (an interpreter given options or no file: what it runs is not known)`));
  else if (INTERPRETERS.has(first.text) && options(words.slice(1))[0]) {
    const run = loadedOf(options(words.slice(1)).slice(0, 1), vars, SHELLS.has(first.text) ? 'shell' : undefined);
    found.push(...run);
    if (direnv && SHELLS.has(first.text)) found.push(...run.flatMap((script) => scriptRun(script.path, walk, true)));
  } else if (first.text.includes('/') && !first.text.includes('=')) {
    const run = loadedOf([first], vars);
    found.push(...run);
    if (direnv) found.push(...run.flatMap((script) => scriptRun(script.path, walk, false)));
  }
  else {
    if (walk.defined !== undefined) found.push(...envrcRuns(words, walk.defined, file, walk.lost ? undefined : (walk.cwd ?? dirname(file))));
    found.push(...assign(words, vars, direnv ? dirname(file) : undefined));
  }
  return walk.cwd;
}

// A shell script an `.envrc` runs runs in its folder with the same rules: its lines are walked in the `.envrc`'s
// place (home-sources-envrc-scripts.ts says what is read).
function scriptRun(path: string, walk: Walk, shell: boolean): Loaded[] {
  const script = runScript(isAbsolute(path) ? path : join(walk.cwd ?? dirname(walk.file), path), shell, walk.seen, dirname(walk.file));
  if (script.why !== undefined) return [wholeTree(script.why)];
  return script.text === undefined ? [] : shellLoads(script.text, walk.vars, walk.file, true, walk.seen);
}

const PATH_WRITERS = /(?:^|[\s;&|({])(?:printf\s+(?:-\S+\s+)*-v\s*["']?(?:PATH|path)\b|(?:read|mapfile|readarray|getopts)\b[^;&|\n]*[\s"'](?:PATH|path)(?![\w=])|(?:declare|typeset|local|export)\s+(?:-\w+\s+)*-\w*n\w*\s+\w+=["']?(?:PATH|path)\b|(?:eval|let)\s+["']?(?:PATH|path)\+?=)|\$\{(?:PATH|path):?=/m;

// zsh's PATH array: `path=(X $path)`, `path+=(X)`, an element or a slice (`path[1,0]=X`, `path[$#path+1]=X`, red
// team R28-2) and a single word (`path+=X`).
const PATH_ARRAY = /(^|[\s;&|])(?:path|PATH)(?:\[[^\]\n]*\])?\+?=\(([^)]*)\)/g;
const PATH_ELEMENT = /(^|[\s;&|])path(?:\[[^\]\n]*\])?\+?=([^\s;&|()]+)/g;
function pathArrays(text: string, vars: ReadonlyMap<string, string>): { text: string; found: Loaded[] } {
  const found: Loaded[] = [];
  const entries = (_all: string, before: string, words: string): string => {
    // An element only known at run time (`path+=("$(git rev-parse --show-toplevel)/bin")`, R29-3): any folder, `.`.
    if (computedPathValue(words)) found.push(...variableLoads('PATH', [{ text: '.', single: true }], vars));
    found.push(...loadedOf(shCommands(words).flat(), vars, undefined, true).map((loaded) => ({ ...loaded, runs: true })));
    return `${before}path=''`;
  };
  return { text: text.replace(PATH_ARRAY, entries).replace(PATH_ELEMENT, entries), found };
}

// A line that sets PATH (`PATH=`, `PATH+=`, `export PATH=`, zsh's `path=(`/`path[1,0]=`, fish's `set PATH`,
// `fish_add_path`): a function whose body does so with its arguments puts them on PATH (`pathadd() { PATH="$1:$PATH";
// }`, the widespread snippet; red team R28-2): its calls are read as PATH entries (home-sources-computed-fn.ts finds
// such functions as it finds the loaders).
const SETS_PATH = /(?:^|[\s;&|({])(?:(?:export|declare|typeset|local|readonly)\s+(?:-\w+\s+)*)?(?:PATH|path)(?:\[[^\]]*\])?\+?=|\bfish_add_path\b|\bset\s+(?:-\w+\s+)*(?:PATH|fish_user_paths)\b/;
// The names of such functions across the files of one walk, in the order read, kept in `vars` under a name no
// shell variable has.
const PATH_FUNCTIONS = '\0path-functions';
function pathFunctions(text: string, vars: Map<string, string>, fish: boolean): ReadonlySet<string> {
  const names = new Set((vars.get(PATH_FUNCTIONS) ?? '').split(' ').filter((name) => name !== ''));
  loaderFunctions(text.split('\n'), 'shell', fish, (line) => SETS_PATH.test(line), names);
  if (names.size > 0) vars.set(PATH_FUNCTIONS, [...names].join(' '));
  return names;
}

const line = (words: readonly ShWord[]): string => words.map((word) => word.text).join(' ');

// The file's own real path and folder written in where the text computes them (red team round 12, R12-9: the
// dotfiles idiom `DIR="$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")"; . "$DIR/shell/x.sh"` in a linked
// ~/.bashrc, and zsh's `${0:A:h}`): `readlink -f`/`realpath` of the script, then `dirname` of a literal path.
const SELF = String.raw`["']?\$\{?(?:BASH_SOURCE(?:\[0\])?|0)\}?["']?`;
const REAL_SELF = new RegExp(String.raw`\$\(\s*(?:readlink(?:\s+-[A-Za-z]+)*|realpath(?:\s+-\S+)*)\s+${SELF}\s*\)`, 'g');
// `$(readlink ~/.bashrc)`, `$(realpath "$HOME/.zshrc")`: a home path's real one.
const REAL_HOME_PATH = /\$\(\s*(?:readlink(?:\s+-[A-Za-z]+)*|realpath(?:\s+-\S+)*)\s+["']?(?:~|\$HOME|\$\{HOME\})(\/[^"'$()\s]*)["']?\s*\)/g;
// `$(cd "/a/folder" && pwd)` (the other idiom, round 12 R12-9b: `$(cd "$(dirname "$(readlink -f …)")" && pwd)`).
const CD_PWD = /\$\(\s*cd\s+(?:-P\s+)?["']?([^"'$()\s]+)["']?\s*(?:&&|;)\s*pwd(?:\s+-P)?\s*\)/g;
const DIRNAME = /\$\(\s*dirname\s+["']?([^"'$()\s]+)["']?\s*\)/g;

const CURRENT = /\$\{PWD\}|\$PWD(?![A-Za-z0-9_])|\$\(\s*pwd(?:\s+-[LP])?\s*\)|`\s*pwd(?:\s+-[LP])?\s*`/g;
// The current folder by another command (`$(realpath .)`) is `.` too; the repository's top (`$(git rev-parse
// --show-toplevel)`) is a folder only known where the terminal opens: left a command substitution, which the PATH
// reader reads as any folder (R29-3), never as the start-up file's own (hook-spelling.ts reads a hook's so).
const REAL_CURRENT = /\$\(\s*(?:realpath(?:\s+-[A-Za-z]+)*|readlink(?:\s+-[A-Za-z]+)+)\s+["']?\.\/?["']?\s*\)/g;
const GIT_TOP = /\$\(\s*git\s+rev-parse\s+--show-(?:toplevel|cdup|prefix)\b/g;
// fish's command substitution `(cmd)` is `$(cmd)` (`set -gx PATH (pwd)/bin $PATH`).
const fishSubstitutions = (text: string, fish: boolean): string => (fish ? text.replace(/(^|[\s:="'])\((?!\s*\))/gm, '$1$(') : text);
const atCurrent = (text: string, fish = false): string => fishSubstitutions(text, fish).replace(CURRENT, '.').replace(REAL_CURRENT, '.').replace(GIT_TOP, '$$(git-top');

function inFolder(text: string, folder: string): string {
  return text.replace(/\$\(\s*pwd(?:\s+-[LP])?\s*\)|`\s*pwd(?:\s+-[LP])?\s*`/g, folder).replace(/\$\(\s*(?:expand_path|realpath(?:\s+-[A-Za-z]+)*|readlink(?:\s+-[A-Za-z]+)*)\s+["']?([^"'$()\s-][^"'$()\s]*)["']?\s*\)/g, (_all, path: string) => (isAbsolute(path) ? path : join(folder, path)));
}

const realOrSelf = (path: string): string => {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
};

function withRealPaths(text: string, file: string, home: string | undefined): string {
  if (!/readlink|realpath|\$\{0:A/.test(text)) return text;
  const homed = home === undefined ? text : text.replace(REAL_HOME_PATH, (_all, rest: string) => realOrSelf(`${home}${rest}`));
  const real = realOrSelf(file);
  return homed.replace(REAL_SELF, real).replace(/\$\{0:A:h\}/g, dirname(real)).replace(/\$\{0:A\}/g, real).replace(DIRNAME, (_all, path: string) => dirname(path)).replace(CD_PWD, '$1');
}
