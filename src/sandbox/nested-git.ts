import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { readGitMetadata } from '../git/config-read.js';
import { findOnPath, type ToolEnv } from './which.js';
import { configRunsProgram } from './git-programs.js';
import { repositoryOf } from './git-config.js';
import { GitlinkMemo } from './gitlink-memo.js';
import { rawOf } from './git-index.js';
import { lsFilesStage } from './git-ls-files.js';
import { spellBelow } from './byte-held.js';
import { listBytes, setAside, setAsideMessage } from './byte-names.js';
import { moveAside } from './planted.js';
import { within } from './policy.js';
import { lstatBeneath, readBeneath } from '../workspace/own-read-sync.js';

// A repository nested in the workspace and recorded in an index as a gitlink (mode 160000) is entered
// by a plain `git status` outside the sandbox, with ITS config, and so are the gitlinks of ITS index,
// at any depth. A sandboxed process can create all of that (a checkout's `.git`, `.git/modules/NAME/`
// when `.git/modules` existed, the index). After every run every git folder git could enter is checked:
// those behind gitlinks (recursively, each submodule's own index read directly, without starting git)
// and every folder under `.git/modules/**` and `.git/worktrees/*`. What names a program (config key,
// include, an executable hook, a `commondir` leading to one) is moved aside. A nested repository
// without a gitlink, which the user enters with `cd sub`, is not covered: see README, sandbox.

// Deeper than this (submodules in submodules, folders under .git/modules) counts as planted: nothing
// legitimate nests that far, and a bound that silently stopped looking would hide what lies below it.
const MAX_DEPTH = 8;
const MAX_SCAN_DEPTH = 16;

// The git folder a checkout's `.git` names (itself when a folder, the `gitdir:` target when a file).
export function gitDirOf(dotGit: string): string | undefined {
  try {
    if (lstatSync(dotGit).isDirectory()) return dotGit;
    const match = /^gitdir:\s*(.+?)\s*$/m.exec(readGitMetadata(dotGit) ?? '');
    return match ? resolve(dirname(dotGit), match[1]!) : undefined;
  } catch {
    return undefined;
  }
}

// Only a regular file is read (a FIFO planted as `config` or `index` would block this for ever), through
// the one git metadata reader; an index may be large.
const MAX_INDEX = 1024 * 1024 * 1024;

// A path inside a git folder that git would obey to run a program, with the reason: config files,
// executable hooks (a `hooks` that is a symlink as a whole), and `commondir` when the folder it names
// holds any of these.
function obeyed(gitDir: string, trusted: readonly string[], viaCommon = false): { path: string; why: string }[] {
  const found: { path: string; why: string }[] = [];
  for (const name of ['config', 'config.worktree']) {
    const path = join(gitDir, name);
    const text = readGitMetadata(path);
    const why = text === undefined ? (kind(path) === 'other' ? 'not a regular file' : undefined) : configRunsProgram(text);
    if (why) found.push({ path: join(gitDir, name), why });
  }
  const hooks = join(gitDir, 'hooks');
  let names: string[] = [];
  try {
    names = readdirSync(hooks);
  } catch {
    // No hooks.
  }
  const planted = names.filter((name) => {
    if (name.endsWith('.sample') || name.includes('.planted-by-sandbox-')) return false;
    try {
      const stats = statSync(join(hooks, name));
      return stats.isFile() && (stats.mode & 0o111) !== 0;
    } catch {
      return false;
    }
  });
  if (planted.length > 0) {
    if (isLink(hooks)) found.push({ path: hooks, why: 'hooks (a symlink)' });
    else for (const name of planted) found.push({ path: join(hooks, name), why: `hook ${name}` });
  }
  if (!viaCommon) {
    const common = readGitMetadata(join(gitDir, 'commondir'))?.trim();
    const target = common ? resolve(gitDir, common) : undefined;
    if (target && target !== gitDir && !trusted.includes(real(target)) && obeyed(target, trusted, true).length > 0) found.push({ path: join(gitDir, 'commondir'), why: `commondir ${common}` });
  }
  return found;
}

// What git would run from a checkout's `.git` (a folder, or a `gitdir:` file, then the file itself is
// what is moved aside): for a nested repository found anywhere in the workspace (obeyed-scan.ts).
export function gitProgramsIn(dotGit: string): { path: string; why: string }[] {
  const gitDir = gitDirOf(dotGit);
  if (!gitDir) return [];
  const found = obeyed(gitDir, []);
  if (found.length === 0 || gitDir === dotGit) return found;
  return [{ path: dotGit, why: `a .git file naming ${gitDir}, whose ${found.map((entry) => entry.why).join(', ')}` }];
}

