import { lstatSync, realpathSync, type Stats } from 'node:fs';
import { basename, dirname, isAbsolute, join, normalize, relative, sep } from 'node:path';
import { fail } from '../engine/errors.js';
import { errno, fsRefusal, notAccessible } from './refusals.js';

export interface RealResult {
  // Symlinks resolved; for a missing path, the real longest existing ancestor plus the missing rest.
  readonly real: string;
  readonly exists: boolean;
}

// realpath(3), as fs.promises.realpath calls it, but without a thread-pool round trip: resolving a path
// is a handful of metadata syscalls (microseconds), while each async fs call costs ~30 µs of hand-offs,
// which dominated a whole `read` call. The walk below has the same semantics as before.
const realpathNative = realpathSync.native;

// Only ENOENT falls back to the ancestor walk; reading every error as "missing" was CVE-2025-53109.
export async function resolveReal(lexical: string, stop: string, input: string): Promise<RealResult> {
  return resolveRealSync(lexical, stop, input);
}

// resolveReal without the promise, for callers on a synchronous path; throws the same errors.
export function resolveRealSync(lexical: string, stop: string, input: string): RealResult {
  try {
    return { real: realpathNative(lexical), exists: true };
  } catch (error) {
    if (errno(error) !== 'ENOENT') throw fsRefusal(error, input);
  }
  return resolveMissing(lexical, stop, input);
}

// Realpaths the longest existing ancestor and re-appends the rest; a component lstat sees is a dangling link.
function resolveMissing(lexical: string, stop: string, input: string): RealResult {
  let ancestor = lexical;
  let ancestorReal: string;
  for (;;) {
    // The workspace root itself is gone: nothing to anchor on.
    if (ancestor === stop || dirname(ancestor) === ancestor) throw notAccessible(input);
    ancestor = dirname(ancestor);
    try {
      ancestorReal = realpathNative(ancestor);
      break;
    } catch (error) {
      if (errno(error) !== 'ENOENT') throw fsRefusal(error, input);
    }
  }
  const rest = relative(ancestor, lexical).split(sep).filter((part) => part !== '');
  let current = ancestorReal;
  for (let index = 0; index < rest.length; index += 1) {
    current = join(current, rest[index]!);
    const stats = lstatOrMissing(current, input);
    // Nothing can exist below a missing component: append the rest lexically.
    if (stats === undefined) return { real: join(current, ...rest.slice(index + 1)), exists: false };
    if (stats.isSymbolicLink()) throw fail('C215', `dangling symlink in path: ${input}`);
    // Exists and is no link: created after realpath failed; keep checking the rest.
  }
  // Everything exists now (a creator raced us): resolve once more rather than guess.
  try {
    return { real: realpathNative(lexical), exists: true };
  } catch (error) {
    throw fsRefusal(error, input);
  }
}

function lstatOrMissing(path: string, input: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    if (errno(error) === 'ENOENT') return undefined;
    throw fsRefusal(error, input);
  }
}

// realpath(3) for many paths in the same folders (a hook walk's thousands of package files), for one question:
// each folder on the way is resolved once, and a path whose folder is known costs one lstat of its last part
// instead of glibc's readlink of every part. A part that is a link is resolved whole by the kernel's realpath.
// undefined where realpath(3) fails (a part missing, or not a folder).
export function realPaths(): (path: string) => string | undefined {
  const known = new Map<string, string | null>();
  const of = (path: string): string | undefined => {
    const hit = known.get(path);
    if (hit !== undefined) return hit ?? undefined;
    const parent = dirname(path);
    let found: string | undefined;
    if (parent === path || !isAbsolute(path) || normalize(path) !== path || path.endsWith(sep)) found = nativeOrUndefined(path);
    else {
      const base = of(parent);
      const stats = base === undefined ? undefined : lstatOrUndefined(path);
      found = stats === undefined ? undefined : stats.isSymbolicLink() ? nativeOrUndefined(path) : join(base!, basename(path));
    }
    known.set(path, found ?? null);
    return found;
  };
  return of;
}

function nativeOrUndefined(path: string): string | undefined {
  try {
    return realpathNative(path);
  } catch {
    return undefined;
  }
}

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}
