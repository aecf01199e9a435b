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
