import { chmodSync, closeSync, constants, fstatSync, openSync } from 'node:fs';

// Linux's O_PATH (node names no constant for it): a descriptor of the entry itself, opened whatever its mode.
const O_PATH = 0o10000000;

// Runs `act` with u+wx on a folder of codeward's own user that a run made read-only (red team R42-a8: a FIFO moved
// aside from a `chmod 555` folder; R43-a4: a hidden folder's move back refused the same way). The folder is held by a
// descriptor of itself (O_PATH, no link followed; a /proc/self/fd/N spelling is the held folder of a deep walk), `act`
// gets its /proc/self/fd/N spelling, and the mode is given back whatever `act` does. Not a folder, or another user's:
// `refused` is thrown (root passes over modes and never needs this).
export function withOwnFolderWritable<T>(folder: string | Buffer, refused: unknown, act: (self: string) => T): T {
  const held = openSync(folder, O_PATH | (/^\/proc\/self\/fd\/\d+$/.test(folder.toString('latin1')) ? 0 : constants.O_NOFOLLOW));
  try {
    const stats = fstatSync(held);
    if (!stats.isDirectory() || stats.uid !== process.getuid?.()) throw refused;
    const self = `/proc/self/fd/${held}`;
    chmodSync(self, (stats.mode & 0o7777) | 0o300);
    try {
      return act(self);
    } finally {
      chmodSync(self, stats.mode & 0o7777);
    }
  } finally {
    closeSync(held);
  }
}
