import { readdirSync } from 'node:fs';
import { lstatQuiet } from '../files/stat-quiet.js';

// H9 (red team round 4): the sandbox's own /proc is fresh for its processes, but what /proc holds beside
// the process folders is the HOST's kernel: /proc/sys (kernel.core_pattern names a program the kernel
// runs as root in the host's namespaces: a full escape), /proc/sysrq-trigger, /proc/sys/fs/binfmt_misc,
// /proc/mtrr, the driver, acpi, irq and pressure files. A sandboxed process keeps the uid it ran with
// (staged: `unshare -Urm` maps 0 to 0), and a sysctl is writable to "the global root uid", not to a
// capability: --cap-drop ALL does not close it, and bwrap covers /proc/sys only when access(W_OK) on the
// folder itself succeeds (it never does). So every entry of /proc that is not a process's own folder
// (a number, or the self/thread-self/net/mounts links to one) is bound read-only over itself: nothing
// there can be written or chmod-ed from inside. (Mapping root to another uid
// inside a user namespace would not help: the kernel checks the global uid, which stays 0.)
export function procCoverArgs(args: string[], proc = '/proc'): void {
  let names: string[];
  try {
    names = readdirSync(proc);
  } catch {
    return;
  }
  for (const name of names) {
    if (/^\d+$/.test(name)) continue;
    const stats = lstatQuiet(`${proc}/${name}`);
    // Only what can be written at all: a folder (/proc/sys, driver, acpi...) or a file with a write bit
    // (sysrq-trigger, mtrr); a read-only file has no write operation (10 binds here, not 49: +2 ms a run measured with bwrap alone, against +10 ms).
    if (!stats || stats.isSymbolicLink() || (!stats.isDirectory() && (stats.mode & 0o222) === 0)) continue;
    args.push('--ro-bind', `${proc}/${name}`, `/proc/${name}`);
  }
}
