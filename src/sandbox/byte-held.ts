import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import { isFaithful, setAside } from './byte-names.js';

// A path of bytes below a folder, made nameable (byte-names.ts' rule) THROUGH HELD DESCRIPTORS: the top folder and
// each folder on the way are opened without following a link (O_DIRECTORY|O_NOFOLLOW), each through the one above
// it (/proc/self/fd/N/name: node has no renameat), and a part that is not UTF-8 is renamed inside its held folder
// (/proc/self/fd/N/old -> /proc/self/fd/N/new, the renameat of the folder held). A folder a run still going swaps
// for a symlink after it was listed is never followed: the rename cannot be redirected out of the tree.

const FLAGS = constants.O_DIRECTORY | constants.O_NOFOLLOW;

// `sub` (bytes, parts split on `/`) below `top` as a string naming the same entry; each part that is not UTF-8 set
// aside to its spelling and `renamed(parts, raw, name)` told (`parts`: the names above it). `known(parts, raw)`: a name
// this walk already gave the part. `topOk`: whether the folder opened as `top` is the one meant (its stats). Throws
// (the caller says what was left unchecked) when a folder on the way is gone, a link, or a rename fails.
export function spellBelow(top: string, sub: Buffer, renamed: (parts: readonly string[], raw: Buffer, name: string) => void, known: (parts: readonly string[], raw: Buffer) => string | undefined = () => undefined, topOk: (stats: ReturnType<typeof fstatSync>) => boolean = () => true): string {
  const raws = byParts(sub);
  const parts: string[] = [];
  const fds: number[] = [];
  try {
    fds.push(openSync(top, FLAGS));
    if (!topOk(fstatSync(fds[0]!))) throw new Error(`${top} changed while it was checked`);
    for (const [index, raw] of raws.entries()) {
      const held = `/proc/self/fd/${fds[fds.length - 1]!}`;
      let name = isFaithful(raw) ? raw.toString('utf8') : known(parts, raw);
      if (name === undefined) {
        name = setAside(held, raw);
        renamed(parts, raw, name);
      }
      parts.push(name);
      if (index < raws.length - 1) fds.push(openSync(`${held}/${name}`, FLAGS));
    }
    return parts.join('/');
  } finally {
    for (const fd of fds) closeSync(fd);
  }
}

export function byParts(sub: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  for (let at = 0, end = sub.indexOf(0x2f); at <= sub.length; at = end + 1, end = sub.indexOf(0x2f, at)) {
    parts.push(sub.subarray(at, end < 0 ? sub.length : end));
    if (end < 0) break;
  }
  return parts;
}
