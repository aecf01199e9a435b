import { nodeCrypto } from '../engine/lazy-crypto.js';
import { statSync } from 'node:fs';
import { resolve as resolvePath, sep } from 'node:path';
import { fail } from '../engine/errors.js';
import {
  DELETED_REASON, MAX_HASHED_BYTES, UNHASHED, fastPathValid, formatFix, formatOverwrote, formatWarning, isFsError, modifiedReason, sameState, snapshotFile,
  type FileStamp, type FileState,
} from './staleness-snapshot.js';

export { formatWarning, type FileStamp, type FileState } from './staleness-snapshot.js';

// What the tracker knows about one file. `warned`: the external state a refusal already reported.
import type { ContentObservation } from '../engine/file-contract.js';

export type { ContentObservation } from '../engine/file-contract.js';

export interface TrackedFile {
  readonly stamp: FileStamp;
  readonly warned?: FileState;
  // The call (staleness-hooks callKey) that refusal answered: only that call repeated goes ahead.
  readonly warnedCall?: string;
  // Date.now() of the last change to this record; concurrent session saves keep the newer record.
  readonly updatedAt: number;
}

export type StaleResult =
  | { readonly stale: false; readonly reason: string }
  | { readonly stale: true; readonly reason: string; readonly warning: string; readonly current: FileState; readonly stamp: FileStamp };

// A path to check: the absolute real path (ResolvedPath.real), and optionally how to name it in the warning.
export type StaleTarget = string | { readonly path: string; readonly label?: string };

// A record the tracker changed since it was loaded; `record` undefined means forgotten.
export interface TrackedChange {
  readonly record: TrackedFile | undefined;
  readonly at: number;
}

const DELETED: FileState = { mtimeMs: 0, size: 0, sha256: null };

// Detects files changed on disk since this session read (or wrote) them — seed 002, with three changes:
// our own successful writes re-stamp the file (the seed's Clear would let a later external edit be
// overwritten silently); a mutating call on a stale file is refused once and proceeds when repeated
// against the same external state (CONTRACT "Staleness"); a fast path is only trusted when the stamp is
// not "racy" (content confirmed well after its mtime). Keys are absolute paths; pass real paths.
export class StalenessTracker {
  private readonly files = new Map<string, TrackedFile>();
  private readonly changed = new Map<string, TrackedChange>();

  // Stamps the file after a successful read. A path that is not a readable regular file is forgotten.
  async recordRead(path: string): Promise<void> {
    const key = resolve(path);
    let snapshot: Awaited<ReturnType<typeof snapshotFile>>;
    try {
      snapshot = await snapshotFile(key);
    } catch (error) {
      if (!isFsError(error)) throw error;
    }
    if (snapshot === undefined) return this.forget(key);
    const { startedAt, ...state } = snapshot;
    this.set(key, { stamp: { ...state, readAt: startedAt, verifiedAt: startedAt }, updatedAt: Date.now() });
  }

  // Stamps a file from bytes a command already read whole (no second read): `stats` is the descriptor's
  // stat taken before reading and `startedAt` the time the read began. Anything partial is re-read.
  async recordContent(path: string, observation: ContentObservation): Promise<void> {
    const { bytes, mtimeMs, size, startedAt } = observation;
    if (bytes.length !== size) return this.recordRead(path);
    const sha256 = size > MAX_HASHED_BYTES ? UNHASHED : (observation.sha256 ?? sha256Hex(bytes));
    this.set(resolve(path), { stamp: { mtimeMs, size, sha256, readAt: startedAt, verifiedAt: startedAt }, updatedAt: Date.now() });
  }

  // Stamps the file after our own successful write (or forgets it after a delete), clearing any warning.
  recordWrite(path: string): Promise<void> {
    return this.recordRead(path);
  }

  forget(path: string): void {
    const key = resolve(path);
    if (this.files.delete(key)) this.changed.set(key, { record: undefined, at: Date.now() });
  }

  get(path: string): TrackedFile | undefined {
    return this.files.get(resolve(path));
  }

  // Seed 002 CheckStaleness. Never-read, unchanged and touched-but-identical files are not stale; so is any
  // file whose check hit an fs error (assume not stale rather than block). Programming errors propagate.
  async check(path: string, label: string = path): Promise<StaleResult> {
    const key = resolve(path);
    const record = this.files.get(key);
    if (record === undefined) return { stale: false, reason: 'not tracked' };
    const { stamp } = record;
    try {
      // A synchronous stat: one local syscall (~3 µs here) where fs.promises.stat's thread-pool round trip
      // costs ~50 µs, and every mutating call checks each of its files before it may run.
      const st = statSync(key);
      // Unhashed (huge) files have nothing better than mtime and size to go on.
      if (st.mtimeMs === stamp.mtimeMs && st.size === stamp.size && (fastPathValid(stamp) || stamp.sha256 === UNHASHED)) {
        return { stale: false, reason: 'mtime and size unchanged' };
      }
      if (!st.isFile()) return { stale: false, reason: 'check failed: not a regular file' };
      // Another size, or a stamp without a hash: changed for sure (or unprovably unchanged); no need to hash.
      if (st.size !== stamp.size || stamp.sha256 === UNHASHED) {
        const current: FileState = { mtimeMs: st.mtimeMs, size: st.size, sha256: UNHASHED };
        return stale(label, modifiedReason(stamp, current), current, stamp);
      }
      const now = await snapshotFile(key);
      if (now === undefined) return { stale: false, reason: 'check failed: not a regular file' };
      const current: FileState = { mtimeMs: now.mtimeMs, size: now.size, sha256: now.sha256 };
      if (now.sha256 !== stamp.sha256) return stale(label, modifiedReason(stamp, current), current, stamp);
      // A touch: refresh the stamp (unless a newer read replaced it meanwhile) so the next check is fast.
      if (this.files.get(key) === record) {
        this.set(key, { ...record, stamp: { ...stamp, mtimeMs: now.mtimeMs, size: now.size, verifiedAt: now.startedAt }, updatedAt: Date.now() });
      }
      return { stale: false, reason: 'mtime changed but content identical' };
    } catch (error) {
      if (!isFsError(error)) throw error;
      if (error.code === 'ENOENT') return stale(label, DELETED_REASON, DELETED, stamp);
      return { stale: false, reason: `check failed: ${error.code}` };
    }
  }

