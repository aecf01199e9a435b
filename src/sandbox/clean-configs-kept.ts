import { dirname, join } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { identityStamp } from '../workspace/listings.js';
import { readCacheFile, writeCacheFile } from './view-cache.js';

// What cleanGitConfigs (git-identity.ts) decided for each config file it read, kept in the state folder between
// processes (issue 31: a cold `exec` read, parsed and hashed the user's and /etc's git configs on every call):
// reused while the file keeps its identity, size and times (stamped before it is read: a change after is a
// different stamp next time; one changed within the racy window is not kept), and a clean copy only while it is
// still the regular file of this user, of the size it was written with, in the copies' folder. The kept file
// is given only a path no sandboxed process can write (sandbox.ts), and read only when it is a regular file of
// this user; anything else in it is decided again.

// A file's decision: `false` shown as it is, `null` hidden whole, else the clean copy bound in its place.
type Decision = string | null | false;

interface Entry {
  readonly stamp: string;
  readonly copy: Decision;
  // The copy's size when it was written.
  readonly size?: number;
}

const isEntry = (value: unknown): value is Entry => {
  const entry = value as Partial<Record<keyof Entry, unknown>> | null;
  return typeof entry === 'object' && entry !== null && typeof entry.stamp === 'string' && (entry.copy === null || entry.copy === false || typeof entry.copy === 'string')
    && (entry.size === undefined || typeof entry.size === 'number');
};

export class KeptCleanConfigs {
  private readonly entries: Record<string, Entry> = {};
  private changed = false;

  // `file`: the kept file, or none (then every file is decided in this process); `copies`: the folder the clean
  // copies are written in.
  constructor(private readonly file: string | undefined, private readonly copies: string | undefined) {
    const kept = file === undefined ? undefined : readCacheFile(file);
    for (const [path, entry] of Object.entries(kept ?? {})) if (isEntry(entry)) this.entries[path] = entry;
  }

  // The stamp to decide `path` under: taken before it is read.
  stampOf(path: string): string | undefined {
    return this.file === undefined ? undefined : identityStamp(path);
  }

  // The kept decision for `path` when it still holds (`stamp`: stampOf, now), else undefined.
  recall(path: string, stamp: string | undefined): { decision: Decision } | undefined {
    const entry = this.entries[path];
    if (stamp === undefined || entry?.stamp !== stamp) return undefined;
    if (typeof entry.copy !== 'string') return { decision: entry.copy };
    const made = this.copies === undefined || dirname(entry.copy) !== join(this.copies, 'sandbox-gitconfig') ? undefined : lstatQuiet(entry.copy);
    return made?.isFile() && made.uid === process.getuid?.() && made.size === entry.size ? { decision: entry.copy } : undefined;
  }

  keep(path: string, stamp: string | undefined, decision: Decision): void {
    if (stamp === undefined) return;
    const size = typeof decision === 'string' ? lstatQuiet(decision)?.size : undefined;
    if (typeof decision === 'string' && size === undefined) return;
    this.entries[path] = { stamp, copy: decision, ...(size === undefined ? {} : { size }) };
    this.changed = true;
  }

  // Written atomically when anything was decided anew (a failure is ignored: only a cache).
  save(): void {
    if (!this.file || !this.changed) return;
    this.changed = false;
    writeCacheFile(this.file, this.entries);
  }
}
