import { nodeCrypto } from '../engine/lazy-crypto.js';
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

// What a file looked like when we last saw its content (seed 002 "RecordRead": mtime, SHA-256, size, ReadAt).
export interface FileStamp {
  readonly mtimeMs: number;
  readonly size: number;
  readonly sha256: string;
  // When the stamp was taken (a read or our own write).
  readonly readAt: number;
  // When the content last matched sha256 (the stamp, or a check that hashed it again); decides the fast path.
  readonly verifiedAt: number;
}

// An external state the model has been warned about; sha256 null means the file was deleted.
export interface FileState {
  readonly mtimeMs: number;
  readonly size: number;
  readonly sha256: string | null;
}

export interface ContentSnapshot {
  readonly mtimeMs: number;
  readonly size: number;
  readonly sha256: string;
  // Date.now() just before the content was opened.
  readonly startedAt: number;
}

const CHUNK = 1024 * 1024;
// Files larger than this are not hashed (see snapshotFile).
export const MAX_HASHED_BYTES = 32 * 1024 * 1024;
export const UNHASHED = '';
const ATTEMPTS = 3;

// An errno-style failure from the OS (ENOENT, EACCES, EISDIR ...), as opposed to a bug in our code
// (TypeError, Node's ERR_* argument errors), which must never be mistaken for "the file is unreadable".
export function isFsError(error: unknown): error is NodeJS.ErrnoException {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return error instanceof Error && typeof code === 'string' && /^E[A-Z0-9]+$/.test(code);
}

async function hashHandle(handle: FileHandle): Promise<string> {
  const hash = nodeCrypto().createHash('sha256');
  const buffer = Buffer.allocUnsafe(CHUNK);
  for (;;) {
    const { bytesRead } = await handle.read(buffer, 0, CHUNK, null);
    if (bytesRead === 0) return hash.digest('hex');
    hash.update(buffer.subarray(0, bytesRead));
  }
}

// Stat and SHA-256 of a regular file, streamed in 1 MiB chunks, taken from one descriptor; retried when the
// file changed while it was hashed. Undefined when `path` is not a regular file. fs errors are thrown.
export async function snapshotFile(path: string): Promise<ContentSnapshot | undefined> {
  for (let attempt = 1; ; attempt++) {
    const startedAt = Date.now();
    // O_NONBLOCK: opening a FIFO that replaced the file must not hang; it is then refused as not a file.
    // O_NOFOLLOW: `path` is a real path, so a link there was swapped in: never hash what it points to.
    const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0));
    try {
      const before = await handle.stat();
      if (!before.isFile()) return undefined;
      // Huge files (logs read with --tail) are stamped by mtime and size only: hashing a gigabyte after
      // reading 20 lines would cost seconds. For them any mtime change counts as a change (UNHASHED).
      const sha256 = before.size > MAX_HASHED_BYTES ? UNHASHED : await hashHandle(handle);
      const after = await handle.stat();
      const steady = after.mtimeMs === before.mtimeMs && after.size === before.size;
      if (steady || attempt === ATTEMPTS) return { mtimeMs: after.mtimeMs, size: after.size, sha256, startedAt };
    } finally {
      await handle.close();
    }
  }
}

// How long after its mtime a file may still change without its mtime changing (the "racy git" problem):
// a whole-second mtime means a coarse filesystem (FAT: 2 s); otherwise the kernel's coarse clock (< 100 ms).
function racyWindowMs(mtimeMs: number): number {
  return mtimeMs % 1000 === 0 ? 2000 : 100;
}

// True when equal mtime and size prove the content is unchanged: the content was confirmed well after
// its mtime, so any later write would have produced a different mtime.
export function fastPathValid(stamp: FileStamp): boolean {
  return stamp.mtimeMs + racyWindowMs(stamp.mtimeMs) < stamp.verifiedAt;
}

export function sameState(a: FileState, b: FileState): boolean {
  return a.mtimeMs === b.mtimeMs && a.size === b.size && a.sha256 === b.sha256;
}

// The seed 002 warning, verbatim in shape.
export function formatWarning(label: string, reason: string): string {
  return [
    `WARNING: File "${label}" has been modified externally since you last read it.`,
    `Reason: ${reason}`,
    'You should re-read the file before making changes to avoid overwriting external edits.',
    'If you proceed anyway, external changes will be lost.',
  ].join('\n');
}

// Said when the same call was repeated against the same external state and went ahead: once, in the
// past tense, what it overwrote and how to get it back (`kept`: the checkpoint store kept the version
// it replaced, i.e. backups are not false).
export function formatOverwrote(label: string, reason: string, kept: boolean): string {
  const back = kept ? 'the version it replaced is kept in the checkpoint store: "undo" brings it back' : 'nothing kept the version it replaced (backups: false), so undo cannot bring it back';
  return `File "${label}" had been changed outside codeward since it was last read (${reason}). The call was repeated, so it went ahead over those changes; ${back}.`;
}

export function modifiedReason(stamp: FileStamp, now: FileState): string {
  const iso = (ms: number): string => new Date(ms).toISOString();
  return `file modified externally (mtime: ${iso(stamp.mtimeMs)} -> ${iso(now.mtimeMs)}, size: ${stamp.size} -> ${now.size})`;
}

export const DELETED_REASON = 'file was deleted since it was read';

// "2026-12-02 14:03:12 UTC".
const clock = (ms: number): string => `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

// The refusal's closing words for one file, for a person: what changed and when, that nothing was
// written, and the one call that keeps the change (read it again) or the repeat that overwrites it.
// `kept`: whether undo could bring back what a repeat overwrites (backups are not false).
export function formatFix(label: string, stamp: FileStamp, now: FileState, kept: boolean): string {
  const call = /[\s'"\\]/.test(label) ? `read ${JSON.stringify(label)}` : `read ${label}`;
  const back = kept ? 'undo brings this version back' : 'backups are off, so nothing brings this version back';
  if (now.sha256 === null) {
    return `${label} was deleted outside codeward since codeward last read it. Nothing was written. To leave it deleted, drop this change; to write it anyway, repeat this same call.`;
  }
  const delta = now.size - stamp.size;
  const size = delta === 0 ? `same size, other content (${now.size} bytes)` : `now ${now.size} bytes, ${Math.abs(delta)} ${delta > 0 ? 'more' : 'fewer'}`;
  return `${label} was changed outside codeward at ${clock(now.mtimeMs)}, after codeward last read it (${size}). Nothing was written. To keep that change: read it again (${call}) and make your edit on what is there now; to overwrite it: repeat this same call (${back}).`;
}
