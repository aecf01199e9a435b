import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

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

// mountinfo escapes space, tab, newline and backslash as \ooo.
const unescape = (field: string): string => field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));

// Every mount point of every mount namespace but ours that this user can see (a sandbox still running,
// one whose codeward was killed a moment ago and is still being torn down, one started by a codeward
// with another state folder). undefined when /proc cannot be read: then nobody can tell.
export function mountPointsElsewhere(): Set<string> | undefined {
  let pids: string[];
  let own: string;
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
    own = readlinkSync('/proc/self/ns/mnt');
  } catch {
    return undefined;
  }
  const seen = new Set([own]);
  const points = new Set<string>();
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
      const point = line.split(' ')[4];
      if (point) points.add(unescape(point));
    }
  }
  return points;
}
