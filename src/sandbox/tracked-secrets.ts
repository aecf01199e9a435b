// Non-accessible files a git repository TRACKS. The sandbox hides such a file by mounting an empty one
// over it, but git inside still reads what its object database holds (`git diff` prints `-SECRET=x`,
// `git show HEAD:.env` the whole file) and sees the hidden file as emptied (`git commit -a` would
// commit it empty, `git stash` would stash the empty version and `git stash pop` outside empty the real
// file). Found by reading the index directly (git-index.ts), cached by the index file's identity.
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, type BigIntStats } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { readGitMetadataBytes } from '../git/config-read.js';
import { foldersUp } from '../workspace/above.js';
import { buildVersion } from '../workspace/cache-file.js';
import { compileNonAccessible, type RelMatcher } from '../workspace/globs.js';
import { carried, indexEntries, isSparseFolder, rawOf } from './git-index.js';
import { lsFilesStage } from './git-ls-files.js';
import { findOnPath, outsidePath, type ToolEnv } from './which.js';
import { historyNames, refsIdentity, type HistoryState } from './history-secrets.js';
import { otherIndexes, otherNames, othersIdentity } from './tracked-secrets-worktrees.js';

export interface GitRepository {
  // The checkout's top folder (index names are relative to it).
  readonly worktree: string;
  // Its git folder (index, HEAD) and the folder holding its objects (a linked worktree shares one).
  readonly gitDir: string;
  readonly commonDir: string;
}

const GITLINK = 0o160000;
// Larger than any real index (a 2-million-file checkout's is about 200 MB): not read.
const MAX_INDEX = 1024 * 1024 * 1024;
// A `.git` file or `commondir`: one line.
const MAX_TEXT = 64 * 1024;
// Submodules (in submodules, at any depth) one walk reads; past it each counts as tracking what cannot be listed.
const MAX_REACHED = 1_000;
// What stands for the files of an index this cannot list.
export const UNREADABLE = '(an index codeward cannot read)';

function statOf(path: string): BigIntStats | undefined {
  try {
    return statSync(path, { bigint: true });
  } catch {
    return undefined;
  }
}


function pointed(dotGit: string): string | undefined {
  const text = readGitMetadataBytes(dotGit, MAX_TEXT)?.toString('utf8');
  const match = text === undefined ? null : /^gitdir:\s*(.+?)\s*$/m.exec(text);
  return match ? resolve(dirname(dotGit), match[1]!) : undefined;
}

function commonDirOf(gitDir: string): string {
  const common = readGitMetadataBytes(join(gitDir, 'commondir'), MAX_TEXT)?.toString('utf8').trim();
  return common === undefined || common === '' ? gitDir : resolve(gitDir, common);
}

// The object folders a repository borrows from (objects/info/alternates, one path a line, relative to
// its objects folder): they can hold the secret's blob too.
export function alternatesOf(repository: GitRepository): string[] {
  const objects = join(repository.commonDir, 'objects');
  const text = readGitMetadataBytes(join(objects, 'info', 'alternates'), MAX_TEXT)?.toString('utf8') ?? '';
  return text.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#')).map((line) => resolve(objects, line.replace(/^"(.*)"$/, '$1')));
}

// The repository git finds from `folder` (upwards: a `.git` folder, or a `.git` file naming one). Outside
// the workspace `root` only the current user's counts (workspace/above.ts, red team H5).
export function repositoryOf(folder: string, root: string = folder): GitRepository | undefined {
  for (const current of foldersUp(folder, root)) {
    const dotGit = join(current, '.git');
    const gitDir = statOf(dotGit)?.isDirectory() ? dotGit : pointed(dotGit);
    // A git folder: HEAD, and objects in it or in its common folder (a linked worktree's has none itself).
    const commonDir = gitDir && statOf(join(gitDir, 'HEAD'))?.isFile() ? commonDirOf(gitDir) : undefined;
    if (gitDir && commonDir && statOf(join(commonDir, 'objects'))?.isDirectory()) return { worktree: current, gitDir, commonDir };
  }
  return undefined;
}

interface Cached {
  readonly identity: string;
  readonly files: readonly string[];
  readonly gitlinks: readonly string[];
  // What the history holds (history-secrets.ts): a secret committed once and untracked since.
  readonly history?: HistoryState;
}

