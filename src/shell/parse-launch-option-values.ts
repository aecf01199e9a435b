// Reads a program's row (parse-launch-program-rows.ts, one row per program) against its words: what an option's value
// runs (`tar -I 'CMD'`: the value as the shell text the program hands to `sh -c`, or a program path run as a
// command), and every word only known at run time where an option (or, for a program not read by getopt, an operand
// that runs) may stand. An option's long name is read in each prefix getopt_long accepts (`--use-compress=CMD`,
// `--to-com=CMD`): reading a shorter spelling as the option fails closed.
import { optionWord } from './parse-launch-options.js';
import { mayBeOption, runtimeOption, runtimeOptions } from './parse-launch-runtime.js';
import { ROWS, shellText, type ProgramRow, type ValueOption } from './parse-launch-program-rows.js';
import type { Launch } from './parse-launchers.js';
import { unwrap, WRAPPERS, type WordLike } from './parse-wrappers.js';
import { sameProgram } from './program-aliases.js';

const MIN_PREFIX = 3;

// The option `word` spells, with its value written in it (undefined: the value is the next word).
function spelled(word: string, option: ValueOption, row: ProgramRow): { attached?: string } | undefined {
  if (word.startsWith('--')) {
    const eq = word.indexOf('=');
    const name = word.slice(2, eq < 0 ? undefined : eq);
    if (name.length < MIN_PREFIX || !option.long.some((long) => long.startsWith(name))) return undefined;
    return eq < 0 ? {} : { attached: word.slice(eq + 1) };
  }
  if (option.short === undefined) return undefined;
  // Multi-letter short spellings (zip's `-TT`) are whole words or carry `=VALUE`.
  // A driver's comma-joined pass-through (`-Wl,-plugin,x.so`) or a dashless prefix (`@FILE`): the rest of the word.
  if (option.short.endsWith(',') || !option.short.startsWith('-')) return word.startsWith(option.short) ? { attached: word.slice(option.short.length) } : undefined;
  if (option.short.length > 2) return word === option.short ? {} : word.startsWith(`${option.short}=`) ? { attached: word.slice(option.short.length + 1) } : undefined;
  return optionWord(word, new RegExp(`^${option.short}$`), row.flags ?? '');
}

// Whether `word` is the flag (`-l`, in a bundle of flags `-ul`; `--paginate` in each prefix of MIN_PREFIX letters).
function flagSpelled(word: string, flag: { readonly short: string; readonly long: readonly string[] }, flags: string): boolean {
  if (word.startsWith('--')) return word.length - 2 >= MIN_PREFIX && !word.includes('=') && flag.long.some((long) => long.startsWith(word.slice(2)));
  const letter = flag.short[1]!;
  if (!/^-[A-Za-z0-9]+$/.test(word)) return false;
  const at = word.indexOf(letter);
  return at > 0 && [...word.slice(1, at)].every((each) => flags.includes(each));
}

// tar's traditional bundle (`tar cIf CMD x.tar`): the values of its letters follow in order.
function unbundled(key: string, words: readonly WordLike[], row: ProgramRow): readonly WordLike[] {
  const first = words[1];
  if (!key.endsWith('tar') || first === undefined || first.dynamic || first.value.startsWith('-') || !/^[A-Za-z]+$/.test(first.value)) return words;
  const letters = [...first.value].map((letter): WordLike => ({ value: `-${letter}`, dynamic: false }));
  const values = words.slice(2);
  const out: WordLike[] = [words[0]!];
  for (const letter of letters) {
    out.push(letter);
    if ((row.valued ?? '').includes(letter.value[1]!) && values.length > 0) out.push(values.shift()!);
  }
  return [...out, ...values];
}

