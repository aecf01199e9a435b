import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, readlinkSync, renameSync, symlinkSync, unlinkSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';
import type { Beneath } from '../../workspace/beneath.js';
import { tempPathFor } from '../atomic-write.js';
import type { FileState } from './state.js';

// What identifies one version of a file without reading it: device, inode, size, and the nanosecond
// mtime and ctime. Any write to the inode moves its mtime and ctime to the current time, and ctime
// cannot be set back (utimes itself sets it), so a file whose identity is unchanged holds the bytes it
// held when the identity was taken. (As git's index, a rewrite of the same size within one tick of the
// kernel's coarse clock right after codeward's own write could keep it; see the cost in knownState.)
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

export const sameIdentity = (a: Identity, b: Identity): boolean =>
  a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;

// Stats.mtimeMs exactly as Node computes it from the nanosecond stamp (a float), so a stamp taken from
// a BigIntStats compares equal to a plain statSync of the same version.
export function floatMs(ns: bigint): number {
  return Number(ns / 1_000_000_000n) * 1000 + Number(ns % 1_000_000_000n) / 1_000_000;
}

const HASH = /^[0-9a-f]{64}$/;
const ID = /^\d{1,15}$/;

// `<store>/known/<sha256 of the path>`: per path, a symbolic link whose target is the id of the last
// step that left a version there (that step's file entry carries the version's identity, `stamp`), so
// the next step on that file takes its state without reading and hashing it (the blob is a hard link of
// that inode). A link, not a file: creating and renaming a short link writes no data block, where a
// small file renamed over another makes ext4 flush it (auto_da_alloc), ~0.1-0.3 ms on every edit.
// Outside the workspace, like the whole store; read as data (the id must be one, the step checked).
function knownPath(store: string, real: string): string {
  return join(store, 'known', createHash('sha256').update(real).digest('hex').slice(0, 32));
}

// Remembers that step `id` left the version at `real` (after the step is written; not fsynced: a lost
// entry only means the next step reads the file). Synchronous: two metadata calls.
export function remember(store: string, real: string, id: number): void {
  const path = knownPath(store, real);
  const temp = tempPathFor(path);
  try {
    try {
      symlinkSync(String(id), temp);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      mkdirSync(join(store, 'known'), { recursive: true, mode: 0o700 });
      symlinkSync(String(id), temp);
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

interface StampedFile {
  readonly rel?: unknown;
  readonly after?: FileState;
  readonly stamp?: Identity;
}

// The state of the file at `real` (`rel` in the journal) when it is still the version the last step on
// it left there (same identity), with its inode number for the hard link; undefined otherwise (the
// caller reads and hashes it). A stale entry needs a rewrite in place of the same size, its mtime put
// back, within one tick of the kernel's coarse clock after codeward's own write (ctime cannot be set
// otherwise). Then the step names the rewritten content by codeward's hash: a blob linked under that
// name fails getBlob's check (C224), and where that blob existed already, undo brings back codeward's
// own earlier version instead of the racer's. Never anything that was not in the file at some point
// codeward recorded.
export function knownState(jail: Beneath, store: string, real: string, rel: string): { state: FileState; ino: number } | undefined {
  let file: StampedFile | undefined;
  try {
    const id = readlinkSync(knownPath(store, real));
    if (!ID.test(id)) return undefined;
    const step = JSON.parse(readFileSync(join(store, 'steps', `${id}.json`), 'utf8')) as { status?: unknown; files?: unknown };
    if (step?.status !== 'done' || !Array.isArray(step.files)) return undefined;
    file = (step.files as StampedFile[]).find((each) => each?.rel === rel);
  } catch {
    return undefined;
  }
  const after = file?.after;
  const stamp = file?.stamp;
  if (after?.kind !== 'file' || !HASH.test(String(after.hash)) || typeof stamp !== 'object' || stamp === null) return undefined;
  let st: BigIntStats;
  try {
    st = jail.atSync(real, (at) => lstatSync(at, { bigint: true }));
  } catch {
    return undefined;
  }
  if (!st.isFile() || !sameIdentity(identityOf(st), stamp)) return undefined;
  return { state: { kind: 'file', hash: after.hash, mode: Number(st.mode) & 0o7777, size: Number(st.size) }, ino: Number(st.ino) };
}