// The index entries of a repository (names, and the gitlinks among them), or undefined when neither
// this nor git can list them.
function indexListing(repository: GitRepository, env: ToolEnv): { names: string[]; gitlinks: string[] } | undefined {
  const data = readGitMetadataBytes(join(repository.gitDir, 'index'), MAX_INDEX);
  if (!data) return undefined;
  const entries = indexEntries(data);
  if (entries && !entries.some(isSparseFolder)) {
    return { names: entries.map((entry) => entry.name), gitlinks: entries.filter((entry) => (entry.mode & 0o170000) === GITLINK).map((entry) => (entry.raw ? carried(entry.raw) : entry.name)) };
  }
  // A split or sparse index: git lists it (expanding sparse folders). No config key of the repository
  // makes ls-files run a program once fsmonitor is off; GIT_* variables would name another repository.
  const git = findOnPath('git', env);
  if (!git) return undefined;
  const clean = Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith('GIT_')));
  return lsFilesStage(git, repository.worktree, clean);
}

// Which index names match: by the path relative to the workspace when inside it, and by the path
// relative to the checkout (a secret of a parent repository outside the workspace counts too). A folder
// answer is kept for the next name in it (the index is sorted).
function matching(names: readonly string[], matcher: RelMatcher, prefix: string): string[] {
  const folders = new Map<string, boolean>();
  const folderHidden = (folder: string): boolean => {
    if (folder === '') return false;
    let known = folders.get(folder);
    if (known === undefined) {
      const cut = folder.lastIndexOf('/');
      known = folderHidden(cut < 0 ? '' : folder.slice(0, cut)) || matcher.entry(folder);
      folders.set(folder, known);
    }
    return known;
  };
  const hit = (rel: string): boolean => {
    const cut = rel.lastIndexOf('/');
    return matcher.entry(rel) || folderHidden(cut < 0 ? '' : rel.slice(0, cut));
  };
  return names.filter((name) => hit(name) || (prefix !== '' && name.startsWith(`${prefix}/`) && matcher(name.slice(prefix.length + 1))));
}

// One engine keeps one check: a later run reads the index again only when it changed (git replaces it
// by a rename on every write: a new inode, so identity = inode, size, mtime and ctime). `cacheFile` keeps
// the answers between processes (a one-shot CLI exec would parse a 20 000-entry index every time: about
// 50 ms); never a file a sandboxed process can write (the caller checks): a poisoned cache would hide git
// from nothing.
export class TrackedSecretCheck {
  private readonly matcher: RelMatcher;
  private readonly cache = new Map<string, Cached>();
  private readonly key: string;
  private loaded = false;

  constructor(
    private readonly globs: readonly string[],
    readonly env: ToolEnv = outsidePath(process.env, []),
    private readonly cacheFile?: string,
  ) {
    this.matcher = compileNonAccessible(globs);
    // The build too (workspace/cache-file.ts buildVersion): an upgrade never reuses the answers of the code it replaced.
    this.key = cacheFile === undefined ? '' : JSON.stringify([globs, buildVersion()]);
  }

  // Whether any path is non-accessible (else no object can hold a secret).
  get guarding(): boolean {
    return this.globs.length > 0;
  }

  // The non-accessible paths (relative to the checkout) the repository's index tracks; an index that
  // cannot be listed counts as tracking one, so git is hidden (or asks) rather than trusted.
  tracked(repository: GitRepository, workspaceRoot: string): readonly string[] {
    return this.read(repository, workspaceRoot).files;
  }

  // The repository and its checked-out submodules (recursively, at any depth: a cap of 4 left a 5th level's blobs to a
  // sandboxed `git show`, fix75), each with what it tracks (paths relative to `repository`'s checkout): `git grep
  // --recurse-submodules` reads them all. Bounded by a count (MAX_REACHED): a submodule past it counts as tracking what
  // cannot be listed (UNREADABLE: its git folders hidden, the git line asks).
  reachable(repository: GitRepository, workspaceRoot: string): { repository: GitRepository; files: readonly string[] }[] {
    return this.reach(repository, workspaceRoot, { left: MAX_REACHED }, new Set([repository.gitDir]));
  }

  private reach(repository: GitRepository, workspaceRoot: string, budget: { left: number }, seen: Set<string>): { repository: GitRepository; files: readonly string[] }[] {
    const own = this.read(repository, workspaceRoot);
    const found = [{ repository, files: own.files }];
    for (const link of own.gitlinks) {
      // One that is not UTF-8 is in `files` already (read): it cannot be named.
      if (rawOf(link) !== undefined) continue;
      const worktree = join(repository.worktree, link);
      const sub = repositoryOf(worktree, workspaceRoot);
      if (!sub || sub.worktree !== worktree || seen.has(sub.gitDir)) continue;
      seen.add(sub.gitDir);
      const inner = --budget.left < 0 ? [{ repository: sub, files: [UNREADABLE] }] : this.reach(sub, workspaceRoot, budget, seen);
      for (const each of inner) found.push({ repository: each.repository, files: each.files.map((file) => `${link}/${file}`) });
    }
    return found;
  }

