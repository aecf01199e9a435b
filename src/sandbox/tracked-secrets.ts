// Non-accessible files a git repository TRACKS. The sandbox hides such a file by mounting an empty one
// over it, but git inside still reads what its object database holds (`git diff` prints `-SECRET=x`,
// `git show HEAD:.env` the whole file) and sees the hidden file as emptied (`git commit -a` would
// commit it empty, `git stash` would stash the empty version and `git stash pop` outside empty the real
// file). Found by reading the index directly (git-index.ts), cached by the index file's identity.
import { spawnSync } from 'node:child_process';
import { lstatSync, readFileSync, statSync, type BigIntStats } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { compileNonAccessible, type RelMatcher } from '../workspace/globs.js';
import { indexEntries, isSparseFolder } from './git-index.js';
import { findOnPath } from './which.js';

export interface GitRepository {
  // The checkout's top folder (index names are relative to it).
  readonly worktree: string;
  // Its git folder (index, HEAD) and the folder holding its objects (a linked worktree shares one).
  readonly gitDir: string;
  readonly commonDir: string;
}

const MAX_UP = 64;
const GITLINK = 0o160000;
// Submodules in submodules: deeper than this is not looked at.
const MAX_SUBMODULE_DEPTH = 4;
// How many names a message lists.
const NAMED = 3;
// What stands for the files of an index this cannot list.
const UNREADABLE = '(an index codeward cannot read)';

function statOf(path: string): BigIntStats | undefined {
  try {
    return statSync(path, { bigint: true });
  } catch {
    return undefined;
  }
}

function isGitDir(path: string): boolean {
  return statOf(join(path, 'HEAD'))?.isFile() === true && statOf(join(path, 'objects'))?.isDirectory() === true;
}

function pointed(dotGit: string): string | undefined {
  try {
    if (!lstatSync(dotGit).isFile()) return undefined;
    const match = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, 'utf8'));
    return match ? resolve(dirname(dotGit), match[1]!) : undefined;
  } catch {
    return undefined;
  }
}

function commonDirOf(gitDir: string): string {
  try {
    const common = readFileSync(join(gitDir, 'commondir'), 'utf8').trim();
    return common === '' ? gitDir : resolve(gitDir, common);
  } catch {
    return gitDir;
  }
}

// The repository git finds from `folder` (upwards: a `.git` folder, or a `.git` file naming one).
export function repositoryOf(folder: string): GitRepository | undefined {
  let current = resolve(folder);
  for (let up = 0; up < MAX_UP; up += 1) {
    const dotGit = join(current, '.git');
    const gitDir = statOf(dotGit)?.isDirectory() ? dotGit : pointed(dotGit);
    if (gitDir && isGitDir(gitDir)) return { worktree: current, gitDir, commonDir: commonDirOf(gitDir) };
    const parent = dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
  return undefined;
}

interface Cached {
  readonly identity: string;
  readonly files: readonly string[];
  readonly gitlinks: readonly string[];
}

// The index entries of a repository (names, and the gitlinks among them), or undefined when neither
// this nor git can list them.
function indexListing(repository: GitRepository, env: Readonly<Record<string, string | undefined>>): { names: string[]; gitlinks: string[] } | undefined {
  let data: Buffer;
  try {
    data = readFileSync(join(repository.gitDir, 'index'));
  } catch {
    return undefined;
  }
  const entries = indexEntries(data);
  if (entries && !entries.some(isSparseFolder)) {
    return { names: entries.map((entry) => entry.name), gitlinks: entries.filter((entry) => (entry.mode & 0o170000) === GITLINK).map((entry) => entry.name) };
  }
  // A split or sparse index: git lists it (expanding sparse folders). No config key of the repository
  // makes ls-files run a program once fsmonitor is off; GIT_* variables would name another repository.
  const git = findOnPath('git', env);
  if (!git) return undefined;
  const clean = Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith('GIT_')));
  const result = spawnSync(git, ['-c', 'core.fsmonitor=false', 'ls-files', '--stage', '-z'], { cwd: repository.worktree, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...clean, GIT_OPTIONAL_LOCKS: '0' } });
  if (result.status !== 0) return undefined;
  const lines = result.stdout.split('\0').filter((line) => line !== '');
  const name = (line: string): string => line.slice(line.indexOf('\t') + 1);
  return { names: lines.map(name), gitlinks: lines.filter((line) => line.startsWith('160000 ')).map(name) };
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
// by a rename on every write: a new inode, so identity = inode, size and mtime).
export class TrackedSecretCheck {
  private readonly matcher: RelMatcher;
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly globs: readonly string[],
    private readonly env: Readonly<Record<string, string | undefined>> = process.env,
  ) {
    this.matcher = compileNonAccessible(globs);
  }

  // The non-accessible paths (relative to the checkout) the repository's index tracks; an index that
  // cannot be listed counts as tracking one, so git is hidden (or asks) rather than trusted.
  tracked(repository: GitRepository, workspaceRoot: string): readonly string[] {
    return this.read(repository, workspaceRoot).files;
  }

  // The repository and its checked-out submodules (recursively), each with what it tracks (paths
  // relative to `repository`'s checkout): `git grep --recurse-submodules` reads them all.
  reachable(repository: GitRepository, workspaceRoot: string, depth = 0): { repository: GitRepository; files: readonly string[] }[] {
    const own = this.read(repository, workspaceRoot);
    const found = [{ repository, files: own.files }];
    if (depth >= MAX_SUBMODULE_DEPTH) return found;
    for (const link of own.gitlinks) {
      const worktree = join(repository.worktree, link);
      const sub = repositoryOf(worktree);
      if (!sub || sub.worktree !== worktree) continue;
      for (const inner of this.reachable(sub, workspaceRoot, depth + 1)) found.push({ repository: inner.repository, files: inner.files.map((file) => `${link}/${file}`) });
    }
    return found;
  }

  private read(repository: GitRepository, workspaceRoot: string): Cached {
    const stats = this.globs.length === 0 ? undefined : statOf(join(repository.gitDir, 'index'));
    if (!stats) return { identity: '', files: [], gitlinks: [] };
    const prefix = relative(repository.worktree, workspaceRoot).split('\\').join('/');
    const inside = prefix === '' || (!prefix.startsWith('..') && !prefix.startsWith('/'));
    const identity = `${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}:${inside ? prefix : ''}`;
    const cached = this.cache.get(repository.gitDir);
    if (cached?.identity === identity) return cached;
    const listing = stats.isFile() ? indexListing(repository, this.env) : undefined;
    const files = listing === undefined ? [UNREADABLE] : matching(listing.names, this.matcher, inside ? prefix : '');
    const result = { identity, files, gitlinks: listing?.gitlinks ?? [] };
    this.cache.set(repository.gitDir, result);
    return result;
  }
}

