// The state of one hook walk (obeyed-hooks.ts): what it found, what it read (once each), the folders it listed
// (their stamps keep the cache honest), and why it could not follow a line (hook-unmodeled.ts).
import { statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { readGitMetadataHead, readGitMetadataOr, unreadWhy } from '../git/config-read.js';
import { listInside, realTops } from './hook-listing.js';
import type { FolderListings } from '../workspace/listings.js';
import type { PackageReach } from './node-package-reach.js';

const MAX_BYTES = 256 * 1024;

export interface Walk {
  readonly top: string;
  readonly gitDir: string | undefined;
  // Where the walk may list folders: the work tree, the hook folders, the git folder (real paths).
  readonly roots: readonly string[];
  readonly files: Set<string>;
  readonly globs: Set<string>;
  // Globs of `globs` whose stylesheets are obeyed only when their text loads code (css-code.ts; hook-tailwind-css.ts).
  readonly styles: Set<string>;
  readonly sources: string[];
  // `shellFed`: the file is an operand of a shell (`sh f`, `bash f`, `. f`), which reads even a compiled program as text.
  // `cwd`: the folders the line that runs it may be in (a native program's relative loads open from there).
  readonly queue: { path: string; depth: number; shellFed?: boolean; cwd?: readonly string[] }[];
  lines: number;
  readonly texts: Map<string, string | undefined>;
  readonly listings: Map<string, Set<string>>;
  // The first line the walk could not follow, and why: every runner-executed file kind is obeyed then.
  unmodeled?: string;
  // The globs of the runner-executed kinds, once the walk fell back to them (absolute).
  readonly kinds: string[];
  // The lines whose tasks were followed (folder and text): met again deeper, they are known.
  readonly followed: Set<string>;
  // The Python environments found directly in each folder looked into (hook-python-sites.ts).
  readonly environments: Map<string, string[]>;
  // Installed packages met (hook-packages.ts): their files read, each one's own reach, the node scripts followed.
  readonly packages: { readonly texts: Map<string, string | undefined>; readonly reaches: Map<string, PackageReach>; readonly followed: Set<string> };
  // The owner's listings, whose kept file keeps what is costly to find again (package-reach-kept.ts).
  readonly kept?: FolderListings;
  // babel's configurations from these folders (hook-js-configs.ts babelConfigs, set by the walk's creator: a preload
  // row of @babel/register obeys them without hook-node-options.ts importing the configuration reader).
  babel?: (bases: readonly string[]) => void;
}

export const newWalk = (top: string, gitDir: string | undefined, dirs: readonly string[], kept?: FolderListings): Walk => ({ top, gitDir, roots: realTops([top, ...dirs, ...(gitDir === undefined ? [] : [gitDir])]), files: new Set(), globs: new Set(), styles: new Set(), sources: [], queue: [], lines: 0, texts: new Map(), listings: new Map(), kinds: [], followed: new Set(), environments: new Map(), packages: { texts: new Map(), reaches: new Map(), followed: new Set() }, ...(kept === undefined ? {} : { kept }) });

export function stats(path: string): { file: boolean; executable: boolean } | undefined {
  try {
    // No exception for a missing path (most paths looked for): throwing is most of a walk's cost.
    const found = statSync(path, { throwIfNoEntry: false });
    return found === undefined ? undefined : { file: found.isFile(), executable: (found.mode & 0o111) !== 0 };
  } catch {
    return undefined;
  }
}

// A program the kernel runs itself (red team R21-4): an ELF for this machine's processor on Linux (its header is what
// the kernel checks before it loads it), a Mach-O (thin, fat) on macOS. Nothing else is compiled for the walk: a
// file the kernel refuses (`MZ...`, a NUL early on, an ELF for another processor) is run by git or the shell as a
// shell script (ENOEXEC; dash drops NUL bytes and reads on), so its lines are read.
const MACHINES: Partial<Record<string, readonly number[]>> = { x64: [62, 3], ia32: [3], arm64: [183, 40], arm: [40], riscv64: [243], ppc64: [21], s390x: [22] };
export function isNative(head: Buffer, platform: NodeJS.Platform = process.platform, arch: string = process.arch): boolean {
  if (platform === 'darwin') return /^(?:\xfe\xed\xfa[\xce\xcf]|[\xce\xcf]\xfa\xed\xfe|\xca\xfe\xba\xbe)/.test(head.subarray(0, 4).toString('latin1'));
  if (head.length < 20 || head.readUInt32BE(0) !== 0x7f454c46 || ![1, 2].includes(head[4]!) || ![1, 2].includes(head[5]!)) return false;
  const little = head[5] === 1;
  const type = little ? head.readUInt16LE(16) : head.readUInt16BE(16);
  const machine = little ? head.readUInt16LE(18) : head.readUInt16BE(18);
  return (type === 2 || type === 3) && (MACHINES[arch]?.includes(machine) ?? true);
}

// Whether the file at `path` is such a program (its first bytes read again: the walk's text is decoded).
export const nativeProgram = (path: string): boolean => isNative(readGitMetadataHead(path, 20) ?? Buffer.alloc(0));

// One file's text, read once per walk (a fan-out reads the top's runner configurations once per package).
export function read(walk: Walk, path: string): string | undefined {
  if (walk.texts.has(path)) return walk.texts.get(path);
  // Looked up in its folder's listing first (read once per walk, names compared ignoring case; a folder
  // outside the work tree is not listed): most paths looked for are runner configurations that do not exist.
  const folder = dirname(path);
  let names = walk.listings.get(folder);
  if (names === undefined) {
    names = new Set(listInside(walk.roots, folder).map((entry) => entry.name.toLowerCase()));
    walk.listings.set(folder, names);
  }
  const present = names.has(basename(path).toLowerCase());
  const got = present ? readGitMetadataOr(path, MAX_BYTES) : 'absent';
  const text = typeof got === 'object' ? got.text : undefined;
  // A file too large to read is not known (red team R15-9c), nor a FIFO or a link loop (bounds23): the walk fails
  // closed rather than skip it. A compiled program is not read at all (its size does not matter): obeyed where it
  // stands (F4: a venv's python). A folder is no file of the walk.
  const why = got === 'folder' ? undefined : unreadWhy(basename(path), got, MAX_BYTES);
  if (why !== undefined && !(got === 'too-large' && nativeProgram(path))) walk.unmodeled ??= why;
  // Noted even when missing, by its folder (a pytest.ini made later changes the folder's stamp, and names a
  // plugin at once): one stamp per folder, not one per name looked for.
  walk.sources.push(present ? path : folder);
  walk.texts.set(path, text);
  return text;
}
