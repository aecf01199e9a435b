// THE reader of env's words (GNU coreutils 9 env, as getopt_long reads them): what
// env does with a list of words that are already split (a #! line, a task runner's line, a hook's line, a wrapper's
// folder). Every reader that meets `env` asks here: the shell parse (parse-plan.ts, its -S text through envSplit), the
// #! readers (task-runner-shell.ts, hook-native-loads.ts, home-sources-ran.ts), the hook walk's assignments
// (hook-assigned.ts) and the started-folder table (wrapper-folders.ts). Spellings read the same everywhere: `-S TEXT`,
// `-STEXT`, `--split-string[=]TEXT` and any unambiguous prefix (`--sp=`), a cluster (`-iS`, `-iC dir`), `-u X`, `-C dir`,
// `-` (`-i`), `--`, NAME=VALUE, and options inside a split string (`-S "-i -C dir sh"`), each string split in place and
// read again (issue 26, fix42).
import { longOption } from './gnu-long.js';
import { LONG_OPTIONS } from './long-options.js';
import { splitText } from './env-split-text.js';

export interface EnvRead {
  // The command env runs: its words, each -S string split in place; [] when it runs none (`env`, `env --help`).
  readonly command: readonly string[];
  // The NAME=VALUE words env sets for it, in order.
  readonly assignments: readonly string[];
  // The folders it runs it in (`-C dir`, `--chdir=dir`), outermost first.
  readonly folders: readonly string[];
  // The variables it unsets, and whether it starts from an empty environment (`-i`, `-`, --ignore-environment).
  readonly unset: readonly string[];
  readonly empties: boolean;
  // Whether a -S string was split (the command's words are not the line's own words).
  readonly split: boolean;
  // An option env does not have, or a prefix of several: env itself refuses it; a reader that must know the program
  // says it is unknown (the command is then read as if the word were a flag).
  readonly unknown?: string;
}

const SHORT_FLAGS = 'iv0';
const SHORT_VALUED = 'uCSa';
const LONGS = Object.keys(LONG_OPTIONS['env']!.longs);
const VALUED = new Set(['unset', 'chdir', 'split-string', 'argv0']);
// (--list-signal-handling lists and then runs the command: GNU env 9.1 `env --list-signal-handling echo hi` prints hi.)
const NO_COMMAND = new Set(['help', 'version']);
// GNU env (putenv) takes any word holding `=` that is no option as an assignment: `=x` and `BASH_FUNC_ls%%=…` too.
const ASSIGNMENT = /^(?!-)[^]*=/;

// `env -S TEXT` / `--split-string=TEXT`: env splits TEXT into words IN PLACE of the option and reads on, its own
// options included (`env -S "-i sh" x` is `env -i sh x`; `env -S git push origin` is `env git push origin`). `words`
// are env's (words[0] the program), `found` where the string is (`skip`: the characters before it in that word); the
// option's other letters are kept (`-iS`). `split` splits the text: on blanks for the shell parse (which reads the
// result again as shell text, quotes and all), as env itself does for a reader of words (splitText).
export function envSplit(words: readonly string[], found: { readonly index: number; readonly skip: number }, split = (text: string): string[] => text.split(/\s+/)): string[] {
  const optionAt = found.skip > 0 ? found.index : found.index - 1;
  const option = found.skip > 0 ? words[found.index]!.slice(0, found.skip) : words[optionAt]!;
  const kept = option.startsWith('--') ? '' : option.slice(0, option.lastIndexOf('S'));
  const text = words[found.index]!.slice(found.skip).trim();
  return [...words.slice(0, optionAt), ...(kept.length > 1 ? [kept] : []), ...(text === '' ? [] : split(text)), ...words.slice(found.index + 1)];
}

// A word as env's readers hold it: `dynamic` when part of it is only known at run time (never an assignment then).
export interface EnvWord {
  readonly value: string;
  readonly dynamic?: boolean;
}

interface Reading {
  assignments: string[];
  folders: string[];
  unset: string[];
  empties: boolean;
  none: boolean;
  unknown?: string;
}

// Where env's reading of `words` stops (words[0] env itself): at the command (`at`, words.length when there is none)
// or at a -S string (`split`: where it is; env splits it in place and reads on, readEnv). The ONE loop over env's
// options, assignments and `--`: readEnv and the shell parse's wrapper reading (parse-wrappers.ts unwrap) both step here.
export interface EnvStep {
  readonly at: number;
  readonly split?: { readonly index: number; readonly skip: number };
}

