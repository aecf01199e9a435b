import { closeSync, constants, fstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { homedir } from 'node:os';
import { Beneath } from '../workspace/beneath.js';
import { kernelPlace } from '../workspace/kernel-place.js';
import { listBeneath } from '../workspace/own-read-sync.js';

// The one reader of a program's settings file that a line names (ssh's `-F FILE`, GnuPG's home: ssh-config.ts,
// gpg-home.ts), to tell whether the program may run what the file names. Bounded, never shown, never following a
// link, never blocking: inside the workspace through the jail's openFileSync (a link on the way is refused), outside
// (the person's own) O_NOFOLLOW|O_NONBLOCK, regular files only. undefined: not read whole (a reader fails closed).
const MAX_BYTES = 64 * 1024;
const MAX_ENTRIES = 1024;
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

// The place a settings path names from the line's folder, `~` the home, as the kernel reaches it (kernel-place.ts);
// undefined when it cannot be followed.
export function settingsPlace(path: string, runDir: string): string | undefined {
  return kernelPlace(runDir, path.replace(/^~(?=\/|$)/, homedir()), { keepLast: true });
}

export function settingsText(full: string, root: string): string | undefined {
  let fd: number;
  try {
    const jail = new Beneath(root);
    fd = jail.contains(full) ? jail.openFileSync(full, READ_FLAGS) : openSync(full, READ_FLAGS);
  } catch {
    return undefined;
  }
  try {
    if (!fstatSync(fd).isFile()) return undefined;
    const buffer = Buffer.alloc(MAX_BYTES + 1);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    return read > MAX_BYTES ? undefined : buffer.subarray(0, read).toString('utf8');
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

// The names in a settings folder (GnuPG's home): [] when it is not there (the program makes it empty), undefined
// when it cannot be listed whole (a link on the way, too many names).
export function settingsNames(folder: string, root: string): string[] | undefined {
  const jail = new Beneath(root);
  if (jail.contains(folder)) {
    const listing = listBeneath(root, folder, MAX_ENTRIES);
    if (listing === 'link' || listing?.over === true) return undefined;
    return listing === undefined ? [] : listing.entries.map((entry) => entry.name);
  }
  try {
    const names = readdirSync(folder);
    return names.length > MAX_ENTRIES ? undefined : names;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? [] : undefined;
  }
}
