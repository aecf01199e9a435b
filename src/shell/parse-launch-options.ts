import type { WordLike } from './parse-wrappers.js';
import { shellQuote } from './test-detect-pattern.js';

// How a launcher's option is spelled with its value (issue 26, words.md "left"): `--opt VALUE`, `--opt=VALUE`,
// `-x VALUE`, `-x=VALUE` (nopt and clap split `=` after a short option too), `-xVALUE` (getopt, clap). An option
// that takes shell text or a command must be read in every spelling, or `pnpm dlx -c="git push"` is a package.

export interface OptionWord {
  // The text written in the same word (`--run=TEXT`, `-cTEXT`); undefined when the value is the next word.
  readonly attached?: string;
}

// The option `value` spells, when its name passes `name`; undefined when it is another word. `flags`: the program's
// short flags getopt lets come first in one word (`entr -rs CMD`, `tmux -2uc CMD`, `ssh -qF cfg`).
export function optionWord(value: string, name: { test(word: string): boolean } | undefined, flags?: string): OptionWord | undefined {
  if (!name || !value.startsWith('-') || value === '-' || value === '--') return undefined;
  if (name.test(value)) return {};
  const eq = value.indexOf('=');
  if (value.startsWith('--')) return eq > 2 && name.test(value.slice(0, eq)) ? { attached: value.slice(eq + 1) } : undefined;
  // A short option with its value attached; a leading `=` is the nopt/clap separator (getopt would keep it:
  // reading it without is the reading that runs the command, the one to judge).
  if (value.length > 2 && name.test(value.slice(0, 2))) return { attached: value.slice(2).replace(/^=/, '') };
  let k = 1;
  while (flags !== undefined && k < value.length && flags.includes(value[k]!)) k++;
  if (k === 1 || k >= value.length || !name.test(`-${value[k]}`)) return undefined;
  return k + 1 < value.length ? { attached: value.slice(k + 1) } : {};
}

// Shell text that runs these words as an argv: each static word quoted, a run-time one kept as written.
export function argvText(words: readonly WordLike[]): string {
  return words.map((word) => (word.dynamic ? word.value : shellQuote(word.value))).join(' ');
}

// An option's value that names a program or library (`--compress-program=PROG`, `-fplugin=X.so`): the line that runs
// that path (a `./p` is a workspace program); an empty value runs nothing.
export const programText = (value: string): string | undefined => (value.trim() === '' ? undefined : argvText([{ value, dynamic: false }]));
// An option's value that is shell text (`tar -I 'CMD'`, `--rsh-command=CMD`); an empty value runs nothing.
export const shellText = (value: string): string | undefined => (value.trim() === '' ? undefined : value);
