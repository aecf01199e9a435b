import { lstatQuiet } from '../files/stat-quiet.js';
import { realOf, targetKindOf, within, type WholeRootView } from './policy.js';

// The view of `--sandbox off`'s write jail (issue 26, round 35): the in-place sandbox's run in every part (the
// workspace and sandboxWritable binds, the git and home guards, the hidden secrets, its namespaces, the seccomp
// filter of local sockets, the private /tmp) but for what it shows outside the workspace: the whole root
// READ-ONLY in place of the default-deny view (view.ts), since `off` leaves reads unconfined. What the default-deny
// view hides by not showing it is hidden here explicitly: the host's socket folders (HOST_SOCKETS: docker, D-Bus,
// the session buses under /run/user) and, by the jail's secrets (write-jail-run.ts), every home's credential
// catalogue, /etc's secrets and codeward's own folders. /dev and /proc are fresh, /tmp is private.
// Loaded only by an `off` run (write-jail-run.ts puts it on the policy: SandboxPolicy.view), read by bwrap.ts.
// Local sockets that hand out more power than the sandbox has (the Docker daemon is root; an ssh or
// gpg agent signs as the user; D-Bus starts services; databases). A network namespace does not cover
// Unix sockets in the file system, so they are hidden: all of /run in the default-deny view (view.ts),
// these in the whole root.
export const HOST_SOCKETS: readonly string[] = [
  '/run/user', '/run/docker.sock', '/var/run/docker.sock', '/run/containerd', '/run/podman', '/run/dbus', '/var/run/dbus',
  '/run/snapd.socket', '/run/postgresql', '/var/run/postgresql', '/run/mysqld', '/var/run/mysqld',
];

export const WHOLE_ROOT: WholeRootView = {
  rootArgs(args, empty) {
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
  },
  // Every file is shown: /etc's git config (and the shown toolchains') as its clean copy, over the ones that exist.
  shownArgs(policy, args, empty) {
    for (const [path, copy] of policy.substitutes ?? []) if (lstatQuiet(path)) args.push('--ro-bind', copy ?? empty, path);
  },
  // Everything but the private /tmp and the socket folders, except where the workspace or a writable folder is bound back.
  inView(policy, real) {
    if ([policy.root, ...policy.writable].some((area) => within(real, area))) return true;
    return !within(real, '/tmp') && !HOST_SOCKETS.some((folder) => within(real, realOf(folder)));
  },
};
