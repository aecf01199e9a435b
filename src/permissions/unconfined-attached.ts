import type { ShellWord, SimpleCommand } from '../shell/parse-types.js';
import { LONG_OPTIONS } from '../shell/long-options.js';
import { longOption } from '../shell/gnu-long.js';
import { sameProgram } from '../shell/program-aliases.js';
import { UNKNOWN } from './argv.js';

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

// make's option table is the shell's (shell/long-options.ts, LONG_OPTIONS.make: the hook walk, the shell decision and
// the script readers read the same one): which letters take a value (the rest of the word, else the next word), which
// take one only attached (`-O`, `-j`/`-l`: a number), which long options take one. What the options MEAN here is this
// reader's: the makefiles and include folders read (`-f`, `-I`, `--file`, `--makefile`, `--include-dir`), and the
// makefile text evaluated (`-E`, `--eval`).
const MAKE = LONG_OPTIONS['make']!;
const MAKE_LONGS = Object.keys(MAKE.longs);
const MAKE_ATTACHED_ONLY = `${MAKE.optionalShort ?? ''}${MAKE.numberShort ?? ''}`;
const MAKE_FILES = ['f', 'I', 'file', 'makefile', 'include-dir'];
const MAKE_EVALS = ['E', 'eval'];

export interface MakeReading {
  // The makefiles and include folders named (`-f M`, `-fM`, `-sfM`, `--file=M`, `--fi M`, `-I D`, `-sID`).
  readonly files: string[];
  // Makefile text evaluated before the makefiles (`-E TEXT`, `-sE TEXT`, `--eval=TEXT`, `--ev TEXT`): a rule in it is
  // the default goal and its recipe runs, code given as text like `python3 -c`.
  readonly evaluates: boolean;
  // A word among make's options only known at run time (`make $FLAGS`, `make "$F" all`, `-s$X`, `--$O`): it may be
  // `-f/x/M`, `-C /x`, `-I /x`, `--eval=…` or `-E …` (fails closed), never read as a target.
  readonly unknown?: string;
}

// The text a word is read as: its one candidate (an expansion's known value, UNKNOWN where it is not), else as written.
const textOf = (word: ShellWord): string => (word.candidates.length === 1 ? word.candidates[0]! : word.value);
// Whether the word may be an option only known at run time: it starts with such a part, a long option's name holds
// one (`--$O`, `--fi$X`), or it may take several values, one an option. A letter only known at run time in a cluster
// (`-s$X`) is found where the cluster is read; an attached value (`-j$N`, `-f"$M"`) is a value.
const unknownOption = (word: ShellWord): boolean =>
  word.candidates.some((text) => text.startsWith(UNKNOWN) || (text.startsWith('--') && text.split('=')[0]!.includes(UNKNOWN))) || (word.candidates.length > 1 && word.candidates.some((text) => text.startsWith('-')));

// make's options (its aliases through program-aliases.ts) as getopt_long reads them: clusters, attached values, long prefixes (red team R28-13).
export function makeReading(command: SimpleCommand): MakeReading | undefined {
  if (sameProgram(command.name ?? '') !== 'make') return undefined;
  const words = command.words.slice(1);
  const files: string[] = [];
  let evaluates = false;
  const take = (letterOrName: string, value: string | undefined): void => {
    if (MAKE_FILES.includes(letterOrName)) files.push(value === undefined || value.includes(UNKNOWN) ? '' : value);
    if (MAKE_EVALS.includes(letterOrName)) evaluates = true;
  };
  for (let i = 0; i < words.length; i++) {
    const word = textOf(words[i]!);
    if (word === '--') break;
    if (unknownOption(words[i]!)) return { files, evaluates, unknown: words[i]!.text };
    const long = longOption(word, MAKE_LONGS);
    if (long !== undefined) {
      const valued = long.names.filter((name) => MAKE.longs[name] !== 'none');
      // An optional value is only ever attached (`--debug=a`); a required one is else the next word.
      const value = long.value ?? (valued.some((name) => MAKE.longs[name] === 'required') ? (words[++i] ? textOf(words[i]!) : undefined) : undefined);
      for (const name of valued) take(name, value);
      continue;
    }
    if (!/^-[^-]/.test(word)) continue;
    for (let k = 1; k < word.length; k++) {
      const letter = word[k]!;
      if (letter === UNKNOWN) return { files, evaluates, unknown: words[i]!.text };
      if (MAKE_ATTACHED_ONLY.includes(letter)) break;
      if (!MAKE.shortValued.includes(letter)) continue;
      take(letter, k < word.length - 1 ? word.slice(k + 1) : words[++i] && textOf(words[i]!));
      break;
    }
  }
  return { files, evaluates };
}
