import type { Globbed } from './task-runner-make-wildcard.js';

// make's references in a Makefile's text filled in (task-runner-make.ts): variables, the automatic ones, a
// substitution reference (`$(SRC:.c=.o)`, `$(SRC:%.c=%.o)`) and the text functions that only reshape words
// (patsubst, addprefix, addsuffix, notdir, sort, strip, filter, filter-out), and `$(wildcard ..)` where make
// expands it while reading the Makefile (R25-12 LEFT): in prerequisites and in `:=` variables. In a recipe line
// make globs when the recipe runs, after other recipes may have made files: unknown there. Any other function,
// a reference too deep, a variable set at run time or under a condition: unknown (the caller asks).

export interface Vars {
  readonly values: Map<string, string>;
  // Variables whose value codeward does not know (set under a conditional or by `!=`, handed a run-time value).
  readonly unknown: Set<string>;
  // Variables set under a conditional to plain values: each value they may have (codeward cannot tell the branch).
  readonly choices: Map<string, string[]>;
  // Variables set with `:=` / `::=` / `:::=`: make expands their value while reading the Makefile.
  readonly immediate?: ReadonlySet<string>;
}

// `glob`: make's wildcard from make's folder, given when the text is expanded while the Makefile is read.
export interface Expansion {
  readonly auto: Readonly<Record<string, string>>;
  readonly glob?: (patterns: string) => Globbed;
  // Reads a `:=` variable's wildcard (the same reader, also inside a recipe line).
  readonly readGlob?: (patterns: string) => Globbed;
}

const MAX_DEPTH = 10;
const WORD_FUNCTIONS = /^(wildcard|patsubst|addprefix|addsuffix|notdir|sort|strip|filter|filter-out)\s+([\s\S]*)$/;

type Got = { text: string; unknown?: string };

// The index of the `close` that ends the reference opened just before `from` (nested same-kind brackets counted).
function closing(text: string, from: number, open: string, close: string): number {
  let depth = 1;
  for (let at = from; at < text.length; at++) {
    if (text[at] === open) depth++;
    else if (text[at] === close && --depth === 0) return at;
  }
  return -1;
}

// make's `%` pattern matched against one word: the stem, or undefined.
function stemOf(pattern: string, word: string): string | undefined {
  const at = pattern.indexOf('%');
  if (at < 0) return pattern === word ? '' : undefined;
  const [head, tail] = [pattern.slice(0, at), pattern.slice(at + 1)];
  return word.length >= head.length + tail.length && word.startsWith(head) && word.endsWith(tail) ? word.slice(head.length, word.length - tail.length) : undefined;
}
const patsubst = (from: string, to: string, text: string): string =>
  text.split(/\s+/).filter(Boolean).map((word) => {
    const stem = stemOf(from, word);
    return stem === undefined ? word : to.includes('%') ? to.replace('%', stem) : to;
  }).join(' ');

function apply(name: string, args: readonly string[]): string {
  const words = (text: string): string[] => text.split(/\s+/).filter(Boolean);
  if (name === 'patsubst') return patsubst(args[0]!.trim(), args[1]!.trim(), args[2]!);
  if (name === 'addprefix') return words(args[1]!).map((word) => `${args[0]!.trim()}${word}`).join(' ');
  if (name === 'addsuffix') return words(args[1]!).map((word) => `${word}${args[0]!.trim()}`).join(' ');
  if (name === 'notdir') return words(args[0]!).map((word) => word.slice(word.lastIndexOf('/') + 1)).join(' ');
  if (name === 'sort') return [...new Set(words(args[0]!))].sort().join(' ');
  if (name === 'strip') return words(args[0]!).join(' ');
  const patterns = words(args[0]!);
  const kept = (word: string): boolean => patterns.some((pattern) => stemOf(pattern, word) !== undefined) === (name === 'filter');
  return words(args[1]!).filter(kept).join(' ');
}

// The arguments of a function call split at its top-level commas (the last takes the rest).
function argumentsOf(text: string, count: number): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < text.length && out.length < count - 1; at++) {
    if (text[at] === '(' || text[at] === '{') depth++;
    else if (text[at] === ')' || text[at] === '}') depth--;
    else if (text[at] === ',' && depth === 0) {
      out.push(text.slice(start, at));
      start = at + 1;
    }
  }
  return [...out, text.slice(start)];
}
const ARITY: Readonly<Record<string, number>> = { wildcard: 1, patsubst: 3, addprefix: 2, addsuffix: 2, notdir: 1, sort: 1, strip: 1, filter: 2, 'filter-out': 2 };

