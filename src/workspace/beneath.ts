import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readlinkSync, type BigIntStats, type Stats } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';
import { fail, isCodewardError } from '../engine/errors.js';
import { changed, errno, escapes, fsRefusal, notAccessible } from './refusals.js';

// Handle-based path resolution: every file operation reaches its target from a descriptor of the
// workspace root, one component at a time, opening each folder with O_NOFOLLOW|O_DIRECTORY, and then
// acts through `/proc/self/fd/<parent>/<leaf>`. The kernel resolves `/proc/self/fd/N` to the folder the
// descriptor holds (not to a path string), so a folder swapped for a symlink after the walk cannot
// redirect the operation: the walk refuses the link (C215), and the act names an inode we hold.
// The leaf itself is never followed by rename/unlink/link/mkdir/lstat, and is opened with O_NOFOLLOW.
//
// O_PATH (010000000 on x86-64 and arm64; other Linux ports use other values) gives a descriptor that
// cannot read anything but works as a lookup anchor, so folders without read permission still walk.
// Without /proc (macOS, BSD) or O_PATH, the fallback checks every component with lstat right before the
// act: a much shorter window, but not closed (README "Security model" names the limit).

const LINUX_O_PATH = 0o10000000;

// Node passes these straight to open(2); libuv adds O_CLOEXEC.
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_DIRECTORY = constants.O_DIRECTORY ?? 0;

interface Anchors {
  // open(2) flags of a folder anchor.
  readonly flags: number;
  // `/proc/<pid>/fd/`: the kernel resolves it a good deal faster than `/proc/self/fd/` (no `self` link
  // to follow on every lookup); used only when `/proc/self` is that same pid (the /proc mounted here
  // belongs to our pid namespace), else `/proc/self/fd/`.
  readonly prefix: string;
}

function probeHandles(): Anchors | undefined {
  if (process.platform !== 'linux' || (process.arch !== 'x64' && process.arch !== 'arm64')) return undefined;
  const flags = LINUX_O_PATH | O_DIRECTORY | O_NOFOLLOW;
  let fd: number | undefined;
  try {
    const prefix = readlinkSync('/proc/self') === String(process.pid) ? `/proc/${process.pid}/fd/` : '/proc/self/fd/';
    fd = openSync('/', flags);
    const viaProc = lstatSync(`${prefix}${fd}/.`);
    const root = fstatSync(fd);
    return viaProc.ino === root.ino && viaProc.dev === root.dev ? { flags, prefix } : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeQuietly(fd);
  }
}

// How folders are anchored here, or undefined when this platform has no /proc fd anchors. Computed
// once at load: a property of the kernel and of this process, never changed afterwards.
const ANCHORS: Anchors | undefined = probeHandles();
const DIR_FLAGS: number | undefined = ANCHORS?.flags;
const FD_PREFIX = ANCHORS?.prefix ?? '/proc/self/fd/';

// Whether operations here are anchored on descriptors (true on Linux x86-64/arm64 with /proc).
export const HANDLES_AVAILABLE = DIR_FLAGS !== undefined;

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // nothing else to release
  }
}

// One open folder of the walk: `path` names it for the kernel (`/proc/self/fd/N`, or the checked real
// path on the fallback), `real` is its real path for messages. Close it exactly once.
export interface DirHandle {
  readonly path: string;
  readonly real: string;
  // The folder's identity and times (fstat of the descriptor; lstat of the checked path on the fallback).
  stat(): BigIntStats;
  close(): void;
}

