// Variables a program reads as more of its own options (red team R19-2, R19-14): `TAR_OPTIONS='--checkpoint-action=
// exec=git push' tar -cf x.tar x` and `MAKEFLAGS='--eval=...' make` ran what the same words on the line would have
// been asked or refused for. Set on the command (a prefix assignment, `env NAME=VALUE`, or make's own command-line
// `MAKEFLAGS=`), the value's words are read as the program's words, right after its name, so every row (option
// tables, launch tables, deny rules, the immune list) meets them. A value only known at run time is a word of no
// known value there (fails closed the way `tar "$X"` does). npm's `npm_config_*`: npm-config-variables.ts.
import { npmConfigWord } from './npm-config-variables.js';
const OPTIONS_FROM: Readonly<Record<string, readonly string[]>> = {
  tar: ['TAR_OPTIONS'],
  gtar: ['TAR_OPTIONS'],
  make: ['MAKEFLAGS', 'GNUMAKEFLAGS', 'MFLAGS'],
  gmake: ['MAKEFLAGS', 'GNUMAKEFLAGS', 'MFLAGS'],
  zip: ['ZIPOPT', 'ZIP'],
  unzip: ['UNZIP', 'UNZIPOPT'],
  zipinfo: ['ZIPINFO', 'ZIPINFOOPT'],
  gzip: ['GZIP'],
  gunzip: ['GZIP'],
  xz: ['XZ_DEFAULTS', 'XZ_OPT'],
  bzip2: ['BZIP2', 'BZIP'],
  grep: ['GREP_OPTIONS'],
  egrep: ['GREP_OPTIONS'],
  fgrep: ['GREP_OPTIONS'],
  less: ['LESS'],
  man: ['MANOPT'],
};

// The option variables `program` reads (its base name), [] when none.
export const optionVariables = (program: string): readonly string[] => (Object.hasOwn(OPTIONS_FROM, program) ? OPTIONS_FROM[program]! : []);

// make reads these from its command line too (`make MAKEFLAGS=--eval=... all`, `make 'MAKEFLAGS+=...'`).
export const MAKE_LINE_FLAGS = /^(?:MAKEFLAGS|GNUMAKEFLAGS|MFLAGS)\+?=/;

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

interface Assigned {
  readonly name: string;
  readonly value: string;
  readonly dynamic: boolean;
}

// The words the program of `values` (a simple command's word values, from its name) reads from option variables
// assigned on it (`assigned`: its prefix assignments), `env NAME=VALUE` and make's command-line flags: where to put
// them (after the program's name) and each word as [value, known].
export function optionSplice(values: readonly string[], assigned: readonly Assigned[]): { at: number; words: { value: string; known: boolean; prefix?: string }[] } | undefined {
  let at = 0;
  const all = [...assigned];
  if (values[0] !== undefined && values[0].replace(/^.*\//, '') === 'env') {
    for (at = 1; at < values.length && (values[at]!.startsWith('-') || /^[A-Za-z_]\w*=/.test(values[at]!)); at++) {
      const match = /^([A-Za-z_]\w*)=(.*)$/s.exec(values[at]!);
      if (match) all.push({ name: match[1]!, value: match[2]!, dynamic: false });
    }
  }
  const program = values[at]?.replace(/^.*\//, '');
  if (program === undefined) return undefined;
  const names = optionVariables(program);
  const found = all.filter((one) => names.includes(one.name));
  const configs = all.flatMap((one) => npmConfigWord(program, one.name, one.value, one.dynamic) ?? []);
  if (names.includes('MAKEFLAGS')) {
    for (const arg of values.slice(at + 1)) if (MAKE_LINE_FLAGS.test(arg)) found.push({ name: 'MAKEFLAGS', value: arg.replace(/^[^=]*=/, ''), dynamic: false });
  }
  if (found.length === 0 && configs.length === 0) return undefined;
  return { at: at + 1, words: [...configs, ...found.flatMap((one): { value: string; known: boolean }[] => (one.dynamic ? [{ value: `$${one.name}`, known: false }] : optionWords(one.value).map((value) => ({ value, known: true }))))] };
}
