import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';
import { defaultCacheFolder } from './cache-dir.js';

// Red team R45-a2/a3: a file codeward keeps in a state folder that a sandboxed run may have reached (another
// environment's HOME, XDG_CACHE_HOME or CODEWARD_STATE_DIR inside a writable area) is used only with its writer's
// seal: the file's inode, ns ctime and size as codeward left it, kept in the user's DEFAULT cache folder (by the
// passwd home, never the environment's: ~/.cache/codeward/code-seals, 0700, this user's, no link), which every sandbox
// hides (sandbox/state-folders.ts). Another file put in its place (a new inode) or changed in place (a new ctime) has
// none. A leaf (node's fs and cache-dir.ts): the bin loads it only for a folder that needs seals.

// Whether `stats` is this user's and no one else's to read or write.
const own = (stats: { uid: number | bigint; mode: number | bigint }): boolean => Number(stats.uid) === process.getuid?.() && (Number(stats.mode) & 0o077) === 0;

// The seals folder when usable (`make`: made first): the default folder and it this user's folders, no link.
function sealsFolder(make: boolean): string | undefined {
  const base = defaultCacheFolder();
  if (base === undefined) return undefined;
  const folder = join(base, 'code-seals');
  if (make) {
    try {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
    } catch {
      // Checked below.
    }
  }
  const parent = lstatSync(base, { throwIfNoEntry: false });
  const stats = lstatSync(folder, { throwIfNoEntry: false });
  return parent?.isDirectory() && Number(parent.uid) === process.getuid?.() && stats?.isDirectory() && own(stats) ? folder : undefined;
}

// A seal's file name: two FNV-1a hashes of the path (its text holds the path, which is what is compared).
function sealName(file: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < file.length; i++) {
    const code = file.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x811c9dc5) >>> 0;
  }
  return `${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}`;
}

const sealText = (file: string, stats: BigIntStats): string => `${file}\0${stats.ino}:${stats.ctimeNs}:${stats.size}\n`;

// After codeward wrote `file`: its seal (the file as it is now, by lstat; `ino`: the inode codeward wrote, when known,
// so a file put there meanwhile is not sealed). Whether it was sealed.
export function sealWritten(file: string, ino?: bigint): boolean {
  const folder = sealsFolder(true);
  if (folder === undefined) return false;
  const fresh = join(folder, `${sealName(file)}.${process.pid}`);
  try {
    const stats = lstatSync(file, { bigint: true });
    if (!stats.isFile() || (ino !== undefined && stats.ino !== ino)) return false;
    writeFileSync(fresh, sealText(file, stats), { flag: 'w', mode: 0o600 });
    renameSync(fresh, join(folder, sealName(file)));
    return true;
  } catch {
    rmSync(fresh, { force: true });
    return false;
  }
}

// Whether the file `stats` describes (fstat of the open file) is the one codeward sealed at `file`.
export function sealHolds(file: string, stats: BigIntStats): boolean {
  const folder = sealsFolder(false);
  if (folder === undefined) return false;
  try {
    const fd = openSync(join(folder, sealName(file)), constants.O_NOFOLLOW | constants.O_NONBLOCK /* O_RDONLY is 0 */);
    try {
      const seal = fstatSync(fd);
      return seal.isFile() && own(seal) && readFileSync(fd, 'utf8') === sealText(file, stats);
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

// The seals no file answers any more (removed, replaced, changed) deleted, at most `limit` looked at: a cache folder
// removed (a test's, a CODEWARD_STATE_DIR given up) leaves none behind for ever.
export function pruneSeals(limit = 2_000): void {
  const folder = sealsFolder(false);
  if (folder === undefined) return;
  try {
    for (const name of readdirSync(folder).slice(0, limit)) {
      const seal = join(folder, name);
      try {
        const text = readFileSync(seal, 'utf8');
        const file = text.slice(0, text.indexOf('\0'));
        const stats = lstatSync(file, { bigint: true, throwIfNoEntry: false });
        if (stats !== undefined && text === sealText(file, stats)) continue;
      } catch {
        // Unreadable: deleted.
      }
      rmSync(seal, { force: true });
    }
  } catch {
    // Only seals: the next prune.
  }
}