class FdDir implements DirHandle {
  readonly path: string;
  #fd: number | undefined;
  constructor(fd: number, readonly real: string) {
    this.#fd = fd;
    this.path = FD_PREFIX + String(fd);
  }
  stat(): BigIntStats {
    if (this.#fd === undefined) throw new Error('DirHandle.stat after close');
    return fstatSync(this.#fd, { bigint: true });
  }
  close(): void {
    if (this.#fd !== undefined) closeQuietly(this.#fd);
    this.#fd = undefined;
  }
}

class PathDir implements DirHandle {
  constructor(readonly path: string, readonly real: string) {}
  stat(): BigIntStats {
    return lstatSync(this.path, { bigint: true });
  }
  close(): void {
    // no descriptor on the fallback
  }
}

function join2(dir: string, name: string): string {
  return dir.endsWith('/') ? dir + name : `${dir}/${name}`;
}

// Replaces an anchor path (`/proc/self/fd/N`) in an error by the folder's real path, so messages name
// the file the caller asked about, not a descriptor number.
export function relabel(error: unknown, dir: DirHandle): unknown {
  if (dir.path === dir.real || typeof error !== 'object' || error === null) return error;
  const each = error as { message?: unknown; path?: unknown; dest?: unknown };
  const swap = (value: unknown): unknown => (typeof value === 'string' ? value.split(dir.path).join(dir.real) : value);
  try {
    if (typeof each.message === 'string') each.message = swap(each.message);
    if (typeof each.path === 'string') each.path = swap(each.path);
    if (typeof each.dest === 'string') each.dest = swap(each.dest);
  } catch {
    // a frozen error keeps its text
  }
  return error;
}

export interface AtOptions {
  // Create missing folders on the way (mode 0o777 minus the umask); their real paths go to `created`.
  readonly mkdirs?: boolean;
  readonly created?: string[];
  // Name the path in refusals (default the absolute path).
  readonly input?: string;
}

// The anchor of one workspace root. Holds no descriptor between calls: every call opens the root and
// walks down, so nothing leaks when a Workspace is dropped.
export class Beneath {
  readonly root: string;
  readonly #rootPrefix: string;

  constructor(root: string) {
    this.root = root;
    this.#rootPrefix = root.endsWith(sep) ? root : root + sep;
  }

  // The components of `abs` below the root; refuses (C215) a path outside it.
  #parts(abs: string, input: string): string[] {
    if (abs === this.root) return [];
    if (!isAbsolute(abs) || !abs.startsWith(this.#rootPrefix)) throw escapes(input);
    const rest = sep === '/' ? abs.slice(this.#rootPrefix.length) : relative(this.root, abs);
    const parts = rest.split(sep);
    for (const part of parts) if (part === '' || part === '.' || part === '..') throw escapes(input);
    return parts;
  }

  // Whether `abs` is a normal absolute path at or below the root (a string test; no filesystem access).
  contains(abs: string): boolean {
    try {
      this.#parts(abs, abs);
      return true;
    } catch {
      return false;
    }
  }

  // Opens the folder `abs` (symlink-free, inside the root), refusing any symlink on the way (C215).
  openDir(abs: string, options: AtOptions = {}): DirHandle {
    const input = options.input ?? abs;
    return this.#walk(this.#parts(abs, input), input, options);
  }

  // Opens the folder `name` inside `parent`, never through a symlink; undefined when it is no folder (or gone).
  openChild(parent: DirHandle, name: string): DirHandle | undefined {
    const real = join2(parent.real, name);
    try {
      return this.#step(parent, name, real, real);
    } catch {
      return undefined;
    }
  }

  // Runs `act` with a path naming `abs` through its parent folder's handle (see the top of this file).
  // The parent chain holds no symlink (else C215); the leaf is whatever is there now, not followed by
  // the kernel for rename/unlink/link/lstat/mkdir/O_CREAT|O_EXCL and refused by O_NOFOLLOW opens.
  async at<T>(abs: string, act: (path: string) => Promise<T> | T, options: AtOptions = {}): Promise<T> {
    const { dir, leaf } = this.#parent(abs, options);
    try {
      return await act(join2(dir.path, leaf));
    } catch (error) {
      throw relabel(error, dir);
    } finally {
      dir.close();
    }
  }

  // at() for a synchronous act.
  atSync<T>(abs: string, act: (path: string) => T, options: AtOptions = {}): T {
    const { dir, leaf } = this.#parent(abs, options);
    try {
      return act(join2(dir.path, leaf));
    } catch (error) {
      throw relabel(error, dir);
    } finally {
      dir.close();
    }
  }

  // Whether the open descriptor `fd` holds the file at `abs` now, by the kernel's own name for it
  // (readlink of /proc/<pid>/fd/<fd>): a file reached through a folder swapped for a symlink has its true
  // path there, not `abs`. Only meaningful with descriptor anchors (false without).
  holds(fd: number, abs: string): boolean {
    if (DIR_FLAGS === undefined) return false;
    try {
      return readlinkSync(FD_PREFIX + String(fd)) === abs;
    } catch {
      return false;
    }
  }

  // Opens the file at `abs` for reading with `flags` (which must include O_NOFOLLOW): the hot path of
  // every read. One open by the real path, then holds() proves the kernel opened the file at `abs` (two
  // syscalls instead of a walk of the whole path); anything else (a swap on the way, a file moved
  // meanwhile) closes it and opens through the handle walk, which refuses any symlink (C215).
  openFileSync(abs: string, flags: number, input = abs): number {
    if (DIR_FLAGS !== undefined && this.contains(abs)) {
      let fd: number | undefined;
      try {
        fd = openSync(abs, flags);
      } catch {
        fd = undefined; // the walk below gives the precise refusal
      }
      if (fd !== undefined) {
        if (this.holds(fd, abs)) return fd;
        closeQuietly(fd);
      }
    }
    return this.atSync(abs, (at) => openSync(at, flags), { input });
  }

  // lstat of `abs` through its parent's handle; undefined when nothing is there.
  lstat(abs: string, input = abs): Stats | undefined {
    try {
      return this.atSync(abs, (path) => lstatSync(path), { input });
    } catch (error) {
      if (isCodewardError(error) && error.code === 'C211') return undefined;
      if (errno(error) === 'ENOENT' || errno(error) === 'ENOTDIR') return undefined;
      throw isCodewardError(error) ? error : fsRefusal(error, input);
    }
  }

  #parent(abs: string, options: AtOptions): { dir: DirHandle; leaf: string } {
    const input = options.input ?? abs;
    const parts = this.#parts(abs, input);
    const leaf = parts.pop();
    if (leaf === undefined) throw fail('C210', `${input} is the workspace root itself`);
    return { dir: this.#walk(parts, input, options), leaf };
  }

  #walk(parts: readonly string[], input: string, options: AtOptions): DirHandle {
    let dir = this.#openRoot(input);
    let real = this.root;
    try {
      for (const part of parts) {
        real = join2(real, part);
        const next = this.#stepOrCreate(dir, part, real, input, options);
        dir.close();
        dir = next;
      }
      return dir;
    } catch (error) {
      dir.close();
      throw error;
    }
  }

  #openRoot(input: string): DirHandle {
    if (DIR_FLAGS === undefined) {
      const stats = lstatOrRefuse(this.root, input);
      if (!stats?.isDirectory()) throw notAccessible(input);
      return new PathDir(this.root, this.root);
    }
    try {
      return new FdDir(openSync(this.root, DIR_FLAGS), this.root);
    } catch (error) {
      throw fsRefusal(error, input);
    }
  }

  #stepOrCreate(dir: DirHandle, part: string, real: string, input: string, options: AtOptions): DirHandle {
    try {
      return this.#step(dir, part, real, input);
    } catch (error) {
      if (!options.mkdirs || !isCodewardError(error) || error.code !== 'C211' || lstatOrRefuse(join2(dir.path, part), input) !== undefined) throw error;
    }
    try {
      mkdirSync(join2(dir.path, part));
      options.created?.push(real);
    } catch (error) {
      if (errno(error) !== 'EEXIST') throw relabel(isCodewardError(error) ? error : fsRefusal(error, input), dir);
    }
    return this.#step(dir, part, real, input);
  }

  // One component: a folder, never a symlink (ELOOP/ENOTDIR from a link read as "changed", C215).
  #step(dir: DirHandle, part: string, real: string, input: string): DirHandle {
    const path = join2(dir.path, part);
    if (DIR_FLAGS === undefined) {
      const stats = lstatOrRefuse(path, input);
      if (stats === undefined) throw notAccessible(input);
      if (stats.isSymbolicLink()) throw changed(input);
      if (!stats.isDirectory()) throw fail('C210', `${input}: ${real} is not a folder`);
      return new PathDir(path, real);
    }
    try {
      return new FdDir(openSync(path, DIR_FLAGS), real);
    } catch (error) {
      const code = errno(error);
      if (code === 'ENOTDIR' || code === 'ELOOP') {
        const stats = lstatOrRefuse(path, input);
        if (stats === undefined) throw notAccessible(input);
        if (stats.isSymbolicLink()) throw changed(input);
        throw fail('C210', `${input}: ${real} is not a folder`);
      }
      throw fsRefusal(error, input);
    }
  }
}

function lstatOrRefuse(path: string, input: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    if (errno(error) === 'ENOENT' || errno(error) === 'ENOTDIR') return undefined;
    throw fsRefusal(error, input);
  }
}
