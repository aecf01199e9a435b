import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gitGuards } from './guards.js';
import { kindOf, realOf, within } from './policy.js';
import { procCoverArgs } from './proc-cover.js';
import type { SecretPath } from './secret-files.js';
import { hideArgs } from './write-jail-hidden.js';

// The write jail of `--sandbox off` (issue 26, round 33): reads unconfined, writes jailed. With no OS
// sandbox the parse was the only guard of where a line writes, and a program writes wherever its option
// files, option strings in the environment, stdin, addresses or SQL tell it (R33-1..R33-9): a list of such
// instances never converges. So wherever a jail primitive runs, an `off` run gets the whole root READ-ONLY
// and only these writable: the workspace, the temporary folder (os.tmpdir(), $TMPDIR), /dev/shm and the
// person's sandboxWritable folders. Same environment and network as `off` (the host's network namespace).
// Inside the workspace, the git control files the in-place sandbox keeps read-only (guards.ts gitGuards:
// .git/config, hooks, info, core.hooksPath's folder) stay read-only when they exist; codeward's own state
// folders are read-only wherever they lie.
// Its own PID namespace and a fresh /proc (the host's process folders lead out: a process of the same user
// opens /proc/<pid>/root/… of its parent and writes through the host's root), with /proc's kernel files
// read-only (proc-cover.ts).

export interface WriteJail {
  // The workspace's real path.
  readonly root: string;
  readonly home: string | undefined;
  // The person's sandboxWritable folders, real paths (missing ones left out).
  readonly writable: readonly string[];
  // codeward's own folders (state, cache): read-only where a writable area holds them.
  readonly ownFolders: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  // What stays hidden though reads are unconfined (write-jail-hidden.ts), and the empty file bound over a file.
  readonly hidden?: readonly SecretPath[];
  // Existing protected paths of the workspace (the write gate's walk): read-only.
  readonly readOnly?: readonly string[];
  readonly empty?: string;
}

// The temporary folders a jailed run may write: os.tmpdir() and $TMPDIR (real paths), never /var/tmp
// unless one of them is there.
export function jailTmp(env: Readonly<Record<string, string | undefined>>): string[] {
  const found = new Set<string>();
  for (const path of [tmpdir(), env['TMPDIR']]) {
    if (!path || !path.startsWith('/') || path === '/') continue;
    try {
      found.add(realpathSync(path));
    } catch {
      // Missing: nothing to make writable.
    }
  }
  return [...found];
}

// Every place a jailed run writes on the host, outermost first, without one inside another.
export function jailWritable(jail: WriteJail): string[] {
  const all = [jail.root, ...jailTmp(jail.env), ...(kindOf('/dev/shm') === 'dir' ? ['/dev/shm'] : []), ...jail.writable].filter((path) => path !== '/');
  const unique = [...new Set(all)];
  return unique.filter((path) => !unique.some((other) => other !== path && within(path, other)));
}

// bubblewrap arguments for a jailed run in `cwd`.
export function writeJailArgs(jail: WriteJail, cwd: string): string[] {
  // No capabilities even as root: with CAP_SYS_ADMIN a process could remount the root writable.
  const args = ['--die-with-parent', '--unshare-pid', '--cap-drop', 'ALL', '--ro-bind', '/', '/', '--dev-bind', '/dev', '/dev', '--proc', '/proc'];
  procCoverArgs(args);
  const writable = jailWritable(jail);
  for (const path of writable) if (path !== '/dev/shm') args.push('--bind', path, path);
  if (writable.includes('/dev/shm')) args.push('--bind', '/dev/shm', '/dev/shm');
  const inArea = (path: string): boolean => writable.some((area) => within(path, area));
  // The in-place sandbox's git guards, only those that need no mount point (an existing path).
  for (const guard of gitGuards(jail.root, jail.home)) {
    if (guard.kind === 'ro' && inArea(realOf(guard.path))) args.push('--ro-bind', realOf(guard.path), realOf(guard.path));
  }
  for (const folder of jail.ownFolders) if (inArea(folder) && kindOf(folder) === 'dir') args.push('--ro-bind', folder, folder);
  for (const path of jail.readOnly ?? []) if (inArea(path) && kindOf(path) !== 'missing') args.push('--ro-bind', path, path);
  args.push(...hideArgs(jail.hidden ?? [], jail.empty ?? '/dev/null'));
  args.push('--chdir', cwd, '--');
  return args;
}

// A path as a Seatbelt string literal.
const quote = (path: string): string => `"${path.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

// The macOS equivalent (sandbox-exec): everything allowed, file writes denied outside the same places
// (seatbelt.ts style; later rules win). /dev's terminals and null stay writable.
export function writeJailProfile(jail: WriteJail): string {
  const writable = [...new Set([...jailWritable(jail), '/private/tmp', '/private/var/folders'].flatMap((path) => [path, realOf(path)]))];
  const lines = ['(version 1)', '(allow default)', '(deny file-write*)'];
  lines.push(`(allow file-write* ${writable.map((path) => `(subpath ${quote(path)})`).join(' ')} (literal "/dev/null") (literal "/dev/zero") (literal "/dev/tty") (regex #"^/dev/fd/") (regex #"^/dev/tty"))`);
  const readOnly = [...gitGuards(jail.root, jail.home).filter((guard) => guard.kind === 'ro').map((guard) => guard.path), ...jail.ownFolders, ...(jail.readOnly ?? [])];
  if (readOnly.length > 0) lines.push(`(deny file-write* ${[...new Set(readOnly.flatMap((path) => [path, realOf(path)]))].map((path) => `(subpath ${quote(path)})`).join(' ')})`);
  const hidden = (jail.hidden ?? []).map((secret) => `(${secret.kind === 'dir' ? 'subpath' : 'literal'} ${quote(secret.path)})`);
  if (hidden.length > 0) lines.push(`(deny file-read* file-write* ${hidden.join(' ')})`);
  return `${lines.join('\n')}\n`;
}
