import { closeSync, constants, fstatSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
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

// Writes `value` over the file at `path` in place (same inode, from offset 0, padded with spaces, which
// JSON ignores, to at least the old length so nothing of the old text is left): for a step's finishing
// update, whose pending version it replaces. No new inode and no rename: a small file renamed over
// another makes ext4 flush it (auto_da_alloc), ~0.1-0.4 ms per edit. A reader racing the write may
// see a mix, which never parses as JSON here (the new text is longer and differs from the status on),
// so readers read a step that does not parse once more (see CheckpointStore.readStep). False when the
// file is gone (the caller writes it anew).
export function overwriteJson(path: string, value: unknown): boolean {
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  try {
    const text = Buffer.from(JSON.stringify(value), 'utf8');
    const old = fstatSync(fd).size;
    const bytes = text.length >= old ? text : Buffer.concat([text, Buffer.alloc(old - text.length, 0x20)]);
    for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset, bytes.length - offset, offset);
  } finally {
    closeSync(fd);
  }
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
  await writeSyncedRename(temp, path, JSON.stringify(value));
  await syncDir(dirname(path));
}

// A new private temp file (`mode`) with these bytes, fsync'd, renamed over path (the temp is removed on failure).
export async function writeSyncedRename(temp: string, path: string, data: string | Uint8Array, mode = 0o600): Promise<void> {
  const handle = await open(temp, 'wx', mode);
  try {
    await handle.writeFile(data);
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
}
