// The text of a folder's .gitignore, read as the read jail reads (THREAT-MODEL "One read jail", red team
// R6-15): opened without following a link (a cloned repository's `.gitignore -> /dev/zero` or
// `-> /dev/stdin` is refused, not read forever), without blocking (a FIFO), a regular file only, at most
// MAX_BYTES kept. Undefined when there is none or it is refused.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import type { Beneath } from '../workspace/beneath.js';

const MAX_BYTES = 1024 * 1024;
const NOFOLLOW_READ = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

// `folder`: a folder's handle path (a walk's, workspace/beneath.ts) or, with `jail`, an absolute folder path
// inside it, opened through the jail (no symlink anywhere on the way).
export function readGitignore(folder: string, jail?: Pick<Beneath, 'openFileSync'>): string | undefined {
  let fd: number;
  try {
    fd = jail === undefined ? openSync(`${folder}/.gitignore`, NOFOLLOW_READ) : jail.openFileSync(`${folder}/.gitignore`, NOFOLLOW_READ);
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return undefined;
    const buffer = Buffer.allocUnsafe(Math.min(stats.size, MAX_BYTES));
    let length = 0;
    while (length < buffer.length) {
      const got = readSync(fd, buffer, length, buffer.length - length, null);
      if (got === 0) break;
      length += got;
    }
    return buffer.toString('utf8', 0, length);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
