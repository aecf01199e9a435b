import { uniqueToken } from '../engine/unique-token.js';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { within } from './policy.js';
import { stillRunning, type Origin } from './proc.js';

// The lease of one sandbox run (mount-points.ts), as stored in the user's state folder.

export interface MountPoint {
  // The real path (its folder resolved through links): what mountinfo and lstat see.
  readonly path: string;
  readonly kind: 'dir' | 'file';
  // A file's exact content.
  readonly content: string;
  readonly dev: string;
  readonly ino: string;
}

export interface LeaseRecord {
  readonly pid: number;
  readonly start?: string | undefined;
  // processOrigin(): where `pid` can be checked; when it was written (ms).
  readonly where: string;
  readonly boot?: string | undefined;
  readonly since: number;
  readonly root: string;
  readonly points: readonly MountPoint[];
}

// The only names codeward makes mount points for (guards.ts: a plain folder's `.git`; in a git folder
// `modules`, `worktrees`, `hooks`, `info` and the files `config`, `config.worktree`, `commondir`). A
// recorded path of any other name was not written by codeward (the state folder is hidden from the
// sandbox; this is the second wall): never removed, whatever its identity.
const POINT_NAMES: Readonly<Record<MountPoint['kind'], readonly string[]>> = {
  dir: ['.git', 'modules', 'worktrees', 'hooks', 'info'],
  file: ['config', 'config.worktree', 'commondir'],
};

// `areas`: the workspace and the other writable folders of the sandbox (real paths).
function isPoint(value: unknown, areas: readonly string[]): value is MountPoint {
  const point = value as Partial<MountPoint> | null;
  if (typeof point?.path !== 'string' || (point.kind !== 'dir' && point.kind !== 'file') || typeof point.content !== 'string' || typeof point.dev !== 'string' || typeof point.ino !== 'string') return false;
  const path = point.path;
  if (!POINT_NAMES[point.kind].includes(basename(path))) return false;
  return areas.some((area) => within(path, area) && path !== area);
}

export function readLease(file: string, root: string, areas: readonly string[]): LeaseRecord | undefined {
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as Partial<LeaseRecord> | null;
    if (typeof record?.pid !== 'number' || typeof record.where !== 'string' || typeof record.since !== 'number' || record.root !== root || !Array.isArray(record.points)) return undefined;
    const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
    // Paths are jailed again: only what lies in a writable area of this workspace's sandbox is removed.
    return { pid: record.pid, start: text(record.start), where: record.where, boot: text(record.boot), since: record.since, root, points: record.points.filter((point) => isPoint(point, areas)) };
  } catch {
    return undefined;
  }
}

// Written whole or not at all (a reader never sees half a lease).
export function writeRecord(file: string, record: LeaseRecord): void {
  const temp = `${file}.${uniqueToken()}.tmp`;
  writeFileSync(temp, JSON.stringify(record), { mode: 0o600, flag: 'wx' });
  renameSync(temp, file);
}

// No sandbox runs longer than exec's and test's longest timeout (3600 s, then its process group is
// killed): a lease whose process cannot be checked from here is stale after this.
const FOREIGN_STALE_MS = 2 * 3600 * 1000;

// Still running. A lease of another boot is not; one of another machine or PID namespace (a container
// sharing the state folder) counts as running until FOREIGN_STALE_MS (only there can it be checked).
export function running(lease: LeaseRecord, here: Origin): boolean {
  if (lease.pid <= 0) return false;
  if (lease.boot !== undefined && here.boot !== undefined && lease.boot !== here.boot) return false;
  if (lease.where !== here.where) return Date.now() - lease.since < FOREIGN_STALE_MS;
  return stillRunning(lease.pid, lease.start);
}
