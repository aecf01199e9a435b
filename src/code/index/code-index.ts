// The code index: symbols and references per source file, cached by file identity (dev, inode, size,
// mtime) in the workspace's state folder, built lazily (only the files a call asks about) and in worker
// threads for bulk work. Every file is read through the workspace jail on this thread.
import { lstatSync, type Stats } from 'node:fs';
import type { ResolvedPath } from '../../workspace/types.js';
import type { Workspace } from '../../workspace/workspace.js';
import type { Extracted, IndexEntry } from './entry.js';
import type { CodeParsers } from '../parsers.js';
import { ParsePool, ParseWorkerLost, type PoolOptions } from './pool.js';
import { readCodeBytes, stampOf } from './read-code.js';
import { IndexStore } from './store.js';
import { resolveToRead, type StaleFile } from './to-read.js';
import { beforeBulkIndex } from '../tree-sitter-init.js';

// Files parsed on this thread below this many to parse (starting workers costs more than they save).
const POOL_FROM = 64;
// A bulk index saves its new entries as it goes once this many (or half as many as it saved before) are
// unsaved, and lets go of the shards it saved (the next batch's save reads each back): a cold index never
// holds thousands of entries as objects nor the whole index so far beside the parse workers (their peak is
// its peak), and a cold index stopped halfway keeps what it parsed.
const SAVE_EVERY = 2048;
// From this many files asked for, a call is bulk work even when the cache has them all (every entry
// decoded, a graph built from them): the embedder's heap policy for bulk work applies (beforeBulkIndex).
const BULK_FROM = 1024;
export const INDEX_THREADS = 2;

export interface IndexRequest {
  readonly workspace: Workspace;
  readonly stateDir: string;
  // Workspace-relative paths of the files wanted.
  readonly files: readonly string[];
  readonly signal: AbortSignal;
  readonly threads?: number;
  // The engine's grammars, for the files parsed on this thread.
  readonly parsers?: CodeParsers;
  // The engine's store for stateDir (sharedIndexStore), its shards kept loaded between calls; absent: a
  // store for this call alone.
  readonly store?: IndexStore;
  // quickStamp of each file, in the order of `files`, when the caller took them in this call.
  readonly stamps?: readonly (string | undefined)[];
  // The files are listCodeFiles' answer in this call on this workspace, whose walk already dropped what
  // is hidden from readers (checked per folder there): not checked again per file here (on 20 k files the
  // second check was ~190 ms of a one-changed-file repo map). A listing made with readThroughJail left out
  // the credential store content check: the jailed read below makes it for every file not served from an
  // entry of the same stamp (made by such a read).
  readonly listed?: true;
  // Entries per batch of a bulk index (SAVE_EVERY): tests make batches of a few files.
  readonly saveEvery?: number;
  // The parse workers' settings (tests: a worker script that misbehaves, a recycle threshold).
  readonly pool?: PoolOptions;
}

export interface IndexedFile {
  readonly path: string;
  readonly entry: IndexEntry;
}

export interface IndexResult {
  readonly files: IndexedFile[];
  // Files not indexed, and why (too large, minified, generated, unreadable).
  readonly skipped: { path: string; reason: string }[];
  // Files parsed by this call (the rest came from the cache).
  readonly parsed: number;
  readonly threads: number;
}

