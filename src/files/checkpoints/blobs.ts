import { linkSync, lstatSync, mkdirSync, renameSync, statSync, unlinkSync, utimesSync } from 'node:fs';
import { readFile, unlink } from 'node:fs/promises';
import type { Beneath } from '../../workspace/beneath.js';
import { join } from 'node:path';
import { constants } from 'node:fs';
import { tempPathFor } from '../atomic-write.js';
import { sha256 } from './state.js';
import { writeSyncedRename } from './json-file.js';

// Content-addressed blobs: `blobs/<2 hex>/<sha256>`; the same bytes are stored once. A hard link of the
// file being replaced, else a temp file, fsynced, then renamed, so a blob that exists is always complete.
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

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
export async function putBlob(store: string, bytes: Uint8Array | undefined, hash: string, source?: BlobSource): Promise<boolean> {
  const path = blobPath(store, hash);
  // Synchronous metadata calls: on every edit, and cheaper than thread-pool round trips.
  const existing = statSync(path, { throwIfNoEntry: false });
  if (existing?.isFile() && (bytes === undefined || existing.size === bytes.length)) {
    // Fresh again: a prune running now keeps a blob touched since it began (see CheckpointStore.prune).
    const now = new Date();
    try {
      utimesSync(path, now, now);
    } catch {
      // pruned this very moment: undo reports it (C224)
    }
    return false;
  }
  mkdirSync(join(store, 'blobs', hash.slice(0, 2)), { recursive: true, mode: 0o700 });
  const temp = tempPathFor(path);
  if (source !== undefined && linkBlob(source, temp, path)) return true;
  // No link (another filesystem): the bytes are copied; read now when the caller had not (and only
  // when they still match the name).
  const content = bytes ?? (source === undefined ? undefined : await readSource(source));
  if (content === undefined || sha256(content) !== hash) return false;
  // The one fsync of the store: a copied blob that a power loss left torn under its final name
  // would pass the size check above and block the good copy for good.
  await writeSyncedRename(temp, path, content);
  return true;
}

async function readSource(source: BlobSource): Promise<Buffer | undefined> {
  return source.jail.at(source.real, (at) => readFile(at, { flag: READ_FLAGS })).catch(() => undefined);
}

// Synchronous: three metadata calls on every edit, cheaper than three thread-pool round trips.
function linkBlob(source: BlobSource, temp: string, path: string): boolean {
  try {
    source.jail.atSync(source.real, (at) => linkSync(at, temp));
  } catch {
    return false;
  }
  try {
    if (lstatSync(temp).ino !== source.ino) throw new Error('another file');
    renameSync(temp, path);
    return true;
  } catch {
    try {
      unlinkSync(temp);
    } catch {
      // gone already
    }
    return false;
  }
}

// The bytes of a blob, checked against their name (a damaged blob is never restored, and is removed
// so a good copy can take its place); undefined when gone.
export async function getBlob(store: string, hash: string): Promise<Buffer | undefined> {
  const bytes = await readFile(blobPath(store, hash)).catch(() => undefined);
  if (bytes === undefined) return undefined;
  if (sha256(bytes) === hash) return bytes;
  await unlink(blobPath(store, hash)).catch(() => undefined);
  return undefined;
}
