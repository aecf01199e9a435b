import { lstatQuiet } from '../files/stat-quiet.js';
import { realOf, targetKindOf, within, type SandboxPolicy, type WholeRootView } from './policy.js';
import { RUN_FOLDERS, runArgs, sysArgs, sysShown } from './view.js';

// The view of `--sandbox off`'s write jail (issue 26, round 35): the in-place sandbox's run in every part (the
// workspace and sandboxWritable binds, the git and home guards, the hidden secrets, its namespaces, the seccomp
// filter, the private /tmp) but for what it shows outside the workspace and the homes: the whole root READ-ONLY in
// place of the default-deny view's system folders (view.ts), since `off` leaves reads unconfined there. /dev and
// /proc are fresh, /tmp is private, /var/tmp empty, and where the default-deny view has a part of its own, the jail has
// the same:
// - /sys as view.ts sysArgs makes it: its CPU and cgroup parts (red team R38-a5: root-only DMI serials, ACPI tables);
// - /run (and /var/run, /var/lock) as view.ts runArgs makes it: empty, the resolver's file bound back (red team
//   R37-a5: Docker/Kubernetes secrets under /run/secrets, systemd's /run/credentials, every host socket folder);
// - /var/tmp (red team R39-a2) as a home: an empty read-only folder with the workspace, the writable folders and what
//   the view shows in it bound back at their own paths (a write beside them is refused, as before, never silently
//   lost). What lies there outlives a reboot and is never walked for root-only entries (etc-view.ts BUILT): systemd's
//   PrivateTmp= folders, other sessions' scratch. (/dev/shm is bwrap's fresh /dev's own.)
// - every home (`homes`: home-folders.ts's, $HOME, the account's) as the default-deny view shows a home (R37-a1): an
//   empty folder (read-only here: a write outside the workspace is refused, never silently lost) with what the view
//   shows in it bound back by bwrap.ts shownArgs (the toolchain folders with their credential catalogue and the
//   non-accessible globs hidden inside, PATH's folders, the user's sandboxReadable), the workspace and the writable
//   folders. A home is never "everything minus a list": a list misses the next store. What the view shows in /tmp is
//   bound back the same way.
// Outside homes the root stays whole (a documented trade, docs/security-model.md: a sibling project under /srv or
// /opt is readable by an `off` run; its secrets the jail hides are /etc's, codeward's and the ones the tools'
// variables locate). Made by write-jail-run.ts (loaded only by an `off` run), read by bwrap.ts.
export function wholeRoot(homes: readonly string[]): WholeRootView {
  const varTmp = emptiedVarTmp(homes);
  const fresh = [...homes, '/tmp', ...(varTmp ? [varTmp] : [])];
  const anew = (path: string): boolean => fresh.some((folder) => within(path, folder));
  // Not where the workspace or a writable folder holds it (`sandboxWritable: ["/var/tmp"]`: shown whole, writable).
  const emptied = (policy: SandboxPolicy): string[] => (varTmp && ![policy.root, ...policy.writable].some((area) => within(varTmp, area)) ? [varTmp] : []);
  return {
    homes,
    rootArgs(args, policy) {
      args.push('--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp');
      for (const folder of emptied(policy)) args.push('--tmpfs', folder);
      runArgs(true, args, true);
      sysArgs(args, true);
    },
    sealed: (policy) => [...homes, ...emptied(policy)],
    anew,
    // Everything but the private /tmp, the empty /run, /var/tmp and the hidden homes, except where the workspace, a
    // writable folder or a shown folder is bound back (and the resolver's file).
    inView(policy, real) {
      if ([policy.root, ...policy.writable].some((area) => within(real, area))) return true;
      if (within(real, '/sys')) return sysShown(real);
      if (RUN_FOLDERS.some((folder) => within(real, realOf(folder)))) return real === realOf('/etc/resolv.conf');
      if (!anew(real)) return true;
      return policy.shown.some(({ path }) => within(real, path) || within(real, realOf(path)));
    },
  };
}

// The host's /var/tmp (real), emptied by the jail; undefined where it is no folder of its own or lies in one made
// anew already (a link into /tmp, a home holding it).
function emptiedVarTmp(homes: readonly string[]): string | undefined {
  const real = realOf('/var/tmp');
  if (real === '/' || !lstatQuiet(real)?.isDirectory()) return undefined;
  return ['/tmp', ...homes].some((folder) => within(real, folder)) ? undefined : real;
}

// The homes the jail empties: each existing folder among `candidates` (real), but not the workspace or one inside it
// (the home as the workspace keeps its own default deny: home-shown.ts), nor one inside a folder the user made
// writable or readable (`areas`); the outermost only.
export function jailHomes(root: string, candidates: readonly (string | undefined)[], areas: readonly string[]): string[] {
  const homes = [...new Set(candidates.filter((path): path is string => path !== undefined && path.startsWith('/')).map(realOf))].filter(
    (home) => home !== '/' && targetKindOf(home) === 'dir' && lstatQuiet(home) !== undefined && !within(home, root) && !areas.some((area) => within(home, area)),
  );
  return homes.filter((home) => !homes.some((other) => other !== home && within(home, other)));
}
