import { lstat, realpath } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fail } from '../engine/errors.js';
import { errno, fsRefusal, notAccessible } from './refusals.js';

export interface RealResult {
  // Symlinks resolved; for a missing path, the real longest existing ancestor plus the missing rest.
  readonly real: string;
  readonly exists: boolean;
}

// Only ENOENT falls back to the ancestor walk; reading every error as "missing" was CVE-2025-53109.
export async function resolveReal(lexical: string, stop: string, input: string): Promise<RealResult> {
  try {
    return { real: await realpath(lexical), exists: true };
  } catch (error) {
    if (errno(error) !== 'ENOENT') throw fsRefusal(error, input);
  }
  return resolveMissing(lexical, stop, input);
}

// Realpaths the longest existing ancestor and re-appends the rest; a component lstat sees is a dangling link.
async function resolveMissing(lexical: string, stop: string, input: string): Promise<RealResult> {
  let ancestor = lexical;
  let ancestorReal: string;
  for (;;) {
    // The workspace root itself is gone: nothing to anchor on.
    if (ancestor === stop || dirname(ancestor) === ancestor) throw notAccessible(input);
    ancestor = dirname(ancestor);
    try {
      ancestorReal = await realpath(ancestor);
      break;
    } catch (error) {
      if (errno(error) !== 'ENOENT') throw fsRefusal(error, input);
    }
  }
  const rest = relative(ancestor, lexical).split(sep).filter((part) => part !== '');
  let current = ancestorReal;
  for (let index = 0; index < rest.length; index += 1) {
    current = join(current, rest[index]!);
    const stats = await lstatOrMissing(current, input);
    // Nothing can exist below a missing component: append the rest lexically.
    if (stats === undefined) return { real: join(current, ...rest.slice(index + 1)), exists: false };
    if (stats.isSymbolicLink()) throw fail('C215', `dangling symlink in path: ${input}`);
    // Exists and is no link: created after realpath failed; keep checking the rest.
  }
  // Everything exists now (a creator raced us): resolve once more rather than guess.
  try {
    return { real: await realpath(lexical), exists: true };
  } catch (error) {
    throw fsRefusal(error, input);
  }
}

async function lstatOrMissing(path: string, input: string): Promise<Stats | undefined> {
  try {
    return await lstat(path);
  } catch (error) {
    if (errno(error) === 'ENOENT') return undefined;
    throw fsRefusal(error, input);
  }
}
