import { tmpdir } from 'node:os';
import { isAbsolute, relative } from 'node:path';
import { kernelPlace } from '../workspace/kernel-place.js';
import type { ShellWord } from '../shell/parse-types.js';
import { UNKNOWN } from './argv.js';
import { resolveExisting } from './immune-place.js';
import { GLOB, globOutside } from './unconfined-globs.js';

// Where a path word of a line lands, with no OS sandbox (unconfined.ts): from every folder the line may be in,
// with the workspace's symlinks resolved (a dangling one followed), a glob by what it can expand to.

const within = (folder: string, path: string): boolean => {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

// How a value (one candidate of a word) lands outside the workspace from one of the folders the line may be
// in: '' for a path outside, the reason for a glob the shell expands (`glob`: the word's glob is unquoted,
// unconfined-globs.ts), undefined when it stays inside.
export function outsideHow(value: string, bases: readonly string[], root: string, temporary = false, glob = false): string | undefined {
  if (value === '' || value.includes(UNKNOWN) || value.startsWith('~') || value === '-') return '';
  const outside = (abs: string): boolean => {
    const landed = resolveExisting(abs);
    return !within(root, landed) && !(temporary && [tmpdir(), '/tmp'].some((folder) => within(resolveExisting(folder), landed)));
  };
  for (const base of bases) {
    // The kernel's place (kernel-place.ts: `l/../x` with l -> / is /x); a `..` after a part not there now may follow
    // a link the line makes first (`ln -s / l && rm l/../x`, fix83): it may be anywhere.
    const landed = kernelPlace(base, value, { keepLast: true });
    const how = glob && GLOB.test(value) ? globOutside(value, base, outside) : landed === undefined || outside(landed) ? '' : undefined;
    if (how !== undefined) return how;
  }
  return undefined;
}

export const leaves = (value: string, bases: readonly string[], root: string, temporary = false): boolean => outsideHow(value, bases, root, temporary) !== undefined;
export const named = (text: string, how: string): string => (how === '' ? text : `${text} (${how})`);

// Whether the word's glob characters may be expanded by the shell: unquoted in the text, or in a variable's
// value (`for f in ul*; do cp x "$f"; done`: the loop's list was expanded, the parse kept `ul*`).
export const globbed = (word: ShellWord): boolean => word.glob || word.parts.some((part) => part.kind === 'variable');

// The word as the question names it when one of its values lands outside, undefined when none does.
export function wordOutside(word: ShellWord, values: readonly string[], bases: readonly string[], root: string, temporary = false): string | undefined {
  for (const value of values) {
    const how = outsideHow(value, bases, root, temporary, globbed(word));
    if (how !== undefined) return named(word.text, how);
  }
  return undefined;
}

export const wordLeaves = (word: ShellWord, bases: readonly string[], root: string): string | undefined => wordOutside(word, word.candidates, bases, root);
