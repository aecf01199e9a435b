// A read-only git command (`git status`, `git diff`, `git log`) still runs whatever program the
// repository's own config names: core.fsmonitor on every status, diff.external / a textconv driver on
// diff, a pager, a credential helper... Such a command is read-only only when the repository's config
// (.git/config, config.worktree, the common folder's config of a worktree, and the files they include)
// names no program, and no hook a read-only command runs is in place (post-index-change runs whenever
// status or diff refresh the index). $GIT_DIR and friends are ignored: the workspace's own repository is what counts
// (setting them is judged as a path hijack). Read with the shared parser, no git process.
import { gitPlaceAssignments } from './git-repo-place.js';
import { lstatSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { ConfigEntry } from '../git/config-file.js';
import { isInclude, walkConfigFiles } from '../git/config-includes.js';
import { expandGitPath } from '../git/config-path.js';
import { metadataText, readGitMetadataOr } from '../git/config-read.js';
import type { ShellParse, SimpleCommand } from '../shell/parse-types.js';
import { rawOf } from '../sandbox/git-index.js';
import { gitlinks, unnamedSubmodule } from './readonly-git-submodules.js';
import { gitFolders } from './git-folders.js';
import { foldersUp, trustedFolder } from '../workspace/above.js';
import { gitSearchable } from './git-shape.js';

// Keys whose value is a program (or a command line) git may run.
const PROGRAM_KEY = new Set([
  'fsmonitor', 'sshcommand', 'editor', 'pager', 'askpass', 'textconv', 'command', 'external', 'helper', 'process', 'clean',
  'smudge', 'program', 'cmd', 'gitproxy', 'driver', 'uploadpack', 'receivepack', 'packobjectshook', 'difffilter',
  'browser', 'viewer', 'defaultkeycommand', 'alternaterefscommand',
]);
const OFF = /^(?:|true|false|yes|no|on|off|0|1)$/i;
const MAX_SUBMODULES = 64;

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

// Files are read by readGitMetadataOr: regular files only (a FIFO planted as `.git` or a config file would
// block the judgement), and one git reads but this cannot (past the bound, a FIFO, a link loop) is `unread`:
// the repository git would use is unknown, so the command asks (bounds23).

// The git folder of a work tree's own `.git` (folder or `gitdir:` file), not searched upwards.
function ownGitDir(current: string): { gitDir?: string; unread?: string } {
  const dotGit = join(current, '.git');
  if (isDir(dotGit)) return { gitDir: dotGit };
  const { text, unread } = metadataText(dotGit);
  if (unread !== undefined) return { unread };
  const match = text === undefined ? null : /^gitdir:\s*(.+?)\s*$/m.exec(text);
  return match ? { gitDir: resolve(current, match[1]!) } : {};
}

// The git folder of the repository `dir` is in (and its work tree): `.git` folder or `gitdir:` file,
// searched upwards; `unread`: a `.git` file there could not be read (its repository is unknown).
// Outside the workspace `root` only the current user's counts (workspace/above.ts, red team H5).
export function gitDirOf(dir: string, root: string): { gitDir: string; workTree: string; unread?: string } | undefined {
  for (const current of foldersUp(dir, root)) {
    const own = ownGitDir(current);
    if (own.unread !== undefined) return { gitDir: join(current, '.git'), workTree: current, unread: own.unread };
    if (own.gitDir) return { gitDir: own.gitDir, workTree: current };
    // A bare repository (HEAD, objects/, refs/ in the folder itself): git reads its config too. git reads only
    // HEAD's first bytes, so a HEAD too large (or not a plain file) here counts as one.
    const head = readGitMetadataOr(join(current, 'HEAD'));
    if (trustedFolder(root, current) && gitSearchable(current, 'objects') && gitSearchable(current, 'refs') && head !== 'absent' && head !== 'folder') return { gitDir: current, workTree: current };
  }
  return undefined;
}

// The common folder a linked worktree's or submodule's `commondir` names (none: undefined); `unread` when it
// could not be read: then the file itself is given as a config file, which the config walk reports unread.
function commonOf(gitDir: string): { dir?: string; unread?: string } {
  const { text, unread } = metadataText(join(gitDir, 'commondir'));
  if (unread !== undefined) return { unread };
  const common = text?.trim();
  return common ? { dir: isAbsolute(common) ? common : resolve(gitDir, common) } : {};
}

export function configFiles(gitDir: string): string[] {
  const files = [join(gitDir, 'config'), join(gitDir, 'config.worktree')];
  const common = commonOf(gitDir);
  if (common.unread !== undefined) files.push(join(gitDir, 'commondir'));
  if (common.dir) files.push(join(common.dir, 'config'), join(common.dir, 'config.worktree'));
  return files;
}

function describe(entry: ConfigEntry): string {
  const name = [entry.section, ...(entry.subsection !== undefined ? [entry.subsection] : []), entry.key].join('.');
  return `${name} = ${entry.value ?? ''}`;
}

function names(entry: ConfigEntry): boolean {
  const value = entry.value?.trim() ?? '';
  if (OFF.test(value)) return false;
  // pager.<command> = PROGRAM (pager.log = true only turns the default pager on).
  if (entry.section === 'pager') return true;
  if (entry.key === 'path') return entry.section === 'man' || entry.section === 'mergetool' || entry.section === 'difftool';
  return PROGRAM_KEY.has(entry.key);
}

// Hooks git runs from commands on the read-only list: post-index-change (status, diff and others write the
// refreshed index), reference-transaction (any ref update), pre-auto-gc (automatic housekeeping).
const READ_HOOKS = ['post-index-change', 'reference-transaction', 'pre-auto-gc'];

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

// "hooks/post-index-change" for the first hook of READ_HOOKS in place (in $GIT_DIR/hooks, the common
// folder's hooks, or a core.hooksPath the config names), or undefined.
function readHook(gitDir: string, hooksPaths: readonly string[], root: string): string | undefined {
  const folders = [join(gitDir, 'hooks')];
  const common = commonOf(gitDir);
  if (common.unread !== undefined) return common.unread;
  if (common.dir) folders.push(join(common.dir, 'hooks'));
  for (const path of hooksPaths) {
    if (isAbsolute(path)) folders.push(path);
    else folders.push(resolve(dirname(gitDir), path), resolve(root, path));
  }
  for (const folder of folders) {
    for (const hook of READ_HOOKS) if (exists(join(folder, hook))) return join(folder, hook);
  }
  return undefined;
}

// "core.fsmonitor = ./x.sh" for the first program the config names, or undefined; every core.hooksPath
// value seen is added to hooksPaths.
export function configProgram(gitDir: string, home: string | undefined, hooksPaths: string[] = []): string | undefined {
  // Every entry of the config files and what they include (git/config-includes.ts: the one walk), in
  // git's order: the first that names a program.
  const found: string[] = [];
  walkConfigFiles(configFiles(gitDir), home, (entry, file) => {
    if (isInclude(entry)) {
      // An include git would read but this cannot (`~name/`, no home): the repository's config is unknown, so it counts.
      if (entry.value && expandGitPath(entry.value, dirname(file), home) === undefined) found.push(describe(entry));
    } else if (names(entry)) {
      found.push(describe(entry));
    } else if (entry.section === 'core' && entry.key === 'hookspath' && entry.value) {
      if (entry.value.startsWith('~')) {
        if (!entry.value.startsWith('~/') || !home) found.push(describe(entry));
        else hooksPaths.push(join(home, entry.value.slice(2)));
      } else hooksPaths.push(entry.value);
    }
  }, undefined, undefined, 0, (_file, why) => found.push(`a config file git reads: ${why}`));
  return found[0];
}

function repositoryVeto(gitDir: string, root: string, home: string | undefined): string | undefined {
  const hooksPaths: string[] = [];
  const found = configProgram(gitDir, home, hooksPaths);
  if (found) return `the repository's git config names a program: ${found}`;
  const hook = readHook(gitDir, hooksPaths, root);
  if (hook) return `the repository has a hook git runs even for reading: ${hook}`;
  return undefined;
}

// status and diff run git in every checked-out submodule (each gitlink of the index), nested ones too, at any depth: the
// one bound is the count (MAX_SUBMODULES), past which the line asks (a depth cap of 4 let a 5th level's config run, fix75).
function submoduleVeto(gitDir: string, workTree: string, root: string, home: string | undefined): string | undefined {
  const queue = [{ gitDir, workTree }];
  const seen = new Set<string>([gitDir]);
  while (queue.length > 0 && seen.size <= MAX_SUBMODULES) {
    const repo = queue.shift()!;
    const links = gitlinks(repo.gitDir);
    if (links === undefined) return `the index of ${repo.gitDir} is in a form codeward does not read (split index, SHA-256), so the submodules git would enter are unknown`;
    for (const path of links) {
      // A path not UTF-8 (carried as its bytes): asks when git would enter it, else nothing to judge.
      if (rawOf(path) !== undefined) {
        const unnamed = unnamedSubmodule(repo.workTree, path);
        if (unnamed !== undefined) return unnamed;
        continue;
      }
      const subTree = resolve(repo.workTree, path);
      const own = ownGitDir(subTree);
      if (own.unread !== undefined) return `the repository of submodule ${path} is unknown: ${own.unread}`;
      const subGit = own.gitDir;
      if (!subGit || seen.has(subGit)) continue;
      seen.add(subGit);
      const veto = repositoryVeto(subGit, root, home);
      if (veto) return `${veto} (submodule ${path})`;
      queue.push({ gitDir: subGit, workTree: subTree });
    }
  }
  return seen.size > MAX_SUBMODULES ? `the repository has more than ${MAX_SUBMODULES} submodules to check` : undefined;
}

// Why `git ...` is not read-only in this workspace, or undefined. `runDir`: the folder the line runs in
// (exec/test --dir), the workspace root by default; a folder change the gate cannot follow asks, since the
// repository git would then read (and the programs its config names) is unknown.
export function gitConfigVeto(command: SimpleCommand, parse: ShellParse, root: string | undefined, home?: string, runDir = root): string | undefined {
  if (command.name !== 'git' || root === undefined) return undefined;
  const { list, unknown } = gitFolders(command, parse, runDir ?? root);
  if (unknown !== undefined) return `the line changes to a folder codeward cannot follow (${unknown}), whose repository config may name a program git runs`;
  const repos = new Map<string, string | undefined>();
  for (const folder of list) {
    const found = gitDirOf(folder, root);
    if (found?.unread !== undefined) return `the repository git would use is unknown: ${found.unread}`;
    if (found) repos.set(found.gitDir, found.workTree);
  }
  command.args.forEach((arg, i) => {
    if (arg === '--git-dir' && command.args[i + 1]) repos.set(resolve(root, command.args[i + 1]!), undefined);
    else if (arg.startsWith('--git-dir=')) repos.set(resolve(root, arg.slice(10)), undefined);
  });
  // GIT_DIR / GIT_COMMON_DIR in the command's environment name the repository as --git-dir does (R39-b12).
  for (const word of gitPlaceAssignments(command)) if (/^GIT_(?:COMMON_)?DIR=/.test(word)) repos.set(resolve(root, word.slice(word.indexOf('=') + 1)), undefined);
  for (const [gitDir, workTree] of repos) {
    const veto = repositoryVeto(gitDir, root, home) ?? (workTree === undefined ? undefined : submoduleVeto(gitDir, workTree, root, home));
    if (veto) return veto;
  }
  return undefined;
}
