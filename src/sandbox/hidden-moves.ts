import { lstatSync, renameSync } from 'node:fs';
import { bytePath, listBytes } from './byte-names.js';
import { basename, dirname, relative, sep } from 'node:path';
import { moveAside } from './planted.js';

// Red team R6-9: what the sandbox hides in the workspace (the non-accessible globs) is a mount point, which
// a process cannot rename or remove; a folder ABOVE it can be renamed, though, by a run in place
// (`mv config config3`): the hidden files then live where no anchored glob (`config/private/**`) matches,
// and `read` shows them. So the folders between the workspace and each hidden path are kept by identity
// before an in-place run, and one the run moved is moved back after it (a staged run cannot: the rename of
// a folder holding a mount fails there). Only the rare run that did it pays for the search.

const MAX_DEPTH = 32;

function identity(path: string | Buffer): string | undefined {
  try {
    const stats = lstatSync(path, { bigint: true });
    return stats.isDirectory() ? `${stats.dev}:${stats.ino}` : undefined;
  } catch {
    return undefined;
  }
}

// The folders between `root` and each hidden path (absolute), by identity.
export function hiddenAncestors(root: string, hidden: readonly string[]): Map<string, string> {
  const folders = new Map<string, string>();
  for (const path of hidden) {
    for (let dir = dirname(path); dir !== root && dir.startsWith(`${root}${sep}`) && !folders.has(dir); dir = dirname(dir)) {
      const id = identity(dir);
      if (id) folders.set(dir, id);
    }
  }
  return folders;
}

// The folder of the workspace with this identity, wherever a run moved it: its path as bytes (listed by bytes,
// byte-names.ts: below a name that is not UTF-8 too, utf55), and as a string for messages.
function find(root: Buffer, id: string, depth = 0): Buffer | undefined {
  let entries;
  try {
    entries = listBytes(root);
  } catch {
    return undefined;
  }
  for (const { raw, entry } of entries) {
    if (!entry.isDirectory()) continue;
    const path = bytePath(root, raw);
    if (identity(path) === id) return path;
    const deeper = depth < MAX_DEPTH ? find(path, id, depth + 1) : undefined;
    if (deeper) return deeper;
  }
  return undefined;
}

// After an in-place run: each folder above a hidden path that the run moved is moved back (what the run
// put in its place is moved aside first). One warning each.
export function restoreHiddenAncestors(root: string, before: ReadonlyMap<string, string>): string[] {
  const warnings: string[] = [];
  // Topmost first: moving a folder back brings the ones below it back too.
  for (const [path, id] of [...before].sort(([a], [b]) => a.length - b.length)) {
    if (identity(path) === id) continue;
    const found = find(Buffer.from(root), id);
    if (!found) continue;
    const moved = found.toString('utf8');
    const rel = (at: string) => relative(root, at).split(sep).join('/');
    try {
      const aside = lstatSync(path, { throwIfNoEntry: false }) ? moveAside(path) : undefined;
      renameSync(found, path);
      warnings.push(`a sandboxed command moved ${rel(path)} to ${rel(moved)}, which would have shown files the hidden-files globs hide; it was moved back${aside ? ` (what the command put there is now ${basename(aside)})` : ''}`);
    } catch (error) {
      warnings.push(`a sandboxed command moved ${rel(path)} to ${rel(moved)}, which shows files the hidden-files globs hide, and it could not be moved back (${(error as Error).message}); move it back yourself`);
    }
  }
  return warnings;
}
