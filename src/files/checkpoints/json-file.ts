import { closeSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { syncDir, tempPathFor } from '../atomic-write.js';

// Creates `path` exclusively with `value`; false when it exists (the id is taken). Not fsynced, on
// purpose: see CRASH SAFETY in record.ts (a step lost or torn by a power loss costs that step's undo,
// never restores wrong bytes), and two fsyncs per edit were most of the store's cost. Synchronous:
// small, and on every edit.
export function createJson(path: string, value: unknown): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(value));
  } catch (error) {
    closeSync(fd);
    quietUnlink(path);
    throw error;
  }
  closeSync(fd);
  return true;
}

function quietUnlink(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // gone already
  }
}

// Temp file + rename: readers see the old or the new content, never a part. `durable` adds the fsyncs
// that make it survive a power loss (the head, which undo and redo change); without, it is synchronous.
export async function writeJson(path: string, value: unknown, durable: boolean): Promise<void> {
  const temp = tempPathFor(path);
  if (!durable) {
    const fd = openSync(temp, 'wx', 0o600);
    try {
      writeSync(fd, JSON.stringify(value));
    } finally {
      closeSync(fd);
    }
    try {
      renameSync(temp, path);
    } catch (error) {
      quietUnlink(temp);
      throw error;
    }
    return;
  }
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(JSON.stringify(value));
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncDir(dirname(path));
}
