// One canonicaliser for GNU long options (red team R27-5/6/7): every option word of a program whose option reader is
// getopt_long (long-options.ts) is read as its full name (`env --s` is `env --split-string`, `make --di=sub` is
// `make --directory=sub`) before any reader sees it, at the places names are already normalised (program-aliases.ts
// names them). A program it runs (`env`'s, `timeout`'s, `sudo`'s command; a wrapper's of parse-wrappers.ts) is read
// the same way from its own name. A word after `--` (or after the first operand of a program that stops there) is
// an operand: never rewritten. The prefix itself is read by gnu-long.ts's longOption.
import { longOption } from './gnu-long.js';
import { LONG_OPTIONS, type LongTable } from './long-options.js';
import { sameProgram } from './program-aliases.js';
import { unwrap, WRAPPERS, type WordLike } from './parse-wrappers.js';

// Word `at` is read as `--name` (its text up to the first `=` is replaced).
export interface LongRewrite {
  readonly at: number;
  readonly name: string;
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
// How deep programs run programs (`sudo env timeout 5 nice make ..`): past it the words are left as written.
const MAX_DEPTH = 16;

const programOf = (value: string): string => sameProgram(value.replace(/\/+$/, '').slice(value.replace(/\/+$/, '').lastIndexOf('/') + 1)).toLowerCase();

// The full name a `--prefix` word of `table` is read as: the exact name, the one option it abbreviates, or of several
// the riskiest (`risky` order; else the first): undefined when it is no option of the table (getopt refuses it).
function fullName(table: LongTable, word: string): { name: string; value: boolean } | undefined {
  const long = longOption(word, Object.keys(table.longs));
  if (long === undefined || long.names.length === 0) return undefined;
  const name = long.names.length === 1 ? long.names[0]! : ((table.risky ?? []).find((each) => long.names.includes(each)) ?? long.names[0]!);
  return { name, value: long.value !== undefined };
}

// The rewrites of the command starting at words[start] (its program's options, then what it runs).
export function longRewrites(words: readonly WordLike[], start = 0, depth = 0): LongRewrite[] {
  let at = start;
  while (at < words.length && !words[at]!.dynamic && ASSIGNMENT.test(words[at]!.value)) at++;
  const first = words[at];
  if (first === undefined || first.dynamic || depth > MAX_DEPTH) return [];
  const program = programOf(first.value);
  // Own keys only (a program named `constructor` is no table).
  const table = Object.hasOwn(LONG_OPTIONS, program) ? LONG_OPTIONS[program] : undefined;
  if (table === undefined) {
    // A wrapper codeward knows (`ionice -c3 env --s ..`, `command env ..`): the command it runs.
    const spec = Object.hasOwn(WRAPPERS, program) ? WRAPPERS[program] : undefined;
    const inner = spec === undefined ? undefined : unwrap(spec, words.slice(at));
    return inner?.kind === 'command' && inner.index > 0 ? longRewrites(words, at + inner.index, depth + 1) : [];
  }
  return readOptions(table, words, at + 1, depth);
}

function readOptions(table: LongTable, words: readonly WordLike[], from: number, depth: number): LongRewrite[] {
  const out: LongRewrite[] = [];
  for (let i = from; i < words.length; i++) {
    const word = words[i]!;
    // A word only known at run time may be an option or the operand: what follows is not known to be either (a
    // program that permutes reads options after it all the same).
    // `--sp="$CMD"`: the name is known (the static text before the run-time part holds the `=`).
    const named = word.dynamic && word.lead?.startsWith('--') === true && word.lead.includes('=');
    if (word.dynamic && !named) {
      if (table.stop) return out;
      continue;
    }
    const value = named ? word.lead! : word.value;
    if (value === '--') return table.launches && table.stop ? [...out, ...operandsThen(table, words, i + 1, 0, depth)] : out;
    if (value.startsWith('--') && value.length > 2) {
      const full = fullName(table, value);
      if (full === undefined) continue;
      if (`--${full.name}` !== value.split('=')[0]) out.push({ at: i, name: `--${full.name}` });
      if (!full.value && table.longs[full.name] === 'required') i++;
      continue;
    }
    if (value.startsWith('-') && value.length > 1) {
      i += shortTakesNext(table, value) ? 1 : 0;
      continue;
    }
    if (value === '-' && table.dashIsOption) continue;
    if (table.assignments && ASSIGNMENT.test(value)) continue;
    if (!table.stop) continue;
    return [...out, ...operandsThen(table, words, i, 0, depth)];
  }
  return out;
}

// From the first operand of a program that stops there: its operands, then the command it runs.
function operandsThen(table: LongTable, words: readonly WordLike[], at: number, seen: number, depth: number): LongRewrite[] {
  if (table.launches !== true) return [];
  const command = at + Math.max(0, (table.operands ?? 0) - seen);
  return command < words.length ? longRewrites(words, command, depth + 1) : [];
}

// Whether a cluster of short options (`-iC`, `-Csub`, `-0`) takes the next word as a value.
function shortTakesNext(table: LongTable, cluster: string): boolean {
  for (let k = 1; k < cluster.length; k++) {
    const option = cluster[k]!;
    if (table.optionalShort?.includes(option)) return false;
    if (table.shortValued.includes(option)) return k === cluster.length - 1;
  }
  return false;
}

// A word's value with its option name read as `name` (`--sp=x` as `--split-string=x`).
export const renamed = (value: string, name: string): string => {
  const eq = value.indexOf('=');
  return eq < 0 ? name : name + value.slice(eq);
};

// Words as a reader reads them (quotes already dropped): each option word under its full name.
export function canonicalWords(words: readonly string[]): string[] {
  const rewrites = longRewrites(words.map((value) => ({ value, dynamic: false })));
  if (rewrites.length === 0) return [...words];
  const out = [...words];
  for (const { at, name } of rewrites) out[at] = renamed(out[at]!, name);
  return out;
}
