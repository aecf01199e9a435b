import { nodeCrypto } from '../../engine/lazy-crypto.js';
import { constants } from 'node:fs';
import { chmod, lstat, open, readlink, symlink, unlink } from 'node:fs/promises';
import { fail, toCodewardError } from '../../engine/errors.js';
import type { Beneath } from '../../workspace/beneath.js';
import { atomicWrite, syncDir } from '../atomic-write.js';
import { dirname } from 'node:path';
import { floatMs, identityOf, type Identity } from './identity.js';

// What one path held at one moment: a regular file (content hash and permission bits), a symlink (its
// target, kept as a link), or nothing.
export type FileState =
  | { readonly kind: 'file'; readonly hash: string; readonly mode: number; readonly size: number }
  | { readonly kind: 'symlink'; readonly target: string }
  | { readonly kind: 'missing' };

// A state with the bytes that go with it (for a file), as captured.
export interface Captured {
  readonly state: FileState;
  readonly bytes?: Buffer;
  // The inode read (a file), so the store can take it by a hard link instead of a copy.
  readonly ino?: number;
  // A file's identity when captured (see identity.ts), and when the read began (Date.now()).
  readonly identity?: Identity;
  readonly startedAt?: number;
  readonly mtimeMs?: number;
}

export const sha256 = (bytes: Uint8Array): string => nodeCrypto().createHash('sha256').update(bytes).digest('hex');

const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

// What is at `real` now, reached through the jail's handle walk (never through a symlink on the way;
// a symlink at `real` itself is recorded as a link, never followed). A folder or device is refused.
export async function captureState(jail: Beneath, real: string): Promise<Captured> {
  try {
    return await jail.at(real, async (at) => {
      const st = await lstat(at).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
        throw error;
      });
      if (st === undefined) return { state: { kind: 'missing' } };
      if (st.isSymbolicLink()) return { state: { kind: 'symlink', target: await readlink(at) } };
      if (!st.isFile()) throw fail('C210', `${real} is not a regular file; checkpoints keep files and links`);
      const startedAt = Date.now();
      const handle = await open(at, READ_FLAGS);
      try {
        const now = await handle.stat({ bigint: true });
        if (!now.isFile() || Number(now.ino) !== st.ino) throw fail('C215', `path changed during access: ${real}`);
        const bytes = await handle.readFile();
        const state: FileState = { kind: 'file', hash: sha256(bytes), mode: Number(now.mode) & 0o7777, size: bytes.length };
        // The identity only when the read saw the whole file as stat described it.
        const identity = BigInt(bytes.length) === now.size ? identityOf(now) : undefined;
        return { state, bytes, ino: st.ino, startedAt, mtimeMs: floatMs(now.mtimeNs), ...(identity ? { identity } : {}) };
      } finally {
        await handle.close();
      }
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT' || code === 'C211') return { state: { kind: 'missing' } };
    throw toCodewardError(error, `cannot read ${real}`);
  }
}

// Same content and kind (the mode is restored, not compared: a chmod alone is not someone's edit).
export function sameState(a: FileState, b: FileState): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'file' && b.kind === 'file') return a.hash === b.hash;
  if (a.kind === 'symlink' && b.kind === 'symlink') return a.target === b.target;
  return true;
}

export function describeState(state: FileState): string {
  if (state.kind === 'missing') return 'absent';
  if (state.kind === 'symlink') return `a link to ${state.target}`;
  return `${state.size} bytes (sha256 ${state.hash.slice(0, 12)})`;
}

// Puts `state` at `real` byte-exact through the jail: a file by temp + rename with its exact mode, a
// link as a link, a missing state by removing what is there (a folder is never removed).
export async function applyState(jail: Beneath, real: string, state: FileState, bytes: Buffer | undefined): Promise<void> {
  await jail.at(
    real,
    async (at) => {
      const st = await lstat(at).catch(() => undefined);
      if (st?.isDirectory()) throw fail('C210', `${real} is a folder now; move it away to restore the file`);
      if (state.kind === 'file') {
        if (bytes === undefined) throw fail('C224', `the checkpoint store has lost the content of ${real}`);
        if (st?.isSymbolicLink()) await unlink(at);
        await atomicWrite(at, bytes, { mode: state.mode });
        await chmod(at, state.mode).catch(() => undefined);
        return;
      }
      if (st !== undefined) await unlink(at);
      if (state.kind === 'symlink') await symlink(state.target, at);
      await syncDir(dirname(at));
    },
    { mkdirs: state.kind !== 'missing' },
  );
}