// `text` with make's references filled in, or why it cannot be.
export function expand(text: string, vars: Vars, how: Expansion, depth = 0): Got {
  let unknown: string | undefined;
  let out = '';
  for (let at = 0; at < text.length; at++) {
    const c = text[at]!;
    if (c !== '$' || at + 1 >= text.length) {
      out += c;
      continue;
    }
    const next = text[at + 1]!;
    let inner: string;
    if (next === '(' || next === '{') {
      const end = closing(text, at + 2, next, next === '(' ? ')' : '}');
      if (end < 0) return { text: out, unknown: `\`${text.slice(at)}\` is not closed` };
      inner = text.slice(at + 2, end);
      at = end;
    } else {
      inner = next;
      at++;
    }
    if (inner === '$') {
      out += '\u0000';
      continue;
    }
    const got = reference(inner, vars, how, depth);
    unknown ??= got.unknown;
    out += got.text;
  }
  return { text: depth === 0 ? out.replaceAll('\u0000', '$') : out, ...(unknown === undefined ? {} : { unknown }) };
}

function reference(name: string, vars: Vars, how: Expansion, depth: number): Got {
  const { auto } = how;
  if (Object.hasOwn(auto, name)) return { text: auto[name]! };
  // `$(@D)`/`$(<F)`: each word's folder (without the slash; `.` without one) or file name.
  if (/^.[DF]$/.test(name) && Object.hasOwn(auto, name[0]!)) {
    const part = (word: string): string => (name[1] === 'F' ? word.slice(word.lastIndexOf('/') + 1) : word.includes('/') ? word.slice(0, word.lastIndexOf('/')) || '/' : '.');
    return { text: auto[name[0]!]!.split(/\s+/).filter(Boolean).map(part).join(' ') };
  }
  if (depth >= MAX_DEPTH) return { text: '', unknown: `$(${name}) is nested deeper than ${MAX_DEPTH}` };
  const call = WORD_FUNCTIONS.exec(name);
  if (call) {
    const args = argumentsOf(call[2]!, ARITY[call[1]!]!).map((arg) => expand(arg, vars, how, depth + 1));
    const failed = args.find((arg) => arg.unknown !== undefined);
    if (failed !== undefined) return { text: '', unknown: failed.unknown! };
    if (args.length < ARITY[call[1]!]!) return { text: '', unknown: `$(${name}) lacks an argument` };
    if (call[1] !== 'wildcard') return { text: apply(call[1]!, args.map((arg) => arg.text)) };
    if (how.glob === undefined) return { text: '', unknown: `$(${name}) is globbed when the recipe runs (other recipes may have made files by then)` };
    const globbed = how.glob(args[0]!.text);
    return 'unknown' in globbed ? { text: '', unknown: globbed.unknown } : { text: globbed.text };
  }
  // `$(VAR:from=to)`: patsubst over VAR's words (`.c=.o` is `%.c=%.o`).
  const substitution = /^([A-Za-z_][\w.-]*):([^=$]*)=([^$]*)$/.exec(name);
  if (substitution) {
    const value = reference(substitution[1]!, vars, how, depth);
    if (value.unknown !== undefined) return value;
    const [from, to] = [substitution[2]!, substitution[3]!];
    return { text: from.includes('%') ? patsubst(from, to, value.text) : patsubst(`%${from}`, `%${to}`, value.text) };
  }
  if (/[\s,$:]/.test(name)) return { text: '', unknown: `$(${name}) is a make function or substitution` };
  if (vars.unknown.has(name)) return { text: '', unknown: `$(${name}) is set at run time or under a condition` };
  // A `:=` variable's wildcard was globbed while make read the Makefile.
  const glob = vars.immediate?.has(name) === true ? (how.glob ?? how.readGlob) : how.glob;
  return expand(vars.values.get(name) ?? '', vars, { ...how, ...(glob === undefined ? {} : { glob }) }, depth + 1);
}
