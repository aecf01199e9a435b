import { isAbsolute } from 'node:path';
import type { FileStamp, FileState } from './staleness-snapshot.js';
import type { TrackedChange, TrackedFile } from './staleness.js';

// The JSON kept per (workspace, session) in the user's cache folder.
export interface SessionFile {
  readonly version: 1;
  readonly root: string;
  readonly session: string;
  readonly savedAt: number;
  readonly files: Record<string, TrackedFile>;
}

// The most records one session keeps; the least recently changed go first.
export const MAX_RECORDS = 10_000;

const isNum = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isObj = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseStamp(value: unknown): FileStamp | undefined {
  if (!isObj(value)) return undefined;
  const { mtimeMs, size, sha256, readAt, verifiedAt } = value;
  if (!isNum(mtimeMs) || !isNum(size) || typeof sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(sha256) || !isNum(readAt)) return undefined;
  return { mtimeMs, size, sha256, readAt, verifiedAt: isNum(verifiedAt) ? verifiedAt : readAt };
}

function parseState(value: unknown): FileState | undefined {
  if (!isObj(value)) return undefined;
  const { mtimeMs, size, sha256 } = value;
  if (!isNum(mtimeMs) || !isNum(size) || (sha256 !== null && typeof sha256 !== 'string')) return undefined;
  return { mtimeMs, size, sha256 };
}

function parseRecord(value: unknown): TrackedFile | undefined {
  if (!isObj(value)) return undefined;
  const stamp = parseStamp(value['stamp']);
  if (stamp === undefined) return undefined;
  const warned = parseState(value['warned']);
  const updatedAt = isNum(value['updatedAt']) ? value['updatedAt'] : stamp.readAt;
  const warnedCall = typeof value['warnedCall'] === 'string' ? { warnedCall: value['warnedCall'] } : {};
  return warned === undefined ? { stamp, updatedAt } : { stamp, warned, ...warnedCall, updatedAt };
}

// The records of a session file's text. Anything unreadable (damaged JSON, another workspace or session,
// a malformed record) counts as absent: a broken cache must never break a call.
export function parseSession(text: string, root: string, session: string): Map<string, TrackedFile> {
  const records = new Map<string, TrackedFile>();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return records;
  }
  if (!isObj(value) || value['version'] !== 1 || value['root'] !== root || value['session'] !== session || !isObj(value['files'])) return records;
  for (const [path, raw] of Object.entries(value['files'])) {
    const record = parseRecord(raw);
    if (record !== undefined && isAbsolute(path)) records.set(path, record);
  }
  return records;
}

// Applies one process's changes onto what is on disk now: per path, the newer change wins, so two CLI
// processes sharing a session lose nothing but the older of two stamps of the same file.
export function mergeChanges(disk: Map<string, TrackedFile>, changes: ReadonlyMap<string, TrackedChange>): Map<string, TrackedFile> {
  const merged = new Map(disk);
  for (const [path, change] of changes) {
    const theirs = merged.get(path);
    if (theirs !== undefined && theirs.updatedAt > change.at) continue;
    if (change.record === undefined) merged.delete(path);
    else merged.set(path, change.record);
  }
  return merged;
}

export function serializeSession(root: string, session: string, records: Map<string, TrackedFile>): string {
  const kept = [...records].sort((a, b) => b[1].updatedAt - a[1].updatedAt).slice(0, MAX_RECORDS);
  const file: SessionFile = { version: 1, root, session, savedAt: Date.now(), files: Object.fromEntries(kept) };
  return `${JSON.stringify(file)}\n`;
}
