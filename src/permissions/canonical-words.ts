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

// The parser keeps at most MAX_CANDIDATES values of a word: a full list may have lost some, so it also holds a hole.
function values(word: ShellWord): readonly string[] {
  if (word.candidates.length === 0) return [HOLE];
  return word.candidates.length >= MAX_CANDIDATES ? [...word.candidates, HOLE] : word.candidates;
}

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
  if (!words.some((word) => word.dynamic)) return { typed, possible: [] };
  let combos: Token[][] = [[]];
  for (const word of words) {
    const options = word.dynamic ? values(word).map((candidate) => valueTokens(word, candidate, quote)) : [[typedToken(word, quote)]];
    combos = combos.flatMap((prefix) => options.map((option) => [...prefix, ...option])).slice(0, MAX_READINGS);
  }
  const certain = combos.length === 1 && !combos[0]!.some((token) => token.dynamic);
  return certain ? { typed, known: combos[0]!, possible: [] } : { typed, possible: combos };
}
