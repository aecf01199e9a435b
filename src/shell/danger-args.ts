// Argument splitting shared by the danger rules: GNU-style options and operands, word values.
import type { ShellWord } from './parse-types.js';

const UNKNOWN = '\u0000';

// The values an argument may take, split the way the shell splits an unquoted variable.
export function tokensOf(word: ShellWord): string[] {
  const splits = word.parts.some((part) => part.kind === 'variable' && !part.quoted);
  return word.candidates.flatMap((candidate) => (splits ? candidate.split(/[ \t\n]+/).filter(Boolean) : [candidate]));
}

export interface Parsed {
  // Option tokens before `--` (and before the first operand for commands that stop there).
  readonly options: string[];
  readonly operands: string[];
  // An option-position token only known at run time (`rm $FLAGS /`).
  readonly unknownOption: boolean;
}

// Splits GNU-style arguments into options and operands. `valued` short options take the next token.
export function parseArgs(words: readonly ShellWord[], valued = '', valuedLong: readonly string[] = []): Parsed {
  const options: string[] = [];
  const operands: string[] = [];
  let unknownOption = false;
  let ended = false;
  let skipNext = false;
  for (const word of words) {
    for (const token of tokensOf(word)) {
      if (skipNext) {
        skipNext = false;
        continue;
      }
      if (!ended && token === '--' && !word.dynamic) {
        ended = true;
        continue;
      }
      if (!ended && token.startsWith('-') && token.length > 1) {
        options.push(token);
        if (token.includes(UNKNOWN)) unknownOption = true;
        if (token.startsWith('--')) {
          if (!token.includes('=') && valuedLong.includes(token.slice(2))) skipNext = true;
        } else if (valued && valued.includes(token[token.length - 1]!)) skipNext = true;
        continue;
      }
      if (!ended && token.startsWith(UNKNOWN)) unknownOption = true;
      operands.push(token);
    }
  }
  return { options, operands, unknownOption };
}

// `--rec` is `--recursive` for GNU getopt (unambiguous prefixes are accepted).
export function longOption(token: string, name: string, minimum = 1): boolean {
  if (!token.startsWith('--')) return false;
  const given = token.slice(2).split('=')[0]!;
  return given.length >= minimum && name.startsWith(given);
}

export const shortFlag = (token: string, flags: RegExp): boolean => /^-[^-]/.test(token) && flags.test(token.slice(1));