export async function indexFiles(request: IndexRequest): Promise<IndexResult> {
  if (request.files.length >= BULK_FROM) beforeBulkIndex();
  const store = request.store ?? new IndexStore(request.stateDir);
  await store.refresh();
  const files: IndexedFile[] = [];
  const skipped: { path: string; reason: string }[] = [];
  // Files to parse (as listed), with their resolution through the jail when the cache check made one (read
  // from it: not resolved again); the others are resolved once, right before their read (to-read.ts).
  const stale: StaleFile[] = [];
  for (const [at, rel] of request.files.entries()) {
    if (request.signal.aborted) break;
    if (request.listed === undefined && request.workspace.isHiddenFromReaders(rel)) continue;
    // The cache check: one lstat of the path under the root (or the caller's, taken in this call), no realpath walk.
    const seen = request.stamps !== undefined ? request.stamps[at] : quickStamp(request.workspace.root, rel);
    const cached = seen === undefined ? undefined : await store.get(rel);
    if (cached !== undefined && cached.stamp === seen) {
      if (cached.skip !== undefined) skipped.push({ path: rel, reason: cached.skip });
      else files.push({ path: rel, entry: cached });
      continue;
    }
    if (seen !== undefined && cached === undefined) {
      stale.push({ rel });
      continue;
    }
    // Anything else goes through the jail: resolved, then (when stale) read through its verified open.
    const resolved = await resolveToRead(request.workspace, rel);
    if (resolved === undefined) continue;
    if ('skip' in resolved) {
      skipped.push({ path: rel, reason: resolved.skip });
      continue;
    }
    const stamp = stampOf(resolved.stats!);
    const entry = await store.get(rel);
    if (entry !== undefined && entry.stamp === stamp) {
      if (entry.skip !== undefined) skipped.push({ path: rel, reason: entry.skip });
      else files.push({ path: rel, entry });
    } else {
      stale.push({ rel, resolved });
    }
  }
  const threads = stale.length >= POOL_FROM ? request.threads ?? INDEX_THREADS : 0;
  const pool = new ParsePool(threads, request.parsers, request.pool);
  // Read now: the pool is closed before the result is made.
  const parsedOn = pool.threads;
  try {
    // Reads stay on this thread (the jail); parses are handed out as they are read, a bounded number in flight.
    const inFlight = new Set<Promise<void>>();
    const fresh: string[] = [];
    // Deferred files the jail left out or the size budget skipped at their resolution: not parsed.
    const unread = { count: 0 };
    let saved = 0;
    for (const file of stale) {
      if (request.signal.aborted) break;
      const work = parseOne(request.workspace, file, pool, store, { fresh, skipped, unread });
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
      if (inFlight.size >= Math.max(2, pool.threads * 8)) await Promise.race(inFlight);
      if (store.unsaved >= Math.max(request.saveEvery ?? SAVE_EVERY, saved / 2)) {
        saved += store.unsaved;
        await store.save({ release: true });
      }
    }
    await Promise.all(inFlight);
    // The workers go before the entries are gathered and the caller builds on them: each holds its grammars
    // and a WebAssembly memory as large as the largest file it parsed (~85 MB), which never shrinks.
    await pool.close();
    await store.save();
    // The new entries as the store keeps them (rebuilt from the saved rows), not the objects the parses made.
    for (const rel of fresh) {
      const entry = await store.get(rel);
      if (entry !== undefined) files.push({ path: rel, entry });
    }
    // A bulk index (it saved in batches), or a call that gathered thousands of entries from the cache (a graph
    // built again: a file added or gone), leaves no shard loaded: the entries hold what they need until the
    // caller is done with them, and the engine's store does not keep the whole index past this call (on 20 k
    // files ~46 MB of shard buffers an engine held between calls, which ask for the few shards of changed files).
    if (saved > 0 || request.files.length >= BULK_FROM) store.release();
    files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { files, skipped, parsed: stale.length - unread.count, threads: parsedOn };
  } finally {
    await pool.close();
  }
}

// The stamp of a plain relative path's entry by one lstat (undefined: not a regular file, not a plain
// path, or gone). Served from the cache only on an exact match: an entry was made by a read through the
// jail, and the same device, inode, size and mtime are that same file, so a link planted since (a folder
// swapped for a link out of the workspace) can only ever show what the jail already let through, while
// any other file takes the jailed path.
// A repo map takes one for every listed file (20 k on the bench): no array per path, no exception per
// missing file.
export function quickStamp(root: string, rel: string): string | undefined {
  const stats = quickStats(root, rel);
  return stats === undefined ? undefined : stampOf(stats);
}

