import { chmodSync, closeSync, constants, fstatSync, openSync, type Stats } from 'node:fs';

// Red team R40-a6: a run makes `d/x` setuid, then `chmod 111 d`. codeward (not root) cannot list d, so the after-run
// walk (modes.ts) skipped it and x kept its bit (planted.ts only renamed d). A folder the run changed (its change time
// at or after `since`) that codeward's user owns is opened as the entry itself (O_PATH, no link followed, the folder
// the parent listed: `listed`), given u+rwx through that descriptor, opened for listing, walked, then given its mode back
// (`restore`, through the listing descriptor). Root lists any folder: never reached then.

// Linux's O_PATH (node names no constant for it): a descriptor of the entry itself, opened whatever its mode.
const O_PATH = 0o10000000;

export interface Unlisted {
  readonly fd: number;
  // Gives the folder its mode back (through the listing descriptor, still open, then closed); the warning that says so.
  readonly restore: () => string;
}

// `path`'s listing descriptor after a u+rwx, or undefined (not a folder of codeward's user that the run changed, not
// the folder listed, or it still cannot be opened: its mode is given back). `ran`: when the run began; a folder not
// changed since (hidden-moves.ts opens any: since 0) is not said to be the run's doing (fix63's LEFT).
export function openUnlisted(path: string | Buffer, listed: (stats: Stats) => boolean, since: number, rel: string, ran = since): Unlisted | undefined {
  let held: number;
  try {
    held = openSync(path, O_PATH | constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(held);
    if (!stats.isDirectory() || stats.uid !== process.getuid?.() || stats.ctimeMs < since || !listed(stats)) return undefined;
    const mode = stats.mode & 0o7777;
    const left = stats.ctimeMs >= ran ? `a sandboxed command left ${rel || '.'} unlistable (mode ${mode.toString(8)})` : `${rel || '.'} was unlistable (mode ${mode.toString(8)}) before this run, which did not change it`;
    const self = `/proc/self/fd/${held}`;
    chmodSync(self, mode | 0o700);
    let fd: number;
    try {
      fd = openSync(self, constants.O_DIRECTORY);
    } catch {
      chmodSync(self, mode);
      return undefined;
    }
    const restore = (): string => {
      try {
        chmodSync(`/proc/self/fd/${fd}`, mode);
      } catch (error) {
        closeSync(fd);
        return `${left}; codeward gave it u+rwx to check what is in it and could not give its mode back (${(error as Error).message}); it is now ${(mode | 0o700).toString(8)}`;
      }
      closeSync(fd);
      return `${left}; codeward gave it u+rwx to check what is in it, then gave its mode back`;
    };
    return { fd, restore };
  } catch {
    return undefined;
  } finally {
    closeSync(held);
  }
}
