import { lstatSync, type BigIntStats } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { toCodewardError } from '../engine/errors.js';
import type { Beneath } from '../workspace/beneath.js';
import { assertWritable, atomicCreate, stageFile, syncDir, type AtomicWriteOptions } from './atomic-write.js';
import { backupPath, createBackup, restoreBackup } from './backup.js';

export interface ReplaceOptions extends AtomicWriteOptions {
  // Keep the previous version as `<file>.bak` (a hard link when possible).
  readonly backup?: boolean;
  // Refuse (C216) a file the OS says we may not write, before any backup is taken.
  readonly checkWritable?: boolean;
  // Create missing parent folders (through the jail, never through a symlink).
  readonly mkdirs?: boolean;
}

// The one way a command replaces a file: backup, temp file, rename, all in the folder reached by one
// handle walk from the workspace root (workspace/beneath.ts), so a folder swapped for a symlink while
// it runs cannot send any of the steps outside. Returns the backup's real path when one was made.
export async function replaceFile(jail: Beneath, real: string, bytes: Uint8Array | string, options: ReplaceOptions = {}): Promise<string | undefined> {
  return (await replaceFileStaged(jail, real, bytes, options)).backup;
}

// replaceFile, also returning the stat of the new file's inode as written (taken before the rename,
// which moves only its ctime): the checkpoint store compares it with the file afterwards to know the
// file holds exactly `bytes` without reading it back (see checkpoints/record.ts).
export async function replaceFileStaged(jail: Beneath, real: string, bytes: Uint8Array | string, options: ReplaceOptions = {}): Promise<{ backup?: string; staged: BigIntStats }> {
  const { backup, checkWritable, mkdirs, ...write } = options;
  return jail.at(
    real,
    async (at) => {
      if (checkWritable) await assertWritable(at);
      const saved = backup ? await createBackup(at, { replacing: true }) : undefined;
      // atomicWrite, with the staged inode's stat taken between the write and the rename.
      const temp = await stageFile(at, bytes, write);
      let staged: BigIntStats;
      try {
        staged = lstatSync(temp, { bigint: true });
        await rename(temp, at);
      } catch (error) {
        await unlink(temp).catch(() => undefined);
        throw toCodewardError(error, `cannot write ${real}`);
      }
      await syncDir(dirname(at));
      return { ...(saved === undefined ? {} : { backup: backupPath(real) }), staged };
    },
    { mkdirs: mkdirs === true },
  );
}

// atomicCreate (never replaces anything) through the jail.
export async function createFile(jail: Beneath, real: string, bytes: Uint8Array | string, options: AtomicWriteOptions & { mkdirs?: boolean } = {}): Promise<void> {
  const { mkdirs, ...write } = options;
  await jail.at(real, (at) => atomicCreate(at, bytes, write), { mkdirs: mkdirs === true });
}

// A `.bak` of `real` through the jail (see createBackup); its real path, or undefined when nothing was there.
export async function backupFile(jail: Beneath, real: string): Promise<string | undefined> {
  const saved = await jail.at(real, (at) => createBackup(at, { replacing: true }));
  return saved === undefined ? undefined : backupPath(real);
}

// restoreBackup through the jail: the file and its `.bak` share a folder, reached by one handle walk.
export async function restoreFile(jail: Beneath, real: string): Promise<void> {
  await jail.at(real, (at) => restoreBackup(at));
}

// assertWritable through the jail.
export async function checkWritable(jail: Beneath, real: string): Promise<void> {
  await jail.at(real, (at) => assertWritable(at));
}
