import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ShWord } from '../shell/sh-tokens.js';
import { shCommands } from '../shell/sh-tokens.js';
import { statQuiet } from '../files/stat-quiet.js';
import type { Loaded } from './home-sources-expand.js';
import { linesReached } from './obeyed-hooks.js';
import { wholeTree, withoutArithmetic } from './obeyed-env-runtime.js';
import { anyArgumentSafe, hasProgram, programVeto } from './options/index.js';

// What an `.envrc` line may run, an ALLOW-LIST (issue 26, runners.md "Left or doubtful" 2): direnv runs the
// file in the person's shell, unsandboxed, on every `cd`, so a line running an ordinary program (`make env`,
// `npm run env`, `just env`) runs work-tree configuration the walk does not read. A command is understood when
// it is a shell builtin or keyword, an assignment, a function the file defines, a direnv stdlib function
// (home-sources-direnv.ts), a file it runs (home-sources-shell.ts obeys it), or a program of the permission
// engine's read-only table whose arguments that table accepts (`git describe`, `uname -s`, `cat VERSION`),
// at the top level and inside `$(…)`/backticks. Any other command is walked by the hook-line walker (envrcRuns,
// below: a task runner's task is followed); what the walker cannot follow is not understood: the whole work tree
// is obeyed and the question names the line.

// Builtins and keywords that run nothing the file names (`trap`, `eval`, `source` are code and judged elsewhere
// or not allowed). `read`/`mapfile` set variables from input: obeyed-env-runtime.ts COMPUTED_NAMES.
const INERT = new Set([
  'export', 'unset', 'set', 'declare', 'typeset', 'local', 'readonly', 'let', 'echo', 'printf', 'test', '[', '[[', ']', ']]', 'true',
  'false', ':', 'return', 'exit', 'shift', 'if', 'then', 'else', 'elif', 'fi', 'do', 'done', 'while', 'until', 'for', 'case', 'esac',
  'in', '{', '}', '!', 'function', 'cd', 'pushd', 'popd', 'wait', 'umask', 'shopt', 'setopt', 'unsetopt', 'alias', 'unalias',
  'type', 'hash', 'getopts', 'read', 'mapfile', 'readarray', 'dirs',
]);

// Secret look-ups an `.envrc` commonly exports (`export GH_TOKEN=$(gh auth token)`): the subcommand, which
// reads the person's own store and runs no work-tree file.
const LOOKUPS: Readonly<Record<string, readonly string[]>> = {
  gh: ['auth token', 'auth status'],
  op: ['read', 'item get'],
  pass: ['show'],
  security: ['find-generic-password', 'find-internet-password'],
  'secret-tool': ['lookup'],
};

// `name() {` and `function name` definitions: calling them runs their body, which is judged line by line.
export function definedFunctions(text: string): Set<string> {
  return new Set([...text.matchAll(/^\s*(?:function\s+)?([A-Za-z_][\w:-]*)\s*\(\s*\)|^\s*function\s+([A-Za-z_][\w:-]*)/gm)].map((match) => match[1] ?? match[2]!));
}

// Why the simple command `words` (after leading keywords and assignments) is not understood, or undefined.
export function envrcVeto(words: readonly ShWord[], defined: ReadonlySet<string>): string | undefined {
  const [first, ...rest] = words;
  if (first === undefined) return undefined;
  const name = first.text;
  // `command -v make`, `type -p node`: a look-up, nothing runs.
  if (INERT.has(name) || defined.has(name) || /^-[vV]$/.test(name) || /^[A-Za-z_]\w*=/.test(name)) return undefined;
  // A case pattern (`a)`, `*)`) or a lone redirection target the tokenizer splits off.
  if (/\)$/.test(name) || /^[<>]/.test(name)) return undefined;
  const line = words.map((word) => word.text).join(' ');
  if (LOOKUPS[name]?.some((sub) => `${line} `.startsWith(`${name} ${sub} `))) return undefined;
  if (!hasProgram(name) || name.includes('/') || name.includes('$')) return `\`${line}\` runs \`${name}\`, which codeward does not model in an \`.envrc\``;
  const args = rest.map((word) => word.text);
  if (!anyArgumentSafe(name) && args.some((arg) => /[$`]/.test(arg))) return `\`${line}\`: its arguments are only known at run time`;
  const veto = programVeto(name, args);
  return veto === undefined ? undefined : `\`${line}\` is not read-only (${veto})`;
}

// The command substitutions of a text (`$(…)`, backticks), innermost first, each as its simple commands: a
// quoted one (`export A="$(make env)"`) stays inside its word for the tokenizer, so each is judged here.
// `nested`: a substitution left that could not be taken apart (`$( (x) )`): not understood.

const INNER = /\$\(([^()]*)\)|`([^`]*)`/;

export function substitutedCommands(text: string): { commands: ShWord[][]; nested: boolean } {
  const commands: ShWord[][] = [];
  // Arithmetic runs nothing.
  let rest = withoutArithmetic(text.replace(/^\s*#.*$/gm, ''));
  for (let round = 0; round < 8 && INNER.test(rest); round++) {
    rest = rest.replace(new RegExp(INNER, 'g'), (_all, paren?: string, tick?: string) => {
      commands.push(...shCommands(paren ?? tick ?? ''));
      return 'S';
    });
  }
  return { commands, nested: /\$\(|`/.test(rest) };
}

// Why each substitution of `text` is not understood (none: every one is).
export function substitutionVetoes(text: string, defined: ReadonlySet<string>): string[] {
  const { commands, nested } = substitutedCommands(text);
  const out = commands.map((words) => envrcVeto(words, defined)).filter((why) => why !== undefined);
  return nested ? [...out, 'a command substitution nested in a way codeward does not take apart'] : out;
}

// The work tree a command of an `.envrc` in `folder` runs in, for the hook-line walker: the nearest folder above
// holding a `.git` (a task may run `../tools/x.sh`), else `/`.
function treeTop(folder: string): string {
  for (let at = folder; ; at = dirname(at)) {
    if (existsSync(join(at, '.git'))) return at;
    if (dirname(at) === at) return at;
  }
}

const quoted = (word: ShWord): string => (/^[\w@%+=:,./-]+$/.test(word.text) ? word.text : `'${word.text.replace(/'/g, `'\\''`)}'`);

// What a command of an `.envrc` (`file`, run in `cwd`, undefined when not known) reaches when it is not on the allow-list above (envrcVeto):
// a task runner (`make env`, `npm run env`, `just env`) is walked by the hook-line walker (obeyed-hooks.ts) in
// the folder direnv runs it in, so what the task runs is obeyed and not the whole tree. A line the walker cannot
// follow (a program it does not model, a word only known at run time) is not understood: the whole work tree.
export function envrcRuns(words: readonly ShWord[], defined: ReadonlySet<string>, file: string, cwd: string | undefined): Loaded[] {
  const why = envrcVeto(words, defined);
  if (why === undefined) return [];
  if (words.some((word) => !word.single && /[$`]/.test(word.text))) return [wholeTree(why)];
  if (cwd === undefined) return [wholeTree(`${why} (after a \`cd\` to a folder only known at run time)`)];
  const reached = linesReached(treeTop(cwd), [words.map(quoted).join(' ')], file, cwd);
  if (reached.unmodeled !== undefined) return [wholeTree(`${why} (${reached.unmodeled})`)];
  return [...reached.files.map((path) => ({ path, ...(statQuiet(path)?.isDirectory() === true ? { folder: true } : {}) })), ...reached.globs.map((path) => ({ path }))];
}
