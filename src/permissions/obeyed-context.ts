import { lstatSync, realpathSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { withAliases } from './obeyed-alias.js';
import { envLoadGlobs } from './obeyed-env.js';
import { gitConfigPaths } from './obeyed-git.js';
import { repositoryOf, type Repository } from '../sandbox/git-config.js';
import { isInside } from '../workspace/contains.js';
import { VENV_MARKERS, type NestedContext, type ObeyedContext } from './obeyed.js';
import type { FolderListings } from '../workspace/listings.js';

// git's hook names: with core.hooksPath naming the workspace root itself, these files at the root are hooks.
const HOOK_NAMES = [
  'applypatch-msg', 'pre-applypatch', 'post-applypatch', 'pre-commit', 'pre-merge-commit', 'prepare-commit-msg', 'commit-msg',
  'post-commit', 'pre-rebase', 'post-checkout', 'post-merge', 'pre-push', 'pre-receive', 'update', 'proc-receive', 'post-receive',
  'post-update', 'reference-transaction', 'push-to-checkout', 'pre-auto-gc', 'post-rewrite', 'sendemail-validate',
  'fsmonitor-watchman', 'p4-changelist', 'p4-prepare-changelist', 'p4-post-changelist', 'p4-pre-submit', 'post-index-change',
];

function real(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

// The config files git reads for a repository: its own and its common folder's, and the user's (which may
// name workspace paths too: core.hooksPath = .githooks).
function configFiles(dirs: readonly string[], home: string | undefined): string[] {
  const files = dirs.flatMap((dir) => [resolve(dir, 'config'), resolve(dir, 'config.worktree')]);
  const xdg = process.env['XDG_CONFIG_HOME'];
  if (xdg && isAbsolute(xdg)) files.push(resolve(xdg, 'git', 'config'));
  if (home) files.push(resolve(home, '.gitconfig'), resolve(home, '.config', 'git', 'config'));
  return files;
}

// Where the user's home folder lies in the workspace ('' when it is the workspace): `home` (the HOME the
// call runs with) and the password file's, each as given and as the kernel opens it (red team H-C).
function homesIn(roots: readonly string[], home: string | undefined): string[] {
  const homes = new Set<string>();
  let own: string | undefined;
  try {
    own = userInfo().homedir;
  } catch {
    own = undefined;
  }
  for (const folder of [home, homedir(), own]) {
    if (!folder || !isAbsolute(folder)) continue;
    for (const spelled of new Set([folder, real(folder)])) {
      for (const base of roots) {
        const rel = relative(base, spelled);
        if (!rel.startsWith('..') && !isAbsolute(rel)) homes.add(rel.split('\\').join('/'));
      }
    }
  }
  return [...homes];
}

// Workspace-relative forms of `path` (as given and as the kernel opens it); '' for the root itself.
function relForms(path: string, roots: readonly string[]): string[] {
  const forms: string[] = [];
  for (const spelled of new Set([path, real(path)])) {
    for (const base of roots) {
      const rel = relative(base, spelled);
      if (!rel.startsWith('..') && !isAbsolute(rel)) forms.push(rel.split('\\').join('/'));
    }
  }
  return forms;
}

const exists = (path: string): boolean => {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
};

// Whether a workspace-relative folder is a Python virtual environment now: one of its markers exists (lstat:
// a marker that is a symlink counts too). Asked at each judgement, never cached: a run that makes a venv
// is judged by what it left.
function venvProbe(roots: readonly string[]): (folder: string) => boolean {
  return (folder) => roots.some((root) => VENV_MARKERS.some((marker) => exists(join(root, folder, marker))));
}

// What one repository's configuration makes git run or read, as workspace-relative paths, globs and
// commands that cannot be resolved.
function repositoryContext(repository: Repository, roots: readonly string[], home: string | undefined): Pick<ObeyedContext, 'gitPaths' | 'gitGlobs' | 'computed'> {
  const dirs = [repository.gitDir, ...(repository.common ? [repository.common] : [])];
  const refs = gitConfigPaths(repository.top, configFiles(dirs, home), home, roots);
  const gitPaths = new Set<string>();
  for (const path of [...dirs, ...refs.folders, ...refs.files]) {
    for (const rel of relForms(path, roots)) {
      if (rel === '') for (const name of HOOK_NAMES) gitPaths.add(name);
      else gitPaths.add(rel);
    }
  }
  const gitGlobs = (refs.globs ?? []).flatMap((glob) => relForms(glob, roots)).filter((rel) => rel !== '');
  return { gitPaths: [...gitPaths], gitGlobs, computed: refs.computed ?? [] };
}

// The repositories nested in the workspace that hold `path` (a submodule, a linked worktree, a clone):
// each folder above it, below the root, with a `.git` of its own. Their configuration (core.hooksPath,
// core.fsmonitor ... of the submodule's `.git/modules/NAME/config` or the worktree's config.worktree, and
// the user's) is obeyed by a git command run there, and by `git status` of the superproject (red team
// round 4 H3). Asked of the file system at each judgement, like the workspace's own configuration.
function nestedProbe(roots: readonly string[], home: string | undefined): (path: string) => readonly NestedContext[] {
  return (path) => {
    const found: NestedContext[] = [];
    const names = path.split('/').filter((name) => name !== '' && name !== '.');
    for (const root of roots) {
      for (const absolute of [false, true]) {
        for (let i = names.length - 1; i >= 1; i--) {
          const folder = resolve(absolute ? '/' : root, names.slice(0, i).join('/'));
          if (folder === root || !isInside(root, folder) || !exists(join(folder, '.git'))) continue;
          const repository = repositoryOf(folder);
          if (!repository || repository.top !== folder) continue;
          const rel = relative(root, resolve(absolute ? '/' : root, names.join('/'))).split('\\').join('/');
          found.push({ rel, ctx: repositoryContext(repository, roots, home) });
        }
      }
    }
    return found;
  };
}

// The write gate's context for a workspace: what the configuration of its repository (its own, or the
// one enclosing a subfolder workspace) makes git run or read (obeyed-git.ts, resolved as git and the
// kernel resolve them), as workspace-relative paths of both the workspace as given and as the kernel
// opens it; the globs and unresolvable commands it configures; where the user's home folder is in it;
// which folders are Python virtual environments (obeyed.ts IN_VENV); the repositories nested in it.
// Read fresh on every call: a config changed by a person between two calls counts at once. `listings`:
// the caller's folder cache for the symlink walk (obeyed-alias.ts), kept by the policy or the sandbox.
export function obeyedContext(root: string, home: string | undefined = homedir(), listings?: FolderListings): ObeyedContext {
  const roots = [...new Set([root, real(root)])];
  const homes = homesIn(roots, home);
  const repository = repositoryOf(root);
  const probes = { venv: venvProbe(roots), nested: nestedProbe(roots, home), at: real(root), envGlobs: envLoadGlobs(roots) };
  if (!repository) return withAliases(root, { gitPaths: [], homes, ...probes }, listings);
  return withAliases(root, { ...repositoryContext(repository, roots, home), homes, ...probes }, listings);
}
