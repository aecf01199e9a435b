import { uniqueToken } from '../engine/unique-token.js';
import { closeSync, lstatSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fail } from '../engine/errors.js';
import { processOrigin, processStart, stillRunning } from './proc.js';

// A short cross-process mutex in a folder of the user's state (never in the workspace): an O_EXCL lock
// file naming its owner (pid, start time, machine and PID namespace, boot). A lock whose owner is gone
// (killed while holding it) is taken over; two processes that both judged it stale serialise on a
// `.steal` guard, so the second cannot delete the fresh lock the first one took. Held for milliseconds
// (no heartbeat): a lock whose content cannot be read, or whose owner cannot be checked from here (another
// machine or container), is stale only after UNREADABLE_STALE_MS.

const LOCK = 'mutex.lock';
const UNREADABLE_STALE_MS = 30_000;
const GUARD_STALE_MS = 2_000;

interface Owner {
  readonly pid: number;
  readonly start?: string;
  // processOrigin(): where the pid can be checked.
  readonly where: string;
  readonly boot?: string;
  readonly token: string;
}

function create(path: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

interface Seen {
  readonly ino: bigint;
  readonly mtimeMs: number;
  readonly raw: string;
}

function inspect(path: string): Seen | undefined {
  try {
    const stats = lstatSync(path, { bigint: true });
    return { ino: stats.ino, mtimeMs: Number(stats.mtimeMs), raw: readFileSync(path, 'utf8') };
  } catch {
    return undefined;
  }
}

function stale(seen: Seen): boolean {
  let owner: Partial<Owner> | null;
  try {
    owner = JSON.parse(seen.raw) as Partial<Owner> | null;
  } catch {
    owner = null;
  }
  if (typeof owner?.pid !== 'number' || typeof owner.where !== 'string') return Date.now() - seen.mtimeMs > UNREADABLE_STALE_MS;
  const here = processOrigin();
  if (owner.boot !== undefined && here.boot !== undefined && owner.boot !== here.boot) return true;
  // Another machine or PID namespace sharing this state folder: its pid cannot be checked here; the
  // mutex is held for milliseconds, so a lock that old was left by a process that is gone.
  if (owner.where !== here.where) return Date.now() - seen.mtimeMs > UNREADABLE_STALE_MS;
  return !stillRunning(owner.pid, owner.start);
}

// True when the judged lock is gone (removed here or released meanwhile).
function removeStale(path: string, judged: Seen): boolean {
  const guard = `${path}.steal`;
  try {
    if (!create(guard, String(process.pid))) {
      const stats = lstatSync(guard, { throwIfNoEntry: false });
      if (stats && Date.now() - stats.mtimeMs > GUARD_STALE_MS) unlinkSync(guard);
      return false;
    }
  } catch {
    return false;
  }
  try {
    const now = inspect(path);
    if (now && now.ino === judged.ino && now.raw === judged.raw) unlinkSync(path);
    return true;
  } catch {
    return false;
  } finally {
    try {
      unlinkSync(guard);
    } catch {
      // Taken over as stale by another remover.
    }
  }
}

const pause = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

// Runs `body` holding the mutex of `folder` (which must exist). Waits up to `timeoutMs` (C216 after).
// `start`: this process's start time, when the caller has it already.
export function withMutex<T>(folder: string, body: () => T, start = processStart(process.pid), timeoutMs = 10_000): T {
  const path = join(folder, LOCK);
  const token = uniqueToken();
  const { where, boot } = processOrigin();
  const owner: Owner = { pid: process.pid, ...(start !== undefined ? { start } : {}), where, ...(boot !== undefined ? { boot } : {}), token };
  const deadline = Date.now() + timeoutMs;
  let holder = 'unknown';
  for (let attempt = 0; !create(path, JSON.stringify(owner)); attempt++) {
    const seen = inspect(path);
    // The lock of a process that is gone, removed: try again at once.
    if (seen && stale(seen) && removeStale(path, seen)) continue;
    holder = (seen && /"pid":(\d+)/.exec(seen.raw)?.[1]) ?? holder;
    if (Date.now() > deadline) throw fail('C216', `${path} is held by another codeward process (pid ${holder}) for more than ${timeoutMs / 1000}s; if no codeward runs, remove that file`);
    pause(Math.min(50, 1 + attempt) * (0.5 + Math.random()));
  }
  try {
    return body();
  } finally {
    // Only our own lock (one taken over as stale belongs to someone else now).
    if (inspect(path)?.raw.includes(token)) unlinkSync(path);
  }
}
