import { uniqueToken } from '../engine/unique-token.js';
import { closeSync, constants, fstatSync, mkdirSync, openSync, readdirSync, readSync, realpathSync, rmdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { withMutex } from './mutex.js';
import { readLease, running, writeRecord, type LeaseRecord, type MountPoint } from './lease-file.js';
import { mountedElsewhere, processOrigin, processStart, type Origin } from './proc.js';

export type { MountPoint } from './lease-file.js';

// bubblewrap mounts an empty read-only folder or file over a protected path that does not exist (a
// missing `.git` in a plain folder, `.git/modules`, `.git/worktrees`, `.git/config.worktree`, a
// `.git/commondir` containing "."), and it needs a mount point on the host for that. codeward creates
// those itself, records each one (path, inode) in a lease of the running sandbox in the user's state
// folder, and removes them once no sandbox of the workspace runs any more (issue 20: nothing in the
// working tree). Removing one while another sandbox still runs would detach that sandbox's mount
// (Linux lets rmdir remove a mount point of another mount namespace), and a process there could then
// create the path for a later git outside to obey; so:
// - "register the lease and create the mount points" and "drop the lease and remove the mount points if
//   no other sandbox of the workspace runs" each hold a mutex (mutex.ts);
// - a lease names its codeward (pid and start time): one whose process is gone (SIGKILL) is stale, and
//   what it recorded is removed by the next sandbox of the workspace that finishes last;
// - a path any other mount namespace still mounts on (a sandbox being torn down, one started by a
//   codeward with another state folder) is kept, and retried later;
// - only what codeward created and recorded is removed, and only while it is still that entry (same
//   device and inode, never through a link), still an empty folder (rmdir, never a recursive remove) or
//   the exact placeholder file: a repository the user created there meanwhile stays.

const FOLDER = 'sandbox-mounts';

// Creates the mount points bwrap would create (bwrap.ts): 'made' (recorded), 'exists' (something is
// there already: not ours, never removed), 'failed' (cannot be created here).
export interface MountPointMaker {
  make(path: string, kind: 'dir' | 'file', content?: string): 'made' | 'exists' | 'failed';
}

function realPath(path: string): string {
  try {
    return join(realpathSync(dirname(path)), basename(path));
  } catch {
    return path;
  }
}

function identity(path: string): { dev: string; ino: string } | undefined {
  const stats = lstatQuiet(path, true);
  return stats ? { dev: String(stats.dev), ino: String(stats.ino) } : undefined;
}

// The file, opened without following a link, is still the recorded entry with the recorded content.
function samePlaceholder(point: MountPoint): boolean {
  let fd: number;
  try {
    fd = openSync(point.path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return false;
  }
  try {
    const stats = fstatSync(fd, { bigint: true });
    const expected = Buffer.from(point.content);
    if (!stats.isFile() || String(stats.dev) !== point.dev || String(stats.ino) !== point.ino || stats.size !== BigInt(expected.length)) return false;
    const data = Buffer.alloc(expected.length + 1);
    return readSync(fd, data, 0, data.length, 0) === expected.length && data.subarray(0, expected.length).equals(expected);
  } finally {
    closeSync(fd);
  }
}

// Removes one recorded mount point if it is still exactly what codeward made; anything else stays.
function removePoint(point: MountPoint): void {
  const now = lstatQuiet(point.path, true);
  if (!now || String(now.dev) !== point.dev || String(now.ino) !== point.ino) return;
  try {
    if (point.kind === 'dir' && now.isDirectory()) rmdirSync(point.path);
    else if (point.kind === 'file' && samePlaceholder(point)) unlinkSync(point.path);
  } catch {
    // Not empty (the user's now), busy (mounted here), or gone: left as it is.
  }
}

// The mount points of one sandbox run of one workspace (`root`, its real path).
export class MountLease implements MountPointMaker {
  private readonly points: MountPoint[] = [];
  private file: string | undefined;
  // This process's start time (its lease is stale once the pid runs another process) and origin.
  private readonly start = processStart(process.pid);
  private readonly origin = processOrigin();

  private constructor(
    private readonly folder: string,
    private readonly root: string,
    private readonly areas: readonly string[],
  ) {}

  // Runs `create` (which calls make() for every mount point, bwrap.ts) holding the workspace's mutex,
  // with the lease recorded. `stateDir`: the workspace's folder in the user's state (never in it);
  // `root`: the workspace (real path); `writable`: the other folders the sandbox may write (real paths).
  // Without a usable state folder no lease: bwrap creates the mount points and they stay (as before).
  static register<T>(stateDir: string, root: string, writable: readonly string[], create: (maker: MountLease | undefined) => T): { lease?: MountLease; value: T } {
    const folder = join(stateDir, FOLDER);
    try {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
    } catch {
      return { value: create(undefined) };
    }
    const lease = new MountLease(folder, root, [root, ...writable]);
    try {
      const value = withMutex(
        folder,
        () => {
          // Recorded before the mutex is released (a codeward killed in between leaves what it made
          // unrecorded: left behind, never removed as someone else's).
          lease.file = join(folder, `${process.pid}-${uniqueToken()}.json`);
          try {
            return create(lease);
          } finally {
            lease.write();
          }
        },
        lease.start,
      );
      return { lease, value };
    } catch (error) {
      lease.release();
      throw error;
    }
  }

  make(path: string, kind: 'dir' | 'file', content = ''): 'made' | 'exists' | 'failed' {
    try {
      if (kind === 'dir') mkdirSync(path, { mode: 0o755 });
      else writeFileSync(path, content, { flag: 'wx', mode: 0o644 });
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EEXIST' ? 'exists' : 'failed';
    }
    const id = identity(path);
    if (id) this.points.push({ path: realPath(path), kind, content, ...id });
    return 'made';
  }

  private write(): void {
    if (this.file) writeRecord(this.file, { pid: process.pid, start: this.start, where: this.origin.where, boot: this.origin.boot, since: Date.now(), root: this.root, points: this.points });
  }

  // After the sandbox exited: drops the lease and, when no other sandbox of the workspace runs, removes
  // the mount points this run and every stale lease recorded. Never throws (a held mutex: the lease
  // stays, and is stale once this process ended).
  release(): void {
    const file = this.file;
    if (!file) return;
    this.file = undefined;
    try {
      withMutex(
        this.folder,
        () => {
          rmSync(file, { force: true });
          cleanUp(this.folder, this.root, this.areas, this.points, this.origin);
        },
        this.start,
      );
    } catch {
      // Left for the next run.
    }
  }
}

// Holding the mutex: when no lease of `root` is running, removes what `own` and every stale lease
// recorded; what another mount namespace still mounts stays, in a lease of no process (retried later).
// Several sandboxes of one workspace share mount points (the second finds the first one's `.git`), so
// nothing is removed while any of them runs.
function cleanUp(folder: string, root: string, areas: readonly string[], own: readonly MountPoint[], here: Origin): void {
  const leases = readdirSync(folder).filter((name) => name.endsWith('.json')).map((name) => ({ file: join(folder, name), record: readLease(join(folder, name), root, areas) }));
  const ofRoot = leases.filter((lease): lease is { file: string; record: LeaseRecord } => lease.record !== undefined);
  // Another sandbox runs (it may use these mount points: one it found there is not in its lease):
  // ours are handed over in a lease of no process, removed by whoever finishes last.
  const orphan = (points: readonly MountPoint[]): void => writeRecord(join(folder, `kept-${uniqueToken()}.json`), { pid: 0, where: here.where, since: Date.now(), root, points });
  if (ofRoot.some((lease) => running(lease.record, here))) {
    if (own.length > 0) orphan(own);
    return;
  }
  const points = [...own, ...ofRoot.flatMap((lease) => lease.record.points)];
  if (points.length === 0 && ofRoot.length === 0) return;
  const busy = mountedElsewhere(points.map((point) => point.path));
  const kept: MountPoint[] = [];
  // Deepest first (a folder holding another mount point is empty only once that one is gone).
  for (const point of [...points].sort((a, b) => b.path.length - a.path.length)) {
    if (!busy || busy.has(point.path)) kept.push(point);
    else removePoint(point);
  }
  for (const lease of ofRoot) rmSync(lease.file, { force: true });
  if (kept.length > 0) orphan(kept);
}
