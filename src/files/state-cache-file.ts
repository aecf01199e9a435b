import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildVersion } from '../permissions/kept-across.js';
import { lstatQuiet } from './stat-quiet.js';

// The one reader and writer of the state folder's cache files (the sandbox view's walks, the kept listings of
// `tree` and repo-map): `{ v, entries }`, where `v` names the build that wrote it (buildVersion, as kept-across.ts
// does), so an upgrade never reuses an answer of the code it replaced. Written atomically (0600 in a 0700
// folder); a failure is ignored: only a cache.
export function writeCacheFile(file: string, entries: unknown): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(temporary, JSON.stringify({ v: buildVersion(), entries }), { mode: 0o600 });
    renameSync(temporary, file);
  } catch {
    rmSync(temporary, { force: true });
  }
}

// The entries of a cache file writeCacheFile wrote: only from a regular file of this user (not a symlink to
// one elsewhere) written by this build; anything else (missing, unreadable, malformed, another build's, the
// old `v: 1`) is no entry, and is computed again.
export function readCacheFile(file: string): Record<string, unknown> | undefined {
  const stats = lstatQuiet(file);
  if (!stats?.isFile() || stats.uid !== process.getuid?.()) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { v?: unknown; entries?: unknown } | null;
    return parsed?.v === buildVersion() && parsed.entries && typeof parsed.entries === 'object' ? (parsed.entries as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
