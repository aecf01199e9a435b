import { statSync } from 'node:fs';
import { isAbsolute, join, normalize } from 'node:path';

// Whether a file is a program a shell runs by its name (a relative PATH entry `.`: home-sources-relpath.ts, red
// team R28-1). The shell's PATH search takes only an executable file, so the file's mode decides; a file tool's
// write (gate-written.ts) is judged by the mode it leaves and, under a command's name, by its bytes.

// The executable bit of the file at `rel` of any of `roots` (links followed, as the shell's search does). A path
// outside them (`../../bin/true`, a shell argument's spelling) is not a workspace file: none.
export function fsRunnable(roots: readonly string[]): (rel: string) => boolean {
  return (rel) => !isAbsolute(rel) && !normalize(rel).startsWith('..') && roots.some((root) => {
    try {
      const stats = statSync(rel === '' ? root : join(root, rel));
      return stats.isFile() && (stats.mode & 0o111) !== 0;
    } catch {
      return false;
    }
  });
}

// Bytes that start a program: a script's `#!`, an ELF or Mach-O binary.
const MAGIC: readonly (readonly number[])[] = [[0x23, 0x21], [0x7f, 0x45, 0x4c, 0x46], [0xcf, 0xfa, 0xed, 0xfe], [0xce, 0xfa, 0xed, 0xfe], [0xfe, 0xed, 0xfa, 0xcf], [0xfe, 0xed, 0xfa, 0xce], [0xca, 0xfe, 0xba, 0xbe]];
export const startsProgram = (bytes: Uint8Array): boolean => MAGIC.some((magic) => magic.every((byte, i) => bytes[i] === byte));

// A name a person types as a command: none of a document's or source file's extensions (`jq`, `git-lfs`,
// `python3.12`; not `x.ts`, `notes.md`, `.env`).
export const commandLike = (path: string): boolean => !/\.[A-Za-z][A-Za-z0-9_]*$/.test(path.slice(path.lastIndexOf('/') + 1));

// What a file tool's write leaves at a path is a program: the mode it sets (or the existing file's, which the write
// keeps: `before`), or a program's bytes under a command's name.
export const writesProgram = (path: string, bytes: Uint8Array, mode: number | undefined, before: boolean): boolean =>
  (mode !== undefined ? (mode & 0o111) !== 0 : before) || (commandLike(path) && startsProgram(bytes));
