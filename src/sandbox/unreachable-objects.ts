// Red team R27-4: objects no ref, reflog or index reaches are of unknown origin (a blob has no path): a
// `.env` staged once and unstaged (`git add -f .env; git reset .env`) stays in .git/objects, and a
// sandboxed `git cat-file --batch-all-objects --batch`, `git show <id>` or a script inflating
// .git/objects/??/* prints it, while the index and the history (tracked-secrets.ts, history-secrets.ts)
// hold no secret. So each such loose object is moved into the quarantine (unreachable-quarantine.ts: an
// object folder git outside still reads through objects/info/alternates) and the sandbox view hides that one
// folder, whatever the count (masking each object cost bwrap ~940 ms at 512, so past 32 git was hidden). The git
// folders are hidden when such objects are in a pack, cannot be listed or moved. A moved object stays in the
// quarantine: a run may write a ref or an index entry naming it (it needs only the id), which would not make its
// content known. The answer is kept by the repository's identity (refs, index, object folders) in a
// state-folder file (view-cache.ts: read only as a regular file of this user, written by this build).
import { dirname, join } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { recentlyChanged } from '../workspace/listings.js';
import { refsIdentity } from './history-secrets.js';
import { realOf } from './policy.js';
import { cruftPacks, findUnreachable, FIX } from './unreachable-objects-git.js';
import { planPacks } from './unreachable-packs.js';
import { namesBelow, quarantine, quarantineOf } from './unreachable-quarantine.js';
import { alternatesOf, type GitRepository } from './tracked-secrets.js';
import { readCacheFile, writeCacheFile } from './view-cache.js';

type Env = Readonly<Record<string, string | undefined>>;

export interface ObjectsLimits {
  // Each git run (past it: the git folders are hidden).
  readonly timeoutMs: number;
}

const LIMITS: ObjectsLimits = { timeoutMs: 10_000 };

export interface ObjectsView {
  // What to hide (folders): the quarantine (unreachable-quarantine.ts) and `lost-found` (`git fsck --lost-found`
  // writes such objects there uncompressed).
  readonly paths: readonly { readonly path: string; readonly kind: 'file' | 'dir' }[];
  // Why the git folders are hidden instead (a message naming the fix).
  readonly hide?: string;
}

interface Entry {
  readonly identity: string;
  readonly hide: string | null;
}

// A file's or folder's identity, and whether it changed too recently to be told apart from a later change.
function stampOf(path: string, racy: { value: boolean }): string {
  const stats = lstatQuiet(path, true);
  if (!stats) return '-';
  if (recentlyChanged(stats.ctimeNs)) racy.value = true;
  return `${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
}

// The names in `folder` below the real git folder `top` (a link or a folder too large: a name that never matches).
function names(top: string, folder: string): string[] {
  const listed = namesBelow(top, folder);
  return typeof listed === 'string' ? [`<${listed}>`] : listed.map(({ name }) => name).sort();
}

// What the answer depends on: the refs and reflogs, every worktree's index and HEAD, and each object folder
// (an object added or removed changes its folder's times), the repository's own and its alternates'.
// (`common`: the real common git folder, what is listed.)
function identityOf(repository: GitRepository, common: string, racy: { value: boolean }): string {
  const { commonDir, gitDir } = repository;
  const parts = [refsIdentity(commonDir, gitDir), stampOf(join(gitDir, 'index'), racy), stampOf(join(commonDir, 'worktrees'), racy)];
  for (const worktree of names(common, join(common, 'worktrees'))) {
    for (const file of ['index', 'HEAD', 'logs/HEAD']) parts.push(stampOf(join(commonDir, 'worktrees', worktree, file), racy));
  }
  const objects = join(common, 'objects');
  parts.push(stampOf(join(objects, 'info', 'alternates'), racy));
  // Not the quarantine (an alternate too): what it holds is hidden whatever it is, and never changes the answer.
  const quarantined = quarantineOf(common);
  for (const folder of [objects, ...alternatesOf(repository).filter((alternate) => realOf(alternate) !== quarantined)]) {
    parts.push(folder, stampOf(folder, racy));
    // An alternate elsewhere is listed below its own parent (only its names: stamps are lstat).
    for (const name of names(folder.startsWith(`${common}/`) ? common : dirname(folder), folder)) parts.push(name, stampOf(join(folder, name), racy));
  }
  return parts.join('|');
}

function validEntry(value: unknown): value is Entry {
  const entry = value as Partial<Entry> | null;
  return !!entry && typeof entry.identity === 'string' && (entry.hide === null || typeof entry.hide === 'string');
}

export class UnreachableObjects {
  private entries: Record<string, Entry> | undefined;

  constructor(
    private readonly env: Env,
    // Never a file a sandboxed process can write (the caller checks): a poisoned answer would hide nothing.
    private readonly cacheFile?: string,
    private readonly limits: ObjectsLimits = LIMITS,
  ) {}

  // What the view hides for this repository's objects (moving the unreachable loose ones out first).
  view(repository: GitRepository): ObjectsView {
    // Real paths: what is listed and moved, what the mounts land on, and what hidden-git.ts dedupes against.
    const common = realOf(repository.commonDir);
    const entry = this.entry(repository, common);
    const paths = [join(common, 'lost-found'), dirname(quarantineOf(common))].filter((path) => lstatQuiet(path)?.isDirectory()).map((path) => ({ path, kind: 'dir' as const }));
    return entry.hide === null ? { paths } : { paths, hide: entry.hide };
  }

  private entry(repository: GitRepository, common: string): Entry {
    const entries = this.load();
    const racy = { value: false };
    const identity = identityOf(repository, common, racy);
    const known = entries[repository.gitDir];
    if (known?.identity === identity) return known;
    const found = findUnreachable(repository, common, this.env, this.limits.timeoutMs);
    const packed = found.packed ?? [];
    const plan = found.hide === undefined && packed.length > 0 ? planPacks(common, this.env, new Set(packed), this.limits.timeoutMs) : { move: [] };
    const unpacked = 'hide' in plan ? `${packed.length} object${packed.length === 1 ? '' : 's'} no ref, reflog or index reaches in ${cruftPacks(common, join(common, 'objects')).length > 0 ? 'a cruft pack' : 'a pack'} codeward cannot set aside (${plan.hide}); ${FIX}` : undefined;
    const hide0 = found.hide ?? unpacked;
    const moved = hide0 === undefined && 'move' in plan ? quarantine(common, found.loose, plan.move) : undefined;
    const hide = hide0 ?? (moved === undefined ? null : `objects no ref, reflog or index reaches that codeward could not move aside: ${moved}`);
    // Signed after the move (which changed the object folders); a change within the file system's timestamp tick
    // could go unseen, and git may succeed next time: then only this run uses the answer.
    const after = { value: false };
    const entry = { identity: found.loose.length > 0 || packed.length > 0 ? identityOf(repository, common, after) : identity, hide };
    entries[repository.gitDir] = racy.value || after.value || found.failed || moved !== undefined ? { ...entry, identity: '' } : entry;
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
