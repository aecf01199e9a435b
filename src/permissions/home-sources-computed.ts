import { namedPaths } from './home-sources-named.js';
import type { LoaderKind } from './home-sources-expand.js';
import { afterCd } from './home-sources-computed-cd.js';
import { callOf, loaderFunctions } from './home-sources-computed-fn.js';

// Which lines of a start-up file COMPUTE what they load from the workspace (red team R12-9b's rule, narrowed by
// R24-12). A start-up file that merely names the workspace (`alias p='cd ~/proj'`, `export CDPATH=.:~/proj`,
// `export PROJ=~/proj`, tmux's `-c ~/proj`, VS Code's `git.scanRepositories`) runs nothing of it: the path named
// is obeyed itself (home-sources.ts), never the whole work tree. But a load whose argument is only known at run
// time (`. "$(find ~/proj -name x.sh)"`, `source $(ls ~/proj/*.sh)`, `for f in ~/proj/rc.d/*; do . "$f"; done`,
// `exe 'source' glob('~/proj/*.vim')`) may run any file of it, and no parser can say which: that line makes the
// whole work tree obeyed. So a line escalates when, comments aside,
//   - it names the workspace: a path in or above it (`~/proj/x`, `~/proj`, `~/*`, `find ~`), or a variable whose
//     value does (`P=~/proj` ... `$P`, transitively, across the start-up files read in order: `tainted`);
//     or it runs after a `cd` into the workspace in the same block (home-sources-computed-cd.ts);
//   - it loads: a word of LOADS (a source/eval/exec statement, a shell or interpreter, a program's load call, a
//     load-path variable: PYTHONPATH, NODE_PATH ...), a command substitution assigned, or a command word that is
//     itself computed (`$T`, `"$(...)"`);
//   - and something in it is computed: `$(`, backticks, `<(`, fish's `(...)`, a variable whose value is not known
//     before the shell runs, a glob in a path, a program's path-computing call (vim's expand()/glob(), Lua's `..`).
//   A folder handed to a plug-in manager or a load path (FOLDER_LOADS: zinit, antigen, Plug, lazy.nvim's `dir`,
//   fpath, runtimepath, load-path, sys.path) is a computed load whatever its spelling: the manager picks the files.
// A line failing any of the three loads nothing it computes from the workspace: what it names is obeyed as named.

// Load words, whole words in any of the languages the start-up table reads (shell, vim, Lua, tmux, ssh and the
// other programs' files). `.` is matched apart (a word of its own).
const LOADS = new RegExp(String.raw`(?:^|[^\w.-])(?:source|eval|exec|execute|exe|autoload|emulate|command|builtin|xargs|env|nohup|` +
  String.raw`sh|bash|zsh|dash|ksh|mksh|fish|python\d*(?:\.\d+)?|node|perl|ruby|deno|bun|lua|luajit|tclsh|php|` +
  String.raw`trap|complete|compdef|precmd|preexec|PROMPT_COMMAND|BASH_ENV|ENV|ZDOTDIR|fpath|FPATH|path|PATH|PYTHONPATH|PYTHONSTARTUP|NODE_PATH|NODE_OPTIONS|PERL5LIB|PERL5OPT|RUBYLIB|RUBYOPT|LD_PRELOAD|LD_LIBRARY_PATH|` +
  String.raw`so|sou|sour|sourc|runtime|luafile|pyfile|py3file|pyxfile|rubyfile|perlfile|packadd|rtp|runtimepath|packpath|pp|call|system|systemlist|jobstart|job_start|term|terminal|` +
  String.raw`dofile|loadfile|loadstring|load|require|popen|execute|package\.path|package\.cpath|vim\.cmd|` +
  String.raw`source-file|run-shell|run|if-shell|new-window|neww|split-window|splitw|new-session|new|respawn-pane|respawnw|respawn-window|pipe-pane|display-popup|popup|` +
  String.raw`Include|ProxyCommand|LocalCommand|KnownHostsCommand|Match|` +
  String.raw`include|import|spawn|ExecStart|ExecStartPre|ExecStartPost|Exec|script-shell|init-module|node-options|shell|shellArgs|args|program|` +
  String.raw`\$include)(?![\w-])`);
