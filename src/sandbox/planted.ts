import { nodeCrypto } from '../engine/lazy-crypto.js';
import { lstatSync, readlinkSync, renameSync, rmSync } from 'node:fs';
import { basename } from 'node:path';
import { byListing } from './paths.js';

// Protected paths no mount can guard (a missing policy or context file: an empty placeholder would
// itself be read; a symlink: the mount lands on its target, the link can be swapped). Their state is
// taken before the run and compared after it: whatever a sandboxed process created or replaced there
// is moved aside (`NAME.planted-by-sandbox-TIME`), so nothing it wrote is obeyed by the next call.
// A process may still race a reader while it runs; the permission gate's workspace trust (a changed
// policy file is untrusted again) covers that window.

type Signature = string;

// The creation time counts too: a folder removed and made again gets the same inode number back at once
// on ext4 (200 of 200 tries here): a placeholder rmdir'ed by another codeward, then `mkdir .git/hooks`
// through the detached mount, looked unchanged.
function signature(path: string): Signature {
  try {
    const stats = lstatSync(path, { bigint: true, throwIfNoEntry: false });
    if (stats === undefined) return 'missing';
    const link = stats.isSymbolicLink() ? readlinkSync(path) : '';
    // Without a creation time (some file systems), the change time: stricter (a file added in a watched
    // folder changes it), never looser.
    const born = stats.birthtimeNs > 0n ? stats.birthtimeNs : `c${stats.ctimeNs}`;
    return `${stats.mode}:${stats.ino}:${stats.dev}:${born}:${link}`;
  } catch {
    return 'missing';
  }
}

export type Snapshot = ReadonlyMap<string, Signature>;

export function snapshot(paths: readonly string[]): Snapshot {
  const listed = byListing('missing', signature);
  return new Map(paths.map((path) => [path, listed(path)]));
}

// Moves `path` to an unguessable name beside it (a process cannot pre-create the target to make the
// move fail); when even that fails, removes it. Returns the new name, or undefined when removed.
export function moveAside(path: string): string | undefined {
  const aside = `${path}.planted-by-sandbox-${new Date().toISOString().replace(/[:.]/g, '-')}-${nodeCrypto().randomBytes(4).toString('hex')}`;
  try {
    renameSync(path, aside);
    return aside;
  } catch {
    rmSync(path, { recursive: true, force: true });
    return undefined;
  }
}

// Moves aside what changed since `before`; returns one warning per path.
export function quarantine(before: Snapshot): string[] {
  const warnings: string[] = [];
  const listed = byListing('missing', signature);
  for (const [path, was] of before) {
    const now = listed(path);
    if (now === was || now === 'missing') continue;
    try {
      const aside = moveAside(path);
      const where = aside ? `moved to ${basename(aside)}` : 'removed (it could not be moved)';
      warnings.push(`a sandboxed command created or replaced ${path}; it was ${where} and is not obeyed (files a sandboxed process writes never become settings, policy or instructions; review it and move it back yourself if you meant it)`);
    } catch (error) {
      warnings.push(`a sandboxed command created or replaced ${path} and it could be neither moved aside nor removed (${(error as Error).message}); remove it before the next call`);
    }
  }
  return warnings;
}
