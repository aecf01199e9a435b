import type { ShellWord } from '../shell/parse-types.js';
import { MAX_CANDIDATES } from '../shell/parse-limits.js';
import type { Token } from './canonical-command.js';

// argv.ts's UNKNOWN, the parser's mark of a part only known at run time; spelled here, not imported: argv.ts belongs
// to the shell-line decision, which a cold read, list, tree or search never loads (test/bin/lazy-start).
const UNKNOWN = '\u0000';

// The words of a command as deny and ask rules read them (red team R14b-1). A word built from command
// substitutions or variables whose value the parser knows before the run (`$(echo push)`, `"$(printf
// push)"`, `` `echo push` ``, `x=push; git $x`) is that value, split on blanks unless the whole word is
// double-quoted, as bash does. A word with several known values gives one reading per value (any of them may
// run), and a part only known at run time is a hole (U+0000) that a rule pattern may read as any text
// (pattern.ts): `git $(cat f)` may be `git push`, so a deny rule on `git push*` needs a person.

export const HOLE = UNKNOWN;

export interface WordReadings {
  // The words as typed (a dynamic word shown by its source text).
  readonly typed: Token[];
  // Every dynamic word has one known value: the words the program certainly receives.
  readonly known?: Token[];
  // The words it may receive (several known values, or holes).
  readonly possible: Token[][];
}

const MAX_READINGS = 16;

// An unquoted glob (`deplo*`, `deplo?`, `deplo[y]`) is expanded by the shell from the files present when it
// runs (a file the model wrote first: R15-4): each glob piece is a hole. A piece whose quoting is not known
// (a variable's value) is read as unquoted: more holes, never fewer.
const GLOB_PIECE = /\[(?:!|\^)?\]?[^\]]*\]|[*?]/g;
const holed = (text: string): string => text.replace(GLOB_PIECE, HOLE);

function globValue(word: ShellWord): string {
  return word.parts
    .map((part) => (part.kind === 'literal' ? (part.quoted ? part.value : holed(part.value)) : part.kind === 'tilde' ? `~${part.user}` : HOLE))
    .join('');
}

// The parser keeps at most MAX_CANDIDATES values of a word: a full list may have lost some, so it also holds a hole.
function values(word: ShellWord): readonly string[] {
  if (!word.dynamic) return [globValue(word)];
  const known = word.glob ? word.candidates.map(holed) : word.candidates;
  if (known.length === 0) return [HOLE];
  return known.length >= MAX_CANDIDATES ? [...known, HOLE] : known;
}

// A word the program receives only at run time, of no known value (xargs' input: shell-subjects.ts).
export const holeWord = (text: string): ShellWord => ({ text, value: '', dynamic: true, glob: false, parts: [{ kind: 'dynamic', text }], candidates: [] });

const runTime = (word: ShellWord): boolean => word.dynamic || word.glob;

function typedToken(word: ShellWord, quote: (value: string) => string): Token {
  return { value: word.value, dynamic: word.dynamic, shown: word.dynamic ? word.text : quote(word.value) };
}

// One candidate value of a dynamic word as the tokens the program receives.
function valueTokens(word: ShellWord, candidate: string, quote: (value: string) => string): Token[] {
  // One double-quoted string (a quote inside it, even a nested one, reads as unquoted: more words, never fewer).
  const quoted = /^"(?:[^"\\]|\\.)*"$/.test(word.text);
  const pieces = quoted ? [candidate] : candidate.split(/[ \t\n]+/).filter((piece) => piece !== '');
  return pieces.map((piece) => (piece.includes(HOLE) ? { value: '', dynamic: true, shown: piece } : { value: piece, dynamic: false, shown: quote(piece) }));
}

export function wordReadings(words: readonly ShellWord[], quote: (value: string) => string): WordReadings {
  const typed = words.map((word) => typedToken(word, quote));
  if (!words.some(runTime)) return { typed, possible: [] };
  let combos: Token[][] = [[]];
  let cut = false;
  for (const word of words) {
    const options = runTime(word) ? values(word).map((candidate) => valueTokens(word, candidate, quote)) : [[typedToken(word, quote)]];
    const all = combos.flatMap((prefix) => options.map((option) => [...prefix, ...option]));
    cut ||= all.length > MAX_READINGS;
    combos = all.slice(0, MAX_READINGS);
  }
  // Readings past the bound are not dropped (R15-13): one more reading has a hole for every run-time word.
  if (cut) combos.push(words.flatMap((word) => (runTime(word) ? [{ value: '', dynamic: true, shown: HOLE }] : [typedToken(word, quote)])));
  const certain = combos.length === 1 && !combos[0]!.some((token) => token.dynamic);
  return certain ? { typed, known: combos[0]!, possible: [] } : { typed, possible: combos };
}
