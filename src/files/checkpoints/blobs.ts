import { link, lstat, mkdir, open, readFile, rename, stat, unlink, utimes } from 'node:fs/promises';
import type { Beneath } from '../../workspace/beneath.js';
import { join } from 'node:path';
import { tempPathFor } from '../atomic-write.js';
import { sha256 } from './state.js';

// Content-addressed blobs: `blobs/<2 hex>/<sha256>`; the same bytes are stored once. Written to a temp
// file, fsynced, then renamed, so a blob that exists is always complete.
export function blobPath(store: string, hash: string): string {
  return join(store, 'blobs', hash.slice(0, 2), hash);
}

// The file a blob's bytes were read from (the inode read), for putBlob's hard-link path.
export interface BlobSource {
  readonly jail: Beneath;
  readonly real: string;
  readonly ino: number;
}

// With `source`, the caller is about to replace or remove that file by a rename or unlink (every codeward
// writer does), so its inode, reachable afterwards only from the store, becomes the blob: a hard link,
// no bytes copied or fsynced again. Only when the link lands on the very inode read; else (another
// filesystem, a swapped file) the bytes are copied. getBlob checks every blob against its hash.
export async function putBlob(store: string, bytes: Uint8Array, hash = sha256(bytes), source?: BlobSource): Promise<string> {
  const path = blobPath(store, hash);
  const existing = await stat(path).catch(() => undefined);
  if (existing?.isFile() && existing.size === bytes.length) {
    // Fresh again: pruning never collects a blob younger than its grace period, and a step being
    // recorded may be about to name this one.
    const now = new Date();
    await utimes(path, now, now).catch(() => undefined);
    return hash;
  }
  await mkdir(join(store, 'blobs', hash.slice(0, 2)), { recursive: true, mode: 0o700 });
  const temp = tempPathFor(path);
  if (source !== undefined && (await linkBlob(source, temp, path))) return hash;
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(bytes);
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
  // The blob's folder entry is made durable by the step's own folder fsync that follows on the same
  // filesystem only on journaling filesystems; a lost blob is reported at undo time (C224), never guessed.
  return hash;
}

async function linkBlob(source: BlobSource, temp: string, path: string): Promise<boolean> {
  try {
    await source.jail.at(source.real, (at) => link(at, temp));
  } catch {
    return false;
  }
  try {
    if ((await lstat(temp)).ino !== source.ino) throw new Error('another file');
    await rename(temp, path);
    return true;
  } catch {
    await unlink(temp).catch(() => undefined);
    return false;
  }
}

// The bytes of a blob, checked against their name (a damaged blob is never restored); undefined when gone.
export async function getBlob(store: string, hash: string): Promise<Buffer | undefined> {
  const bytes = await readFile(blobPath(store, hash)).catch(() => undefined);
  return bytes !== undefined && sha256(bytes) === hash ? bytes : undefined;
}
