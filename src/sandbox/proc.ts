import { readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname } from 'node:path';
import { unescapeMount } from './mount-info.js';

// What /proc says about processes: whether one is still the process that wrote a record (a pid is
// reused once it died), and which paths any mount namespace other than ours still mounts on.

// The start time of a process (clock ticks after boot, /proc/PID/stat field 22); undefined when it is
// gone or /proc cannot say (not Linux).
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

// Where a pid means something: this machine and this PID namespace (a container has its own; a pid
// recorded elsewhere cannot be checked here), and this boot (no process outlives a reboot).
export interface Origin {
  readonly where: string;
  readonly boot: string | undefined;
}

export function processOrigin(): Origin {
  const read = (path: string, link: boolean): string | undefined => {
    try {
      return link ? readlinkSync(path) : readFileSync(path, 'utf8').trim();
    } catch {
      return undefined;
    }
  };
  return { where: `${hostname()} ${read('/proc/self/ns/pid', true) ?? ''}`, boot: read('/proc/sys/kernel/random/boot_id', false) };
}

// The process `pid` that started at `start` is still running (not a later one given the same pid).
export function stillRunning(pid: number, start: string | undefined): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = processStart(pid);
  return start === undefined || now === undefined || now === start;
}


// The entries of `paths` that a mount namespace other than ours mounts on (a sandbox still running,
// one whose codeward was killed a moment ago and is still being torn down, one started by a codeward
// with another state folder), by spelling or by identity (the same folder reached through another path,
// a bind mount: its parent has the same device and inode there). undefined when /proc cannot be read:
// then nobody can tell.
export function mountedElsewhere(paths: readonly string[]): Set<string> | undefined {
  let pids: string[];
  let own: string;
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
    own = readlinkSync('/proc/self/ns/mnt');
  } catch {
    return undefined;
  }
  const wanted = new Map<string, string>();
  const names = new Set<string>();
  for (const path of paths) {
    wanted.set(path, path);
    names.add(basename(path));
    const parent = identity(dirname(path));
    if (parent) wanted.set(`${parent}/${basename(path)}`, path);
  }
  const busy = new Set<string>();
  const seen = new Set([own]);
  for (const pid of pids) {
    let text: string;
    try {
      // Another user's process (EACCES) or one that just ended: not ours to wait for.
      const namespace = readlinkSync(`/proc/${pid}/ns/mnt`);
      if (seen.has(namespace)) continue;
      text = readFileSync(`/proc/${pid}/mountinfo`, 'utf8');
      seen.add(namespace);
    } catch {
      continue;
    }
    for (const line of text.split('\n')) {
      const field = line.split(' ')[4];
      if (!field) continue;
      const point = unescapeMount(field);
      const byPath = wanted.get(point);
      if (byPath) busy.add(byPath);
      if (!names.has(basename(point))) continue;
      // Seen from inside that namespace (its root): the folder holding the mount point.
      const parent = identity(`/proc/${pid}/root${dirname(point)}`);
      const byIdentity = parent ? wanted.get(`${parent}/${basename(point)}`) : undefined;
      if (byIdentity) busy.add(byIdentity);
    }
  }
  return busy;
}

function identity(path: string): string | undefined {
  try {
    const stats = statSync(path, { bigint: true });
    return `${stats.dev}:${stats.ino}`;
  } catch {
    return undefined;
  }
}
