import { randomBytes } from 'node:crypto';
import { access, mkdir, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fail, isCodewardError, toCodewardError } from '../engine/errors.js';
import { atomicWrite, stageFile, syncDir } from './atomic-write.js';

// One file of a multi-file commit: new bytes, or null to delete it.
export interface FileChange {
  readonly path: string;
  readonly bytes: Uint8Array | null;
  readonly mode?: number;
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

async function readOptional(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function removeQuietly(path: string): Promise<void> {
  await unlink(path).catch(() => undefined);
}

async function applyEntry(entry: JournalEntry): Promise<void> {
  if (entry.temp !== null) await rename(entry.temp, entry.target);
  else await unlink(entry.target).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

// Commits several files as one unit. Every new version is staged and fsynced first, then a journal
// naming the staged files is written, then the renames run. A failure before the journal changes
// nothing; a failure during the renames restores the files already replaced; a crash during the
// renames is rolled forward by recoverJournals() on the next start, so readers never keep a mix.
export async function commitFiles(changes: readonly FileChange[], journalDir: string, journalPrefix: string): Promise<void> {
  const snapshots = await Promise.all(changes.map((change) => readOptional(change.path)));
  // Staged in parallel (bounded): each stage ends with an fsync, and disks overlap those well.
  const entries: JournalEntry[] = changes.map((change) => ({ target: change.path, temp: null }));
  const stage = async (index: number): Promise<void> => {
    const change = changes[index]!;
    if (change.bytes === null) return;
    const temp = await stageFile(change.path, change.bytes, change.mode === undefined ? {} : { mode: change.mode });
    entries[index] = { target: change.path, temp };
  };
  const failures = await inBatches(changes.length, STAGE_CONCURRENCY, stage);
  if (failures.length > 0) {
    await Promise.all(entries.map((entry) => (entry.temp === null ? undefined : removeQuietly(entry.temp))));
    throw failures[0];
  }
  await mkdir(journalDir, { recursive: true, mode: 0o700 });
  const journalPath = join(journalDir, `${journalPrefix}-${randomBytes(6).toString('hex')}.json`);
  const journal: Journal = { version: 1, pid: process.pid, started: performance.timeOrigin, entries };
  await atomicWrite(journalPath, JSON.stringify(journal));
  let applied = 0;
  try {
    for (const entry of entries) {
      await applyEntry(entry);
      applied += 1;
    }
  } catch (error) {
    await rollBack(changes, snapshots, entries, applied);
    await removeQuietly(journalPath);
    throw isCodewardError(error) ? error : toCodewardError(error, `cannot commit ${entries[applied]?.target ?? 'the change'}`);
  }
  await Promise.all([...new Set(entries.map((entry) => dirname(entry.target)))].map(syncDir));
  await removeQuietly(journalPath);
}

// Puts back the files already replaced and drops the staged files not yet used.
async function rollBack(changes: readonly FileChange[], snapshots: readonly (Buffer | null)[], entries: readonly JournalEntry[], applied: number): Promise<void> {
  for (let index = 0; index < entries.length; index += 1) {
    const entry = entries[index]!;
    if (index >= applied) {
      if (entry.temp !== null) await removeQuietly(entry.temp);
      continue;
    }
    const snapshot = snapshots[index];
    if (snapshot === null || snapshot === undefined) await removeQuietly(changes[index]!.path);
    else await atomicWrite(changes[index]!.path, snapshot).catch(() => undefined);
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Finishes the commits that a killed process left half done (their staged files are complete and
// fsynced, so rolling forward gives exactly the new versions). Returns the files it completed.
export async function recoverJournals(journalDir: string, journalPrefix: string): Promise<string[]> {
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
    if (journal.version !== 1) continue;
    // A live writer, including another engine of this process, is still committing: not ours to finish.
    if (journal.pid === process.pid ? journal.started === performance.timeOrigin : processAlive(journal.pid)) continue;
    for (const entry of journal.entries) {
      const staged = entry.temp === null || (await access(entry.temp).then(() => true, () => false));
      if (!staged) continue; // already renamed before the crash
      await applyEntry(entry).catch(() => undefined);
      completed.push(entry.target);
    }
    await removeQuietly(path);
  }
  return completed;
}

// A failed transaction reported with the edit that broke it.
export function transactionFailure(detail: string): Error {
  return fail('C223', `${detail}; nothing was written`);
}
