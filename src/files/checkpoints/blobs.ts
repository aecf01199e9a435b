import { chmodSync, linkSync, lstatSync, mkdirSync, renameSync, statSync, unlinkSync, utimesSync } from 'node:fs';
import { readFile, unlink } from 'node:fs/promises';
import type { Beneath } from '../../workspace/beneath.js';
import { join } from 'node:path';
import { constants } from 'node:fs';
import { fail } from '../../engine/errors.js';
import { tempPathFor } from '../atomic-write.js';
import { sha256 } from './state.js';
import { writeSyncedRename } from './json-file.js';

// Content-addressed blobs: `blobs/<2 hex>/<sha256>`; the same bytes are stored once. A blob OWNS its
// bytes: its inode is reachable from the store only (never a second name in the workspace, which a
// sandboxed `ln f f2` would make, so writing f2 would rewrite the saved version) and it is read-only
// (BLOB_MODE). A blob that exists is always complete (temp file, fsynced, renamed) and is checked
// against its hash when read.
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
export const BLOB_MODE = 0o400;

export function blobPath(store: string, hash: string): string {
  return join(store, 'blobs', hash.slice(0, 2), hash);
}

// The file a blob's bytes were read from (the inode read), for putBlob's hard-link path.
export interface BlobSource {
  readonly jail: Beneath;
  readonly real: string;
  readonly ino: number;
}

// How a blob got into the store: already there, taken by a hard link of the file about to be replaced
// (the caller seals it once the file is replaced, sealBlob), copied, or not stored (bytes unknown).
export type Stored = 'exists' | 'linked' | 'copied' | 'none';

// With `source`, the caller is about to replace or remove that file by a rename or unlink (every codeward
// writer does), so its inode, reachable afterwards only from the store, may become the blob: a hard link,
// no bytes copied. Only when the link lands on the very inode read AND that inode has no other name (link
// count 2 right after linking: the file and the blob); with another name (`ln f f2` made earlier), the
// inode stays reachable from the workspace after the replace, so the bytes are copied. A blob already
// there is reused only when it owns its inode (an older store's linked blob is copied apart first).
export async function putBlob(store: string, bytes: Uint8Array | undefined, hash: string, source?: BlobSource): Promise<Stored> {
  const path = blobPath(store, hash);
  // Synchronous metadata calls: on every edit, and cheaper than thread-pool round trips.
  const existing = statSync(path, { throwIfNoEntry: false });
  if (existing?.isFile() && (bytes === undefined || existing.size === bytes.length)) {
    if (existing.nlink === 1) {
      // Fresh again: a prune running now keeps a blob touched since it began (see CheckpointStore.prune).
      touch(path, (existing.mode & 0o222) !== 0);
      return 'exists';
    }
    // Shared with another name (a store written before blobs owned their bytes): a copy of its own.
    if (await ownCopy(path, hash, bytes)) return 'exists';
  }
  mkdirSync(join(store, 'blobs', hash.slice(0, 2)), { recursive: true, mode: 0o700 });
  const temp = tempPathFor(path);
  if (source !== undefined && linkBlob(source, temp, path)) return 'linked';
  // No link (another filesystem, another name in the workspace): the bytes are copied; read now when
  // the caller had not (and only when they still match the name).
  const content = bytes ?? (source === undefined ? undefined : await readSource(source));
  if (content === undefined || sha256(content) !== hash) return 'none';
  // The one fsync of the store: a copied blob that a power loss left torn under its final name
  // would pass the size check above and block the good copy for good.
  await writeSyncedRename(temp, path, content, BLOB_MODE);
  return 'copied';
}

function touch(path: string, writable: boolean): void {
  const now = new Date();
  try {
    utimesSync(path, now, now);
    if (writable) chmodSync(path, BLOB_MODE);
  } catch {
    // pruned this very moment: undo reports it (C224)
  }
}

// Replaces the blob at `path` by a new inode with the same bytes (from `bytes` or the blob itself,
// checked against the hash); false when neither holds them any more (the blob is then removed).
async function ownCopy(path: string, hash: string, bytes: Uint8Array | undefined): Promise<boolean> {
  const content = bytes !== undefined && sha256(bytes) === hash ? bytes : await readFile(path, { flag: READ_FLAGS }).catch(() => undefined);
  if (content === undefined || sha256(content) !== hash) {
    await unlink(path).catch(() => undefined);
    return false;
  }
  await writeSyncedRename(tempPathFor(path), path, content, BLOB_MODE);
  return true;
}

// After the caller replaced or removed the file a blob was linked from (putBlob said 'linked'): the blob
// must now be the only name of its inode. Then it is made read-only; else (the write failed and the
// file is still there, or a process made another name for it in the moment between) its bytes are
// copied apart, or, when they no longer match the hash (that name was written to), the blob is dropped:
// undo then says the version is lost (C224), never restores other bytes.
export async function sealBlob(store: string, hash: string): Promise<void> {
  const path = blobPath(store, hash);
  const st = statSync(path, { throwIfNoEntry: false });
  if (st === undefined) return;
  if (st.nlink === 1) {
    if ((st.mode & 0o7777) !== BLOB_MODE) chmodSync(path, BLOB_MODE);
    return;
  }
  await ownCopy(path, hash, undefined);
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
    const st = lstatSync(temp);
    // The file read, and no name but the file and this temp (a second name would outlive the replace).
    if (st.ino !== source.ino || st.nlink !== 2) throw new Error('another file, or another name for it');
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

// The bytes of a blob, checked against their name; undefined when gone (pruned). A blob whose bytes no
// longer match its hash is never restored: refused with C224 naming the file (`what`), and removed so
// a good copy can take its place.
export async function getBlob(store: string, hash: string, what = 'a file'): Promise<Buffer | undefined> {
  const bytes = await readFile(blobPath(store, hash), { flag: READ_FLAGS }).catch(() => undefined);
  if (bytes === undefined) return undefined;
  if (sha256(bytes) === hash) return bytes;
  await unlink(blobPath(store, hash)).catch(() => undefined);
  throw fail('C224', `the checkpoint store's saved version of ${what} is damaged (its bytes no longer match sha256 ${hash.slice(0, 12)}), so it is not restored; nothing was changed by this call`);
}
