// Variables a program reads as more of its own options (red team R19-2, R19-14): `TAR_OPTIONS='--checkpoint-action=
// exec=git push' tar -cf x.tar x` and `MAKEFLAGS='--eval=...' make` ran what the same words on the line would have
// been asked or refused for. In the program's environment (a prefix assignment, `env NAME=VALUE`, an export earlier on
// the line, a wrapper's or a shell's it runs under: R20-1, parse-walk-state.ts) or make's own command-line
// `MAKEFLAGS=`, the value's words are read as the program's words, right after its name, so every row (option
// tables, launch tables, deny rules, the immune list) meets them. A value only known at run time is a word of no
// known value there (fails closed the way `tar "$X"` does). npm's `npm_config_*`: npm-config-variables.ts.
import { npmConfigWord } from './npm-config-variables.js';
import { ROWS } from './parse-launch-program-rows.js';

// The option variables of each program: its row's (parse-launch-program-rows.ts, one row per program).
const OPTIONS_FROM: Readonly<Record<string, readonly string[]>> = Object.fromEntries(Object.entries(ROWS).flatMap(([program, row]) => (row.variables === undefined ? [] : [[program, row.variables]])));

// The words a variable's value is read as (its row's own splitting, else optionWords).
const SPLITS: Readonly<Record<string, (value: string) => string[]>> = Object.assign({}, ...Object.values(ROWS).map((row) => row.variableWords ?? {}));
const wordsOf = (name: string, value: string): string[] => (Object.hasOwn(SPLITS, name) ? SPLITS[name]!(value) : optionWords(value));

// The option variables `program` reads (its base name), [] when none.
export const optionVariables = (program: string): readonly string[] => (Object.hasOwn(OPTIONS_FROM, program) ? OPTIONS_FROM[program]! : []);

// make reads these from its command line too (`make MAKEFLAGS=--eval=... all`, `make 'MAKEFLAGS+=...'`).
export const MAKE_LINE_FLAGS = /^(?:MAKEFLAGS|GNUMAKEFLAGS|MFLAGS)\+?=/;

// The assignments of `program`'s option variables anywhere in a script's text (`export MAKEFLAGS=-Itools`, `declare
// -x`, a plain one exported later, `env NAME=..`), each as `NAME=VALUE` with its quotes removed: a reader of a script
// file (a hook) that meets the program on a later line reads them as set for it (flow-insensitive: reads more, never
// less; dyn23, files22 LEFT). `extra`: more names read the same way (make's MAKEFILES).
export function assignedIn(text: string, program: string, extra: readonly string[] = []): string[] {
  const names = [...optionVariables(program), ...extra];
  if (names.length === 0) return [];
  const pattern = new RegExp(String.raw`(?:^|[\s;&|('"])(${names.join('|')})\+?=((?:'[^']*'|"(?:[^"\\]|\\.)*"|\\.|[^\s;&|)])*)`, 'g');
  return [...text.matchAll(pattern)].map((found) => `${found[1]!}=${optionWords(found[2]!).join(' ')}`);
}

const MAKE_SHELL = /^(?:SHELL|\.SHELLFLAGS)\s*[:+?!]*=/;
// A system shell by its path (`make SHELL=/bin/bash`) runs the recipes as make shows them.
const SYSTEM_SHELL = /^SHELL\s*:*=\/(?:usr\/)?(?:local\/)?bin\/(?:ba|da|z|k|)sh$/;

// A value split the way these programs split it (GNU tar's wordsplit, make's flags): whitespace separates words
// unless quoted or escaped with a backslash.
export function optionWords(value: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (let i = 0; i < value.length; i++) {
    const char = value[i]!;
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"' && i + 1 < value.length) word = (word ?? '') + value[++i];
      else word = (word ?? '') + char;
    } else if (char === '\\' && i + 1 < value.length) word = (word ?? '') + value[++i];
    else if (char === '"' || char === "'") {
      quote = char;
      word ??= '';
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? '') + char;
  }
  if (word !== undefined) words.push(word);
  return words;
}

export interface Assigned {
  readonly name: string;
  readonly value: string;
  readonly dynamic: boolean;
  // The values it may take, as ShellWord.candidates (`~` for the home, U+0000 for a run-time part).
  readonly candidates?: readonly string[];
}

// An assignment word's candidates without its `NAME=` (the values the variable may take).
export const assignedCandidates = (name: string, candidates: readonly string[]): string[] => candidates.map((each) => (each.startsWith(`${name}=`) ? each.slice(name.length + 1) : each));

// One word a splice puts after the program's name (`prefix`: the known option before a run-time value).
type SplicedWord = { value: string; known: boolean; prefix?: string };

const ALL_OPTION_VARIABLES = new Set(Object.values(OPTIONS_FROM).flat());

// A variable some program reads as its options: the walker keeps such assignments as environment (red team R20-1).
export const isOptionVariable = (name: string): boolean => ALL_OPTION_VARIABLES.has(name);

const quoted = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

// The line an option variable's value amounts to wherever it is inherited (red team R21-1: `MAKEFLAGS='--eval=...'
// npm run x`, `export TAR_OPTIONS=...; ./build.sh`: a launcher, a script or a recipe runs the program later, out of
// the walker's sight): its first program's name and the value's words, judged as a line of their own where it is
// assigned (command-variables.ts), so every row meets them whichever program the assignment reaches. A run-time
// value is a word of no known value there; an empty one is no line.
export function optionLine(name: string, value: string | undefined): string | undefined {
  const program = Object.keys(OPTIONS_FROM).find((key) => OPTIONS_FROM[key]!.includes(name));
  if (program === undefined) return undefined;
  if (value === undefined) return `${program} "$${name}"`;
  const words = wordsOf(name, value);
  return words.length === 0 ? undefined : [program, ...words.map(quoted)].join(' ');
}

