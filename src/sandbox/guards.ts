import { readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { repositoryRefs } from './git-config.js';
import { isSymlink, kindOf, targetKindOf, type PathKind } from './policy.js';

// How one path is kept from being changed by a sandboxed process:
// - self: bound over itself writable (a mount point cannot be renamed or removed: EBUSY), for `.git`;
// - ro: bound read-only over itself (it exists);
// - empty-dir: a missing folder, an empty read-only folder in its place (its mount point on the host is
//   removed after the last sandbox of the workspace, mount-points.ts);
// - empty-file: a missing file where an empty one means the same to its reader (git config files);
// - placeholder: a missing file written on the host with `content` (nearly the same meaning as no file:
//   a `commondir` of "." makes git ignore core.worktree and core.bare), then ro; removed like empty-dir;
// - watch: cannot be guarded by a mount without changing what it means (a missing policy file: an empty
//   one would be obeyed as broken); checked after the run and moved aside when a process created or
//   replaced it (planted.ts).
export type Guard =
  | { readonly kind: 'self' | 'ro' | 'empty-dir' | 'empty-file' | 'watch'; readonly path: string }
  | { readonly kind: 'placeholder'; readonly path: string; readonly content: string };

// `commondir` containing "." names the git folder itself: exactly what git does without the file.
const COMMONDIR_SAME = '.\n';
// The submodules' and worktrees' git folders are walked whole (no depth cap: a module's name may hold any number of
// slashes, and submodules nest), by an entry budget: past it, `.git/modules` and `.git/worktrees` are read-only whole
// (fail closed, as repo-configs.ts' MODULE_ENTRIES hides them).
const GUARD_ENTRIES = 10_000;
interface Budget {
  left: number;
}

// A folder that is a link (a planted `.git/worktrees -> /elsewhere`) is not listed: what it leads to is
// outside the repository, and a read-only mount of a file there would show the sandbox what its view hides.
// Nothing once the budget is spent.
function listDirs(path: string, budget: Budget): string[] {
  if (isSymlink(path) || budget.left < 0) return [];
  try {
    const entries = readdirSync(path, { withFileTypes: true });
    budget.left -= entries.length;
    return budget.left < 0 ? [] : entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  } catch {
    return [];
  }
}

// An existing path: read-only; a symlink is also watched (the mount lands on its target, the link
// itself could still be swapped).
function existing(path: string, guards: Guard[]): void {
  guards.push({ kind: 'ro', path });
  if (isSymlink(path)) guards.push({ kind: 'watch', path });
}

// A protected folder: read-only if it exists; when missing, an empty read-only folder if its parent
// exists and `placeholder` (no empty folder is left in a home folder), else watched.
export function folderGuards(path: string, guards: Guard[], placeholder = true): void {
  const kind: PathKind = kindOf(path);
  if (kind !== 'missing') return existing(path, guards);
  if (placeholder && targetKindOf(dirname(path)) === 'dir' && !isSymlink(dirname(path))) guards.push({ kind: 'empty-dir', path });
  else guards.push({ kind: 'watch', path });
}

export function fileGuards(path: string, guards: Guard[], kind: (path: string) => PathKind = kindOf): void {
  if (kind(path) !== 'missing') return existing(path, guards);
  guards.push({ kind: 'watch', path });
}

// One git folder (the main one, a linked worktree's, a submodule's): everything git obeys read-only,
// what `git add` and `git commit` write (objects, refs, logs, index, HEAD, packed-refs) writable.
function gitDirGuards(gitDir: string, depth: number, guards: Guard[], budget: Budget): void {
  for (const name of ['config', 'config.worktree']) {
    const path = join(gitDir, name);
    if (kindOf(path) === 'missing') guards.push({ kind: 'empty-file', path });
    else existing(path, guards);
  }
  const commondir = join(gitDir, 'commondir');
  if (kindOf(commondir) === 'missing') guards.push({ kind: 'placeholder', path: commondir, content: COMMONDIR_SAME });
  else existing(commondir, guards);
  for (const name of ['hooks', 'info']) folderGuards(join(gitDir, name), guards);
  // A linked worktree's pointer back to its checkout.
  const back = join(gitDir, 'gitdir');
  if (kindOf(back) !== 'missing') existing(back, guards);
  // Missing `modules` and `worktrees` of the workspace's git folder: empty read-only folders, so no
  // submodule or worktree git folder can be planted there (nested-git.ts checks the existing ones, and
  // whatever appears in them, after the run).
  if (depth === 0) for (const name of ['modules', 'worktrees']) if (kindOf(join(gitDir, name)) === 'missing') guards.push({ kind: 'empty-dir', path: join(gitDir, name) });
  for (const name of listDirs(join(gitDir, 'worktrees'), budget)) gitDirGuards(join(gitDir, 'worktrees', name), depth + 1, guards, budget);
  modulesGuards(join(gitDir, 'modules'), depth + 1, guards, budget);
}

// `.git/modules/NAME` (NAME may contain slashes): a folder with a HEAD is a submodule's git folder.
// A module whose name continues another's (`a/b` and `a/b/c`) has its git folder inside the other's: walked on there,
// past the other's own data folders (fix72 walks them so in repo-configs.ts).
function modulesGuards(folder: string, depth: number, guards: Guard[], budget: Budget, inGitFolder = false): void {
  for (const name of listDirs(folder, budget)) {
    if (inGitFolder && GIT_OWN.has(name)) continue;
    const path = join(folder, name);
    const gitFolder = kindOf(join(path, 'HEAD')) !== 'missing';
    if (gitFolder) gitDirGuards(path, depth, guards, budget);
    modulesGuards(path, depth + 1, guards, budget, gitFolder);
  }
}

// What a git folder holds of its own (modules and worktrees are walked by gitDirGuards).
const GIT_OWN = new Set(['objects', 'refs', 'logs', 'hooks', 'info', 'modules', 'worktrees', 'lfs', 'rr-cache', 'branches', 'remotes']);

// The git control entry at the workspace root. Missing: an empty read-only `.git` folder, so no
// repository can be created there for a later git outside to obey. A file (worktree or submodule
// checkout: "gitdir: …"): read-only, so it cannot be pointed at a planted git folder. A folder: bound
// over itself (it cannot be renamed away and replaced) with its control files read-only.
// Then whatever the repository's config makes git run or read from the workspace (git-config.ts).
export function gitGuards(root: string, home: string | undefined, readOnly = false, entries = GUARD_ENTRIES): Guard[] {
  const dotGit = join(root, '.git');
  const guards: Guard[] = [];
  const kind = kindOf(dotGit);
  // A `.git` folder without HEAD is no repository (the empty mount point an earlier run left in a plain
  // folder): the same empty read-only folder again, never a skeleton of placeholders inside it.
  const noRepository = kind === 'missing' || (kind === 'dir' && kindOf(join(dotGit, 'HEAD')) === 'missing');
  if (noRepository) guards.push({ kind: 'empty-dir', path: dotGit });
  else if (kind === 'file') existing(dotGit, guards);
  else {
    guards.push({ kind: readOnly ? 'ro' : 'self', path: dotGit });
    const budget = { left: entries };
    gitDirGuards(dotGit, 0, guards, budget);
    if (budget.left < 0) for (const name of ['modules', 'worktrees']) if (kindOf(join(dotGit, name)) === 'dir') guards.push({ kind: 'ro', path: join(dotGit, name) });
  }
  // What the configuration of the workspace's repository names (its own, or the one enclosing a
  // subfolder workspace: that repository's core.hooksPath folder and fsmonitor script may lie in the
  // workspace), and the git folders a `.git` file names: read-only (the workspace's own `.git` folder
  // has its guards above). The user's own config may name workspace paths too (core.hooksPath = .githooks).
  const refs = repositoryRefs(root, home);
  const own = kind === 'dir' && !noRepository ? [dotGit, ...(refs.repository?.common ? [refs.repository.common] : [])] : [];
  for (const folder of refs.folders) if (!own.includes(folder)) folderGuards(folder, guards, false);
  for (const file of refs.files) fileGuards(file, guards);
  return guards;
}

// Writes the placeholder files on the host (only where still missing: `wx`). False when it cannot be
// written (then the path is watched instead).
export function writePlaceholder(path: string, content: string): boolean {
  try {
    writeFileSync(path, content, { flag: 'wx', mode: 0o644 });
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EEXIST';
  }
}
