// Helpers shared by the python and js name readers (inline-names-py.ts, inline-names-js-read.ts): brackets, a call's
// arguments, statement starts.
import type { Lexeme } from './inline-lex.js';

const OPEN: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };

// The index of the bracket closing the one at `at` (or the end).
export function closing(lexemes: readonly Lexeme[], at: number): number {
  let depth = 0;
  for (let i = at; i < lexemes.length; i++) {
    const { kind, text } = lexemes[i]!;
    if (kind !== 'op') continue;
    if (OPEN[text] !== undefined) depth++;
    else if (text === ')' || text === ']' || text === '}') if (--depth === 0) return i;
  }
  return lexemes.length;
}

// The arguments of the call whose `(` is at `at`: each a range [from, to) of lexemes.
export function callArguments(lexemes: readonly Lexeme[], at: number): Array<readonly [number, number]> {
  const end = closing(lexemes, at);
  const out: Array<readonly [number, number]> = [];
  let from = at + 1;
  for (let i = at + 1; i < end; i++) {
    const { kind, text } = lexemes[i]!;
    if (kind === 'op' && OPEN[text] !== undefined) i = closing(lexemes, i);
    else if (kind === 'op' && text === ',') {
      out.push([from, i]);
      from = i + 1;
    }
  }
  if (from < end) out.push([from, end]);
  return out;
}

export const isOp = (lexeme: Lexeme | undefined, text: string): boolean => lexeme?.kind === 'op' && lexeme.text === text;

// Whether the lexeme at `i` starts a statement (python's line ends are `;`).
export const statementStart = (lexemes: readonly Lexeme[], i: number): boolean => i === 0 || isOp(lexemes[i - 1], ';') || isOp(lexemes[i - 1], ':') || isOp(lexemes[i - 1], '}') || isOp(lexemes[i - 1], '{');

// A plain relative path literal (no `..` part, not absolute, not `~`): a move to it stays where the line runs.
export function stays(lexemes: readonly Lexeme[], [from, to]: readonly [number, number]): boolean {
  const only = to - from === 1 ? lexemes[from] : undefined;
  return only?.kind === 'string' && only.text !== '' && !/^[/~\\]|(?:^|\/)\.\.(?:\/|$)|[{$]/.test(only.text);
}
