// Shell state one hook command sets and a later one uses (red team R22-4, R22-12): the positional parameters
// (`set -- tools/x; node "$1"`, `shift`), CDPATH for `cd`, the descriptors `/dev/fd/N` names, and what a command
// substitution's own commands hand an interpreter (`x=$(node tools/x)`). hook-fed.ts reads them.
import { join } from 'node:path';
import { globbed, known, type Fed, type Vars, type Word } from './hook-fed-words.js';
import { literal } from './hook-fed-xargs.js';

// `set` options that take a value (`set -o pipefail`).
const SET_VALUED = /^[-+]o$/;

// The positional parameters after `set ...` / `shift` (words[0] is the command): the new list; `same` when the
// command does not change them (`set -e`, another command); `null` when they are only known at run time.
export function positionals(words: readonly Word[], args: readonly string[] | undefined, vars: Vars): readonly string[] | undefined | null | 'same' {
  const name = words[0] === undefined ? undefined : known(words[0], args, vars);
  if (name === 'shift') {
    const by = words[1] === undefined ? '1' : known(words[1], args, vars);
    if (by === undefined || !/^\d+$/.test(by)) return null;
    // Git's arguments shifted stay git's (not the line's to choose).
    return args === undefined ? 'same' : args.slice(Number(by));
  }
  if (name !== 'set') return 'same';
  let at = 1;
  for (; at < words.length; at++) {
    const value = known(words[at]!, args, vars);
    if (value === '--' || value === '-') {
      at++;
      break;
    }
    if (value === undefined || !/^[-+]/.test(value)) break;
    if (SET_VALUED.test(value)) at++;
  }
  // `set -e` alone keeps them; `set --` clears them; `set -- a b` / `set a b` sets them.
  if (at >= words.length && !words.slice(1).some((word) => word.value === '--' || word.value === '-')) return 'same';
  const set: string[] = [];
  for (const word of words.slice(at)) {
    if (/^\$[@*]$/.test(word.value)) {
      if (args === undefined) return null;
      set.push(...args);
      continue;
    }
    const value = known(word, args, vars);
    // A glob (`set -- tools/*.js`) expands to files only known when the hook runs: `node "$2"`, `shift`, `"$@"`
    // may run any of them (red team R28-11), so the hook fails closed like any run-time value.
    if (value === undefined || globbed(word)) return null;
    set.push(value);
  }
  return set;
}

// The CDPATH a `cd` searches (`prefix`: the assignments before it): the line's value, split at `:`; undefined when
// neither the line nor the script sets it (the user's environment); null when only known at run time.
export function cdPath(prefix: readonly Word[], args: readonly string[] | undefined, vars: Vars): string[] | null | undefined {
  const own = prefix.findLast((word) => word.value.startsWith('CDPATH='));
  const value = own !== undefined ? known({ ...own, value: own.value.slice(7), plain: Math.max(0, own.plain - 7) }, args, vars) : vars.set.has('CDPATH') ? vars.set.get('CDPATH') : vars.assigned.has('CDPATH') ? undefined : '';
  if (own === undefined && !vars.set.has('CDPATH') && !vars.assigned.has('CDPATH')) return undefined;
  if (value === undefined) return null;
  const entries = value.split(':');
  // An absolute entry may be the work tree itself (the model knows its path): not read, so run-time.
  return entries.some((entry) => entry.startsWith('/') || entry.startsWith('~')) ? null : entries.map((entry) => (entry === '' ? '.' : entry));
}

// A word naming a descriptor (`/dev/fd/3`, `/proc/self/fd/3`) as the file opened on it on the line (`3<scripts/ci`),
// `/dev/fd/0` as stdin.
export function descriptorFile(word: Word, value: string | undefined, descriptors: ReadonlyMap<string, string>): Word {
  const fd = value === undefined ? undefined : /^\/(?:dev\/fd|proc\/self\/fd)\/(\d+)$/.exec(value)?.[1];
  if (fd === undefined) return word;
  if (fd === '0') return literal('/dev/stdin');
  const file = descriptors.get(fd);
  return file === undefined ? word : literal(file);
}

// `$(cd "$(dirname "$0")/.." && pwd)`: a folder's absolute name printed, nothing run in it.
const FOLDER_NAME = /^\s*cd\s+[^;&|<>`]*(?:&&|;)\s*pwd(?:\s+-[LP])?\s*$/;

// What a command substitution's commands hand interpreters (`inner`, read on its own), added to the line's: its
// scripts in each folder its own `cd` reached.
export function mergeSub(fed: Fed, inner: Fed, text: string): void {
  for (const folder of inner.folders) for (const script of inner.scripts) fed.scripts.push(folder === '' ? script : join(folder, script));
  fed.locals.push(...inner.locals);
  fed.programs.push(...inner.programs);
  if (inner.globs !== undefined) (fed.globs ??= []).push(...inner.globs);
  if (inner.loaded !== undefined) (fed.loaded ??= []).push(...inner.loaded);
  for (const [here, use] of inner.heres ?? []) (fed.heres ??= new Map()).set(here, use);
  if (inner.unknown !== undefined && !(FOLDER_NAME.test(text) && inner.scripts.length === 0)) fed.unknown ??= inner.unknown;
}

// The action `trap ACTION SIGNAL...` runs later (at EXIT, 0, INT...): undefined for `trap - X`, `trap '' X`,
// `trap -p`, and a first operand that is a number (POSIX: every operand a condition, reset).
export function trapAction(words: readonly Word[], values: readonly string[]): Word | undefined {
  const at = values[1] === '--' ? 2 : 1;
  if (words.length - at < 2 || /^-[pl]$/.test(values[at]!)) return undefined;
  const action = values[at]!;
  return action === '-' || action === '' || /^\d+$/.test(action) ? undefined : words[at];
}
