import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, type BigIntStats } from 'node:fs';
import { buildVersion, readCacheFile, writeCacheFile } from '../workspace/cache-file.js';
import { recentlyChanged } from '../workspace/listings.js';
import { bytesLookSecret, SCRIPT_MAX_BYTES } from './secret-scripts.js';

// The script check of one file (secret-scripts.ts: read, at most SCRIPT_MAX_BYTES, no NUL byte, looksSecret).
// Its answer depends on the file's bytes only, so it is kept per file between processes (issue 31: a PATH folder
// of the home whose times change every few seconds, /root/.pyenv/shims under `pyenv rehash`, made the view's
// cache miss on every exec, and each miss read and judged every script of every shown bin folder again).
//
// Key: the path, and the identity of the file that was read: device, inode, size, modification and change time
// in ns, from the descriptor the bytes came from (fstat). A kept answer is used only when an lstat of the path
// finds a regular file with that very identity. Any write changes the change time (a content change that sets the
// modification time and size back too); a file replaced by another, or by a link, has another identity (a
// link is no regular file to lstat: it is judged as the cold check does). Not kept: a file changed within the racy
// window (a write in the same clock tick would not show), one that is not a regular file when opened without
// following a link. The kept file: state folder, this user's regular file, this build (kept-across.ts rules,
// readCacheFile), only where no sandboxed process can write (sandbox.ts); a poisoned file could
// only say a secret file is not one, which nothing but this user outside the sandbox can write.

// Past this many kept files, a save keeps only those this process looked at.
const MAX_KEPT = 5000;

type Kept = [stamp: string, secret: boolean];

const stampOf = (stats: BigIntStats): string => `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;

export class ScriptVerdicts {
  private entries: Map<string, Kept> | undefined;
  private readonly looked = new Set<string>();
  private changed = false;

  constructor(private readonly file: string | undefined) {}

  // Whether the file at `path` looks secret: the kept answer while its identity holds, else read and judged;
  // undefined when it is no regular file opened without following a link (the caller's cold check decides).
  judge(path: string): boolean | undefined {
    const entries = this.load();
    this.looked.add(path);
    const kept = entries.get(path);
    if (kept && this.unchanged(path, kept[0])) return kept[1];
    const read = readStamped(path);
    const secret = read === undefined ? undefined : bytesLookSecret(read.bytes);
    // (An entry that no longer matches is dropped: not needed for safety, a stale stamp matches no file.)
    if (read?.stamp !== undefined && secret !== undefined) entries.set(path, [read.stamp, secret]);
    else if (!entries.delete(path)) return secret;
    this.changed = true;
    return secret;
  }

  save(): void {
    if (!this.file || !this.changed || !this.entries) return;
    this.changed = false;
    const all = [...this.entries];
    writeCacheFile(this.file, Object.fromEntries(all.length > MAX_KEPT ? all.filter(([path]) => this.looked.has(path)) : all), buildVersion());
  }

  private unchanged(path: string, stamp: string): boolean {
    try {
      const stats = lstatSync(path, { bigint: true });
      return stats.isFile() && stampOf(stats) === stamp;
    } catch {
      return false;
    }
  }

  private load(): Map<string, Kept> {
    if (this.entries) return this.entries;
    this.entries = new Map();
    const kept = this.file === undefined ? undefined : readCacheFile(this.file, buildVersion());
    for (const [path, value] of Object.entries(kept ?? {})) if (isKept(value)) this.entries.set(path, value);
    return this.entries;
  }
}

const isKept = (value: unknown): value is Kept => Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'boolean';

// The bytes of the regular file at `path` (opened without following a link) and the identity they came from;
// `bytes` undefined past SCRIPT_MAX_BYTES (a program: shown), `stamp` undefined within the racy window;
// undefined when it is not a regular file opened so (the cold check decides).
function readStamped(path: string): { bytes: Buffer | undefined; stamp: string | undefined } | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0));
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd, { bigint: true });
    if (!stats.isFile()) return undefined;
    const stamp = recentlyChanged(stats.ctimeNs) ? undefined : stampOf(stats);
    if (stats.size > BigInt(SCRIPT_MAX_BYTES)) return { bytes: undefined, stamp };
    const bytes = Buffer.alloc(Number(stats.size));
    let length = 0;
    while (length < bytes.length) {
      const read = readSync(fd, bytes, length, bytes.length - length, length);
      if (read === 0) break;
      length += read;
    }
    return { bytes: bytes.subarray(0, length), stamp };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
