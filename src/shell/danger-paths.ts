// Which paths are catastrophic to delete, move or re-permission, and which are devices or system
// areas that must never be written. Paths arrive as word candidates: `~` for home, U+0000 for a part
// only known at run time.
import { posix } from 'node:path';
import picomatch from '../workspace/picomatch.js';

export interface PathContext {
  readonly home?: string;
  // Folders a relative path may be relative to: the workspace and every `cd` target seen before.
  readonly cwds: readonly string[];
  // The workspace root: deleting it, a folder holding it, or its .git is catastrophic too.
  readonly root?: string;
}

export type CatastropheKind = 'root' | 'root-glob' | 'system' | 'home' | 'home-glob' | 'unknown-top' | 'workspace';

export interface Catastrophe {
  readonly kind: CatastropheKind;
  readonly description: string;
}

const UNKNOWN = '\u0000';
const ANY = '\u0001';
// Stands for the home directory when the caller did not say where it is.
const HOME_PLACEHOLDER = '/home/\u0002home';

// Top-level system folders (Linux and macOS) and a few second-level ones whose loss breaks the system.
export const SYSTEM_DIRS: ReadonlySet<string> = new Set([
  '/bin', '/boot', '/dev', '/etc', '/home', '/lib', '/lib32', '/lib64', '/libx32', '/opt', '/proc', '/root', '/run', '/sbin',
  '/srv', '/sys', '/usr', '/var', '/snap', '/nix', '/mnt', '/media',
  '/System', '/Library', '/Applications', '/Users', '/private', '/Volumes', '/cores', '/Network',
  '/usr/bin', '/usr/sbin', '/usr/lib', '/usr/lib32', '/usr/lib64', '/usr/libexec', '/usr/include', '/usr/share', '/usr/local',
  '/usr/local/bin', '/usr/local/lib', '/usr/local/sbin', '/var/lib', '/var/db', '/boot/efi', '/nix/store',
  '/private/etc', '/private/var', '/System/Library', '/etc/ssh', '/etc/pam.d', '/etc/sudoers.d',
]);

const GLOB = /[*?[]/;
// A glob component that matches (nearly) everything in a folder: *, .*, ?*, .[!.]*, **.
const BROAD_GLOB = /^\.?(?:\*|\?|\[[^\]]*\])+$/;

function clean(path: string): string {
  const normal = posix.normalize(path);
  return normal.length > 1 ? normal.replace(/\/+$/, '') : normal;
}

// `~` / `~user` / `~+` to absolute paths; relative paths against every known cwd.
function absolutes(candidate: string, context: PathContext): string[] {
  const tilde = /^~([^/]*)(\/.*)?$/.exec(candidate);
  if (tilde) {
    const user = tilde[1]!;
    const rest = tilde[2] ?? '';
    if (user === '') return [(context.home ?? HOME_PLACEHOLDER) + rest];
    if (user === '+') return context.cwds.map((cwd) => cwd + rest);
    if (user === '-') return [];
    return [(user === 'root' ? '/root' : `/home/${user}`) + rest];
  }
  if (candidate.startsWith('/')) return [candidate];
  return context.cwds.map((cwd) => posix.join(cwd, candidate));
}

function isHome(path: string, context: PathContext): boolean {
  if (context.home && path === clean(context.home)) return true;
  return path === HOME_PLACEHOLDER || path === '/root' || path === '/var/root' || /^\/(?:home|Users)\/[^/]+$/.test(path);
}

function describeFolder(path: string, context: PathContext): Catastrophe | undefined {
  if (path === '/') return { kind: 'root', description: 'the root directory /' };
  if (isHome(path, context)) return { kind: 'home', description: 'a home directory' };
  if (context.home && clean(context.home).startsWith(`${path}/`)) return { kind: 'system', description: `${path}, which contains your home directory` };
  if (SYSTEM_DIRS.has(path)) return { kind: 'system', description: `the system directory ${path}` };
  return undefined;
}

// Deleting the workspace, a folder holding it, or its git folder (every commit, every branch): `rm -rf .`
// at the root, `rm -r ..`, `rm -rf .git`, `rm -rf .g*` / `.*` there, `find . -delete`.
function workspaceLoss(path: string, glob: string | undefined, root: string): Catastrophe | undefined {
  const top = clean(root);
  const git = `${top === '/' ? '' : top}/.git`;
  if (glob === undefined) {
    if (path === top) return { kind: 'workspace', description: 'the workspace root' };
    if (top.startsWith(`${path}/`)) return { kind: 'workspace', description: `${path}, which holds the workspace` };
    if (path.toLowerCase() === git.toLowerCase()) return { kind: 'workspace', description: "the workspace's .git folder (every commit and branch)" };
    return undefined;
  }
  // A glob as the last component: what it can match in its folder.
  const matches = picomatch(glob, { bash: true, nocase: true });
  if (path === top && matches('.git')) return { kind: 'workspace', description: `the workspace's .git folder (through ${glob})` };
  const below = top.startsWith(`${path === '/' ? '' : path}/`) ? top.slice(path.length + (path === '/' ? 0 : 1)).split('/')[0] : undefined;
  if (below !== undefined && matches(below)) return { kind: 'workspace', description: `${posix.join(path, glob)}, which matches the folder holding the workspace` };
  return undefined;
}