// A load of a whole folder, whatever the spelling (a plug-in manager or a load path computes which of its files run):
// zinit/antigen/zplug/fisher, vim's plug-in managers and packadd, fpath, runtimepath, Emacs's load-path, sys.path;
// lazy.nvim's `dir = "~/proj"`; the shells' own autoload paths (red team R26-3): fish's function and completion
// paths (`set -p fish_function_path ~/proj/fish`: any file there runs on first use of its name), zsh's fpath and
// module_path, bash's BASH_LOADABLES_PATH (`enable -f`) and bash-completion's user folder, nushell's NU_LIB_DIRS and
// NU_PLUGIN_DIRS, PowerShell's PSModulePath.
const FOLDER_LOADS = /(?:^|[^\w.-])(?:zinit|zi|zplugin|antigen|antibody|zplug|zgen|zgenom|zcomet|znap|zsh-defer|zmodule|zpm|sheldon|fisher|omf|Plug|Plugin|Bundle|NeoBundle|dein#add|minpac#add|jetpack#add|packadd|rtp|runtimepath|packpath|fpath|FPATH|module_path|MODULE_PATH|fish_function_path|fish_complete_path|BASH_LOADABLES_PATH|BASH_COMPLETION_USER_DIR|BASH_COMPLETION_COMPAT_DIR|NU_LIB_DIRS|NU_PLUGIN_DIRS|PSModulePath|package\.path|package\.cpath|load-path|sys\.path|libPaths|module\.paths)(?![\w-])/;
const LUA_DIR = /\bdir\s*=\s*["'[]/;
// `.` as the shell's source command: a word of its own at a command's start.
const DOT = /(?:^|[\s;&|({'"`!])\.(?=\s)/;
// A command word that is itself computed, at a command's start (an alias body's too): `$T args`, `"$(cmd)"`,
// `` `cmd` ``, `~/proj/*/run`; and a command substitution assigned (`X=$(find ~/proj ..)`: a command run).
const COMPUTED_COMMAND = /(?:^|[;&|({!]|\bthen\b|\bdo\b|\belse\b|\balias\s+[\w.-]+(?:=|\s+))\s*["']?(?:\$|`|(?:~|\/)[^\s;&|'"]*[$*?`])|=\s*["']?(?:\$\(|`)/;
// A part only known at run time.
const COMPUTED = [
  /\$\(|`|<\(|>\(/,
  // fish's command substitution `(cmd ...)` after a command word; not a function's `()` nor a `$(`.
  /(?:^|\s)\((?!\s*\))/,
  // A variable other than the home folder (and not `$((` arithmetic alone).
  /\$(?!HOME\b|\{HOME\}|\(\()[{\w@*#?!-]/,
  // A glob in a path word.
  /[^\s'"]*\/[^\s'"]*[*?]|[*?][^\s'"]*\//,
  // A program's path-computing call.
  /\b(?:expand|glob|globpath|fnamemodify|resolve|readdir|readdirex|getenv|listdir|scandir|iterdir|rglob|walk|popen|readfile|systemlist|system)\s*\(|\.\.\s*["'\w(]|\bos\.getenv\b|\bvim\.env\./,
];

// The workspace's spelling alone or its home alone: `~`, `$HOME`, `${HOME}` not followed by a path (`find ~ -name x`).
const HOME_ALONE = /(?:^|[\s'"=:(,[])(?:~|\$HOME|\$\{HOME\})(?=$|[\s'")\],;|&]|\/(?:$|[\s'")\],;|&*?]))/;

// Assignments a later line may use: `NAME=value`, `export/local/declare NAME=value`, fish's `set [-gx] NAME value`,
// `for NAME in value`.
const ASSIGNED = /(?:^|[\s;&|({])(?:(?:export|local|declare|typeset|readonly)\s+(?:-\w+\s+)*)?([A-Za-z_]\w*)(?:\+?=)(.*)$|(?:^|[\s;&|({])set\s+(?:-\w+\s+)*([A-Za-z_]\w*)\s+(.*)$|(?:^|[\s;&|({])for\s+([A-Za-z_]\w*)\s+in\s+(.*)$/;
const READ = /(?:^|[\s;&|({])(?:read|mapfile|readarray)\s+(?:-\S+\s+)*([A-Za-z_]\w*)/g;
// Other ways a shell sets a variable (friction27's left: `printf -v F '%s/rc.d/a.sh' ~/proj` NL `. "$F"`): `printf -v`,
// `eval "X=..."`, `let X=`, `${X:=v}` / `${X=v}`, `getopts ... X`. Such a value
// is computed (never plain), and it names the workspace when its line does.
const SETS = /(?:^|[\s;&|({])printf\s+(?:-\S+\s+)*-v\s*["']?([A-Za-z_]\w*)|(?:^|[\s;&|({])(?:eval|let)\s+["']?([A-Za-z_]\w*)\+?=|\$\{([A-Za-z_]\w*):?=/g;
// `declare -n F=P`: F is P (a name reference).
const NAMEREF = /(?:^|[\s;&|({])(?:declare|typeset|local)\s+(?:-\w+\s+)*-\w*n\w*\s+([A-Za-z_]\w*)=["']?([A-Za-z_]\w*)/g;
const USED = /\$\{?([A-Za-z_]\w*)|\bos\.getenv\s*\(\s*["'](\w+)|\bvim\.env\.(\w+)/g;

// The comment lines a kind's reader ignores (the other programs' files: `#` and `;` only: JSON lines start with `"`).
function comment(kind: LoaderKind): RegExp {
  if (kind === 'vim') return /^\s*"/;
  if (kind === 'lua') return /^\s*--/;
  return /^\s*[#;]/;
}

// The logical lines (`\`-continued lines joined), comments dropped.
function logicalLines(text: string, kind: LoaderKind): string[] {
  const skip = comment(kind);
  return text.replace(/\\\r?\n/g, ' ').split(/\r?\n/).filter((line) => line.trim() !== '' && !skip.test(line));
}

// Whether `line` names a path `reaches` says is in or above the workspace.
function namesDirectly(line: string, home: string, reaches: (path: string) => boolean): boolean {
  if (HOME_ALONE.test(line) && reaches(home)) return true;
  return namedPaths(line, home, true).some((named) => reaches(named.path));
}

const usedNames = (line: string): string[] => [...line.matchAll(USED)].map((match) => match[1] ?? match[2] ?? match[3]!);

// The lines of `text` (a start-up file of `kind`) that compute what they load from the workspace. `tainted`: the
// variables known to name the workspace (updated: a later file of the walk sees this one's); `vars`: the values the
// shell parser expanded (home-sources-shell.ts); `reaches`: whether a path is in or above the workspace.
// `functions`: the loader functions defined so far (home-sources-computed-fn.ts; updated, shared like `tainted`).
export function computedLoads(text: string, kind: LoaderKind, home: string, tainted: Set<string>, vars: ReadonlyMap<string, string>, reaches: (path: string) => boolean, fish = false, functions = new Set<string>()): string[] {
  const lines = logicalLines(text, kind);
  const assigned = lines.flatMap((line): [string, string][] => {
    const match = ASSIGNED.exec(line);
    const name = match?.[1] ?? match?.[3] ?? match?.[5];
    // A loop over a glob (red team R26-1: `cd ~/proj/rc.d && for f in *.sh; do . ./$f; done`): its variable is only
    // known at run time, whether or not the glob word holds a `/`.
    const looped = match?.[6] !== undefined && /[*?[]/.test(match[6].replace(/\s*(?:;|&&|\|\||#).*$/, '')) ? `$(glob) ${match[6]}` : undefined;
    const value = match?.[2] ?? match?.[4] ?? looped ?? match?.[6];
    const set = [
      ...[...line.matchAll(SETS)].map((found): [string, string] => [found[1] ?? found[2] ?? found[3]!, `$(set) ${line}`]),
      ...[...line.matchAll(NAMEREF)].map((found): [string, string] => [found[1]!, `$(set) $${found[2]!}`]),
    ];
    return name === undefined || value === undefined ? set : [[name, value], ...set];
  });
  const names = (line: string): boolean =>
    namesDirectly(line, home, reaches) || usedNames(line).some((name) => tainted.has(name) || (name !== 'HOME' && vars.get(name) !== undefined && namesDirectly(vars.get(name)!, home, reaches)));
  // `read`/`mapfile` fill variables from a command's output: tainted when the file feeds one from the workspace
  // (`while read -r f; do` NL `. "$f"` NL `done < <(find ~/proj -name "*.sh")`).
  const read = lines.flatMap((line) => [...line.matchAll(READ)].map((match) => match[1]!));
  if (read.length > 0 && lines.some((line) => /<\(|\$\(|`|\|/.test(line) && names(line))) for (const name of read) tainted.add(name);
  // Taint to a fixed point: `A=~/proj; B=$A/x` (in any order: a function defined early may use a later value).
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, value] of assigned) {
      if (!tainted.has(name) && names(value)) {
        tainted.add(name);
        changed = true;
      }
    }
  }
  const plain = plainNames(assigned, vars);
  const inWorkspace = afterCd(lines, kind, fish, names);
  // A variable's own old value in its new one (`export PATH="$HOME/proj/bin:$PATH"`, `path=(~/proj/bin $path)`,
  // red team R26-9): known before the line runs, computing nothing (a computed earlier value escalated there).
  const own = (line: string): Set<string> => {
    const match = ASSIGNED.exec(line);
    const name = match?.[1] ?? match?.[3];
    return name === undefined ? plain : new Set([...plain, name]);
  };
  const loads = (line: string): boolean => FOLDER_LOADS.test(line) || (kind === 'lua' && LUA_DIR.test(line)) || ((LOADS.test(line) || DOT.test(line) || COMPUTED_COMMAND.test(line)) && isComputed(line, own(line)));
  loaderFunctions(lines, kind, fish, loads, functions);
  const call = callOf(functions);
  const loading = (line: string): boolean => loads(line) || (call?.test(line) ?? false);
  return lines.filter((line, at) => loading(line) && (inWorkspace[at] === true || names(line))).map((line) => line.trim());
}

// A text with the references to `plain` variables taken out.
const withoutPlain = (text: string, plain: ReadonlySet<string>): string =>
  text.replace(/\$\{([A-Za-z_]\w*)\}|\$([A-Za-z_]\w*)/g, (all, braced?: string, bare?: string) => (plain.has(braced ?? bare!) ? 'v' : all));

const isComputed = (text: string, plain: ReadonlySet<string>): boolean => {
  const rest = withoutPlain(text, plain);
  return COMPUTED.some((part) => part.test(rest));
};

// The variables whose value is known before the shell runs (`DOTS=$HOME/dotfiles`, a value the shell parser
// expanded): using one computes nothing. Every assignment of it plain (fail closed: `f` of a loop over a glob, a
// value built from itself, a command's output is not).
function plainNames(assigned: readonly [string, string][], vars: ReadonlyMap<string, string>): Set<string> {
  const plain = new Set<string>(['HOME', ...[...vars.keys()].filter((name) => !assigned.some(([other]) => other === name))]);
  for (let changed = true; changed; ) {
    changed = false;
    for (const name of new Set(assigned.map(([one]) => one))) {
      if (plain.has(name)) continue;
      const values = assigned.filter(([one]) => one === name).map(([, value]) => value.replace(/\s*(?:;|&&|\|\||#).*$/, ''));
      if (values.some((value) => isComputed(value, new Set([...plain, name])) || usedNames(value).includes(name))) continue;
      plain.add(name);
      changed = true;
    }
  }
  return plain;
}
