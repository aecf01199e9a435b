import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { fail, isCodewardError } from '../engine/errors.js';
import { changed, errno, fsRefusal, notAccessible } from './refusals.js';
import type { ResolvedPath } from './types.js';

// NOFOLLOW: a final symlink swapped in fails with ELOOP; NONBLOCK: a FIFO swapped in cannot hang open().
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

// Opens a validated file and proves via fstat (dev+ino) it is the one checked, even if a parent dir was swapped.
export async function openVerified(path: ResolvedPath): Promise<FileHandle> {
  const expected = path.stats;
  if (path.kind === 'missing' || expected === undefined) throw notAccessible(path.input);
  if (path.kind === 'dir') throw fail('C210', `${path.input} is a directory`);
  if (path.kind !== 'file') throw fail('C210', `${path.input} is not a regular file`);
  let handle: FileHandle;
  try {
    handle = await open(path.real, READ_FLAGS);
  } catch (error) {
    throw errno(error) === 'ELOOP' ? changed(path.input) : fsRefusal(error, path.input);
  }
  try {
    const now = await handle.stat();
    if (now.dev !== expected.dev || now.ino !== expected.ino || !now.isFile()) throw changed(path.input);
    return handle;
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw isCodewardError(error) ? error : fsRefusal(error, path.input);
  }
}
