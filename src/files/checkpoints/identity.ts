import { createHash } from 'node:crypto';
import { closeSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';
import type { Beneath } from '../../workspace/beneath.js';
import { tempPathFor } from '../atomic-write.js';
import type { FileState } from './state.js';

// What identifies one version of a file without reading it: device, inode, size, and the nanosecond
// mtime and ctime. Any write to the inode moves its mtime and ctime to the current time, and ctime
// cannot be set back (utimes itself sets it), so a file whose identity is unchanged holds the bytes it
// held when the identity was taken. (As git's index, a rewrite of the same size within one tick of the
// kernel's coarse clock right after codeward's own write could keep it; see the cost in hashOf.)
export interface Identity {
  readonly dev: string;
  readonly ino: string;
  readonly size: string;
  readonly mtimeNs: string;
  readonly ctimeNs: string;
}

export const identityOf = (st: BigIntStats): Identity => ({
  dev: String(st.dev), ino: String(st.ino), size: String(st.size), mtimeNs: String(st.mtimeNs), ctimeNs: String(st.ctimeNs),
});

const sameIdentity = (a: Identity, b: Identity): boolean =>
  a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;

// The last version codeward left at one path: its identity and state (hash, mode, size).
interface Known {
  readonly identity: Identity;
  readonly state: Extract<FileState, { kind: 'file' }>;
}

const HASH = /^[0-9a-f]{64}$/;

// `<store>/known/<sha256 of the path>.json`: per path, the version the last step left there, so the next
// step on that file takes its state without reading and hashing it (the blob is a hard link of that
// inode). Outside the workspace, like the whole store; read as data (the hash must look like one).
function knownPath(store: string, real: string): string {
  return join(store, 'known', `${createHash('sha256').update(real).digest('hex').slice(0, 32)}.json`);
}

// Remembers what codeward left at `real` (written after a step; not fsynced: a lost entry only means
// the next step reads the file). Synchronous: a few small metadata calls cost less than the thread
// pool's round trips, and this runs on every edit.
export function remember(store: string, real: string, identity: Identity, state: FileState): void {
  if (state.kind !== 'file') return;
  const path = knownPath(store, real);
  const temp = tempPathFor(path);
  try {
    const fd = openTemp(temp, join(store, 'known'));
    try {
      writeSync(fd, JSON.stringify({ identity, state } satisfies Known));
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch {
    try {
      unlinkSync(temp);
    } catch {
      // never created
    }
  }
}

function openTemp(temp: string, dir: string): number {
  try {
    return openSync(temp, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return openSync(temp, 'wx', 0o600);
  }
}

// The state of the file at `real` when it is still the version codeward left there (same identity),
// with its inode number for the hard link; undefined otherwise (the caller reads and hashes it). A stale
// entry needs a rewrite in place of the same size, its mtime put back, within one tick of the kernel's
// coarse clock after codeward's own write (ctime cannot be set otherwise). Then the step names the
// rewritten content by codeward's hash: a blob linked under that name fails getBlob's check (C224), and
// where that blob existed already, undo brings back codeward's own earlier version instead of the racer's.
// Never anything that was not in the file at some point codeward recorded.
export function knownState(jail: Beneath, store: string, real: string): { state: FileState; ino: number } | undefined {
  let known: Known;
  try {
    known = JSON.parse(readFileSync(knownPath(store, real), 'utf8')) as Known;
  } catch {
    return undefined;
  }
  if (known?.state?.kind !== 'file' || !HASH.test(String(known.state.hash)) || typeof known.identity !== 'object' || known.identity === null) return undefined;
  let st: BigIntStats;
  try {
    st = jail.atSync(real, (at) => lstatSync(at, { bigint: true }));
  } catch {
    return undefined;
  }
  if (!st.isFile() || !sameIdentity(identityOf(st), known.identity)) return undefined;
  return { state: { kind: 'file', hash: known.state.hash, mode: Number(st.mode) & 0o7777, size: Number(st.size) }, ino: Number(st.ino) };
}
