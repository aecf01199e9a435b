import type { ShellWord } from './parse-types.js';
import { childScope, type Scope } from './parse-walk-values.js';
import type { WalkOps } from './parse-walk-ops.js';
import { startupTexts } from './startup-variables.js';
import { optionLine } from './option-variables.js';
import { isCommandVariable } from '../permissions/obeyed-env.js';

// Variables a program runs as a command through the shell (red team round 12, R12-6b: `git -c
// diff.external='rm -r build' diff` was safety-immune, `GIT_EXTERNAL_DIFF='rm -r build' git diff` an ordinary
// ask): an assignment to one, before a command or exported, is shell text the next program runs. The list is
// the environment table's command rows (permissions/obeyed-env.ts), one list with what the environment loads.
// Git configuration from the environment (R12-6c): GIT_CONFIG_VALUE_<n> (with GIT_CONFIG_COUNT and KEY_<n>) and
// GIT_CONFIG_PARAMETERS' values may be commands git runs (diff.external, core.pager ...): walked as such; a config
// FILE the variable names (GIT_CONFIG_GLOBAL=./evil.cfg, or HOME / XDG_CONFIG_HOME pointed at the work tree,
// where git, npm and every other program then read the person's settings) may name any program: its value is a
// program only known at run time (`"$SETTINGS_FROM_GIT_CONFIG_GLOBAL"`), which the immune check treats as such.
// ccache's configuration file (CCACHE_CONFIGPATH) and its cache folder's ccache.conf (CCACHE_DIR) name commands too
// (compiler_check, prefix_command: red team R24-20).
// WGETRC: wget's start-up file, whose use_askpass names a program it runs (R39-b6); MAILRC: mailx's, whose `set
// sendmail=` (mta, PAGER, pipe-*) does the same (fix73).
// Build tools' homes and settings files (R41-b4): cargo obeys $CARGO_HOME/config.toml (build.rustc-wrapper, target
// runners, aliases), rustup's proxies run $RUSTUP_HOME's toolchains, gradle runs $GRADLE_USER_HOME/init.d's scripts, go
// runs $GOROOT's tools and reads its `go env -w` file from $GOENV (GOFLAGS=-toolexec=...; `GOENV=off`: none). An
// absolute value may be the workspace itself (`CARGO_HOME=/path/to/ws`), which this reading cannot tell: any value is
// read as one (the person sets a tool home once, in their own environment).
const CONFIG_FILES = new Set(['GIT_CONFIG_GLOBAL', 'GIT_CONFIG_SYSTEM', 'GIT_CONFIG', 'CCACHE_CONFIGPATH', 'WGETRC', 'MAILRC', 'GOENV', 'CARGO_HOME', 'RUSTUP_HOME', 'GRADLE_USER_HOME', 'GOROOT']);
// Homes (and RUSTUP_TOOLCHAIN given a path: rustup runs that folder's cargo and rustc) whose value names a folder the
// person's own settings live in: one that may be the workspace (relative, `$PWD/…`, `~…`, only known at run time) is a
// settings source only known at run time here; an ABSOLUTE one the parse cannot place (it does not know the workspace):
// permissions/immune-settings-places.ts asks when it is inside the workspace (fix60: `CCACHE_DIR=/path/to/ws/cc`).
// The launcher homes (R42-b10) are of the kind: mvn, gradle, sbt, ant, kotlinc and the wrappers run $JAVA_HOME/bin/java,
// ant, maven, scala, groovy and gradle's launchers their home's bin/ and lib/ (`JAVA_HOME=j mvn -v` runs j/bin/java).
const HOMES = new Set(['HOME', 'XDG_CONFIG_HOME', 'CCACHE_DIR', 'RUSTUP_TOOLCHAIN', 'JAVA_HOME', 'JDK_HOME', 'ANT_HOME', 'MAVEN_HOME', 'M2_HOME', 'SCALA_HOME', 'GROOVY_HOME', 'GRADLE_HOME']);

