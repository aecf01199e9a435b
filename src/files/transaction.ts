import { nodeCrypto } from '../engine/lazy-crypto.js';
import { constants } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fail, isCodewardError, toCodewardError } from '../engine/errors.js';
import type { Beneath } from '../workspace/beneath.js';
import { atomicWrite, stageFile, syncDir } from './atomic-write.js';

import type { Committer, FileChange } from '../engine/file-contract.js';
import { processAlive } from '../engine/process-alive.js';

export type { FileChange } from '../engine/file-contract.js';

// The journals of a workspace's commits: `<state dir>/journal/tx-*.json`.
export const JOURNAL_PREFIX = 'tx';

// commitFiles bound to one workspace and its state folder (the engine's `commit`).
export function committer(stateDir: string, jail: Beneath): Committer {
  return (changes) => commitFiles(changes, join(stateDir, 'journal'), JOURNAL_PREFIX, jail);
}

interface JournalEntry {
  readonly target: string;
  readonly temp: string | null;
}

interface Journal {
  readonly version: 1;
  readonly pid: number;
  // When the writing process started (performance.timeOrigin): a journal with our pid and start time is
  // a commit of this very process still in flight, not one a dead process left behind.
  readonly started?: number;
  // The workspace root the entries lie in; recovery refuses a journal of another root.
  readonly root?: string;
  readonly entries: readonly JournalEntry[];
}

const STAGE_CONCURRENCY = 16;

