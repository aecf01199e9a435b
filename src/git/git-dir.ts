import { realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fail } from '../engine/errors.js';
import { isInside, toRel } from '../workspace/contains.js';
import { readOwnFile } from '../workspace/own-read.js';
import type { Workspace } from '../workspace/workspace.js';
import { parseGitConfigFile } from './config-file.js';
import { linkLeaving } from './git-links.js';
import { runGit } from './run.js';

// Which repository codeward's git tools may read for a folder of the workspace (THREAT-MODEL.md, "One
// read jail"; issue 26 class 2). git finds its control folder by walking up from --dir; a `.git` FILE
// (`gitdir: ../../other/.git`), a `.git` symlink, a `commondir` file or an `objects/info/alternates`
// entry can send it to another repository on the machine, whose files and history it would then print.
//
// The rule:
// - No `.git` between --dir and the workspace root (inclusive): git uses the repository that encloses
//   the workspace, found by walking up from it. That is the user's layout (a repository cannot put
//   anything above its own root): allowed.
// - A `.git` (folder, file or link) in the workspace is the repository's claim. Allowed when the git
//   folder, its common folder and the control files git reads from them (HEAD, index, config, objects,
//   refs, packed-refs, alternates) all lie inside the workspace.
// - Else allowed only when the git folder lies outside the workspace AND names this very place back as
//   its work tree, in its own files, which the repository cannot write: a linked worktree's `gitdir`
//   file names this `.git` file, a submodule's `core.worktree` names this folder. That is what
//   `git worktree add` and `git submodule` make, for a workspace that is a subfolder of the repository
//   or contains a worktree or submodule of its own.
// Everything else is C215, before git reads anything of the other repository but its location.

// Control files of a git folder that git opens while reading status, diffs and history.
const CONTROL = ['HEAD', 'index', 'config', 'commondir', 'objects', 'objects/pack', 'objects/info/alternates', 'refs', 'packed-refs', 'shallow', 'info'];

// The first `.git` entry from `dir` up to the workspace root, or undefined (git then walks above it).
function dotGitIn(workspace: Workspace, dir: string): string | undefined {
  for (let folder = dir; isInside(workspace.root, folder); folder = dirname(folder)) {
    const entry = join(folder, '.git');
    if (workspace.jail.lstat(entry, toRel(workspace.root, entry)) !== undefined) return entry;
    if (folder === workspace.root) return undefined;
  }
  return undefined;
}

async function real(path: string): Promise<string | undefined> {
  return realpath(path).catch(() => undefined);
}

// git's own answer for the folder: its git folder and common folder, real; undefined when git finds none.
async function gitFolders(workspace: Workspace, dir: string, signal: AbortSignal): Promise<{ gitDir: string; common: string } | undefined> {
  const found = await runGit(['rev-parse', '--path-format=absolute', '--git-dir', '--git-common-dir'], { cwd: dir, root: workspace.root, writable: workspace.toolAreas, signal });
  const [gitDir, common] = found.stdout.split('\n');
  if (found.exitCode !== 0 || !gitDir || !common) return undefined;
  const [gitReal, commonReal] = await Promise.all([real(gitDir), real(common)]);
  return gitReal && commonReal ? { gitDir: gitReal, common: commonReal } : undefined;
}

// The first control file of `folder` (inside the workspace) whose real path leaves it, or undefined.
async function controlLeaving(workspace: Workspace, folder: string): Promise<string | undefined> {
  for (const name of CONTROL) {
    const path = join(folder, name);
    const target = await real(path);
    if (target !== undefined && !isInside(workspace.root, target)) return `${toRel(workspace.root, path)} -> ${target}`;
  }
  const alternates = await readOwnFile(workspace, toRel(workspace.root, join(folder, 'objects/info/alternates')));
  if (alternates.kind === 'refused') return `${toRel(workspace.root, join(folder, 'objects/info/alternates'))} (${alternates.reason})`;
  if (alternates.kind === 'missing') return undefined;
  for (const line of alternates.text.split('\n')) {
    const entry = line.trim();
    if (entry === '' || entry.startsWith('#')) continue;
    const target = (await real(resolve(folder, 'objects', entry))) ?? resolve(folder, 'objects', entry);
    if (!isInside(workspace.root, target)) return `objects/info/alternates names ${target}`;
  }
  return undefined;
}

// Whether the git folder `gitDir` (outside the workspace) names `dotGit` (or its folder) as its work tree.
async function namesBack(workspace: Workspace, gitDir: string, dotGit: string): Promise<boolean> {
  const jail = await workspace.rooted(gitDir).catch(() => undefined);
  if (jail === undefined) return false;
  const [self, folder] = await Promise.all([real(dotGit), real(dirname(dotGit))]);
  const back = await readOwnFile(jail, 'gitdir', { maxBytes: 4096 });
  if (back.kind === 'file') {
    const named = back.text.trim();
    if (named !== '' && (await real(isAbsolute(named) ? named : resolve(gitDir, named))) === self) return true;
  }
  const config = await readOwnFile(jail, 'config', { maxBytes: 256 * 1024 });
  if (config.kind !== 'file') return false;
  const worktree = parseGitConfigFile(config.text).entries.filter((entry) => entry.section === 'core' && entry.subsection === undefined && entry.key === 'worktree').pop()?.value;
  return worktree !== undefined && worktree !== '' && (await real(resolve(gitDir, worktree))) === folder;
}

// Throws C215 when git, started in `dir` (a real folder of the workspace), would read a repository that
// the rule above does not allow; returns when it may run (or when git finds no repository at all: the
// command's own call reports that).
export async function assertGitDirInside(workspace: Workspace, dir: string, dirInput: string, signal: AbortSignal): Promise<void> {
  const dotGit = dotGitIn(workspace, dir);
  const found = await gitFolders(workspace, dir, signal);
  if (found === undefined) return;
  const { gitDir, common } = found;
  const inside = isInside(workspace.root, gitDir) && isInside(workspace.root, common);
  if (dotGit === undefined && !isInside(workspace.root, gitDir)) return;
  const where = dotGit === undefined ? dirInput : toRel(workspace.root, dotGit);
  if (inside) {
    const leaving = (await controlLeaving(workspace, gitDir)) ?? (common === gitDir ? undefined : await controlLeaving(workspace, common)) ?? (await linkLeaving(workspace.root, gitDir)) ?? (common === gitDir ? undefined : await linkLeaving(workspace.root, common));
    if (leaving === undefined) return;
    throw fail('C215', `refusing to run git in ${dirInput}: the repository's control files lead out of the workspace (${leaving})`);
  }
  if (dotGit !== undefined && !isInside(workspace.root, gitDir) && (await namesBack(workspace, gitDir, dotGit))) return;
  const target = isInside(workspace.root, gitDir) ? `its common folder ${common}` : gitDir;
  throw fail('C215', `refusing to run git in ${dirInput}: ${where} points git at ${target}, outside the workspace (only a real worktree or submodule whose git folder names ${where} back is followed)`);
}