  private read(repository: GitRepository, workspaceRoot: string): Cached {
    const stats = this.globs.length === 0 ? undefined : statOf(join(repository.gitDir, 'index'));
    if (!stats) return { identity: '', files: [], gitlinks: [] };
    const prefix = relative(repository.worktree, workspaceRoot).split('\\').join('/');
    const inside = prefix === '' || (!prefix.startsWith('..') && !prefix.startsWith('/'));
    // The other worktrees' indexes hold blobs this worktree's git reaches too (R28-3: tracked-secrets-worktrees.ts).
    const others = otherIndexes(repository.gitDir, repository.commonDir, repository.worktree);
    const identity = `${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}:${inside ? prefix : ''}|${othersIdentity(others)}`;
    this.load();
    const cached = this.cache.get(repository.gitDir);
    const refs = `${refsIdentity(repository.commonDir, repository.gitDir)}|${inside ? prefix : ''}`;
    if (cached?.identity === identity && cached.history?.refsIdentity === refs) return cached;
    const listing = stats.isFile() ? indexListing(repository, this.env) : undefined;
    const history = historyNames(repository.worktree, refs, cached?.history, this.env, (names) => matching(names, this.matcher, inside ? prefix : ''));
    const elsewhere = others === 'too-many' ? [UNREADABLE] : otherNames(others).flatMap(({ label, names }) => (names === undefined ? [`${label}/${UNREADABLE}`] : matching(names, this.matcher, inside ? prefix : '').map((name) => `${label}/${name}`)));
    // A submodule whose path is not UTF-8 cannot be named to read its index: it counts as tracking a secret (utf55).
    const unnamed = (listing?.gitlinks ?? []).flatMap((link) => {
      const raw = rawOf(link);
      return raw === undefined ? [] : [`${raw.toString('utf8')}/${UNREADABLE}`];
    });
    const files = listing === undefined ? [UNREADABLE] : [...new Set([...matching(listing.names, this.matcher, inside ? prefix : ''), ...(history?.names ?? []), ...elsewhere, ...unnamed])];
    const result = { identity, files, gitlinks: listing?.gitlinks ?? [], ...(history ? { history } : {}) };
    this.cache.set(repository.gitDir, result);
    this.save();
    return result;
  }

  // A cache of other globs, another build or another shape is ignored (read again).
  private load(): void {
    if (this.loaded || !this.cacheFile) return;
    this.loaded = true;
    try {
      const parsed = JSON.parse(readFileSync(this.cacheFile, 'utf8')) as unknown;
      if (!Array.isArray(parsed) || parsed[0] !== this.key || typeof parsed[1] !== 'object' || parsed[1] === null) return;
      const strings = (value: unknown): value is string[] => Array.isArray(value) && value.every((entry) => typeof entry === 'string');
      for (const [gitDir, item] of Object.entries(parsed[1] as Record<string, unknown>)) {
        if (!Array.isArray(item) || item.length !== 4) continue;
        const [identity, files, gitlinks, past] = item as unknown[];
        const history = past as HistoryState | null;
        const valid = history === null || (typeof history === 'object' && typeof history.refsIdentity === 'string' && strings(history.tips) && strings(history.names));
        if (typeof identity === 'string' && strings(files) && strings(gitlinks) && valid) this.cache.set(gitDir, { identity, files, gitlinks, ...(history ? { history } : {}) });
      }
    } catch {
      // Missing or unreadable: read again.
    }
  }

  private save(): void {
    if (!this.cacheFile) return;
    const items = Object.fromEntries([...this.cache].map(([gitDir, cached]) => [gitDir, [cached.identity, cached.files, cached.gitlinks, cached.history ?? null]]));
    const temporary = `${this.cacheFile}.${process.pid}.tmp`;
    try {
      mkdirSync(dirname(this.cacheFile), { recursive: true, mode: 0o700 });
      writeFileSync(temporary, JSON.stringify([this.key, items]), { mode: 0o600 });
      renameSync(temporary, this.cacheFile);
    } catch {
      // Only a cache.
      rmSync(temporary, { force: true });
    }
  }
}
