// Red team R27-4: objects no ref, reflog or index reaches are of unknown origin (a blob has no path): a
// `.env` staged once and unstaged (`git add -f .env; git reset .env`) stays in .git/objects, and a
// sandboxed `git cat-file --batch-all-objects --batch`, `git show <id>` or a script inflating
// .git/objects/??/* prints it, while the index and the history (tracked-secrets.ts, history-secrets.ts)
// hold no secret. So the sandbox view masks each such loose object (an empty read-only file over it: git
// never reads an unreachable object in normal work); past a bound of masks, it shows the objects folder as a
// read-only view without them (objects-view.ts: copies of the reachable loose objects in the state folder;
// git reads, but cannot add objects); and it hides the git folders (hidden-git.ts) when they are in a pack,
// cannot be listed, or no view can be made (no safe state folder, seatbelt). An object seen unreachable once stays masked while it is
// loose: a run may write a ref or an index entry naming it (it needs only the id), which would not make
// its content known. The answer is kept by the repository's identity (refs, index, object folders) in a
// state-folder file (view-cache.ts: read only as a regular file of this user, written by this build).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { recentlyChanged } from '../workspace/listings.js';
import { refsIdentity } from './history-secrets.js';
import { realOf } from './policy.js';
import { syncPackView } from './objects-pack-view.js';
import { objectsViewBinds, objectsViewOf, syncObjectsView } from './objects-view.js';
import { findUnreachable, looseObjects, objectsReadOnly, tooManyLoose, type ObjectsFound } from './unreachable-objects-git.js';
import { alternatesOf, type GitRepository } from './tracked-secrets.js';
import { readCacheFile, writeCacheFile } from './view-cache.js';
import type { ToolEnv } from './which.js';

type Env = ToolEnv;

export interface ObjectsLimits {
  // Each git run (past it: the git folders are hidden).
  readonly timeoutMs: number;
  // The loose objects masked one by one; past it the git folders are hidden. bwrap's cost grows faster than
  // the mounts (bench/unreachable-objects.mjs, 2 loaded cores: 16 masks ~2 ms, 32 ~3-9 ms, 64 ~34 ms, 512 ~940 ms
  // per exec), and issue 26's bar is 30 ms per `exec true`. Past it, a read-only view costs 3 mounts whatever
  // the count (bench/unreachable-objects-view.mjs) but makes the objects read-only: below it, git writes.
  readonly maxMasks: number;
}

const LIMITS: ObjectsLimits = { timeoutMs: 10_000, maxMasks: 32 };

export interface ObjectsView {
  // What to mask: each unreachable loose object (a file), `lost-found` (a folder: `git fsck --lost-found`
  // writes such objects there uncompressed).
  readonly paths: readonly { readonly path: string; readonly kind: 'file' | 'dir' }[];
  // Why the git folders are hidden instead (a message naming the fix).
  readonly hide?: string;
  // Past maxMasks, with a view folder: the objects folder shown as a read-only view without the unreachable
  // loose objects (objects-view.ts), as bwrap binds (destination, source) in order, and what a git that
  // fails to write is told.
  readonly binds?: readonly (readonly [string, string])[];
  readonly readOnly?: string;
}

interface Entry {
  readonly identity: string;
  readonly suspects: readonly string[];
  readonly hide: string | null;
  // The read-only view of the objects (objects-view.ts) was brought in line with this answer; `packed`: with
  // a filtered pack in place of the real ones, which hold an unreachable object (objects-pack-view.ts).
  readonly viewed?: boolean;
  readonly packed?: boolean;
}

