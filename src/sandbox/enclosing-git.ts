// git in a subfolder workspace (issue 28, F10): `codeward -C repo/pkg exec --cmd 'git status'` failed
// with "not a git repository": the view showed the workspace alone. The repository that encloses the
// workspace is shown READ-ONLY (its `.git` entry, git folder, common folder and the object folders it
// borrows), so git status, diff, log, show and blame work; nothing of it can be written (git add, commit,
// stash fail on the read-only folder: codeward writes nothing outside the workspace, and the files git
// obeys stay as they are). Hidden in it as in a workspace's own: its hooks, its credential stores and
// the config files holding a credential (the repository's own config is shown as a filtered copy,
// repo-configs.ts). Only when the repository tracks no non-accessible file (else hidden-git.ts hides it
// whole). The other folders of the working tree stay out of view: git is given a copy of the index whose
// entries outside the workspace are marked skip-worktree, so they do not read as deleted.
import { spawnSync } from 'node:child_process';
import { nodeCrypto } from '../engine/lazy-crypto.js';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { holdsCredential } from '../git/config-credential.js';
import { readGitMetadataBytes } from '../git/config-read.js';
import { loadedConfigFiles } from '../git/config-includes.js';
import { isRepositoryConfig } from '../git/config-secrets.js';
import { credentialStoreFiles } from '../git/credential-stores.js';
import { realOf, targetKindOf, within } from './policy.js';
import type { EnclosingGit } from './enclosing-git-view.js';
import { alternatesOf, repositoryOf, type GitRepository } from './tracked-secrets.js';
import { findOnPath, type ToolEnv } from './which.js';

export type { EnclosingGit } from './enclosing-git-view.js';

// Why git cannot write in a subfolder workspace's repository (shown when a git inside fails to).
export function enclosingGitHint(root: string, top: string): string {
  return `the repository's git folder is read-only inside the sandbox: the workspace ${root} is a subfolder of ${top}, and codeward writes nothing outside the workspace (git status, diff and log work; git add, commit, stash and checkout do not); to change the repository open it as the workspace (-C ${top})`;
}

// The copy of the index with every entry outside the workspace (`prefix`, relative to the checkout)
// marked skip-worktree, made by git itself outside the sandbox (nothing of the repository runs: no
// fsmonitor, no hooks), kept in `dir` while the index is unchanged. undefined when git cannot make it.
// The index is read by git's metadata reader (config-read.ts): a regular file only, never through a link (it could
// name any file for the copy to read), never blocking (a FIFO put in its place after the lstat, while git lists
// the files), at most MAX_INDEX bytes (the bound of the listing git gives of it).
const MAX_INDEX = 256 * 1024 * 1024;
function indexCopy(repository: GitRepository, prefix: string, dir: string, env: ToolEnv): string | undefined {
  const index = join(repository.gitDir, 'index');
  // A regular file only (a link could name any file for the copy to read).
  const stats = lstatQuiet(index);
  if (!stats?.isFile()) return undefined;
  const key = nodeCrypto().createHash('sha256').update(`${repository.gitDir}\0${prefix}`).digest('hex').slice(0, 24);
  const copy = join(dir, `enclosing-index-${key}-${stats.ino}-${stats.size}-${Math.floor(stats.mtimeMs * 1000)}`);
  if (existsSync(copy)) return copy;
  const git = findOnPath('git', env);
  if (!git) return undefined;
  const clean = { ...Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('GIT_'))), GIT_OPTIONAL_LOCKS: '0' };
  const safe = ['-c', 'core.fsmonitor=false', '-c', 'core.hooksPath=/dev/null'];
  const listed = spawnSync(git, [...safe, 'ls-files', '-z'], { cwd: repository.worktree, env: clean, encoding: 'utf8', maxBuffer: MAX_INDEX });
  if (listed.status !== 0) return undefined;
  const outside = listed.stdout.split('\0').filter((name) => name !== '' && !name.startsWith(`${prefix}/`));
  const temporary = `${copy}.${process.pid}.tmp`;
  try {
    const bytes = readGitMetadataBytes(index, MAX_INDEX, false);
    if (bytes === undefined) return undefined;
    mkdirSync(dir, { recursive: true });
    writeFileSync(temporary, bytes, { mode: 0o600 });
    const marked = spawnSync(git, [...safe, 'update-index', '-z', '--skip-worktree', '--stdin'], { cwd: repository.worktree, env: { ...clean, GIT_INDEX_FILE: temporary }, input: outside.map((name) => `${name}\0`).join(''), maxBuffer: 16 * 1024 * 1024 });
    if (marked.status !== 0) return undefined;
    renameSync(temporary, copy);
    // Older copies of this repository's index are not needed again.
    for (const old of readdirSync(dir)) if (old.startsWith(`enclosing-index-${key}-`) && old !== basename(copy)) rmSync(join(dir, old), { force: true });
    return copy;
  } catch {
    return undefined;
  } finally {
    rmSync(temporary, { force: true });
  }
}

// The read-only view of the repository enclosing `root` (a subfolder of its checkout), or undefined
// (no such repository, or no safe folder `stateDir` for the index copy). `env` is the environment git
// is looked up and configured in.
export function enclosingGit(root: string, stateDir: string | undefined, home: string | undefined, env: ToolEnv): EnclosingGit | undefined {
  const repository = repositoryOf(root, root);
  if (!repository || !stateDir) return undefined;
  const prefix = relative(repository.worktree, root).split('\\').join('/');
  if (prefix === '' || prefix.startsWith('..')) return undefined;
  const dotGit = join(repository.worktree, '.git');
  const alternates = alternatesOf(repository).filter((dir) => basename(dir) === 'objects' && targetKindOf(dir) === 'dir' && !['/dev', '/proc', '/sys'].some((system) => within(dir, system)));
  const folders = [...new Set([repository.gitDir, repository.commonDir, ...alternates].map(realOf))].filter((dir) => !within(root, dir) && !within(dir, root));
  const shown = [...(lstatQuiet(dotGit)?.isFile() ? [dotGit] : []), ...folders];
  const hooks = [...new Set([repository.gitDir, repository.commonDir].map((dir) => realOf(join(dir, 'hooks'))))].filter((dir) => targetKindOf(dir) === 'dir');
  // The files git loads that hold a credential (but the repository's own config: a filtered copy) and the
  // stores a config names, where they lie in what is shown.
  const configs = loadedConfigFiles(root, home, env);
  const secretConfigs = configs.filter((file) => !isRepositoryConfig(file) && holdsCredential(file));
  const stores = [...folders.map((dir) => join(dir, 'credentials')), ...credentialStoreFiles(configs, root, home), ...secretConfigs]
    .map(realOf)
    .filter((path) => folders.some((dir) => within(path, dir)) && targetKindOf(path) === 'file');
  const hidden = [...hooks.map((path) => ({ path, kind: 'dir' as const })), ...[...new Set(stores)].map((path) => ({ path, kind: 'file' as const }))];
  const copy = indexCopy(repository, prefix, stateDir, env);
  const index = join(repository.gitDir, 'index');
  if (!copy && lstatQuiet(index)) return undefined;
  return { shown, ...(copy ? { index: [realOf(index), copy] as const } : {}), hidden, env: { GIT_DISCOVERY_ACROSS_FILESYSTEM: '1' }, hint: enclosingGitHint(root, repository.worktree) };
}