// A program not read by getopt (its row's `words`): each run-time word where an option or an operand that runs may
// stand; undefined when there is none (its other readers answer).
function wordRowLaunches(key: string, words: readonly WordLike[], row: ProgramRow & { readonly words: readonly string[] }): Launch[] | undefined {
  const out: Launch[] = [];
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    // An option whose value runs (gpg's `--agent-program=PROG`, wget's `--use-askpass PROG`), in each long prefix.
    const option = (row.options ?? []).map((each) => ({ each, found: spelled(word.value, each, row) })).find((one) => one.found !== undefined);
    if (option !== undefined) {
      const from = option.found!.attached !== undefined ? word : words[++i];
      const value = option.found!.attached ?? from?.value;
      const text = value === undefined ? undefined : from?.dynamic === true ? shellText(value) : option.each.text(value);
      if (text !== undefined) out.push({ kind: 'text', text });
      continue;
    }
    if (word.lead === undefined) {
      if (row.words.includes(word.value)) i++;
      else if (!word.dynamic) {
        const text = row.operandRuns?.(word.value);
        if (text !== undefined) out.push({ kind: 'text', text });
      }
      continue;
    }
    // A run-time tail of an option word (`-u$U`, `--host=$H`) is its value; socat's address may run its tail.
    if (!mayBeOption(word) && !(row.runsTail?.test(word.lead) ?? false)) continue;
    out.push(runtimeOption(key, word, 'may be an option or an operand that runs a command'));
  }
  return out.length > 0 ? out : undefined;
}

// What `words[0]` (by its row) runs from its options' values and run-time words; undefined when it has no row, or a
// row without value options found none; [] when it runs none.
export function optionValueLaunches(key: string, words: readonly WordLike[]): Launch[] | undefined {
  const row = Object.hasOwn(ROWS, sameProgram(key)) ? ROWS[sameProgram(key)]! : undefined;
  if (row === undefined || (row.words === undefined && row.valued === undefined)) return undefined;
  if (row.words !== undefined) return wordRowLaunches(key, words, { ...row, words: row.words });
  const options = row.options ?? [];
  const all = unbundled(key, words, row);
  const out: Launch[] = [];
  for (let i = 1; i < all.length; i++) {
    const word = all[i]!;
    if (word.value === '--') break;
    const flag = row.flagRuns?.find((each) => flagSpelled(word.value, each, row.flags ?? ''));
    if (flag !== undefined) out.push({ kind: 'text', text: flag.text });
    for (const option of options) {
      const found = spelled(word.value, option, row);
      if (found === undefined) continue;
      const from = found.attached !== undefined ? word : all[i + 1];
      const value = found.attached ?? from?.value;
      if (found.attached === undefined) i++;
      // A value only known at run time is kept as written (quoting `$X` as a program path would name a file `$X`);
      // a `KEY=` start (rustc's `-C linker=$L`) is no assignment of the line: its run-time rest is what runs.
      const text = value === undefined ? undefined : from?.dynamic === true ? shellText(value.replace(/^[A-Za-z_][\w-]*=(?=.)/, '')) : option.text(value);
      if (text !== undefined) out.push({ kind: 'text', text });
      break;
    }
  }
  // A word only known at run time where an option may stand (`tar -cf a.tar "$X"`, `tar -czf a.tgz *`).
  const shorts = options.flatMap((option) => (option.short?.length === 2 ? [option.short[1]!] : [])).join('');
  const grammar = { flags: row.flags ?? '', valued: (row.valued ?? '') + shorts, long: [...options.flatMap((option) => option.long), ...(row.long ?? [])], stopAtOperand: row.stopAtOperand === true };
  if (row.runtimeInert !== true) out.push(...runtimeOptions(key, all, grammar));
  if (row.options === undefined) return out.length > 0 ? out : undefined;
  // A tracer runs its command too: the planner's wrapper reading is kept beside the piped output.
  const wrapper = Object.hasOwn(WRAPPERS, key) ? WRAPPERS[key]! : undefined;
  const inner = wrapper !== undefined && out.length > 0 ? unwrap(wrapper, words) : undefined;
  return inner?.kind === 'command' ? [...out, { kind: 'command', index: inner.index }] : out;
}
