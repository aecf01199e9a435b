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
const NO_COMMAND = new Set(['help', 'version', 'list-signal-handling']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

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

// How env -S splits its text: blanks separate, '…' is literal, "…" and bare text take backslash escapes (`\_` a blank,
// a separator outside "…",
// `\c` ends the text), `#` at a word's start ends it. `${NAME}` is a value only known at run time: the word keeps it.
function splitText(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote === '' && /\s/.test(ch)) {
      if (word !== undefined) words.push(word);
      word = undefined;
      continue;
    }
    if (quote === '' && ch === '#' && word === undefined) break;
    if (ch === quote) {
      quote = '';
      word ??= '';
      continue;
    }
    if (quote === '' && (ch === "'" || ch === '"')) {
      quote = ch;
      word ??= '';
      continue;
    }
    if (ch === '\\' && quote !== "'" && i + 1 < text.length) {
      const next = text[++i]!;
      if (next === 'c') break;
      // `\_` outside double quotes separates words (GNU env: the #! line's blank); inside them it is a blank.
      if (next === '_' && quote === '') {
        if (word !== undefined) words.push(word);
        word = undefined;
        continue;
      }
      word = (word ?? '') + (next === '_' ? ' ' : ({ n: '\n', t: '\t', r: '\r', f: '\f', v: '\v' } as Record<string, string>)[next] ?? next);
      continue;
    }
    word = (word ?? '') + ch;
  }
  if (word !== undefined) words.push(word);
  return words;
}

interface Reading {
  current: string[];
  assignments: string[];
  folders: string[];
  unset: string[];
  empties: boolean;
  split: boolean;
  unknown?: string;
}

// What env does with `words` (words[0] is env itself, by any path).
export function readEnv(words: readonly string[]): EnvRead {
  const read: Reading = { current: [...words], assignments: [], folders: [], unset: [], empties: false, split: false };
  let at = 1;
  let none = false;
  // Each round reads on or splits a string (which removes its option's letter): bounded by the words' characters.
  const limit = 2 * (words.join(' ').length + words.length);
  for (let round = 0; at < read.current.length; round++) {
    if (round > limit) {
      read.unknown ??= 'env words codeward cannot read to their end';
      break;
    }
    const word = read.current[at]!;
    if (word === '--') {
      // `--` ends env's options, not its assignments: GNU env sets every NAME=VALUE word up to the program (red team
      // R40-b5: `env -- 'BASH_FUNC_ls%%=() { … }' bash -c ls` imported the function unread).
      for (at++; at < read.current.length && ASSIGNMENT.test(read.current[at]!); at++) read.assignments.push(read.current[at]!);
      break;
    }
    if (word === '-') {
      read.empties = true;
      at++;
      continue;
    }
    if (ASSIGNMENT.test(word)) {
      read.assignments.push(word);
      at++;
      continue;
    }
    const long = longOption(word, LONGS);
    if (long !== undefined) {
      if (long.names.length !== 1) {
        read.unknown ??= `env ${word.split('=')[0]!}`;
        at++;
        continue;
      }
      const name = long.names[0]!;
      if (NO_COMMAND.has(name)) none = true;
      if (name === 'ignore-environment') read.empties = true;
      if (!VALUED.has(name)) {
        at++;
        continue;
      }
      const attached = long.value !== undefined;
      const value = attached ? long.value : read.current[at + 1];
      if (name === 'split-string' && value !== undefined) {
        read.current = envSplit(read.current, attached ? { index: at, skip: word.indexOf('=') + 1 } : { index: at + 1, skip: 0 }, splitText);
        read.split = true;
        continue;
      }
      // `--chdir DIR` / `--unset NAME`: env's own lists (a folder env moves to is read by its callers, not cd's reader).
      if (value !== undefined && name !== 'argv0') (name === 'unset' ? read.unset : read.folders).push(value);
      at += attached ? 1 : 2;
      continue;
    }
    if (word.startsWith('-') && word.length > 1) {
      let next = at + 1;
      let splitAt: { index: number; skip: number } | undefined;
      for (let k = 1; k < word.length; k++) {
        const letter = word[k]!;
        if (SHORT_FLAGS.includes(letter)) {
          if (letter === 'i') read.empties = true;
          continue;
        }
        if (!SHORT_VALUED.includes(letter)) {
          read.unknown ??= `env -${letter}`;
          continue;
        }
        const attached = k + 1 < word.length;
        const value = attached ? word.slice(k + 1) : read.current[at + 1];
        if (!attached) next = at + 2;
        if (letter === 'S' && value !== undefined) splitAt = attached ? { index: at, skip: k + 1 } : { index: at + 1, skip: 0 };
        else if (value !== undefined && letter === 'C') read.folders.push(value);
        else if (value !== undefined && letter === 'u') read.unset.push(value);
        break;
      }
      if (splitAt !== undefined) {
        read.current = envSplit(read.current, splitAt, splitText);
        read.split = true;
        // Read again from the same place: the kept letters (`-i` of `-iS`) are flags, read twice to the same effect.
        continue;
      }
      at = next;
      continue;
    }
    break;
  }
  const command = none || at >= read.current.length ? [] : read.current.slice(at);
  return { command, assignments: read.assignments, folders: read.folders, unset: read.unset, empties: read.empties, split: read.split, ...(read.unknown === undefined ? {} : { unknown: read.unknown }) };
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