// Runs work(0..count-1) with at most `limit` in flight; returns the errors (all work is awaited).
async function inBatches(count: number, limit: number, work: (index: number) => Promise<void>): Promise<unknown[]> {
  const failures: unknown[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const index = next;
      next += 1;
      await work(index).catch((error: unknown) => {
        failures.push(error);
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return failures;
}

const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

// The bytes of the file at `path` (through the jail, never through a symlink), or null when absent.
async function readOptional(jail: Beneath, path: string): Promise<Buffer | null> {
  try {
    return await jail.at(path, async (at) => {
      const handle = await open(at, READ_FLAGS);
      try {
        return await handle.readFile();
      } finally {
        await handle.close();
      }
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT' || code === 'C211') return null;
    throw error;
  }
}

async function removeQuietly(jail: Beneath, path: string): Promise<void> {
  await jail.at(path, (at) => unlink(at)).catch(() => undefined);
}

// The staged file and its target share a folder: one walk from the root anchors both.
async function applyEntry(jail: Beneath, entry: JournalEntry): Promise<void> {
  const temp = entry.temp;
  await jail.at(entry.target, async (at) => {
    if (temp !== null) await rename(join(dirname(at), basename(temp)), at);
    else await unlink(at).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  });
}

async function syncDirIn(jail: Beneath, dir: string): Promise<void> {
  try {
    const handle = jail.openDir(dir);
    try {
      await syncDir(handle.path);
    } finally {
      handle.close();
    }
  } catch {
    // best effort, as syncDir itself
  }
}

// Commits several files as one unit. Every new version is staged and fsynced first, then a journal
// naming the staged files is written, then the renames run. A failure before the journal changes
// nothing; a failure during the renames restores the files already replaced; a crash during the
// renames is rolled forward by recoverJournals() on the next start, so readers never keep a mix.
// Every file is reached through `jail` (a handle walk from the workspace root, see workspace/beneath.ts).
export async function commitFiles(changes: readonly FileChange[], journalDir: string, journalPrefix: string, jail: Beneath): Promise<void> {
  const snapshots = await Promise.all(changes.map((change) => readOptional(jail, change.path)));
  // Staged in parallel (bounded): each stage ends with an fsync, and disks overlap those well.
  const entries: JournalEntry[] = changes.map((change) => ({ target: change.path, temp: null }));
  const stage = async (index: number): Promise<void> => {
    const change = changes[index]!;
    if (change.bytes === null) return;
    const staged = await jail.at(change.path, (at) => stageFile(at, change.bytes!, change.mode === undefined ? {} : { mode: change.mode }));
    entries[index] = { target: change.path, temp: join(dirname(change.path), basename(staged)) };
  };
  const failures = await inBatches(changes.length, STAGE_CONCURRENCY, stage);
  if (failures.length > 0) {
    await Promise.all(entries.map((entry) => (entry.temp === null ? undefined : removeQuietly(jail, entry.temp))));
    throw failures[0];
  }
  await mkdir(journalDir, { recursive: true, mode: 0o700 });
  const journalPath = join(journalDir, `${journalPrefix}-${nodeCrypto().randomBytes(6).toString('hex')}.json`);
  const journal: Journal = { version: 1, pid: process.pid, started: performance.timeOrigin, root: jail.root, entries };
  await atomicWrite(journalPath, JSON.stringify(journal));
  let applied = 0;
  try {
    for (const entry of entries) {
      await applyEntry(jail, entry);
      applied += 1;
    }
  } catch (error) {
    await rollBack(jail, changes, snapshots, entries, applied);
    await unlink(journalPath).catch(() => undefined);
    throw isCodewardError(error) ? error : toCodewardError(error, `cannot commit ${entries[applied]?.target ?? 'the change'}`);
  }
  await Promise.all([...new Set(entries.map((entry) => dirname(entry.target)))].map((dir) => syncDirIn(jail, dir)));
  await unlink(journalPath).catch(() => undefined);
}

// Puts back the files already replaced and drops the staged files not yet used.
async function rollBack(jail: Beneath, changes: readonly FileChange[], snapshots: readonly (Buffer | null)[], entries: readonly JournalEntry[], applied: number): Promise<void> {
  for (let index = 0; index < entries.length; index += 1) {
    const entry = entries[index]!;
    if (index >= applied) {
      if (entry.temp !== null) await removeQuietly(jail, entry.temp);
      continue;
    }
    const snapshot = snapshots[index];
    if (snapshot === null || snapshot === undefined) await removeQuietly(jail, changes[index]!.path);
    else await jail.at(changes[index]!.path, (at) => atomicWrite(at, snapshot)).catch(() => undefined);
  }
}

// A staged file's name: hidden, random, `.cw-tmp` (atomic-write.ts tempPathFor).
const STAGED_NAME = /^\..+\.[0-9a-f]+\.cw-tmp$/s;

// An entry recovery may act on: the target inside the workspace, the staged file a codeward temp file
// beside it. Anything else was not written by a commit of this workspace (a planted journal).
function plausible(jail: Beneath, entry: unknown): entry is JournalEntry {
  if (typeof entry !== 'object' || entry === null) return false;
  const { target, temp } = entry as { target?: unknown; temp?: unknown };
  if (typeof target !== 'string' || !jail.contains(target) || target === jail.root) return false;
  if (temp === null) return true;
  return typeof temp === 'string' && dirname(temp) === dirname(target) && STAGED_NAME.test(basename(temp));
}

// Finishes the commits that a killed process left half done (their staged files are complete and
// fsynced, so rolling forward gives exactly the new versions). Returns the files it completed.
// A journal is data, not an order: every path it names is jailed again (inside `jail`'s root, reached
// through the handle walk, never through a symlink) and a journal of another root is ignored.
export async function recoverJournals(journalDir: string, journalPrefix: string, jail: Beneath): Promise<string[]> {
  const names = await readdir(journalDir).catch(() => [] as string[]);
  const completed: string[] = [];
  for (const name of names.filter((each) => each.startsWith(`${journalPrefix}-`) && each.endsWith('.json'))) {
    const path = join(journalDir, name);
    let journal: Journal;
    try {
      journal = JSON.parse(await readFile(path, 'utf8')) as Journal;
    } catch {
      continue; // being written right now, or unreadable: not ours to touch
    }
    if (journal?.version !== 1 || !Array.isArray(journal.entries)) continue;
    if (journal.root !== undefined && journal.root !== jail.root) continue;
    // A live writer, including another engine of this process, is still committing: not ours to finish.
    if (journal.pid === process.pid ? journal.started === performance.timeOrigin : processAlive(journal.pid)) continue;
    if (!journal.entries.every((entry) => plausible(jail, entry))) {
      await unlink(path).catch(() => undefined);
      continue;
    }
    for (const entry of journal.entries) {
      const staged = entry.temp === null || jail.lstat(entry.temp)?.isFile() === true;
      if (!staged) continue; // already renamed before the crash
      await applyEntry(jail, entry).catch(() => undefined);
      completed.push(entry.target);
    }
    await unlink(path).catch(() => undefined);
  }
  return completed;
}

// A failed transaction reported with the edit that broke it.
export function transactionFailure(detail: string): Error {
  return fail('C223', `${detail}; nothing was written`);
}
