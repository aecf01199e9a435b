import type { SimpleCommand } from '../shell/parse-types.js';
import { longOption } from '../shell/gnu-long.js';
import { sameProgram } from '../shell/program-aliases.js';
import { UNKNOWN } from './argv.js';
import { MAKE_LONGS } from './wrapper-folders.js';

// Option values a word of a program that is not read-only may name, with no OS sandbox (unconfined.ts). A short
// option's value may be attached, alone or at the end of a cluster (red team R28-13: `make -f/x/Makefile`, `make
// -sf/x/Makefile`, `-kf`, `-sI/x`; `cc -o/x/y`): which letters take a value is each program's own table, so every
// tail of a `-letters…` word that follows its letters is a value it may be (`-sfx/../M`: `fx/../M`, `x/../M`, `/../M`;
// a tail that is a plain name lands inside and stays free). `--name=value` and `NAME=value` give their value.
const MAX_LETTERS = 32;

export function optionValues(value: string): string[] {
  const out = [value.replace(/^(?:--?[\w-]+|[A-Za-z_]\w*)=/, '')];
  if (!/^-[^-]/.test(value)) return out;
  // The letters end where a value can only have begun: the first character that is no option letter.
  const end = Math.min(/^-[A-Za-z0-9]*/.exec(value)![0].length, MAX_LETTERS);
  const tails = Array.from({ length: Math.max(0, end - 1) }, (_, i) => value.slice(i + 2)).filter((tail) => tail !== '');
  if (end === MAX_LETTERS) tails.push(value.slice(/^-[A-Za-z0-9]*/.exec(value)![0].length));
  // A device (`-o/dev/null`) is judged as a separate word's is: a sink, no file outside.
  return [...out, ...tails.filter((tail) => !tail.startsWith('/dev/'))];
}

// GNU make 4.4's short options: those that take a value (the rest of the word, else the next word), those whose
// value is optional (only attached), and the long options whose value is a makefile or a folder it is read from.
const MAKE_VALUED = 'CEfIoW';
const MAKE_OPTIONAL = 'jlO';
const MAKE_FILES = 'fI';
const MAKE_FILE_LONGS = ['file', 'makefile', 'include-dir'];
const MAKE_VALUED_LONGS = ['directory', 'eval', 'old-file', 'assume-old', 'what-if', 'new-file', 'assume-new', ...MAKE_FILE_LONGS];

export interface MakeReading {
  // The makefiles and include folders named (`-f M`, `-fM`, `-sfM`, `--file=M`, `--fi M`, `-I D`, `-sID`).
  readonly files: string[];
  // Makefile text evaluated before the makefiles (`-E TEXT`, `-sE TEXT`, `--eval=TEXT`, `--ev TEXT`): a rule in it is
  // the default goal and its recipe runs, code given as text like `python3 -c`. A letter only known at run time
  // (`-$X`) may be E.
  readonly evaluates: boolean;
}

// make's options (its aliases through program-aliases.ts) as getopt_long reads them: clusters, attached values, long prefixes (red team R28-13).
export function makeReading(command: SimpleCommand): MakeReading | undefined {
  if (sameProgram(command.name ?? '') !== 'make') return undefined;
  const words = command.words.slice(1).map((word) => word.value);
  const files: string[] = [];
  let evaluates = false;
  const take = (letterOrName: string, value: string | undefined): void => {
    if (MAKE_FILES.includes(letterOrName) || MAKE_FILE_LONGS.includes(letterOrName)) files.push(value ?? '');
    if (letterOrName === 'E' || letterOrName === 'eval') evaluates = true;
  };
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--') break;
    const long = longOption(word, MAKE_LONGS);
    if (long !== undefined) {
      const valued = long.names.filter((name) => MAKE_VALUED_LONGS.includes(name));
      if (valued.length === 0) continue;
      const value = long.value ?? words[++i];
      for (const name of valued) take(name, value);
      continue;
    }
    if (!/^-[^-]/.test(word)) continue;
    for (let k = 1; k < word.length; k++) {
      const letter = word[k]!;
      if (letter === UNKNOWN) evaluates = true;
      if (MAKE_OPTIONAL.includes(letter)) break;
      if (!MAKE_VALUED.includes(letter)) continue;
      take(letter, k < word.length - 1 ? word.slice(k + 1) : words[++i]);
      break;
    }
  }
  return { files, evaluates };
}
