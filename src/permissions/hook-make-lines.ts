// make's model is an ALLOW-LIST (red team round 14, R14-1): hook-make.ts reads plain rules, recipe lines,
// assignments of literal text, conditionals and includes; every other construct of a makefile (a directive,
// function or special variable it does not know) makes what make runs unknown, with a reason naming the
// construct (the walk then treats the run like a runner it does not model, hook-fallback.ts). Listing the bad
// spellings did not converge: `$(eval …)` and `$(file <…)` were closed, then `SHELL := ./x.sh`, `.SHELLFLAGS`,
// `export BASH_ENV`, `define`, `vpath`, `MAKEFLAGS`, a target-specific `$(shell …)` were the next ones.
import { isHijackVariable } from '../shell/danger-variables.js';
import { unreadConstruct, unreadVariable } from './task-runner-make-grammar.js';

// Functions that only compute text from text (or read the tree: wildcard), and those that report (info,
// warning, error); `shell` is read as a line make runs (makeShells). Any other (`eval`, `file`, `guile`, `call`
// of text only known once expanded …) is unknown. `call` and `foreach` are allowed: what they expand is text of
// the makefile, which is checked line by line; an `eval` in it is found there.
const TEXT_FUNCTIONS = new Set([
  'subst', 'patsubst', 'strip', 'findstring', 'filter', 'filter-out', 'sort', 'word', 'wordlist', 'words', 'firstword', 'lastword', 'dir', 'notdir',
  'suffix', 'basename', 'addsuffix', 'addprefix', 'join', 'wildcard', 'realpath', 'abspath', 'if', 'or', 'and', 'intcmp', 'foreach', 'call', 'value',
  'origin', 'flavor', 'info', 'warning', 'error', 'shell', 'let',
]);

// Special variables make reads for itself: a value that changes how every recipe runs or what make reads.
// SHELL and .SHELLFLAGS are allowed with a standard shell and its flags; .DEFAULT_GOAL is read (hook-make.ts).
const STANDARD_SHELL = /^(?:\/(?:usr\/)?bin\/)?(?:sh|bash|dash|zsh|ksh)$|^\/usr\/bin\/env\s+(?:sh|bash|dash|zsh|ksh)$/;
const SHELL_FLAG = /^(?:-[a-zA-Z]+|[+-]o|pipefail|errexit|nounset|xtrace|posix)$/;
// Directives read by hook-make.ts (include, conditionals, export); `define` and those neither make model reads
// (task-runner-make-grammar.ts' unreadConstruct) are unknown.

// Why a line outside a recipe holds a construct the model does not know (a function, a directive), or undefined.
export function unknownConstruct(line: string): string | undefined {
  if (/^\s*define\b/.test(line)) return '`define` (a make directive codeward does not model)';
  const unread = unreadConstruct(line);
  if (unread !== undefined) return unread;
  for (const call of line.matchAll(/\$[({]([a-z][\w-]*)[\s)}]/g)) {
    if (!TEXT_FUNCTIONS.has(call[1]!) && /\s/.test(call[0].slice(-1))) return `\`$(${call[1]} …)\` (a make function codeward does not model)`;
  }
  return undefined;
}

// Why an assignment (global, private, target-specific, exported) makes what make runs unknown, or undefined.
// `exported`: the variable goes into every recipe's environment (`export X`, `.EXPORT_ALL_VARIABLES`).
export function unknownAssignment(name: string, value: string, exported: boolean): string | undefined {
  const trimmed = value.trim();
  if (name === 'SHELL') return STANDARD_SHELL.test(trimmed) ? undefined : `\`SHELL = ${trimmed}\` (every recipe runs through it)`;
  if (name === '.SHELLFLAGS') return trimmed.split(/\s+/).every((flag) => SHELL_FLAG.test(flag)) ? undefined : `\`.SHELLFLAGS = ${trimmed}\` (every recipe runs with them)`;
  if (unreadVariable(name)) return `\`${name} = ${trimmed}\` (make reads it for itself)`;
  // make passes a variable that came from the environment back to it with the makefile's value (PATH,
  // NODE_OPTIONS …), an exported one always: a variable that changes what a program loads, set for every recipe.
  if (isHijackVariable(name)) return `\`${name} = ${trimmed}\` (a variable that changes what every recipe's programs load)`;
  // An exported value naming a path (`export GOFLAGS=-toolexec=./x`): which programs obey it is not ours to list.
  if (exported && (/\//.test(trimmed) || /(?:^|[\s=:,])\.\.?[\w/-]/.test(trimmed))) return `\`export ${name} = ${trimmed}\` (a path every recipe's programs see)`;
  return undefined;
}

// The suffixes make knows by default (its built-in suffix rules), for a suffix rule `.c.o:` / `.sh:`.
const SUFFIXES = new Set(['.out', '.a', '.ln', '.o', '.c', '.cc', '.C', '.cpp', '.p', '.f', '.F', '.m', '.r', '.y', '.l', '.ym', '.yl', '.s', '.S', '.mod', '.sym', '.def', '.h', '.info', '.dvi', '.tex', '.texinfo', '.texi', '.txinfo', '.w', '.ch', '.web', '.sh', '.elc', '.el']);
// A suffix rule as the pattern rule it means (`.c.o` is `%.o: %.c`, `.sh` is `%: %.sh`), else undefined.
export function suffixPattern(target: string): { target: string; prerequisite: string } | undefined {
  const double = /^(\.[^.\s/]+)(\.[^.\s/]+)$/.exec(target);
  if (double && SUFFIXES.has(double[1]!) && SUFFIXES.has(double[2]!)) return { target: `%${double[2]}`, prerequisite: `%${double[1]}` };
  return SUFFIXES.has(target) ? { target: '%', prerequisite: `%${target}` } : undefined;
}

// make's built-in rules that turn a source into a program or object (`make -p`): a target with no rule of its
// own is built from the first of these sources that exists (`tools/check` from `tools/check.sh`, by cat).
// `compiled`: its recipe is a compiler (the C row of hook-toolchains.ts: its sources are the documented limit).
const COMPILED = ['.c', '.cc', '.cpp', '.C', '.o', '.s', '.S', '.f', '.p', '.r', '.mod'];
export const BUILT_IN: readonly { target: string; prerequisite: string; compiled: boolean }[] = [
  ...['.sh', '.web', '.w', ...COMPILED].map((suffix) => ({ target: '%', prerequisite: `%${suffix}`, compiled: COMPILED.includes(suffix) })),
  ...COMPILED.filter((suffix) => suffix !== '.o').map((suffix) => ({ target: '%.o', prerequisite: `%${suffix}`, compiled: true })),
  { target: '%.c', prerequisite: '%.y', compiled: true }, { target: '%.c', prerequisite: '%.l', compiled: true }, { target: '%.s', prerequisite: '%.S', compiled: true },
];

// The stem of `name` for the target pattern `pattern` (`%` matches a non-empty part; a pattern without a `/`
// matches the file name, the folder is kept: make's rule), or undefined.
export function stemOf(pattern: string, name: string): { stem: string; folder: string } | undefined {
  const slash = pattern.includes('/');
  const folder = slash ? '' : name.slice(0, name.lastIndexOf('/') + 1);
  const rest = slash ? name : name.slice(folder.length);
  const [before, after] = [pattern.slice(0, pattern.indexOf('%')), pattern.slice(pattern.indexOf('%') + 1)];
  if (rest.length <= before.length + after.length || !rest.startsWith(before) || !rest.endsWith(after)) return undefined;
  return { stem: rest.slice(before.length, rest.length - after.length), folder };
}
