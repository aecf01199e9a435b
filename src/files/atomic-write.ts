import { nodeCrypto } from '../engine/lazy-crypto.js';
import { constants } from 'node:fs';
import { access, link, lstat, open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fail, isCodewardError, toCodewardError, type CodewardError } from '../engine/errors.js';
import { Beneath } from '../workspace/beneath.js';

export interface AtomicWriteOptions {
  // Exact permission bits for the result. Default: the existing target's mode, else 0o666 minus the umask.
  readonly mode?: number;
  // Checked between write chunks and before the rename; an aborted write leaves the target untouched.
  readonly signal?: AbortSignal;
}

const WRITE_CHUNK = 4 * 1024 * 1024;

// Where a write to `path` stages its bytes: a hidden sibling, so the final rename stays on one filesystem.
// The name is shortened so a long file name cannot push the temp name past the 255-byte limit.
export function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path).slice(0, 200)}.${nodeCrypto().randomBytes(6).toString('hex')}.cw-tmp`);
}

function abortError(signal: AbortSignal, path: string): CodewardError {
  return isCodewardError(signal.reason) ? signal.reason : fail('C223', `${path}: write aborted`);
}

// The mode and owner of what is at `path` now, or undefined when nothing is there; refuses non-files.
// lstat: `path` is a real (or handle-anchored) path, so a symlink there was swapped in (C215).
async function existingTarget(path: string): Promise<{ mode: number; uid: number; gid: number } | undefined> {
  try {
    const st = await lstat(path);
    if (st.isSymbolicLink()) throw fail('C215', `path changed during access: ${path}`);
    if (st.isDirectory()) throw fail('C210', `${path} is a directory, not a file`);
    if (!st.isFile()) throw fail('C210', `${path} is not a regular file`);
    // A rename would replace a read-only file regardless of its mode: honour the mode, as an editor does.
    await access(path, constants.W_OK);
    return { mode: st.mode & 0o7777, uid: st.uid, gid: st.gid };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function writeAll(handle: FileHandle, bytes: Uint8Array, path: string, signal: AbortSignal | undefined): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    if (signal?.aborted) throw abortError(signal, path);
    const length = Math.min(WRITE_CHUNK, bytes.length - offset);
    const { bytesWritten } = await handle.write(bytes, offset, length);
    offset += bytesWritten;
  }
}

// Fsync of the directory makes the rename itself durable; some filesystems refuse it, which is harmless.
async function syncDir(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // best effort
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

// Writes `data` to a hidden sibling temp file of `path` (fsynced, mode and owner of the current target
// applied) and returns the temp path; renaming it over `path` is the caller's commit step.
export async function stageFile(path: string, data: Uint8Array | string, options: AtomicWriteOptions = {}): Promise<string> {
  const { signal } = options;
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const tmp = tempPathFor(path);
  let handle: FileHandle | undefined;
  let created = false;
  try {
    if (signal?.aborted) throw abortError(signal, path);
    const existing = await existingTarget(path);
    const mode = options.mode ?? existing?.mode;
    handle = await open(tmp, 'wx', mode ?? 0o666);
    created = true;
    await writeAll(handle, bytes, path, signal);
    await handle.sync();
    // Keep the owner when we may (root); chown first, as it clears set-id bits that chmod then restores.
    if (existing !== undefined && (existing.uid !== process.getuid?.() || existing.gid !== process.getgid?.())) {
      await handle.chown(existing.uid, existing.gid).catch(() => undefined);
    }
    // open() applied the umask; an explicit or inherited mode must come out exactly.
    if (mode !== undefined) await handle.chmod(mode);
    await handle.close();
    handle = undefined;
    if (signal?.aborted) throw abortError(signal, path);
    return tmp;
  } catch (error) {
    await handle?.close().catch(() => undefined);
    if (created) await unlink(tmp).catch(() => undefined);
    throw toCodewardError(error, `cannot write ${path}`);
  }
}

// Replaces `path` with `data` so that readers (and a crash) only ever see the old or the complete new bytes.
// `path` must be the real, jail-checked target: a symlink at `path` would be replaced, not followed.
export async function atomicWrite(path: string, data: Uint8Array | string, options: AtomicWriteOptions = {}): Promise<void> {
  const tmp = await stageFile(path, data, options);
  try {
    await rename(tmp, path);
  } catch (error) {
    await unlink(tmp).catch(() => undefined);
    throw toCodewardError(error, `cannot write ${path}`);
  }
  await syncDir(dirname(path));
}

// Makes renames and unlinks in `dir` durable (best effort).
export { syncDir };

// mkdir -p for the parents of `path`, refusing (C215) to create or pass through anything outside the
// workspace: the folders are walked (and created) one at a time from a handle on the root, never through
// a symlink (see workspace/beneath.ts). Returns the directories it created, outermost first (so a failed
// transaction can remove them).
export async function ensureParentDirs(path: string, root: string | Beneath): Promise<string[]> {
  const jail = typeof root === 'string' ? new Beneath(root) : root;
  const created: string[] = [];
  try {
    jail.openDir(dirname(path), { mkdirs: true, created, input: dirname(path) }).close();
    return created;
  } catch (error) {
    throw toCodewardError(error, `cannot create the folders for ${path}`);
  }
}

// Creates `path` only if nothing is there, atomically: the complete file appears at once or not at all,
// and a file created by someone else in the meantime is never replaced (link(2) fails with EEXIST).
export async function atomicCreate(path: string, data: Uint8Array | string, options: AtomicWriteOptions = {}): Promise<void> {
  const tmp = await stageFile(path, data, options);
  try {
    await link(tmp, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw fail('C217', `${path} already exists`);
    throw toCodewardError(error, `cannot create ${path}`);
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
  await syncDir(dirname(path));
}

// Refuses (C216) to replace a file the OS says we may not write; call it before taking a backup, so a
// refused write leaves no trace. (atomicWrite checks again: a rename would ignore the file's mode.)
export async function assertWritable(path: string): Promise<void> {
  await access(path, constants.W_OK).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw toCodewardError(error, `cannot write ${path}`);
  });
}