// An assignment word: any name env takes (not only a shell identifier: `env npm_config_script-shell=./mk npm run b`,
// npm reads the key with `-` as with `_`; R47-b17), never an option (`--x=y`).
const NAMED = /^([^\s=-][^\s=]*)=(.*)$/s;

// The words the programs among `values` (a simple command's word values) read from option variables in their
// environment (`assigned`: the command's prefix assignments, the ones exported earlier on the line or set on a
// shell it runs under), an `env NAME=VALUE` word anywhere before them and make's command-line flags: for each
// word naming such a program (the program itself, or one behind a wrapper, a launcher or xargs: red team R20-1,
// `MAKEFLAGS=... nice make`), where to put them (after its name) and each word as [value, known]. Reading every
// word naming one fails closed: a wrapper's grammar is not needed to find the program. `shells` receives each make
// whose recipes run under a shell named on the line (its program is only known at run time).
export function optionSplices(values: readonly string[], assigned: readonly Assigned[], shells: string[] = []): { at: number; words: SplicedWord[] }[] {
  const splices: { at: number; words: SplicedWord[] }[] = [];
  const all = [...assigned];
  for (let at = 0; at < values.length; at++) {
    const match = NAMED.exec(values[at]!);
    if (match && at > 0) all.push({ name: match[1]!, value: match[2]!, dynamic: false });
    const program = values[at]!.replace(/^.*\//, '');
    const names = optionVariables(program);
    // npm's own `npm_config_*` (npm-config-variables.ts): read as the options they are (R20-7).
    const configs = all.flatMap((one) => npmConfigWord(program, one.name, one.value, one.dynamic) ?? []);
    if (names.length === 0 && configs.length === 0) continue;
    // Every value the walker saw (its state is flow-insensitive), each once.
    const found = [...new Map(all.filter((one) => names.includes(one.name)).map((one) => [`${one.name}=${one.dynamic ? '$' : one.value}`, one])).values()];
    if (names.includes('MAKEFLAGS')) {
      // make expands its environment in recipes like its command-line assignments (`CC='git push;' make x.o` runs
      // `git push; x.c` through the shell: red team R20-7): each variable of its environment is read as `NAME=VALUE`.
      for (const one of all) if (!names.includes(one.name) && /^[A-Za-z_]\w*$/.test(one.name)) found.push({ ...one, name: '', value: `${one.name}=${one.value}` });
      // The shell make runs its recipes with (`make SHELL=./x`, `.SHELLFLAGS=`, also through MAKEFLAGS): the
      // recipes' program is only known at run time (fails closed: a word of no known value).
      const shell = [...values.slice(at + 1), ...found.flatMap((one) => (one.name === '' || one.dynamic ? [one.value] : optionWords(one.value)))].some((arg) => MAKE_SHELL.test(arg) && !SYSTEM_SHELL.test(arg));
      if (shell) shells.push(values[at]!);
      for (const arg of values.slice(at + 1)) if (MAKE_LINE_FLAGS.test(arg)) found.push({ name: 'MAKEFLAGS', value: arg.replace(/^[^=]*=/, ''), dynamic: false });
    }
    if (found.length > 0 || configs.length > 0) splices.push({ at: at + 1, words: [...configs, ...found.flatMap((one): SplicedWord[] => (one.name === '' ? [madeAssignment(one.value, one.dynamic)] : one.dynamic ? runtimeWords(one) : wordsOf(one.name, one.value).map((value) => ({ value, known: true }))))] });
  }
  return splices;
}

// A value only known at run time (`GOFLAGS=-toolexec=$PWD/s.sh`, R39-b13): when the walker knows its one shape (the
// values it tracks filled in: `$PWD` is `.`), its static words as written and each word with a run-time part as a run-time word keeping its static start (the option
// it spells); else one run-time word.
function runtimeWords(one: Assigned): SplicedWord[] {
  const whole: SplicedWord[] = [{ value: `$${one.name}`, known: false }];
  const shape = one.candidates?.length === 1 ? one.candidates[0]! : undefined;
  if (shape === undefined) return whole;
  if (!shape.includes('\u0000')) return wordsOf(one.name, shape).map((value) => ({ value, known: true }));
  return shape.split(/\s+/).filter(Boolean).map((word): SplicedWord => (word.includes('\u0000') ? { ...whole[0]!, prefix: word.slice(0, word.indexOf('\u0000')) } : { value: word, known: true }));
}

// make's `NAME=VALUE` from its environment: a run-time value keeps `NAME=` as its literal start (it is an
// assignment, never an option).
function madeAssignment(text: string, dynamic: boolean): SplicedWord {
  if (!dynamic) return { value: text, known: true };
  const eq = text.indexOf('=');
  return { value: text.slice(eq + 1), known: false, prefix: text.slice(0, eq + 1) };
}

// The first splice (the program of the command, in the simple forms the tests name).
export const optionSplice = (values: readonly string[], assigned: readonly Assigned[]): { at: number; words: SplicedWord[] } | undefined => optionSplices(values, assigned)[0];