// Would deleting (moving, re-permissioning) this path recursively wreck the machine or the user's home?
// `deleting`: the workspace root, what holds it and its .git count too (a move or chmod of them is not
// a catastrophe; deleting them is).
export function catastrophicPath(candidate: string, context: PathContext, deleting = false): Catastrophe | undefined {
  if (candidate === '' || candidate === UNKNOWN) return undefined;
  const dynamic = candidate.includes(UNKNOWN);
  if (dynamic && !candidate.startsWith('/') && !candidate.startsWith('~')) return undefined;
  for (const absolute of absolutes(candidate.replaceAll(UNKNOWN, ANY), context)) {
    const path = clean(absolute);
    const components = path.split('/').filter(Boolean);
    const unknownAt = components.findIndex((component) => component.includes(ANY));
    if (unknownAt >= 0) {
      // `/$X`, `/$X/*`, `/home/$USER`: a top-level folder or a home whose name is only known at run time.
      const tail = components.slice(unknownAt + 1);
      const last = tail.length === 0 || (tail.length === 1 && BROAD_GLOB.test(tail[0]!));
      if (!last) continue;
      const parent = `/${components.slice(0, unknownAt).join('/')}`;
      if (unknownAt === 0) return { kind: 'unknown-top', description: 'a top-level directory whose name is only known at run time' };
      if (parent === '/home' || parent === '/Users') return { kind: 'home', description: 'a home directory whose name is only known at run time' };
      continue;
    }
    const globAt = components.findIndex((component) => GLOB.test(component));
    if (deleting && context.root && (globAt < 0 || globAt === components.length - 1)) {
      const lost = globAt < 0 ? workspaceLoss(path, undefined, context.root) : workspaceLoss(`/${components.slice(0, globAt).join('/')}`, components[globAt]!, context.root);
      if (lost) return lost;
    }
    if (globAt === 0) return { kind: 'root-glob', description: `everything matching ${path} at the top of the file system` };
    if (globAt > 0) {
      const parent = `/${components.slice(0, globAt).join('/')}`;
      if (!BROAD_GLOB.test(components[globAt]!)) continue;
      const folder = describeFolder(parent, context);
      if (folder) return { kind: folder.kind === 'home' ? 'home-glob' : folder.kind === 'root' ? 'root-glob' : 'system', description: `everything in ${folder.description}` };
      continue;
    }
    const folder = describeFolder(path, context);
    if (folder) return folder;
  }
  return undefined;
}

// Special files that are fine to write: /dev/null, the standard streams, terminals, shared memory.
const HARMLESS_DEVICES = /^\/dev\/(?:null|zero|full|random|urandom|stdin|stdout|stderr|tty|tty\d*|console|ptmx|fd\/\d+|pts\/\d+|shm(?:\/.*)?)$/;
// Disks, partitions, raw memory.
const BLOCK_DEVICES = /^\/dev\/(?:sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|disk\d|rdisk\d|md\d|md\/|dm-\d|sr\d|nbd\d|zd\d|bcache\d|mapper\/|disk\/|root$|mem$|kmem$|port$)/;

function plain(candidate: string): string | undefined {
  if (candidate.includes(UNKNOWN) || !candidate.startsWith('/')) return undefined;
  return clean(candidate);
}

export function isBlockDevice(candidate: string): boolean {
  const path = plain(candidate);
  return path !== undefined && BLOCK_DEVICES.test(path);
}

// Any /dev path that is not a harmless special file (for formatting and partitioning tools).
export function isDevicePath(candidate: string): boolean {
  const path = plain(candidate);
  return path !== undefined && path.startsWith('/dev/') && !HARMLESS_DEVICES.test(path);
}

// Writing into /etc, /boot, /sys or /proc (a process's own fds under /proc are fine).
export function systemWriteArea(candidate: string): string | undefined {
  const path = plain(candidate);
  if (path === undefined) return undefined;
  if (/^\/proc\/(?:self|\d+|thread-self)\/fd(?:\/|$)/.test(path)) return undefined;
  const match = /^\/(?:private\/)?(etc|boot|sys|proc)(?:\/|$)/.exec(path);
  return match ? `/${match[1]}/` : undefined;
}

// Account, sudo and boot files: never replaced by cp, mv, install, ln, truncate or sed -i.
export function isCriticalFile(candidate: string): boolean {
  const path = plain(candidate);
  if (path === undefined) return false;
  return /^\/(?:private\/)?etc\/(?:passwd|shadow|group|gshadow|sudoers|fstab|master\.passwd)$/.test(path) || /^\/etc\/sudoers\.d(?:\/|$)/.test(path) || /^\/boot(?:\/|$)/.test(path);
}