function step(words: readonly EnvWord[], from: number, read: Reading): EnvStep {
  let at = from;
  while (at < words.length) {
    const { value: word, dynamic } = words[at]!;
    if (word === '--') {
      // `--` ends env's options, not its assignments: GNU env sets every word holding `=` up to the program (red team
      // R40-b5: `env -- 'BASH_FUNC_ls%%=() { … }' bash -c ls` imported the function unread).
      for (at++; at < words.length && !words[at]!.dynamic && words[at]!.value.includes('='); at++) read.assignments.push(words[at]!.value);
      return { at };
    }
    if (word === '-') {
      read.empties = true;
      at++;
      continue;
    }
    // GNU env takes any word holding `=` as an assignment, `BASH_FUNC_ls%%=() {…}` included (R39-b10).
    if (!dynamic && ASSIGNMENT.test(word)) {
      read.assignments.push(word);
      at++;
      continue;
    }
    if (word.startsWith('--')) {
      const long = longOption(word, LONGS);
      if (long === undefined || long.names.length !== 1) {
        read.unknown ??= `env ${word.split('=')[0]!}`;
        at++;
        continue;
      }
      const name = long.names[0]!;
      if (NO_COMMAND.has(name)) read.none = true;
      if (name === 'ignore-environment') read.empties = true;
      if (!VALUED.has(name)) {
        at++;
        continue;
      }
      const attached = long.value !== undefined;
      const value = attached ? long.value : words[at + 1]?.value;
      if (name === 'split-string' && value !== undefined) return { at, split: attached ? { index: at, skip: word.indexOf('=') + 1 } : { index: at + 1, skip: 0 } };
      // `--chdir DIR` / `--unset NAME`: env's own lists (a folder env moves to is read by its callers, not cd's reader).
      if (value !== undefined && name !== 'argv0') (name === 'unset' ? read.unset : read.folders).push(value);
      at += attached ? 1 : 2;
      continue;
    }
    if (!word.startsWith('-') || word.length === 1) return { at };
    let next = at + 1;
    for (let k = 1; k < word.length; k++) {
      const letter = word[k]!;
      if (SHORT_FLAGS.includes(letter)) {
        if (letter === 'i') read.empties = true;
        continue;
      }
      // BSD env's `-P PATH` takes a value (the command follows it); GNU env refuses it.
      if (letter === 'P') read.unknown ??= 'env -P';
      else if (!SHORT_VALUED.includes(letter)) {
        read.unknown ??= `env -${letter}`;
        continue;
      }
      const attached = k + 1 < word.length;
      const value = attached ? word.slice(k + 1) : words[at + 1]?.value;
      if (!attached) next = at + 2;
      if (letter === 'S' && value !== undefined) return { at, split: attached ? { index: at, skip: k + 1 } : { index: at + 1, skip: 0 } };
      if (value !== undefined && letter === 'C') read.folders.push(value);
      else if (value !== undefined && letter === 'u') read.unset.push(value);
      break;
    }
    at = next;
  }
  return { at };
}

// The shell parse's reading of env's words (parse-wrappers.ts unwrap): where its first -S string is, or where its
// command starts (words.length: none).
export function envStart(words: readonly EnvWord[]): EnvStep {
  const read: Reading = { assignments: [], folders: [], unset: [], empties: false, none: false };
  const found = step(words, 1, read);
  return found.split !== undefined || !read.none ? found : { at: words.length };
}

// What env does with `words` (words[0] is env itself, by any path).
export function readEnv(words: readonly string[]): EnvRead {
  const read: Reading = { assignments: [], folders: [], unset: [], empties: false, none: false };
  let current = [...words];
  let split = false;
  // Each split removes its option's letter and no text grows: bounded by the words' characters.
  const limit = 2 * (words.join(' ').length + words.length);
  let found = step(current.map((value) => ({ value })), 1, read);
  for (let round = 0; found.split !== undefined; round++) {
    if (round > limit) {
      read.unknown ??= 'env words codeward cannot read to their end';
      break;
    }
    current = envSplit(current, found.split, splitText);
    split = true;
    // Read again from the option's place: the kept letters (`-i` of `-iS`) are flags, read twice to the same effect.
    found = step(current.map((value) => ({ value })), found.at, read);
  }
  const command = read.none || found.split !== undefined || found.at >= current.length ? [] : current.slice(found.at);
  return { command, assignments: read.assignments, folders: read.folders, unset: read.unset, empties: read.empties, split, ...(read.unknown === undefined ? {} : { unknown: read.unknown }) };
}

// The command env runs (its words), [] when it runs none.
export const envCommand = (words: readonly string[]): string[] => [...readEnv(words).command];

// A #! line's env (`head` the interpreter, `rest` the text after it): Linux gives env everything after the interpreter
// as ONE word (env -S splits it: `#!/usr/bin/env -S "tools/x"` runs tools/x, R38-b8), other systems a word per
// blank-separated part. Both readings; one when they agree, or when the one word is an option env refuses (a blank in
// it: `-i A=1 x` is `-i`, then `- `; env runs nothing). A reader that must know one program fails closed when they
// differ; a reader that obeys files obeys each reading's.
export function shebangEnv(head: string, rest: string): EnvRead[] {
  const text = rest.trim();
  const kernel = readEnv(text === '' ? [head] : [head, text]);
  const split = readEnv([head, ...text.split(/[ \t]+/).filter((word) => word !== '')]);
  const same = (a: EnvRead, b: EnvRead): boolean => JSON.stringify([a.command, a.assignments, a.folders, a.unknown]) === JSON.stringify([b.command, b.assignments, b.folders, b.unknown]);
  return kernel.unknown !== undefined || same(kernel, split) ? [split] : [kernel, split];
}
