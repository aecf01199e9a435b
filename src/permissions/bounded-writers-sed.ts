import { longOption, SED_LONGS } from '../shell/gnu-long.js';
import type { ShellWord } from '../shell/parse-types.js';
import { sedScriptVeto } from './options/sed.js';

// What GNU sed writes (bounded-writers.ts, fix66: `sed -i s/a/b/ f.txt; ./x.sh` asked as an unknown writer): with
// -i/--in-place, its file operands, and each with the backup suffix appended. Any path when what it writes cannot be
// read from its words: a script from a file (-f), a script with a `w`/`W` command, an `s///w` flag, `e` or `r`
// (options/sed.ts's veto), a backup suffix holding `*` (the file's name put in) or `/` (a folder), an option it does
// not know, a word only known at run time.

type Read = { words: ShellWord[]; unread?: string };
const FLAGS = 'nrsuEzb';
const LONG_FLAGS = new Set(['quiet', 'silent', 'debug', 'posix', 'regexp-extended', 'separate', 'sandbox', 'unbuffered', 'null-data', 'zero-terminated', 'follow-symlinks', 'binary']);

export function sedWords(words: readonly ShellWord[]): Read {
  const unread = (why: string): Read => ({ words: [], unread: `\`sed\` ${why}` });
  const scripts: string[] = [];
  const operands: ShellWord[] = [];
  let suffix: string | undefined;
  for (let at = 0; at < words.length; at++) {
    const word = words[at]!;
    const value = word.value;
    if (word.dynamic) return unread(`has a word only known at run time (${word.text})`);
    if (value === '--') {
      operands.push(...words.slice(at + 1));
      break;
    }
    if (!value.startsWith('-') || value === '-') {
      operands.push(word);
      continue;
    }
    const long = longOption(value, SED_LONGS);
    if (long !== undefined) {
      if (long.names.length !== 1) return unread(`option \`${value}\` is not one codeward reads`);
      const name = long.names[0]!;
      if (name === 'in-place') suffix = long.value ?? '';
      else if (name === 'expression' || name === 'line-length') {
        const given = long.value ?? words[++at]?.value;
        if (given === undefined) return unread(`option \`${value}\` has no value`);
        if (name === 'expression') scripts.push(given);
      } else if (!LONG_FLAGS.has(name)) return unread(`option \`${value}\` is not one codeward reads`);
      continue;
    }
    for (let k = 1; k < value.length; k++) {
      const letter = value[k]!;
      if (letter === 'i') {
        suffix = value.slice(k + 1);
        break;
      }
      if (letter === 'e' || letter === 'l') {
        const given = k + 1 < value.length ? value.slice(k + 1) : words[++at]?.value;
        if (given === undefined) return unread(`option \`${value}\` has no value`);
        if (letter === 'e') scripts.push(given);
        break;
      }
      if (!FLAGS.includes(letter)) return unread(`option \`${value}\` is not one codeward reads (a script file, -f, is not read)`);
    }
  }
  if (scripts.length === 0) {
    const script = operands.shift();
    if (script === undefined) return unread('has no script');
    scripts.push(script.value);
  }
  const veto = scripts.map(sedScriptVeto).find((each) => each !== undefined);
  if (veto !== undefined) return unread(`script may write files it names: ${veto}`);
  if (suffix === undefined) return { words: [] };
  if (/[*/]/.test(suffix)) return unread(`backup suffix \`${suffix}\` names files by another pattern`);
  return { words: [...operands, ...(suffix === '' ? [] : operands.map((word) => ({ ...word, value: `${word.value}${suffix}` })))] };
}
