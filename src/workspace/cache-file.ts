import { lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

// The one reader and writer of the files codeward keeps in a workspace's state folder: the kept answers
// (permissions/kept-across.ts), the sandbox view's walks (sandbox/view-cache.ts), the kept listings of tree and
// repo-map (workspace/kept-listing.ts), the lost-hidden-folder record (sandbox/hidden-lost.ts). A leaf: node's fs
// only, so each of them imports it without an import circle.
// `{ v, entries }`, where `v` names what wrote it: the build for a cache (buildVersion: an upgrade never reuses an
// answer of the code it replaced), a format tag for a record an upgrade must keep.

// The build's identity, as kept files name it: dist/build-id.json beside the running chunk or one folder up (the
// bin, the library, a chunk); run from the sources (tests): 'source'. Read anew at each call: callers keep it
// (kept-across.ts buildOf; a sandbox cache file reads it once when loaded, once when written: view-cache.ts).
export function buildVersion(): string {
  for (const at of ['./build-id.json', '../build-id.json']) {
    try {
      const build = (JSON.parse(readFileSync(new URL(at, import.meta.url), 'utf8')) as { id?: unknown }).id;
      if (typeof build === 'string') return `1:${build}`;
    } catch {
      // Not there: the next place.
    }
  }
  return '1:source';
}

// Written atomically (0600 in a 0700 folder); whether it was: a cache ignores a failure, a record says it.
export function writeCacheFile(file: string, entries: unknown, version: string): boolean {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(temporary, JSON.stringify({ v: version, entries }), { mode: 0o600 });
    renameSync(temporary, file);
    return true;
  } catch {
    rmSync(temporary, { force: true });
    return false;
  }
}

// The entries of a file writeCacheFile wrote: only from a regular file of this user (not a symlink to one
// elsewhere) written under `version`; anything else (missing, unreadable, malformed, another build's) is no entry.
export function readCacheFile(file: string, version: string): Record<string, unknown> | undefined {
  try {
    // (No getuid on Windows: a TypeError, and no entry.)
    const stats = lstatSync(file);
    if (!stats.isFile() || stats.uid !== process.getuid!()) return undefined;
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { v?: unknown; entries?: unknown } | null;
    return parsed?.v === version && parsed.entries && typeof parsed.entries === 'object' ? (parsed.entries as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
