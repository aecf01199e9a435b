// What a native program (or library) makes the kernel and the dynamic loader open below the work tree (red team
// R22-6, R23-9), without a hook walk: its PT_INTERP and library paths (`files`), its RUNPATH/RPATH folders with
// `$ORIGIN` as the loader spells it (`folders`: the loader looks there for every library), the library names looked
// up there (`needed`). `from`: the folders a relative name is opened from. A Mach-O of the tree (load commands not
// read) or an ELF that does not parse: `unknown`, naming it.
import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { readGitMetadataHead } from '../git/config-read.js';
import { elfNames } from './elf-loads.js';
import { inside } from './hook-spelling.js';
import { isNative, stats } from './hook-walk.js';

// The work tree as the walk spells it (`top`) and where it really is (`real`: a top reached through a link).
export interface TreePlace {
  readonly top: string;
  readonly real: string;
}

export interface NativeOpens {
  readonly files: string[];
  readonly folders: string[];
  readonly needed: readonly string[];
  readonly unknown?: string;
}

// `path` spelled below the top as the walk spells it, when it lies below the top's real path.
export const below = (place: TreePlace, path: string): string => (!inside(place.top, path) && inside(place.real, path) ? join(place.top, relative(place.real, path)) : path);

// Where the real file of `program` lies (`$ORIGIN`: the loader resolves links).
function origin(place: TreePlace, program: string): string {
  try {
    return below(place, dirname(realpathSync(program)));
  } catch {
    return dirname(program);
  }
}

export function nativeOpens(place: TreePlace, program: string, from: readonly string[]): NativeOpens {
  const here = origin(place, program);
  const at = (named: string): string[] => (isAbsolute(named) ? [below(place, named)] : from.map((folder) => resolve(folder, named))).filter((path) => inside(place.top, path));
  // A Mach-O (macOS): its load commands are not read. One of the tree may load the tree's files (@loader_path):
  // not known. One installed elsewhere (a venv's python links there) loads from where it lies.
  if (readGitMetadataHead(program, 4)?.toString('latin1') !== '\x7fELF') return { files: [], folders: [], needed: [], ...(inside(place.top, here) ? { unknown: `${basename(program)} is a Mach-O program of the tree (what it loads is not read)` } : {}) };
  const read = elfNames((offset, length) => readGitMetadataHead(program, length, offset));
  if ('failed' in read) return { files: [], folders: [], needed: [], unknown: `${basename(program)} is a native program whose loads are not known: ${read.failed}` };
  const files = [...read.interps, ...read.needed.filter((needed) => needed.includes('/'))].flatMap(at);
  const folders = read.folders.flatMap((entry) => {
    const spelled = entry.replace(/\$(?:ORIGIN\b|\{ORIGIN\})/g, here);
    // `$LIB`, `$PLATFORM` (or a token the loader does not know): the folder up to it, whole.
    return at(spelled.includes('$') ? spelled.slice(0, spelled.lastIndexOf('/', spelled.indexOf('$')) + 1) || '.' : spelled || '.');
  });
  return { files, folders: [...new Set(folders)], needed: read.needed.filter((needed) => !needed.includes('/')) };
}

// Libraries of the tree read at most for one addon (each may need others).
const MAX_LIBRARIES = 32;

// What the native addon `addon` makes the loader open below `top`, for a reader with no hook walk (node-package-
// entry.ts: NODE_OPTIONS of an env file): its files and library folders (whole), and the same for each library of
// the tree it needs, in turn. One that is no program of this machine is not loaded here (hook-native-loads.ts
// obeyAddon); one that cannot be read is `unknown`.
export function addonOpens(addon: string, top: string): { paths: string[]; unknown?: string } {
  let real = top;
  try {
    real = realpathSync(top);
  } catch {
    // a top that is not there: spelled as given
  }
  const paths = new Set<string>();
  const queue = [addon];
  for (let at = 0; at < queue.length; at++) {
    const program = queue[at]!;
    if (at >= MAX_LIBRARIES) return { paths: [...paths], unknown: `${basename(addon)} needs more than ${MAX_LIBRARIES} libraries of the tree (not all read)` };
    const head = readGitMetadataHead(program, 20);
    if (head === undefined) return { paths: [...paths], unknown: `${basename(program)} is a native addon or library codeward cannot read` };
    if (!isNative(head)) continue;
    const opens = nativeOpens({ top, real }, program, [top, dirname(program)]);
    if (opens.unknown !== undefined) return { paths: [...paths], unknown: opens.unknown };
    const found = [...opens.files, ...opens.folders.flatMap((folder) => opens.needed.map((needed) => join(folder, needed)))];
    for (const path of [...opens.files, ...opens.folders]) paths.add(path);
    for (const path of found) if (!queue.includes(path) && stats(path)?.file === true) queue.push(path);
  }
  return { paths: [...paths] };
}