// Missing, or something other than a regular file (following symlinks).
function kind(path: string): 'missing' | 'file' | 'other' {
  try {
    return statSync(path).isFile() ? 'file' : 'other';
  } catch {
    return 'missing';
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

type Env = ToolEnv;

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

// The gitlinks of the index in `gitDir`, read directly. For the top repository (whose config is
// guarded) git lists them when the index is in a form this does not read (a split index); for a nested
// one undefined: its index cannot be checked, so it is treated as planted.
function gitlinksOf(gitDir: string, worktree: string, env: Env, top: boolean, memo: GitlinkMemo | undefined): readonly string[] | undefined {
  const index = join(gitDir, 'index');
  const state = kind(index);
  // No index: no gitlinks. One this cannot read (a FIFO, a folder, over 2 GiB): for a nested repository
  // as planted; for the top one, git lists them (not from a FIFO: that would block).
  if (state === 'missing') return [];
  const direct = (memo ?? new GitlinkMemo()).gitlinks(index, MAX_INDEX);
  if (state === 'other' && top) return [];
  if (direct || !top) return direct;
  const git = findOnPath('git', env);
  if (!git) return [];
  // Only the index is read; no config key of the (guarded) repository can make ls-files run anything.
  return lsFilesStage(git, worktree, env)?.gitlinks ?? [];
}

interface Walk {
  readonly root: string;
  readonly env: Env;
  // The workspace's own git folder and its common folder (real paths): guarded during the run.
  readonly controls: readonly string[];
  readonly seen: Set<string>;
  readonly warnings: string[];
  // Before the run: what would be moved aside is only recorded here (nestedGitState).
  readonly collect?: Map<string, string>;
  // After it: what was recorded before (undefined: every path found counts as the run's).
  readonly before?: NestedGitState;
  // The index files' gitlinks by identity (gitlink-memo.ts).
  readonly memo?: GitlinkMemo;
}

function show(walk: Walk, path: string): string {
  return within(path, walk.root) ? relative(walk.root, path) : path;
}

// What a found path is (its identity, times and size) and where it is (the identity of its folder and
// the folder above: a git folder renamed into place is another inode there).
function where(path: string): string {
  return [path, dirname(path), dirname(dirname(path))].map((at, i) => {
    try {
      const stats = lstatSync(at, { bigint: true });
      return i === 0 ? `${stats.dev}:${stats.ino}:${stats.birthtimeNs}:${stats.ctimeNs}:${stats.mtimeNs}:${stats.size}` : `${stats.dev}:${stats.ino}:${stats.birthtimeNs}`;
    } catch {
      return '-';
    }
  }).join('|');
}

// Red team R5-10: what was there before the run, unchanged, is not the run's (the user's own submodule
// config, which a run with .git read-only cannot even change): it stays.
function moveOne(walk: Walk, path: string, why: string): void {
  if (walk.collect) return void walk.collect.set(path, where(path));
  if (walk.before !== undefined && walk.before.get(path) === where(path)) return;
  try {
    const aside = moveAside(path);
    const where = aside ? `moved to ${show(walk, aside)}` : 'removed (it could not be moved)';
    walk.warnings.push(`a sandboxed command could have planted ${show(walk, path)} (${why}), which a plain git status or git submodule command outside the sandbox would obey; ${show(walk, path)} was ${where} (review it; move it back yourself if it is yours)`);
  } catch (error) {
    walk.warnings.push(`${show(walk, path)} (${why}) makes git outside the sandbox run a program and could not be moved aside (${(error as Error).message}): do not run git in this workspace before removing it`);
  }
}

const inControl = (walk: Walk, path: string): boolean => walk.controls.some((control) => within(real(path), control));

// Every gitlink of the index of `gitDir` (checkout `worktree`), at any depth.
function visitGitlinks(walk: Walk, worktree: string, links: readonly string[], depth: number): void {
  for (const link of links) {
    const path = nameable(walk, worktree, link);
    if (path === undefined) continue;
    const checkout = join(worktree, path);
    const dotGit = join(checkout, '.git');
    const gitDir = gitDirOf(dotGit);
    if (!gitDir || walk.seen.has(real(gitDir))) continue;
    walk.seen.add(real(gitDir));
    const found = obeyed(gitDir, walk.controls);
    const nested = found.length > 0 ? [] : gitlinksOf(gitDir, checkout, walk.env, false, walk.memo);
    const tooDeep = nested !== undefined && nested.length > 0 && depth >= MAX_DEPTH;
    if (found.length === 0 && nested !== undefined && !tooDeep) {
      visitGitlinks(walk, checkout, nested, depth + 1);
      continue;
    }
    const why = found.map((entry) => entry.why).join(', ') || (tooDeep ? `submodules nested more than ${MAX_DEPTH} deep` : 'an index this cannot read');
    if (found.length > 0 && inControl(walk, gitDir)) {
      for (const entry of found) moveOne(walk, entry.path, entry.why);
    } else if (within(real(dirname(dotGit)), walk.root)) {
      moveOne(walk, dotGit, `the git folder of submodule ${show(walk, checkout)}: ${why}`);
    } else {
      walk.warnings.push(`the index names ${show(walk, checkout)} as a submodule, reached through a symlink out of the workspace, whose git folder runs a program (${why}): do not run git in this workspace before removing it`);
    }
  }
}

// A gitlink as a path that names it: one that is not UTF-8 (git-index.ts `carried`) has each such part of its checkout
// set aside to its spelling (byte-held.ts, through held folders; byte-names.ts' rule) and said, then is judged under
// it. Before the run (`collect`) nothing is renamed: such a checkout then counts as the run's after it (fails closed).
function nameable(walk: Walk, worktree: string, link: string): string | undefined {
  const raw = rawOf(link);
  if (raw === undefined) return link;
  if (walk.collect) return undefined;
  const lossy = raw.toString('utf8');
  const told = (parts: readonly string[], part: Buffer, name: string): void => {
    walk.warnings.push(setAsideMessage(show(walk, join(worktree, ...parts)).replace(/^\.$/, ''), part, name, 'a submodule checkout a plain git status enters'));
  };
  try {
    return spellBelow(worktree, raw, told);
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    if (!missing) walk.warnings.push(`the index names ${show(walk, join(worktree, lossy))} as a submodule, whose path is not UTF-8 and could not be renamed (${(error as Error).message}): do not run git in this workspace before checking it`);
    return undefined;
  }
}

// A name under `.git/modules` or `.git/worktrees` that is not UTF-8 (byte-names.ts' rule): set aside to its spelling,
// said, and judged under it (a submodule's `.git` file naming it then names nothing: git enters no folder). Before the
// run (`collect`) it is left (and so counts as the run's after it).
function controlName(walk: Walk, folder: string, raw: Buffer): string[] {
  if (walk.collect) return [];
  const rel = show(walk, folder);
  try {
    const name = setAside(folder, raw);
    walk.warnings.push(setAsideMessage(rel, raw, name, 'a git folder a plain git could enter'));
    return [name];
  } catch (error) {
    walk.warnings.push(`${rel}/${raw.toString('utf8')} has a name that is not UTF-8 and could not be renamed (${(error as Error).message}): do not run git in this workspace before checking it`);
    return [];
  }
}

const GIT_DATA = new Set(['objects', 'refs', 'logs', 'hooks', 'info', 'lfs', 'rr-cache', 'remotes', 'branches', 'svn']);

// Every folder under `.git/modules/**` and `.git/worktrees/*` (at any depth: names may hold slashes,
// submodules have their own `modules/`), whatever created it.
function scanControl(walk: Walk, folder: string, depth: number): void {
  // `.git/modules` or `.git/worktrees` itself a link: never listed through (what it leads to is outside,
  // and moving "planted" files there would touch it); the link is what was planted.
  if (depth === 0 && isLink(folder)) {
    moveOne(walk, folder, 'a symlink to a folder, which git does not create there');
    return;
  }
  let entries: string[];
  try {
    entries = listBytes(folder).flatMap((entry) => (entry.faithful ? [entry.name] : controlName(walk, folder, entry.raw)));
  } catch {
    return;
  }
  if (depth > MAX_SCAN_DEPTH) {
    if (entries.length > 0) moveOne(walk, folder, `folders nested more than ${MAX_SCAN_DEPTH} deep under .git/modules or .git/worktrees`);
    return;
  }
  // Inside a git folder its data folders are skipped; above one, a module may be NAMED `objects`.
  const gitFolder = entries.includes('HEAD') || entries.includes('config') || entries.includes('commondir');
  for (const name of entries) {
    if ((gitFolder && GIT_DATA.has(name)) || name.includes('.planted-by-sandbox-')) continue;
    const path = join(folder, name);
    try {
      if (!statSync(path).isDirectory()) continue;
    } catch {
      continue;
    }
    if (isLink(path)) {
      // git never links these folders; what a link leads to could hold anything (outside, or a loop).
      moveOne(walk, path, 'a symlink to a folder, which git does not create there');
      continue;
    }
    if (!walk.seen.has(real(path))) {
      walk.seen.add(real(path));
      for (const entry of obeyed(path, walk.controls)) moveOne(walk, entry.path, entry.why);
    }
    scanControl(walk, path, depth + 1);
  }
}

// A workspace that is a subfolder of a repository: the gitlinks of that repository's index that lie in
// the workspace (a submodule's `.git` file, its checkout) are entered by a plain `git status` run
// anywhere in the repository. Its git folder is outside the workspace (read-only in the sandbox).
type Mode = Pick<Walk, 'collect' | 'before' | 'memo'>;

function enclosingGitlinks(root: string, env: Env, mode: Mode): string[] {
  const repository = repositoryOf(root);
  if (!repository || within(repository.top, root)) return [];
  const controls = [...new Set([real(repository.gitDir), ...(repository.common ? [real(repository.common)] : [])])];
  const walk: Walk = { root, env, controls, seen: new Set(controls), warnings: [], ...mode };
  const links = (gitlinksOf(repository.gitDir, repository.top, env, true, mode.memo) ?? []).filter((path) => within(join(repository.top, path), root));
  visitGitlinks(walk, repository.top, links, 0);
  return walk.warnings;
}

// Checks every git folder the workspace's git could enter (see the top of this file); one warning per
// path moved aside. `before`: nestedGitState before the run (what it holds, unchanged, stays).
// `memo`: the sandbox's (an unchanged index is read once for both scans).
export function neutraliseNestedGit(root: string, env: Env, before?: NestedGitState, memo?: GitlinkMemo): string[] {
  return scanNested(root, env, { ...(before === undefined ? {} : { before }), ...(memo ? { memo } : {}) });
}

export type NestedGitState = ReadonlyMap<string, string>;

// Before a run: every path the scan would move aside now, with what it is (R5-10).
export function nestedGitState(root: string, env: Env, memo?: GitlinkMemo): NestedGitState {
  const collect = new Map<string, string>();
  scanNested(root, env, { collect, ...(memo ? { memo } : {}) });
  return collect;
}

// The checkout of the linked worktree `name` of the git folder `control`, when it lies in the workspace `root`
// (rev32): its `gitdir` pointer is read through the read jail below `control`, and the checkout is entered only
// when the jail reaches it below `root` as a folder (no link on the way). One outside the workspace is not read: a
// sandboxed run cannot write there, so nothing its submodules hold is the run's, and a planted pointer names any
// folder; a `git status` in the workspace does not enter that checkout's submodules.
function linkedCheckout(root: string, control: string, name: string): string | undefined {
  const pointer = readBeneath(control, join(control, 'worktrees', name, 'gitdir'), 64 * 1024);
  const back = typeof pointer === 'object' ? pointer.bytes.toString('utf8').trim() : '';
  if (back === '') return undefined;
  const checkout = dirname(resolve(control, 'worktrees', name, back));
  return checkout === root || (within(checkout, root) && lstatBeneath(root, checkout)?.isDirectory() === true) ? checkout : undefined;
}

function scanNested(root: string, env: Env, mode: Mode): string[] {
  const gitDir = gitDirOf(join(root, '.git'));
  if (!gitDir || kind(join(gitDir, 'HEAD')) === 'missing') return enclosingGitlinks(root, env, mode);
  const common = readGitMetadata(join(gitDir, 'commondir'))?.trim();
  const controls = [...new Set([real(gitDir), ...(common ? [real(resolve(gitDir, common))] : [])])];
  const walk: Walk = { root, env, controls, seen: new Set(controls), warnings: [], ...mode };
  visitGitlinks(walk, root, gitlinksOf(gitDir, root, env, true, mode.memo) ?? [], 0);
  // Each linked worktree has its own index: `cd wt; git status` enters its gitlinks.
  for (const control of controls) {
    let names: string[] = [];
    try {
      if (!isLink(join(control, 'worktrees'))) names = readdirSync(join(control, 'worktrees'));
    } catch {
      // No linked worktrees.
    }
    for (const name of names) {
      const checkout = linkedCheckout(root, control, name);
      if (checkout) visitGitlinks(walk, checkout, gitlinksOf(join(control, 'worktrees', name), checkout, env, false, mode.memo) ?? [], 0);
    }
  }
  for (const control of controls) {
    for (const name of ['modules', 'worktrees']) scanControl(walk, join(control, name), 0);
  }
  return walk.warnings;
}

export { indexGitlinks } from './git-index.js';
export { configRunsProgram } from './git-programs.js';
