import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { isInside } from '../workspace/contains.js';
import { UNKNOWN } from './argv.js';
import type { ShellPlace } from './immune-place.js';

// Which side of the workspace boundary a path argument lands on, seen from the run folder with symlinks of
// its existing part resolved: 'unknown' for a path only known at run time, a relative path after the line
// changed folder, or any path when the workspace is not known (then `..`, `~` and absolute paths are
// 'out' and other relative paths 'in').
export type Side = 'in' | 'out' | 'unknown';

function real(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(real(parent), basename(path));
  }
}

export function side(path: string, place: ShellPlace | undefined, moved: boolean): Side {
  if (path === '' || path.includes(UNKNOWN)) return 'unknown';
  const expanded = path === '~' || path.startsWith('~/') ? homedir() + path.slice(1) : path;
  if (place === undefined) return isAbsolute(expanded) || expanded.startsWith('~') || /^\.\.(?:\/|$)/.test(expanded) ? 'out' : 'in';
  if (!isAbsolute(expanded) && (moved || expanded.startsWith('~'))) return 'unknown';
  const abs = real(resolve(place.runDir, expanded));
  return isInside(real(place.root), abs) ? 'in' : 'out';
}

// GNU getopt_long: any unique prefix of a long option, at least `min` characters with the dashes.
export const long = (arg: string, name: string, min = 4): boolean => {
  const word = arg.split('=')[0]!;
  return word.startsWith('--') && word.length >= min && name.startsWith(word);
};

// The value of an option given as `-X VALUE`, `-XVALUE`, `--name=VALUE` or `--name VALUE` (the last one).
export function optionValue(args: readonly string[], short: string, name: string): string | undefined {
  let found: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') break;
    if (long(arg, name)) found = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[++i];
    else if (new RegExp(`^-[a-zA-Z]*${short}`).test(arg) && !arg.startsWith('--')) {
      const rest = arg.slice(arg.indexOf(short) + 1);
      found = rest !== '' ? rest : args[++i];
    }
  }
  return found;
}

// The folder an extraction writes to lands inside the workspace (or may).
export const intoWorkspace = (dir: string | undefined, place: ShellPlace | undefined, moved: boolean): boolean => side(dir ?? '.', place, moved) !== 'out';

// The short option letters of the words' clusters, each cluster up to the first letter that takes a value
// (`-idD dir`: i, d, D; `-xzf a.tgz`: x, z, f).
export function clusterLetters(words: readonly string[], valued: string): string {
  let letters = '';
  for (const word of words) {
    if (word === '--') break;
    if (!/^-[a-zA-Z]/.test(word)) continue;
    for (const letter of word.slice(1)) {
      letters += letter;
      if (valued.includes(letter)) break;
    }
  }
  return letters;
}