// A file's or folder's identity, and whether it changed too recently to be told apart from a later change.
function stampOf(path: string, racy: { value: boolean }): string {
  const stats = lstatQuiet(path, true);
  if (!stats) return '-';
  if (recentlyChanged(stats.ctimeNs)) racy.value = true;
  return `${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
}

function names(folder: string): string[] {
  try {
    return readdirSync(folder).sort();
  } catch {
    return [];
  }
}

// What the answer depends on: the refs and reflogs, every worktree's index and HEAD, and each object folder
// (an object added or removed changes its folder's times), the repository's own and its alternates'.
function identityOf(repository: GitRepository, racy: { value: boolean }): string {
  const { commonDir, gitDir } = repository;
  const parts = [refsIdentity(commonDir, gitDir), stampOf(join(gitDir, 'index'), racy), stampOf(join(commonDir, 'worktrees'), racy)];
  for (const worktree of names(join(commonDir, 'worktrees'))) {
    for (const file of ['index', 'HEAD', 'logs/HEAD']) parts.push(stampOf(join(commonDir, 'worktrees', worktree, file), racy));
  }
  const objects = join(commonDir, 'objects');
  parts.push(stampOf(join(objects, 'info', 'alternates'), racy));
  for (const folder of [objects, ...alternatesOf(repository)]) {
    parts.push(folder, stampOf(folder, racy));
    for (const name of names(folder)) parts.push(name, stampOf(join(folder, name), racy));
  }
  return parts.join('|');
}

function validEntry(value: unknown): value is Entry {
  const entry = value as Partial<Entry> | null;
  return !!entry && typeof entry.identity === 'string' && Array.isArray(entry.suspects) && entry.suspects.every((id) => typeof id === 'string') && (entry.hide === null || typeof entry.hide === 'string') && (entry.viewed === undefined || typeof entry.viewed === 'boolean') && (entry.packed === undefined || typeof entry.packed === 'boolean');
}

export class UnreachableObjects {
  private entries: Record<string, Entry> | undefined;

  constructor(
    private readonly env: Env,
    // Never a file a sandboxed process can write (the caller checks): a poisoned answer would mask nothing.
    private readonly cacheFile?: string,
    private readonly limits: ObjectsLimits = LIMITS,
    // Where the read-only views of object stores are made past maxMasks (objects-view.ts): a folder no
    // sandboxed process can write, and only for bwrap (seatbelt binds nothing); without it, git is hidden.
    private readonly viewFolder?: string,
  ) {}

  // What the view masks or hides for this repository's objects.
  view(repository: GitRepository): ObjectsView {
    const entry = this.entry(repository);
    // Real paths: what the mounts land on, and what hidden-git.ts dedupes against the hidden folders.
    const common = realOf(repository.commonDir);
    const objects = join(common, 'objects');
    const lostFound = join(common, 'lost-found');
    const paths = [
      ...(lstatQuiet(lostFound)?.isDirectory() ? [{ path: lostFound, kind: 'dir' as const }] : []),
      ...entry.suspects.map((id) => ({ path: join(objects, id.slice(0, 2), id.slice(2)), kind: 'file' as const })),
    ];
    if (entry.hide !== null) return { paths, hide: entry.hide };
    if (entry.viewed && this.viewFolder) {
      // One view instead of a mask per object: the unreachable ones are not in it (lost-found still masked).
      const binds = objectsViewBinds(objectsViewOf(this.viewFolder, objects), objects);
      return { paths: paths.filter(({ kind }) => kind === 'dir'), binds, readOnly: objectsReadOnly(entry.suspects.length, entry.packed === true) };
    }
    if (entry.suspects.length <= this.limits.maxMasks) return { paths };
    return { paths, hide: tooManyLoose(entry.suspects.length, this.limits.maxMasks) };
  }

  // The view is made past maxMasks, or for unreachable objects in the repository's own packs, from git's
  // answer (the loose and packed objects it reached, less every suspect). A string: why it was refused.
  private synced(repository: GitRepository, suspects: readonly string[], found: ObjectsFound): boolean | string {
    const packed = found.hide === undefined ? undefined : found.packedShown;
    if (!this.viewFolder || !found.shown || (found.hide !== undefined && !packed) || (!packed && suspects.length <= this.limits.maxMasks)) return false;
    const objects = join(realOf(repository.commonDir), 'objects');
    const view = objectsViewOf(this.viewFolder, objects);
    const masked = new Set(suspects);
    const made = syncObjectsView(view, objects, found.shown.filter((id) => !masked.has(id)));
    return made !== true ? made : syncPackView(view, repository.worktree, this.env, packed?.filter((id) => !masked.has(id)), this.limits.timeoutMs);
  }

  private viewGone(repository: GitRepository): boolean {
    return !this.viewFolder || !lstatQuiet(objectsViewOf(this.viewFolder, join(realOf(repository.commonDir), 'objects')))?.isDirectory();
  }

  private entry(repository: GitRepository): Entry {
    const entries = this.load();
    const racy = { value: false };
    const identity = identityOf(repository, racy);
    const known = entries[repository.gitDir];
    if (known?.identity === identity && !(known.viewed === true && this.viewGone(repository))) return known;
    const found = findUnreachable(repository, this.env, this.limits.timeoutMs);
    // Seen unreachable before and still loose: still masked (a ref a run wrote does not tell what it holds).
    const loose = new Set(known && known.suspects.length > 0 ? looseObjects(join(repository.commonDir, 'objects')) : []);
    const suspects = [...new Set([...found.loose, ...(known?.suspects ?? []).filter((id) => loose.has(id))])].sort();
    const synced = this.synced(repository, suspects, found);
    const viewed = synced === true;
    const packed = viewed && found.hide !== undefined;
    const entry = { identity, suspects, hide: viewed ? null : typeof synced === 'string' ? synced : found.hide ?? null, viewed, packed };
    // A change within the file system's timestamp tick could go unseen, and git may succeed next time: then
    // only this run uses the answer, except the suspects, which are kept whatever happens.
    entries[repository.gitDir] = racy.value || found.failed ? { ...entry, identity: '' } : entry;
    if (this.cacheFile) writeCacheFile(this.cacheFile, entries);
    return entry;
  }

  private load(): Record<string, Entry> {
    if (this.entries) return this.entries;
    this.entries = {};
    for (const [gitDir, value] of Object.entries((this.cacheFile && readCacheFile(this.cacheFile)) || {})) if (validEntry(value)) this.entries[gitDir] = value;
    return this.entries;
  }
}