// Whether `name`'s value names such a folder (RUSTUP_TOOLCHAIN=stable names a toolchain, not a path).
export const settingsHome = (name: string, value: string): boolean => HOMES.has(name) && (name !== 'RUSTUP_TOOLCHAIN' || /[/~$`]|^\.\.?$/.test(value));
const SSH_OPTION_VARIABLES = /^ANSIBLE_(?:SSH_ARGS|SSH_COMMON_ARGS|SSH_EXTRA_ARGS|SCP_EXTRA_ARGS|SFTP_EXTRA_ARGS)$/;

// The command texts an assignment of `name` hands a program, or [] (`value`: the static value, undefined when
// only known at run time; `text`: the word as written).
function commandTexts(name: string, value: string | undefined, text: string): string[] {
  const known = value ?? text;
  // bash imports `BASH_FUNC_NAME%%=() { … }` from its environment as the function NAME (R39-b10): the body runs.
  if (/^BASH_FUNC_.+(?:%%|\(\))$/.test(name)) return [value === undefined ? '"$FUNCTION_FROM_ENV"' : `__imported ${known}; __imported`];
  if (isCommandVariable(name) || /^GIT_CONFIG_VALUE_\d+$/.test(name)) return [known];
  // SHELL names the program a program runs its command text with (make's recipes, `flock x -c`, `script -c`): that
  // program given code, for every program (`SHELL=./mk flock x.lock -c true` ran ./mk; R47-b16).
  if (name === 'SHELL') return [`${value === undefined ? '"$SHELL_FROM_ENV"' : known} -c :`];
  // bash expands PS4 (substitutions run) before every traced line (red team R19-14: `PS4='$(git push)' bash -xc true`).
  if (name === 'PS4') return [`: ${known}`];
  // Variables of ssh options a program hands ssh (ansible's): read as the ssh line they make (R25-14).
  if (SSH_OPTION_VARIABLES.test(name)) return [`ssh ${known} host`];
  // An option variable reaches every program the command runs (option-variables.ts optionLine: R21-1).
  const option = optionLine(name, value);
  if (option !== undefined) return [option];
  const startup = startupTexts(name, value, text);
  if (startup.length > 0) return startup;
  if (name === 'GIT_CONFIG_PARAMETERS') return value === undefined ? [`"$${name}"`] : [...value.matchAll(/'(?:[^']*)'='([^']*)'/g)].map((found) => found[1]!);
  // Named apart from the variable (a bare `"$HOME"` command would read as the home folder run as a program).
  if (CONFIG_FILES.has(name)) return known.trim() === '/dev/null' || (name === 'GOENV' && known.trim() === 'off') ? [] : [`"$SETTINGS_FROM_${name}"`];
  if (settingsHome(name, known) && (value === undefined || !value.startsWith('/') || /^\$(?:PWD|\{PWD\}|\(pwd)/.test(text))) return [`"$SETTINGS_FROM_${name}"`];
  return [];
}

// A bare program name (`GIT_PAGER=cat`, `EDITOR=vim`) is what the program runs anyway when it needs one: not walked
// (a pager or editor is never started without a terminal, so its terminal check would refuse a plain `git log`).
const walked = (text: string): boolean => text.trim() !== '' && !/^[\w.+-]+$/.test(text.trim());

// Walks the value of such an assignment as a script: a static value as the text it is, a run-time one as
// its own source (`"$X"`: a command name only known at run time).
export function commandVariable(walk: WalkOps, name: string, word: ShellWord | undefined, scope: Scope): void {
  if (word === undefined) return;
  for (const text of commandTexts(name, word.dynamic ? undefined : word.value, word.text)) if (walked(text)) walk.script(text, { ...childScope(scope), wrappers: [...scope.wrappers, name] });
}

// The same for `env NAME=VALUE … PROGRAM` (the planner's words): each such assignment's value as a script.
export function commandAssignments(words: readonly { readonly value: string; readonly dynamic?: boolean }[], wrappers: string[]): { kind: 'text'; text: string; wrappers: string[] }[] {
  return words.flatMap((word) => {
    // env takes any word holding `=` before the program as an assignment (`BASH_FUNC_ls%%=…`: ENV_ASSIGNMENT).
    const match = /^([^=]+)=(.*)$/s.exec(word.value);
    if (!match) return [];
    return commandTexts(match[1]!, word.dynamic === true ? undefined : match[2]!, match[2]!).filter(walked).map((text) => ({ kind: 'text' as const, text, wrappers: [...wrappers, match[1]!] }));
  });
}
