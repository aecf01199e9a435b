import { lstatSync, readFileSync, type BigIntStats } from 'node:fs';
import type { Workspace } from '../../workspace/workspace.js';
import type { UpperEntry } from './upper.js';

// What the workspace holds now at a path a staged run changed (plan.ts), looked up through the jail.

export type Found = { readonly kind: 'missing' } | { readonly kind: 'dir' | 'file' | 'symlink' | 'other'; readonly stats: BigIntStats } | { readonly kind: 'unreachable' };

export function inspect(workspace: Workspace, real: string): Found {
  try {
    const stats = workspace.jail.atSync(real, (at) => lstatSync(at, { bigint: true, throwIfNoEntry: false }));
    if (stats === undefined) return { kind: 'missing' };
    const kind = stats.isDirectory() ? 'dir' : stats.isFile() ? 'file' : stats.isSymbolicLink() ? 'symlink' : 'other';
    return { kind, stats };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A parent that is no folder now: nothing is there.
    return code === 'ENOENT' || code === 'ENOTDIR' || code === 'C211' ? { kind: 'missing' } : { kind: 'unreachable' };
  }
}

// Same bytes and mode (a file copied up by an open for writing that wrote nothing new).
export function sameFile(workspace: Workspace, real: string, found: BigIntStats, entry: Extract<UpperEntry, { kind: 'file' }>): boolean {
  if (found.size !== BigInt(entry.stats.size) || (Number(found.mode) & 0o7777) !== (entry.stats.mode & 0o7777)) return false;
  try {
    const mine = workspace.jail.atSync(real, (at) => readFileSync(at, { flag: 'r' }));
    return mine.equals(readFileSync(entry.source));
  } catch {
    return false;
  }
}
