// One canonicaliser for GNU long options (red team R27-5/6/7): every option word of a program whose option reader is
// getopt_long (long-options.ts) is read as its full name (`env --s` is `env --split-string`, `make --di=sub` is
// `make --directory=sub`), a cluster of its short options (and an interpreter's: interpreter-options.ts) one option
// a word (R28-4: `make -sCsub` is `make -s -C sub`: short-clusters.ts), npm's words as nopt reads them (R28-5:
// `npm --prefi x` is `npm --prefix x`: npm-long.ts) before any reader sees it, at the places names are already
// normalised (program-aliases.ts names them). A program it runs (`env`'s, `timeout`'s, `sudo`'s command; a wrapper's of parse-wrappers.ts) is read
// the same way from its own name. A word after `--` (or after the first operand of a program that stops there) is
// an operand: never rewritten. The prefix itself is read by gnu-long.ts's longOption.
import { longOption } from './gnu-long.js';
import { LONG_OPTIONS, type LongTable } from './long-options.js';
import { sameProgram } from './program-aliases.js';
import { unwrap, WRAPPERS, type WordLike } from './parse-wrappers.js';
import { cutWords, readCluster, type Cut } from './short-clusters.js';
import { npmRewrites } from './npm-long.js';
import { pnpmRewrites } from './pnpm-long.js';
import { INTERPRETER_OPTIONS } from './interpreter-options.js';

// Word `at` is read as `--name` (its text up to the first `=` is replaced), or as the words a cluster of short
// options splits into (short-clusters.ts: `-sCtools` as `-s -C tools`).
// `drop`: characters taken off the word's start first (npm's `--gC` is `-gC`: nopt drops the dashes), the cuts' offsets
// counted after them.
export type LongRewrite = { readonly at: number; readonly name: string } | { readonly at: number; readonly cuts: readonly Cut[]; readonly drop?: number };

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
// How deep programs run programs (`sudo env timeout 5 nice make ..`): past it the words are left as written.
const MAX_DEPTH = 16;

// A versioned interpreter is its family's (`python3.12`, `perl5.36`).
const programOf = (value: string): string =>
  sameProgram(value.replace(/\/+$/, '').slice(value.replace(/\/+$/, '').lastIndexOf('/') + 1))
    .toLowerCase()
    .replace(/^(python|perl|ruby)[\d.]*$/, '$1');

// The full name a `--prefix` word of `table` is read as: the exact name, the one option it abbreviates, or of several
// the riskiest (`risky` order; else the first): undefined when it is no option of the table (getopt refuses it).
function fullName(table: LongTable, word: string): { name: string; value: boolean } | undefined {
  const long = table.exact ? { names: Object.hasOwn(table.longs, word.split('=')[0]!.slice(2)) ? [word.split('=')[0]!.slice(2)] : [], ...(word.includes('=') ? { value: '' } : {}) } : longOption(word, Object.keys(table.longs));
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
  // npm reads its options with nopt (npm-long.ts).
  if (program === 'npm') return npmRewrites(words, at + 1);
  // pnpm too (pnpm-long.ts).
  if (program === 'pnpm') return pnpmRewrites(words, at + 1);
  // Own keys only (a program named `constructor` is no table).
  const table = Object.hasOwn(LONG_OPTIONS, program) ? LONG_OPTIONS[program] : Object.hasOwn(INTERPRETER_OPTIONS, program) ? INTERPRETER_OPTIONS[program] : undefined;
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
    // `-C"$D"`, `-sC$D`: the value is only known at run time, the option is known.
    const cluster = word.dynamic && word.lead !== undefined && /^-[^-]/.test(word.lead) ? readCluster(table, word.lead, true) : undefined;
    if (cluster !== undefined && cluster.cuts.length > 0 && !cluster.takesNext) {
      out.push({ at: i, cuts: cluster.cuts });
      if (cluster.ends) return out;
      continue;
    }
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
      const next = words[i + 1];
      const read = readCluster(table, value, false, next === undefined || next.dynamic ? undefined : next.value);
      if (read.cuts.length > 0) out.push({ at: i, cuts: read.cuts });
      if (read.ends) return out;
      i += read.takesNext ? 1 : 0;
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

// A word's value with its option name read as `name` (`--sp=x` as `--split-string=x`).
export const renamed = (value: string, name: string): string => {
  const eq = value.indexOf('=');
  return eq < 0 ? name : name + value.slice(eq);
};

// Words as a reader reads them (quotes already dropped): each option word under its full name.
export function canonicalWords(words: readonly string[]): string[] {
  const rewrites = longRewrites(words.map((value) => ({ value, dynamic: false })));
  if (rewrites.length === 0) return [...words];
  const out: (string | string[])[] = [...words];
  for (const rewrite of rewrites) out[rewrite.at] = 'name' in rewrite ? renamed(words[rewrite.at]!, rewrite.name) : cutWords(words[rewrite.at]!.slice(rewrite.drop ?? 0), rewrite.cuts);
  return out.flat();
}