// "`.env` and `config/.env.local`" (at most NAMED names, then how many more).
export function nameFiles(files: readonly string[]): string {
  const shown = files.slice(0, NAMED).map((file) => (file.endsWith(UNREADABLE) ? 'files it lists in an index codeward cannot read' : `\`${file}\``));
  const more = files.length > NAMED ? ` and ${files.length - NAMED} more` : '';
  return shown.length === 1 ? `${shown[0]}${more}` : `${shown.slice(0, -1).join(', ')}${more ? `, ${shown.at(-1)!}${more}` : ` and ${shown.at(-1)!}`}`;
}

// What a failed git inside the sandbox is told, and why an object reader asks at the gate.
export function hiddenGitHint(files: readonly string[]): string {
  const which = nameFiles(files);
  return `git is unavailable inside exec here because the repository tracks ${which}, ${files.length === 1 ? 'a non-accessible file' : 'non-accessible files'} (git would print it from its object database, or commit it emptied); use codeward's git-status, git-diff and git-log, which leave it out, or make the file accessible in your config (nonAccessibleGlobs)`;
}

export interface HiddenGit {
  // What to hide: the workspace's secrets and the git folders of the repositories tracking one.
  readonly paths: readonly { readonly path: string; readonly kind: 'file' | 'dir' }[];
  // The hint for a git that fails inside (undefined: no git folder hidden).
  readonly hint?: string;
}

function within(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith('/'));
}

// The repositories a sandboxed git could use on the workspace's secrets: the one holding the workspace,
// the one holding each hidden secret (a nested clone), and their submodules. Each that tracks a
// non-accessible file has its git folders hidden too (an empty read-only folder: git then says "not a
// git repository"). A secret inside a hidden folder is hidden with it (one mount).
export function hideTrackedGit<T extends { readonly path: string; readonly kind: 'file' | 'dir' }>(
  root: string,
  secrets: readonly T[],
  check: TrackedSecretCheck,
): HiddenGit {
  const seen = new Map<string, { repository: GitRepository; files: readonly string[] }>();
  const add = (repository: GitRepository | undefined): void => {
    if (!repository || seen.has(repository.gitDir)) return;
    for (const found of check.reachable(repository, root)) if (!seen.has(found.repository.gitDir)) seen.set(found.repository.gitDir, found);
  };
  add(repositoryOf(root));
  for (const secret of secrets) {
    if (!within(secret.path, root) || [...seen.values()].some(({ repository }) => within(secret.path, repository.gitDir) || within(secret.path, repository.commonDir))) continue;
    add(repositoryOf(dirname(secret.path)));
  }
  const folders: { path: string; kind: 'dir' }[] = [];
  const files: string[] = [];
  for (const { repository } of seen.values()) {
    const tracked = check.tracked(repository, root);
    if (tracked.length === 0) continue;
    const prefix = relative(root, repository.worktree);
    files.push(...tracked.map((file) => (prefix === '' || prefix.startsWith('..') ? file : `${prefix}/${file}`)));
    // Never a folder holding the workspace (a workspace inside .git): that would hide the workspace.
    for (const dir of new Set([repository.gitDir, repository.commonDir])) if (!within(root, dir)) folders.push({ path: dir, kind: 'dir' });
  }
  if (folders.length === 0) return { paths: secrets };
  const all = [...folders, ...secrets].sort((a, b) => a.path.length - b.path.length);
  const kept: (T | { path: string; kind: 'dir' })[] = [];
  for (const entry of all) if (!kept.some((outer) => outer.kind === 'dir' && within(entry.path, outer.path))) kept.push(entry);
  return { paths: kept, hint: hiddenGitHint(files) };
}
