import { closeSync, constants, fstatSync, lstatSync, opendirSync, readSync, type BigIntStats, type Dirent } from 'node:fs';
import { isCodewardError } from '../engine/errors.js';
import { Beneath } from './beneath.js';

// codeward's synchronous reads on its own behalf below a folder it names (the workspace, a staged run's upper
// layer, a folder above the workspace whose files mise reads): through the jail's folder handles (beneath.ts),
// so no symbolic link is followed on the way or at the end, a FIFO or device never blocks, and what is read
// is bounded. For files that are judged, never shown: a sandboxed run's leftover bytecode, the first bytes of
// a program, the names of a configuration folder. eslint.config.js keeps every other read out of src/.

// Regular files only, never through a link, never blocking (a FIFO planted under the name).
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

// `buffer` filled from the start of the open file `fd` (shorter when the file ends first).
function fill(fd: number, buffer: Buffer): Buffer {
  let length = 0;
  for (let read = -1; read !== 0 && length < buffer.length; length += read) read = readSync(fd, buffer, length, buffer.length - length, length);
  return buffer.subarray(0, length);
}

// The first `max` bytes of the regular file `abs` below the folder `root` (fewer when the file is shorter);
// undefined when it is missing, not a regular file, a link, or lies under one.
export function readHeadBeneath(root: string, abs: string, max: number): Buffer | undefined {
  let fd: number;
  try {
    fd = new Beneath(root).openFileSync(abs, READ_FLAGS);
  } catch {
    return undefined;
  }
  try {
    if (!fstatSync(fd).isFile()) return undefined;
    return fill(fd, Buffer.alloc(max));
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

// What reading a whole regular file below a folder gave (never ambiguous: a file too large is not absent).
export type BeneathRead = { readonly bytes: Buffer } | 'absent' | 'link' | 'too-large' | 'not-a-file' | 'unreadable';

// The whole regular file `abs` below the folder `root`, at most `max` bytes, through the jail's handles: 'link'
// when it is a symbolic link or lies under one (nothing read outside `root`), never blocking on a FIFO.
export function readBeneath(root: string, abs: string, max: number): BeneathRead {
  const beneath = new Beneath(root);
  let fd: number;
  try {
    if (beneath.lstat(abs)?.isSymbolicLink() === true) return 'link';
    fd = beneath.openFileSync(abs, READ_FLAGS);
  } catch (error) {
    if (isCodewardError(error)) return error.code === 'C215' ? 'link' : error.code === 'C211' ? 'absent' : 'unreadable';
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? 'absent' : code === 'ELOOP' ? 'link' : 'unreadable';
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return 'not-a-file';
    if (stats.size > max) return 'too-large';
    return { bytes: fill(fd, Buffer.alloc(stats.size)) };
  } catch {
    return 'unreadable';
  } finally {
    closeSync(fd);
  }
}

// The lstat (identity and times) of `abs` below `root`, never through a link on the way; undefined when it is
// missing or lies under a link.
export function lstatBeneath(root: string, abs: string): BigIntStats | undefined {
  try {
    return new Beneath(root).atSync(abs, (path) => lstatSync(path, { bigint: true }));
  } catch {
    return undefined;
  }
}

export type EntryKind = 'file' | 'folder' | 'link' | 'other';

export interface BeneathListing {
  readonly entries: readonly { readonly name: string; readonly kind: EntryKind }[];
  // More than `max` entries: the rest were not read.
  readonly over: boolean;
}

function kindOf(entry: Dirent, folder: string): EntryKind {
  // A file system that gives no type in its listing: lstat the entry itself (never followed).
  const stats = entry.isFile() || entry.isDirectory() || entry.isSymbolicLink() ? entry : lstatSync(`${folder}/${entry.name}`, { throwIfNoEntry: false });
  if (stats === undefined) return 'other';
  return stats.isSymbolicLink() ? 'link' : stats.isFile() ? 'file' : stats.isDirectory() ? 'folder' : 'other';
}

// The entries of the folder `abs` below `root` (at most `max`, in the order the folder gives them), read through
// the jail's handle: 'link' when `abs` is a symbolic link or lies under one (nothing read), undefined when it is
// missing or not a folder.
export function listBeneath(root: string, abs: string, max: number): BeneathListing | 'link' | undefined {
  const beneath = new Beneath(root);
  let handle;
  try {
    if (abs !== root) {
      const stats = beneath.lstat(abs);
      if (stats?.isSymbolicLink()) return 'link';
      if (stats?.isDirectory() !== true) return undefined;
    }
    handle = beneath.openDir(abs);
  } catch (error) {
    // C215: a link on the way (or swapped in since the lstat).
    return isCodewardError(error) && error.code === 'C215' ? 'link' : undefined;
  }
  try {
    // Entries read from the kernel 1024 at a time (32 by default: a folder of 400 names took 13 reads).
    const folder = opendirSync(handle.path, { bufferSize: 1024 });
    const entries: { name: string; kind: EntryKind }[] = [];
    try {
      for (let entry = folder.readSync(); entry !== null; entry = folder.readSync()) {
        if (entries.length === max) return { entries, over: true };
        entries.push({ name: entry.name, kind: kindOf(entry, handle.path) });
      }
    } finally {
      folder.closeSync();
    }
    return { entries, over: false };
  } catch {
    return undefined;
  } finally {
    handle.close();
  }
}
