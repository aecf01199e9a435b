import { constants } from 'node:fs';
import { link, lstat, open, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fail, toCodewardError } from '../engine/errors.js';
import { atomicWrite, syncDir, tempPathFor } from './atomic-write.js';

export interface RestoredBackup {
  // The file that now holds the backup's bytes.
  readonly restored: string;
  // The backup file; after a restore it holds what the file held before (when it existed).
  readonly backup: string;
}

interface Snapshot {
  readonly bytes: Buffer;
  readonly mode: number;
}

// One backup generation per file, beside it (ChatCLI's convention).
export function backupPath(path: string): string {
  return `${path}.bak`;
}

// Never follows a symlink at `path` (one swapped in fails with ELOOP); a FIFO cannot hang the open.
const SNAPSHOT_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

// Bytes and permission bits of the regular file at `path`, or undefined when nothing is there.
async function snapshot(path: string): Promise<Snapshot | undefined> {
  try {
    const handle = await open(path, SNAPSHOT_FLAGS);
    try {
      const st = await handle.stat();
      if (!st.isFile()) throw fail('C210', `${path} is not a regular file`);
      return { bytes: await handle.readFile(), mode: st.mode & 0o7777 };
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw fail('C215', `path changed during access: ${path}`);
    throw toCodewardError(error, `cannot read ${path}`);
  }
}

// Copies the current bytes and mode of `path` to `<path>.bak` (replacing an older backup).
// Returns the backup's path, or undefined when `path` does not exist (nothing to back up).
// With `replacing`, the caller promises to replace `path` right away by a rename or unlink (every
// codeward writer does): the backup is then a hard link, no bytes copied (see linkBackup).
export async function createBackup(path: string, options: { replacing?: boolean } = {}): Promise<string | undefined> {
  const backup = backupPath(path);
  if (options.replacing && (await linkBackup(path, backup))) return backup;
  const current = await snapshot(path);
  if (current === undefined) return undefined;
  await atomicWrite(backup, current.bytes, { mode: current.mode });
  return backup;
}

// The cheap way: a hard link to the current file. The caller replaces the file by renaming a new one
// over it (or unlinks it), so the old inode, then reachable only as the .bak, never changes (only when
// the file has no other name: a second name would still reach the .bak's bytes, so they are copied). No bytes are
// copied, which matters for large files and for transactions over many files. False when links are
// not possible here (another filesystem, a FAT volume, permissions): the caller copies instead.
async function linkBackup(path: string, backup: string): Promise<boolean> {
  const st = await lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw toCodewardError(error, `cannot read ${path}`);
  });
  if (st === undefined) return false;
  if (st.isSymbolicLink()) throw fail('C215', `path changed during access: ${path}`);
  if (!st.isFile()) throw fail('C210', `${path} is not a regular file`);
  // Another name for the file (`ln f f2`) would outlive the replace and keep writing into the backup.
  if (st.nlink > 1) return false;
  const temp = tempPathFor(backup);
  try {
    await link(path, temp);
    if ((await lstat(temp)).nlink !== 2) throw new Error('another name appeared');
    await rename(temp, backup);
  } catch {
    await unlink(temp).catch(() => undefined);
    return false;
  }
  await syncDir(dirname(backup));
  return true;
}

// Puts the backup's bytes and mode back at `path` and swaps: what `path` held becomes the new backup,
// so restoring twice re-applies the change. When `path` did not exist the backup is left as it is.
export async function restoreBackup(path: string): Promise<RestoredBackup> {
  const backup = backupPath(path);
  const saved = await snapshot(backup);
  if (saved === undefined) throw fail('C224', `no backup for ${path}: write or patch create one`);
  const current = await snapshot(path);
  await atomicWrite(path, saved.bytes, { mode: saved.mode });
  if (current !== undefined) {
    try {
      await atomicWrite(backup, current.bytes, { mode: current.mode });
    } catch (error) {
      // Without the swap the newer content would be lost: put it back and report the failure.
      await atomicWrite(path, current.bytes, { mode: current.mode }).catch(() => undefined);
      throw toCodewardError(error, `cannot swap the backup of ${path}`);
    }
  }
  return { restored: path, backup };
}
