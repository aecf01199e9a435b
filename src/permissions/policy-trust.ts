import { sha256Hex } from '../text/sha256.js';
import { mkdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fail, toCodewardError } from '../engine/errors.js';
import { atomicWrite } from '../files/atomic-write.js';
import type { ProjectSnapshot } from './policy-sources.js';

// Workspace trust (`codeward trust`): which folders the user trusts, each with the SHA-256 of every
// project settings file as it was when trusted (null: absent). Kept in ~/.codeward/trust.json, which a
// sandboxed process cannot write (~/.codeward is read-only inside the sandbox) and a file tool cannot
// reach unless the workspace is the home folder (then `.codeward/` is a safety-immune path: always asks).
export const TRUST_FILE = join('.codeward', 'trust.json');

export interface TrustRecord {
  readonly root: string;
  readonly trustedAt: string;
  readonly files: Readonly<Record<string, string | null>>;
}

export interface TrustState {
  readonly trusted: boolean;
  // A record exists for this folder (trusted, or revoked by a change).
  readonly recorded: boolean;
  // Files whose content differs from what was trusted.
  readonly changed: readonly string[];
  readonly trustedAt?: string;
  // The trust store (absent when there is no home folder).
  readonly store?: string;
  // The store could not be read: nothing is trusted.
  readonly problem?: string;
}

export function trustStorePath(home: string): string {
  return join(home, TRUST_FILE);
}

// Where the user's 'always' and 'never' answers for one workspace are saved: user-level state,
// outside the tree, keyed by the workspace's real root.
export function answersFileFor(home: string, root: string): string {
  const key = sha256Hex(root).slice(0, 16);
  const name = basename(root).replace(/[^\w.-]/g, '_').replace(/^\.+/, '').slice(0, 40) || 'root';
  return join(home, '.codeward', 'workspaces', `${name}-${key}`, 'policy.json');
}

interface StoreRead {
  readonly records: TrustRecord[];
  readonly problem?: string;
}

function validRecord(value: unknown): value is TrustRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  if (typeof record['root'] !== 'string' || typeof record['trustedAt'] !== 'string') return false;
  const files = record['files'];
  if (typeof files !== 'object' || files === null || Array.isArray(files)) return false;
  return Object.values(files as Record<string, unknown>).every((digest) => digest === null || typeof digest === 'string');
}

async function readStore(store: string): Promise<StoreRead> {
  let text: string;
  try {
    text = await readFile(store, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { records: [] };
    return { records: [], problem: `${store} cannot be read: ${(error as Error).message}` };
  }
  try {
    const data = JSON.parse(text) as { workspaces?: unknown };
    if (!Array.isArray(data.workspaces) || !data.workspaces.every(validRecord)) throw new Error('"workspaces" must be an array of {root, trustedAt, files}');
    return { records: data.workspaces };
  } catch (error) {
    return { records: [], problem: `${store} is not a valid trust file (${(error as Error).message}); nothing is trusted until it is fixed or removed` };
  }
}

async function writeStore(store: string, records: readonly TrustRecord[]): Promise<void> {
  try {
    await mkdir(join(store, '..'), { recursive: true, mode: 0o700 });
    await atomicWrite(store, `${JSON.stringify({ version: 1, workspaces: records }, null, 2)}\n`, { mode: 0o600 });
  } catch (error) {
    throw toCodewardError(error, store);
  }
}

// Compares the snapshot with the trust record of its folder. No home: nothing is trusted.
export async function trustState(snapshot: ProjectSnapshot, home: string | undefined): Promise<TrustState> {
  if (!home) return { trusted: false, recorded: false, changed: [] };
  const store = trustStorePath(home);
  const { records, problem } = await readStore(store);
  const record = records.find((entry) => entry.root === snapshot.root);
  if (!record) return { trusted: false, recorded: false, changed: [], store, ...(problem ? { problem } : {}) };
  const changed = snapshot.files.filter((entry) => (record.files[entry.name] ?? null) !== entry.digest).map((entry) => entry.name);
  return { trusted: changed.length === 0, recorded: true, changed, trustedAt: record.trustedAt, store };
}

// Trusts the folder with exactly the content of `snapshot`; replaces an earlier record.
export async function saveTrust(snapshot: ProjectSnapshot, home: string, now = new Date()): Promise<TrustRecord> {
  const store = trustStorePath(home);
  const { records, problem } = await readStore(store);
  if (problem) throw fail('C216', problem);
  const files: Record<string, string | null> = {};
  for (const entry of snapshot.files) files[entry.name] = entry.digest;
  const record: TrustRecord = { root: snapshot.root, trustedAt: now.toISOString(), files };
  await writeStore(store, [...records.filter((entry) => entry.root !== snapshot.root), record]);
  return record;
}

// Removes the folder's record; false when there was none.
export async function revokeTrust(root: string, home: string): Promise<boolean> {
  const store = trustStorePath(home);
  const { records, problem } = await readStore(store);
  if (problem) throw fail('C216', problem);
  const kept = records.filter((entry) => entry.root !== root);
  if (kept.length === records.length) return false;
  await writeStore(store, kept);
  return true;
}

export async function listTrust(home: string): Promise<StoreRead> {
  return readStore(trustStorePath(home));
}
