// The words of a hook line as hook-fed.ts reads them: a word's value when known before the run, and the folders a
// `cd` moves the line's commands to.
import { join, normalize } from 'node:path';
import type { Token } from './hook-fed-lex.js';
import { expandBraces } from '../search/globs.js';

// What one hook line hands to interpreters and runners (hook-fed.ts reads it).
export interface Fed {
  // Files (relative to a folder of `folders`) an interpreter runs, present or not.
  readonly scripts: string[];
  // Folders (relative to where the line starts; '' first) the line's commands may run in.
  readonly folders: string[];
  // Local package specs a package runner runs (`npx ./tools/x`, `npm exec --package=file:x`): R20-3.
  readonly locals: string[];
  // The program names its commands start, and those a launcher or runner starts (npx may install them): hook-bins.ts.
  readonly programs: { name: string; launched: boolean }[];
  // Scripts written as a bare glob (`node tools/*.js`): bash runs what they match when the hook runs (R21-2).
  globs?: string[];
  unknown?: string;
}
export const globbed = (word: Word | undefined): boolean => word !== undefined && /[*?[]/.test(word.value.slice(0, word.plain));

export type Word = Extract<Token, { kind: 'word' }>;
const MAX_FOLDERS = 16;
const MAX_BRACED = 16;

// A word's value when known before the run: static, or its substitutions are `echo`/`printf` of plain words.
export function known(word: Word, args: readonly string[] | undefined): string | undefined {
  if (word.subs.some((sub) => sub.process !== undefined)) return undefined;
  if (!word.dynamic) return word.value;
  // `$(which node)` / `$(command -v node)` is the program's name as found on PATH (red team R21-12); a parameter with
  // a default (`${F:-tools/x}`, `${NODE-node}`) is its default, what bash reads when the hook's environment does
  // not set it (R21-2, R21-12).
  let value = word.value
    .replace(/\$\(\s*(?:which|command\s+-[vV]|type\s+-[pP])\s+([\w.@+-]+)\s*\)|`\s*(?:which|command\s+-[vV])\s+([\w.@+-]+)\s*`/g, (_, a?: string, b?: string) => a ?? b ?? '')
    .replace(/\$\{[A-Za-z_]\w*:?[-=]([\w./@%+:=-]*)\}/g, (_, fallback: string) => fallback)
    .replace(/\$\(\s*(?:echo|printf(?: --)?)\s+([\w./@%+:=-]+)\s*\)|`\s*(?:echo|printf)\s+([\w./@%+:=-]+)\s*`/g, (_, a?: string, b?: string) => a ?? b ?? '');
  if (args !== undefined) value = value.replace(/\$\{?([1-9])\}?/g, (_, n: string) => args[Number(n) - 1] ?? '');
  return /[$`]/.test(value) ? undefined : value;
}
export const runTime = (word: Word): boolean => word.subs.length > 0;

// A `cd`/`pushd` (or `env -C`): every folder reached so far, moved by it (chained: `cd a; cd b`).
export function moveTo(fed: Fed, word: Word | undefined, args: readonly string[] | undefined): void {
  if (word === undefined) return;
  const to = known(word, args);
  if (to === undefined) {
    if (runTime(word)) fed.unknown ??= `\`cd ${word.value}\` (a folder only known at run time)`;
    return;
  }
  if (to === '-' || to.startsWith('~') || to.startsWith('-')) return;
  for (const folder of [...fed.folders]) if (fed.folders.length < MAX_FOLDERS) fed.folders.push(normalize(join(folder, to)));
  if (fed.folders.length >= MAX_FOLDERS) fed.unknown ??= `more than ${MAX_FOLDERS} folders a \`cd\` may reach`;
}

// A word with a brace expansion (`tools/{a,b}.js`: bash runs both) as the words it becomes (fed21, found by
// hook-fed-lex-parity.test.ts); one whose braces may be quoted, a sequence (`{1..3}`) or more than MAX_BRACED
// words is `unknown` (the caller fails closed).
export function braced(fed: Fed, word: Word): Word[] {
  if (!word.brace || !/\{[^{}]*(?:,|\.\.)[^{}]*\}/.test(word.value)) return [word];
  const values = word.plain === word.value.length && !word.dynamic && !word.value.includes('..') ? expandBraces(word.value) : [];
  if (values.length === 0 || values.length > MAX_BRACED) {
    fed.unknown ??= `\`${word.value}\` (a brace expansion codeward does not read)`;
    return [word];
  }
  return values.map((value) => ({ ...word, value, plain: value.length, brace: false }));
}
