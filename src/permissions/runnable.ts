import { statSync } from 'node:fs';
import { isAbsolute, join, normalize } from 'node:path';
import type { HomeLink } from './home-links.js';
import { homeLinkObeyed } from './home-link-obeyed.js';
import type { ObeyedContext } from './obeyed.js';
import { isInside, toRel } from '../workspace/contains.js';

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

// What gate-written.ts asks of a judged write and its dry run's changes (types.ts Judged, engine IntendedChange; not
// imported: the engine imports this module's importers).
interface Written {
  readonly subject?: string | undefined;
  readonly real?: string | undefined;
}
interface Change {
  readonly path: string;
  readonly after: Uint8Array | null;
  readonly mode?: number | undefined;
}

// A program-only home link's test (HomeLink names/executable, red team R28-1; obeyed.ts ObeyedContext.program): a file
// of the work tree (not a folder; not a path spelled elsewhere: `/bin/true`, `../x`) named like a program, or, for
// `executable`, one by the context's `runnable`.
export function isProgram(link: HomeLink, path: string, spelled: string, ctx: ObeyedContext): boolean {
  const place = normalize(spelled.split('\\').join('/'));
  if (spelled.includes('\u0000') || place.startsWith('..') || (isAbsolute(place) && (ctx.at === undefined || !isInside(ctx.at, place)))) return false;
  if (ctx.lookup?.(path) === 'dir') return false;
  // A name of the list, or one a `prefix*` entry starts (no cache: module-level state is not allowed, walk-state-js22).
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  if (link.names?.some((each) => (each.endsWith('*') ? name.startsWith(each.slice(0, -1)) : each === name)) === true) return true;
  return link.executable === true && (ctx.runnable?.(path) ?? true);
}

// Whether a file tool's written path lies where a relative PATH entry `.` obeys the programs (HomeLink executable),
// whatever the file: by its workspace-relative spellings (gate-written.ts).
export function programByPath(entry: Written, root: string, ctx: ObeyedContext): boolean {
  const links = ctx.homeLinks?.filter((link) => link.executable === true) ?? [];
  if (links.length === 0) return false;
  const real = isInside(root, entry.real!) ? toRel(root, entry.real!) : undefined;
  return [entry.subject, real].some((rel) => rel !== undefined && homeLinkObeyed(rel, links) !== undefined);
}

// What the dry run leaves at the path is a program: one change declared; anything else, a program.
export function leavesProgram(entry: Written, changes: readonly Change[], root: string): boolean {
  const mine = changes.filter((change) => change.path === entry.real);
  if (mine.length !== 1) return true;
  const [only] = mine;
  if (only!.after === null) return false;
  return writesProgram(entry.real!, only!.after, only!.mode, fsRunnable([root])(toRel(root, entry.real!)));
}
