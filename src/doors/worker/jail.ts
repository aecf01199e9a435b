import { closeSync, constants, fstatSync, readdirSync, readFile, type Dirent, type Stats } from 'node:fs';
import { isCodewardError } from '../../engine/errors.js';
import { Beneath, type DirHandle } from '../../workspace/beneath.js';
import type { WorkerContext } from './config.js';
import { errnoOf, ioError, werr, type WorkerCode, type WorkerError } from './errors.js';

// Every file act of the worker goes through the engine's jail (workspace/beneath.ts): the path that
// resolvePath() checked is walked again from a descriptor on base_path, one folder at a time, never
// through a symlink, and the act names the file through its parent folder's descriptor. A concurrent
// process that swaps a folder for a symlink to the outside between the check and the act gets a refusal
// (C215), never an act outside base_path (THREAT-MODEL invariant 3).

// NOFOLLOW: a final symlink swapped in fails (ELOOP → C215); NONBLOCK: a FIFO swapped in cannot hang open().
export const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

// The jail of this context's base (holds no descriptor between calls; cheap to make).
export function jailOf(ctx: WorkerContext): Beneath {
  return new Beneath(ctx.base);
}

const KEPT: ReadonlySet<string> = new Set<WorkerCode>(['C210', 'C211', 'C213', 'C215', 'C216', 'C217']);

// A jail refusal or an OS error as the worker's wire error: the jail's C2xx code is kept (C215 for a
// path that changed during access), ELOOP (a symlink swapped in at the leaf) is C215, other OS errors
// map as the original's From<io::Error> (NotFound → C211, AlreadyExists → C217, else C216).
export function fromJail(error: unknown, prefix?: string): WorkerError {
  if (isCodewardError(error)) {
    // The jail's "missing" in the seed's words (the original reported the OS error of its stat/open).
    if (error.code === 'C211' && prefix !== undefined) return werr('C211', `${prefix}: No such file or directory (os error 2)`);
    return werr(KEPT.has(error.code) ? (error.code as WorkerCode) : 'C216', error.message);
  }
  if (errnoOf(error) === 'ELOOP') return werr('C215', `${prefix === undefined ? '' : `${prefix}: `}path changed during access (a symlink appeared)`);
  return ioError(error, prefix);
}

export function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // nothing else to release
  }
}

// Opens the file at the jail-checked `abs` for reading, never through a symlink; its descriptor and fstat.
export function openInBase(jail: Beneath, abs: string, path: string): { fd: number; info: Stats } {
  let fd: number;
  try {
    fd = jail.openFileSync(abs, READ_FLAGS, path);
  } catch (error) {
    throw fromJail(error, path);
  }
  try {
    return { fd, info: fstatSync(fd) };
  } catch (error) {
    closeQuietly(fd);
    throw fromJail(error, path);
  }
}

// All bytes of an open descriptor (off the event loop).
export function readFd(fd: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    readFile(fd, (error, bytes) => (error ? reject(error) : resolve(bytes)));
  });
}

// Opens the folder at the jail-checked `abs` (C210 "not a directory" when it is something else).
export function openFolder(jail: Beneath, abs: string, path: string): DirHandle {
  try {
    return jail.openDir(abs, { input: path });
  } catch (error) {
    if (isCodewardError(error) && error.code === 'C210') throw werr('C210', `not a directory: ${path}`);
    throw fromJail(error, path);
  }
}

// The entries of an open folder (read through its descriptor).
export function entriesOf(dir: DirHandle): Dirent[] {
  return readdirSync(dir.path, { withFileTypes: true });
}

// The path that names `name` inside the open folder `dir` for the kernel (through its descriptor).
export function inDir(dir: DirHandle, name: string): string {
  return dir.path.endsWith('/') ? dir.path + name : `${dir.path}/${name}`;
}

// The real path of `name` inside `dir`, for relative names and messages.
export function realIn(dir: DirHandle, name: string): string {
  return dir.real.endsWith('/') ? dir.real + name : `${dir.real}/${name}`;
}
