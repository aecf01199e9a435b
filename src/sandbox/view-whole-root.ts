import { HOST_SOCKETS } from './lists.js';
import { realOf, targetKindOf, within, type SandboxPolicy } from './policy.js';

// The view of `--sandbox off`'s write jail (issue 26, round 35): the in-place sandbox's run in every part (the
// workspace and sandboxWritable binds, the git and home guards, the hidden secrets, its namespaces, the seccomp
// filter of local sockets, the private /tmp) but for what it shows outside the workspace: the whole root
// READ-ONLY in place of the default-deny view (view.ts), since `off` leaves reads unconfined. What the default-deny
// view hides by not showing it is hidden here explicitly: the host's socket folders (HOST_SOCKETS: docker, D-Bus,
// the session buses under /run/user) and, by the caller's secrets (sandbox-jail.ts), every home's credential
// catalogue, /etc's secrets and codeward's own folders. /dev and /proc are fresh, /tmp is private.
export function wholeRootArgs(args: string[], empty: string): void {
  args.push('--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp');
  const done = new Set<string>();
  for (const path of HOST_SOCKETS) {
    const kind = targetKindOf(path);
    const real = realOf(path);
    if (kind === 'missing' || done.has(real)) continue;
    done.add(real);
    // A socket folder: an empty private folder; a socket: an empty file (connect() needs no writable mount).
    if (kind === 'dir') args.push('--tmpfs', real);
    else args.push('--ro-bind', empty, real);
  }
}

// Whether a host path is in the whole-root view (a hidden path needs a mount there): everything but the private
// /tmp and the socket folders, except where the workspace or a writable folder is bound back.
export function inWholeRoot(policy: SandboxPolicy, real: string): boolean {
  if ([policy.root, ...policy.writable].some((area) => within(real, area))) return true;
  return !within(real, '/tmp') && !HOST_SOCKETS.some((folder) => within(real, realOf(folder)));
}
