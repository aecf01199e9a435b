import { closeSync, constants, openSync, readdirSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';

// Issue 31: the code cache's clean-up (src/bin/script-loader.ts). Each build names its chunks by their content's
// hash, so each build left its own ~1.5 MB of cache files behind. Run at the exit of a call that wrote a cache
// file (a new build's first calls; a call that hits the cache writes nothing and prunes nothing), it deletes
// from the cache folder (0700, this user's, checked by the caller) every entry no call can use any more: one
// whose header names a script that is gone or is no longer the file it names (another device, inode, size, ns
// mtime or ctime, or another Node: a rebuild, an upgrade, a removed checkout), one without a readable header,
// a symlink (the link only: never followed). A write's leftover is kept only while its script stands. The entries of a build that still
// stands (another checkout, a global and a local install) are kept: deleting them would make two builds used in
// turn compile again at every call.

export type ScriptIdentity = (path: string, stats: { dev: bigint; ino: bigint; size: bigint; mtimeNs: bigint; ctimeNs: bigint }) => string;

// Deletes the entries of `folder` (cache files `<chunk>.script`, a write's leftovers `<chunk>.script.<pid>`) no
// call can use any more: a link (never followed: O_NOFOLLOW fails), one with no header, or a header naming a script
// that is gone or is not the file it names (`identity`: the header loadScript would look for now). Failures are
// ignored (only a cache).
export function pruneCodeCache(folder: string, identity: ScriptIdentity): void {
  try {
    for (const name of readdirSync(folder)) {
      const file = join(folder, name);
      try {
        const fd = openSync(file, constants.O_NOFOLLOW | constants.O_NONBLOCK /* O_RDONLY is 0 */);
        const text = readFileSync(fd, 'utf8');
        closeSync(fd);
        const path = text.split('\0')[1]!;
        if (text.startsWith(identity(path, statSync(path, { bigint: true })))) continue;
      } catch {
        // A link, a script gone: deleted.
      }
      if (/\.script\b/.test(name)) unlinkSync(file);
    }
  } catch {
    // Gone already, or not ours to delete: the rest left for the next time.
  }
}
