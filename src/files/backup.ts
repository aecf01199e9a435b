import { readFile, stat } from 'node:fs/promises';
import { fail, toCodewardError } from '../engine/errors.js';
import { atomicWrite } from './atomic-write.js';

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

// Bytes and permission bits of the regular file at `path`, or undefined when nothing is there.
async function snapshot(path: string): Promise<Snapshot | undefined> {
  try {
    const st = await stat(path);
    if (!st.isFile()) throw fail('C210', `${path} is not a regular file`);
    return { bytes: await readFile(path), mode: st.mode & 0o7777 };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw toCodewardError(error, `cannot read ${path}`);
  }
}

// Copies the current bytes and mode of `path` to `<path>.bak` (replacing an older backup).
// Returns the backup's path, or undefined when `path` does not exist (nothing to back up).
export async function createBackup(path: string): Promise<string | undefined> {
  const current = await snapshot(path);
  if (current === undefined) return undefined;
  const backup = backupPath(path);
  await atomicWrite(backup, current.bytes, { mode: current.mode });
  return backup;
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