// The lstat quickStamp makes its stamp of (undefined: no stamp); kept-stamps.ts compares its numbers.
export function quickStats(root: string, rel: string): Stats | undefined {
  if (rel.charCodeAt(0) === 47 || NOT_PLAIN.test(rel)) return undefined;
  try {
    const stats = lstatSync(`${root}/${rel}`, { throwIfNoEntry: false });
    return stats?.isFile() === true ? stats : undefined;
  } catch {
    return undefined;
  }
}

// A path that is not plain: empty, a NUL, or an empty, '.' or '..' segment (leading '/' checked apart).
const NOT_PLAIN = /(?:^|\/)\.{0,2}(?:\/|$)|\0/;

async function parseOne(workspace: Workspace, file: StaleFile, pool: ParsePool, store: IndexStore, { fresh, skipped, unread }: { fresh: string[]; skipped: { path: string; reason: string }[]; unread: { count: number } }): Promise<void> {
  const { rel } = file;
  // A deferred file: what the cache check does to the others (left out, or skipped by size without an entry).
  const resolved = file.resolved ?? await resolveToRead(workspace, rel);
  if (resolved === undefined || 'skip' in resolved) {
    unread.count++;
    if (resolved !== undefined) skipped.push({ path: rel, reason: resolved.skip });
    return;
  }
  let entry: IndexEntry;
  try {
    entry = await parseEntry(workspace, { rel, resolved }, pool);
  } catch (error) {
    skipped.push({ path: rel, reason: error instanceof ParseWorkerLost ? `${error.message} twice while parsing it` : `unreadable: ${error instanceof Error ? error.message : String(error)}` });
    return;
  }
  await store.set(rel, entry);
  if (entry.skip !== undefined) skipped.push({ path: rel, reason: entry.skip });
  else fresh.push(rel);
}

// A file's entry. A parse lost with its worker (its resource limit stopped it, or it crashed) is read
// again and retried once on a worker of its own: a file queued behind the culprit is parsed then, and
// the culprit, lost again, is skipped with the reason (parseOne) instead of failing the whole index.
async function parseEntry(workspace: Workspace, file: { rel: string; resolved: ResolvedPath }, pool: ParsePool): Promise<IndexEntry> {
  let submitted = await submit(workspace, file, pool, false);
  let extracted: Extracted | { skip: string } | undefined;
  try {
    extracted = await submitted.result;
  } catch (error) {
    if (!(error instanceof ParseWorkerLost)) throw error;
    submitted = await submit(workspace, file, pool, true);
    extracted = await submitted.result;
  }
  const { stamp } = submitted;
  return extracted === undefined ? { stamp, skip: 'not code' } : 'skip' in extracted ? { stamp, skip: extracted.skip } : { stamp, ...extracted };
}

// Reads a file through the jail and hands its bytes to the pool, which makes the text where it parses (a
// worker, the bytes transferred): the main thread neither decodes nor holds the text. Nothing is held
// while the parse runs (only the stamp is): a text kept across the wait outlives the young generation, and
// twenty thousand of them promoted to the old one were most of a cold index's peak memory.
// The file is read from the resolution indexFiles made (its checks, the credential store's by content, ran
// then). A file whose stamp changed since is another content than the one checked: resolved again, and the
// text read first is dropped unseen.
async function submit(workspace: Workspace, { rel, resolved }: { rel: string; resolved: ResolvedPath }, pool: ParsePool, alone: boolean): Promise<{ stamp: string; result: Promise<Extracted | { skip: string } | undefined> }> {
  let code = await readCodeBytes(workspace, resolved);
  if (resolved.stats === undefined || code.stamp !== stampOf(resolved.stats)) code = await readCodeBytes(workspace, await workspace.resolve(rel, 'read'));
  return { stamp: code.stamp, result: 'skip' in code ? Promise.resolve({ skip: code.skip }) : pool.extract(rel, code.bytes, alone) };
}