  // The gate before a mutating call, for all its paths at once. A file that changed externally is refused
  // (C230 with the seed's warning) the first time its new state is seen; the same call repeated against the
  // same state proceeds, and its warning is returned for the envelope. A fresh read or write clears it.
  // `kept`: the checkpoint store keeps what a repeated call overwrites (backups are not false).
  // `call`: a key of the call (command and arguments); a different call against the same change is refused too.
  async assertFresh(targets: readonly StaleTarget[], kept = true, call?: string): Promise<string[]> {
    const list = targets.map((target) => (typeof target === 'string' ? { path: target } : target));
    const results = await Promise.all(list.map(({ path, label }) => this.check(path, label ?? path)));
    const refused: { path: string; warning: string; fix: string }[] = [];
    const proceeding: string[] = [];
    results.forEach((result, index) => {
      if (!result.stale) return;
      const key = resolve(list[index]!.path);
      const record = this.files.get(key);
      if (record === undefined) return;
      if (record.warned !== undefined && sameState(record.warned, result.current) && (call === undefined || record.warnedCall === undefined || record.warnedCall === call)) {
        proceeding.push(formatOverwrote(list[index]!.label ?? list[index]!.path, result.reason, kept));
      } else {
        this.set(key, { ...record, warned: result.current, ...(call === undefined ? {} : { warnedCall: call }), updatedAt: Date.now() });
        refused.push({ path: key, warning: result.warning, fix: formatFix(list[index]!.label ?? list[index]!.path, result.stamp, result.current, kept) });
      }
    });
    if (refused.length > 0) {
      // The seed's warning (CONTRACT "Staleness"), then per file in a person's words what changed, when, and the call that fixes it.
      throw fail('C230', [...refused.map(({ warning }) => warning), ...refused.map(({ fix }) => fix)].join('\n\n'), { stale: refused.map(({ path }) => path) });
    }
    return proceeding;
  }

  // Every record, for persistence.
  records(): Map<string, TrackedFile> {
    return new Map(this.files);
  }

  // Replaces the records with persisted ones; not counted as changes.
  restore(records: Iterable<[string, TrackedFile]>): void {
    this.files.clear();
    this.changed.clear();
    for (const [path, record] of records) this.files.set(resolve(path), record);
  }

  // Takes newer persisted records (another process of the same session wrote them) for `paths`, leaving
  // this tracker's own unsaved changes alone; not counted as changes.
  adopt(records: ReadonlyMap<string, TrackedFile>, paths: Iterable<string>): void {
    for (const path of paths) {
      const key = resolve(path);
      const disk = records.get(key);
      const mine = this.files.get(key);
      if (!disk || this.changed.has(key) || (mine && mine.updatedAt >= disk.updatedAt)) continue;
      this.files.set(key, disk);
    }
  }

  // Records changed since restore() or the last clearChanges(), for a merging save.
  changes(): Map<string, TrackedChange> {
    return new Map(this.changed);
  }

  clearChanges(): void {
    this.changed.clear();
  }

  private set(key: string, record: TrackedFile): void {
    this.files.set(key, record);
    this.changed.set(key, { record, at: record.updatedAt });
  }
}

// A `.`/`..` or empty segment, or a trailing slash after something: what path.resolve would change in an
// absolute path.
const NOT_NORMAL_ABSOLUTE = /\/\.\.?(?:\/|$)|\/\/|.\/$/;

// The tracker's key for a path: path.resolve, without its character-by-character walk for a path that is
// already absolute and normal (the real paths the engine passes).
function resolve(path: string): string {
  return sep === '/' && path.startsWith('/') && !NOT_NORMAL_ABSOLUTE.test(path) ? path : resolvePath(path);
}

// crypto.hash (Node >= 20.12) hashes in one call, without a Hash object; older Node takes createHash.
function sha256Hex(bytes: Uint8Array): string {
  const crypto = nodeCrypto();
  const oneShot = (crypto as { hash?: (algorithm: string, data: Uint8Array, encoding: 'hex') => string }).hash;
  return oneShot ? oneShot('sha256', bytes, 'hex') : crypto.createHash('sha256').update(bytes).digest('hex');
}

function stale(label: string, reason: string, current: FileState, stamp: FileStamp): StaleResult {
  return { stale: true, reason, warning: formatWarning(label, reason), current, stamp };
}
