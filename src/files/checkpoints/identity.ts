import { lstatSync, readFileSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';
import type { Beneath } from '../../workspace/beneath.js';
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

// How many of the newest steps knownState looks through for the last one that touched a file.
const LOOK_BACK = 16;

interface StampedFile {
  readonly rel?: unknown;
  readonly after?: FileState;
  readonly stamp?: Identity;
}

interface RecentStep {
  readonly status?: unknown;
  readonly files?: unknown;
}

// The file entry of the newest step that touched a path (`rel`), or undefined when none of the
// LOOK_BACK newest did or that step is not finished (a writer may be at work on the file).
export type LastTouch = (rel: string) => StampedFile | undefined;

// LastTouch over the steps from `lastId` down, each read at most once per recording (however many
// files it touches) and only as far back as asked. A pruned step or one caught mid-write is skipped:
// an older step is then checked against the file all the same.
export function lastTouches(steps: string, lastId: number | undefined): LastTouch {
  const read: RecentStep[] = [];
  let next = lastId ?? 0;
  const step = (index: number): RecentStep | undefined => {
    while (read.length <= index && next > 0 && next > (lastId ?? 0) - LOOK_BACK) {
      try {
        read.push(JSON.parse(readFileSync(join(steps, `${next}.json`), 'utf8')) as RecentStep);
      } catch {
        read.push({}); // pruned, torn or never written
      }
      next -= 1;
    }
    return read[index];
  };
  return (rel) => {
    for (let index = 0, each = step(0); each !== undefined; index += 1, each = step(index)) {
      const file = Array.isArray(each.files) ? (each.files as StampedFile[]).find((entry) => entry?.rel === rel) : undefined;
      if (file !== undefined) return each.status === 'done' ? file : undefined;
    }
    return undefined;
  };
}

// The state of the file at `real` (`rel` in the journal) when it is still the version the newest step
// that touched it left there (same identity as that step's `stamp`), with its inode number for the
// hard link; undefined otherwise (the caller reads and hashes it). No index of its own: the journal is
// the one record (an index written per edit cost a file creation per edit), looked through from the
// last-id hint down (lastTouches); a stale hint only finds an older step, whose stamp no longer
// matches. A stale entry needs a rewrite in place of the same size, its nanosecond mtime put back,
// within the tick of the kernel's coarse clock that stamped codeward's own write (ctime cannot be set
// otherwise). Then the step names the rewritten content by codeward's hash: a blob linked under that
// name fails getBlob's check (C224), and where that blob existed already, undo brings back codeward's
// own earlier version instead of the racer's. Never anything that was not in the file at some point
// codeward recorded.
export function knownState(jail: Beneath, lastTouch: LastTouch, real: string, rel: string): { state: FileState; ino: number } | undefined {
  const file = lastTouch(rel);
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
