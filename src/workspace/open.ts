import { closeSync, constants, fstatSync, readSync, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { fail, isCodewardError } from '../engine/errors.js';
import { changed, errno, fsRefusal, notAccessible } from './refusals.js';
import type { Beneath } from './beneath.js';
import type { ResolvedPath } from './types.js';

// NOFOLLOW: a final symlink swapped in fails with ELOOP; NONBLOCK: a FIFO swapped in cannot hang open().
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

// Files up to this size are opened and read with synchronous syscalls: from the page cache that takes a
// few microseconds per call, where every async fs call costs a ~30 µs thread-pool round trip. Larger
// files keep the async path, so a big read never blocks the event loop.
export const SYNC_READ_MAX_BYTES = 256 * 1024;

// A file opened by openVerifiedFile: proven to be the one the jail checked, with its descriptor's stat.
export interface VerifiedFile {
  // fstat of the open descriptor (dev+ino equal to the validated stat).
  readonly stats: Stats;
  // Up to `length` bytes at `position` into buffer[offset...]; like FileHandle.read.
  read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
  close(): Promise<void>;
}

// The checks before any open: only a regular file the jail saw may be opened.
function expectedStats(path: ResolvedPath): Stats {
  const expected = path.stats;
  if (path.kind === 'missing' || expected === undefined) throw notAccessible(path.input);
  if (path.kind === 'dir') throw fail('C210', `${path.input} is a directory`);
  if (path.kind !== 'file') throw fail('C210', `${path.input} is not a regular file`);
  return expected;
}

// The same file as validated: same device and inode, still a regular file (a parent dir swapped in
// between resolves to another inode, a directory or FIFO fails isFile()).
function sameFile(now: Stats, expected: Stats): boolean {
  return now.dev === expected.dev && now.ino === expected.ino && now.isFile();
}

// jail.openFileSync for a FileHandle: open by the real path, prove by the kernel's name for the
// descriptor that it is the file at `real`, else open again through the handle walk.
async function openAsync(path: ResolvedPath, jail: Beneath): Promise<FileHandle> {
  if (jail.contains(path.real)) {
    const handle = await open(path.real, READ_FLAGS).catch(() => undefined);
    if (handle !== undefined) {
      if (jail.holds(handle.fd, path.real)) return handle;
      await handle.close().catch(() => undefined);
    }
  }
  return jail.at(path.real, (at) => open(at, READ_FLAGS), { input: path.input });
}

async function openHandle(path: ResolvedPath, jail: Beneath): Promise<{ handle: FileHandle; stats: Stats }> {
  const expected = expectedStats(path);
  let handle: FileHandle;
  try {
    handle = await openAsync(path, jail);
  } catch (error) {
    throw isCodewardError(error) ? error : errno(error) === 'ELOOP' ? changed(path.input) : fsRefusal(error, path.input);
  }
  try {
    const stats = await handle.stat();
    if (!sameFile(stats, expected)) throw changed(path.input);
    return { handle, stats };
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw isCodewardError(error) ? error : fsRefusal(error, path.input);
  }
}

// Opens a validated file through the jail's handle walk (no symlink anywhere on the way) and proves via
// fstat (dev+ino) it is the one checked.
export async function openVerified(path: ResolvedPath, jail: Beneath): Promise<FileHandle> {
  return (await openHandle(path, jail)).handle;
}

// A descriptor read with synchronous syscalls; closed at most once.
class SyncFile implements VerifiedFile {
  readonly stats: Stats;
  #fd: number | undefined;

  constructor(fd: number, stats: Stats) {
    this.#fd = fd;
    this.stats = stats;
  }

  read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesRead: number }> {
    try {
      if (this.#fd === undefined) throw new Error('read after close');
      return Promise.resolve({ bytesRead: readSync(this.#fd, buffer, offset, length, position) });
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  close(): Promise<void> {
    const fd = this.#fd;
    this.#fd = undefined;
    try {
      if (fd !== undefined) closeSync(fd);
      return Promise.resolve();
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
}

// openHandle with synchronous syscalls (same flags, same checks); undefined when the descriptor shows a
// file grown past SYNC_READ_MAX_BYTES since validation (the caller then takes the async path).
function openSmall(path: ResolvedPath, expected: Stats, jail: Beneath): VerifiedFile | undefined {
  let fd: number;
  try {
    fd = jail.openFileSync(path.real, READ_FLAGS, path.input);
  } catch (error) {
    throw isCodewardError(error) ? error : errno(error) === 'ELOOP' ? changed(path.input) : fsRefusal(error, path.input);
  }
  let stats: Stats;
  try {
    stats = fstatSync(fd);
    if (!sameFile(stats, expected)) throw changed(path.input);
  } catch (error) {
    closeQuietly(fd);
    throw isCodewardError(error) ? error : fsRefusal(error, path.input);
  }
  if (stats.size > SYNC_READ_MAX_BYTES) {
    closeQuietly(fd);
    return undefined;
  }
  return new SyncFile(fd, stats);
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // nothing else to release
  }
}

// openVerified plus the descriptor's stat, as one object to read from: small files (by the validated
// size) synchronously, everything else through a FileHandle. Same refusals as openVerified.
export async function openVerifiedFile(path: ResolvedPath, jail: Beneath): Promise<VerifiedFile> {
  const expected = expectedStats(path);
  if (expected.size <= SYNC_READ_MAX_BYTES) {
    const small = openSmall(path, expected, jail);
    if (small) return small;
  }
  const { handle, stats } = await openHandle(path, jail);
  return {
    stats,
    read: (buffer, offset, length, position) => handle.read(buffer, offset, length, position),
    close: () => handle.close(),
  };
}
