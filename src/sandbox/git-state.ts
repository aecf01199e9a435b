import { join } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { readGitMetadataBytes } from '../git/config-read.js';
import { moveAside } from './planted.js';
import { CONTROL_STATES, readRefs, stateSignature, stateTexts } from './git-state-read.js';
import { changedPaths, commitOf, indexMap, setRef, setSymbolicRef, updateIndex, workTreeBlob, type GitRunner } from './git-state-git.js';

// git's index, object store and refs are a second writer of the work tree's files (red team round 12,
// R12-15): a sandboxed run writes them in place (so that `git add` and `git commit` work), and
// `git update-index --cacheinfo` or a commit made with plumbing can put a file the write gate refuses
// (an installed hook's script, a CI workflow) into the index or a branch; the person's next `git
// checkout -- .`, `git reset --hard ORIG_HEAD` or `git push` then writes or ships it. The rule of the one
// write gate applies to git's state too: after the run, an index entry, a ref or an operation in progress
// that holds, for a path the gate protects, content the work tree does not have is set back, and said.
// The same for the person's deny/ask rules (R13-11) and the files hidden from the sandbox (R13-9).

// What the paths set back are (the predicate: the write gate's, and the person's deny/ask rules and the
// files hidden from the sandbox, which a git-alone line sees as empty placeholders: shell/run-call.ts).
const GUARDED = 'a path the write gate or your deny/ask rules protect, or a file hidden from the sandbox';

// An index bigger than this is not compared (a warning-free skip: such repositories are rare).
const MAX_INDEX = 256 * 1024 * 1024;

export interface GitStateBefore {
  readonly runner: GitRunner;
  readonly index: Buffer | undefined;
  readonly refs: ReadonlyMap<string, string>;
  readonly controls: ReadonlyMap<string, string>;
  // Whether refs/remotes/ is checked too (a run without network cannot have fetched).
  readonly remotes: boolean;
}

// What git's state is before a run; undefined where the workspace has no `.git` folder of its own.
export function gitStateBefore(root: string, git: string | undefined, env: Readonly<Record<string, string | undefined>>, network: boolean): GitStateBefore | undefined {
  const gitDir = join(root, '.git');
  if (!git || !lstatQuiet(gitDir)?.isDirectory()) return undefined;
  return {
    runner: { git, root, gitDir, env },
    index: readGitMetadataBytes(join(gitDir, 'index'), MAX_INDEX),
    refs: readRefs(gitDir),
    controls: new Map(CONTROL_STATES.map((name) => [name, stateSignature(join(gitDir, name))])),
    remotes: !network,
  };
}

// Whether the run changed git's index, a ref or an operation's state at all: every change gitStateAfter
// judges is one of these (a superset: it judges no path when this is false), so the write gate's context
// need not load for a run that left git's state alone (sandbox.ts).
export function gitStateMoved(before: GitStateBefore): boolean {
  const { gitDir } = before.runner;
  const index = readGitMetadataBytes(join(gitDir, 'index'), MAX_INDEX);
  if ((index === undefined) !== (before.index === undefined) || (index && before.index && !index.equals(before.index))) return true;
  for (const [name, value] of readRefs(gitDir)) if (before.refs.get(name) !== value) return true;
  for (const [name, was] of before.controls) if (stateSignature(join(gitDir, name)) !== was) return true;
  return false;
}

// Sets back what the run left in git's state for a protected path; one warning per thing set back.
export function gitStateAfter(before: GitStateBefore, isProtected: (path: string) => boolean): string[] {
  const { runner } = before;
  const blobs = new Map<string, string>();
  const workTree = (path: string): string => {
    if (!blobs.has(path)) blobs.set(path, workTreeBlob(runner, path) ?? '');
    return blobs.get(path)!;
  };
  // The first protected path whose content there is not the work tree's.
  const offending = (paths: ReadonlyMap<string, string> | undefined): string | undefined => {
    if (!paths) return undefined;
    for (const [path, blob] of paths) if (isProtected(path) && blob !== workTree(path)) return path;
    return undefined;
  };
  return [...indexAfter(before, isProtected, workTree), ...refsAfter(before, offending), ...controlsAfter(before, offending)];
}

function indexAfter(before: GitStateBefore, isProtected: (path: string) => boolean, workTree: (path: string) => string): string[] {
  const { runner } = before;
  const now = readGitMetadataBytes(join(runner.gitDir, 'index'), MAX_INDEX);
  if (before.index === undefined || now === undefined || now.equals(before.index)) return [];
  const was = indexMap(runner, before.index);
  const is = indexMap(runner);
  if (!was || !is) return [];
  const restore: string[] = [];
  const named: string[] = [];
  for (const key of new Set([...was.keys(), ...is.keys()])) {
    const [, path] = key.split('\t', 2) as [string, string];
    const old = was.get(key);
    const entry = is.get(key);
    if (old?.sha === entry?.sha && old?.mode === entry?.mode) continue;
    if (!isProtected(path)) continue;
    if (entry && entry.stage === '0' && entry.sha === workTree(path)) continue;
    restore.push(old ? `${old.mode} ${old.sha} ${old.stage}\t${path}` : `0 ${'0'.repeat(entry!.sha.length)}\t${path}`);
    named.push(path);
  }
  if (named.length === 0) return [];
  const done = updateIndex(runner, restore);
  const what = named.slice(0, 5).join(', ') + (named.length > 5 ? ` and ${named.length - 5} more` : '');
  return [done
    ? `a sandboxed command put content the work tree does not have into git's index for ${what} (${GUARDED}: the next commit or \`git checkout -- .\` would write it unasked); the entry was set back`
    : `a sandboxed command put content the work tree does not have into git's index for ${what}, and setting it back failed: run \`git restore --staged ${named[0]}\` before the next commit`];
}

// The commit a ref named before the run, its symbolic steps followed in the refs read then (git would
// answer for the refs as they are now).
function beforeCommit(before: GitStateBefore, name: string): string | undefined {
  let value = before.refs.get(name);
  for (let step = 0; step < 5 && value?.startsWith('ref: '); step++) value = before.refs.get(value.slice(5).trim());
  return value === undefined || value.startsWith('ref: ') ? undefined : commitOf(before.runner, value);
}

function refsAfter(before: GitStateBefore, offending: (paths: ReadonlyMap<string, string> | undefined) => string | undefined): string[] {
  const { runner } = before;
  const now = readRefs(runner.gitDir);
  const headCommit = beforeCommit(before, 'HEAD');
  const warnings: string[] = [];
  for (const [name, value] of now) {
    const old = before.refs.get(name);
    if (old === value || value.startsWith('ref: ')) continue;
    if (name.startsWith('refs/remotes/') && !before.remotes) continue;
    const commit = commitOf(runner, value);
    if (commit === undefined) continue;
    const base = old === undefined ? headCommit : beforeCommit(before, name);
    const path = offending(changedPaths(runner, base, commit));
    if (path === undefined) continue;
    const restored = old?.startsWith('ref: ') ? setSymbolicRef(runner, name, old.slice(5).trim()) : setRef(runner, name, old);
    warnings.push(restored
      ? `a sandboxed command pointed ${name} at a commit that changes ${path} (${GUARDED}) to content the work tree does not have; ${old === undefined ? 'it was removed' : 'it was set back'}: the commit was not kept (make the change to ${path} yourself, then commit outside codeward)`
      : `a sandboxed command pointed ${name} at a commit that changes ${path} (${GUARDED}); setting it back failed: check \`git log ${name}\` before you push or reset`);
  }
  return warnings;
}

// An operation in progress the run started or changed: its todo's `exec` lines run commands at
// `--continue`, and the commits or patches it names go into the work tree then.
function controlsAfter(before: GitStateBefore, offending: (paths: ReadonlyMap<string, string> | undefined) => string | undefined): string[] {
  const { runner } = before;
  const headCommit = beforeCommit(before, 'HEAD');
  const warnings: string[] = [];
  for (const [name, was] of before.controls) {
    const path = join(runner.gitDir, name);
    const now = stateSignature(path);
    if (now === was || now === '') continue;
    const why = name.includes('alternates') ? 'it makes git take objects from outside the repository' : risk(stateTexts(path), (commit) => offending(changedPaths(runner, headCommit, commit)), (paths) => offending(paths), runner);
    if (why === undefined) continue;
    const aside = moveAside(path);
    warnings.push(`a sandboxed command left .git/${name}: ${why}; it was ${aside ? 'moved aside' : 'removed'} (like \`git rebase --quit\`)`);
  }
  return warnings;
}

function risk(texts: readonly string[], commitTouches: (commit: string) => string | undefined, patchTouches: (paths: ReadonlyMap<string, string>) => string | undefined, runner: GitRunner): string | undefined {
  for (const text of texts) {
    if (/^\s*(exec|x)\s/m.test(text)) return 'its todo runs a command when the operation is continued';
    const patched = new Map<string, string>();
    for (const match of text.matchAll(/^diff --git a\/(\S+) b\/(\S+)$/gm)) patched.set(match[2]!, '\0patched');
    const path = patchTouches(patched);
    if (path !== undefined) return `a patch it applies when continued changes ${path}, a path the write gate protects`;
    for (const match of [...text.matchAll(/\b[0-9a-f]{7,64}\b/g)].slice(0, 64)) {
      const commit = commitOf(runner, match[0]);
      const touched = commit === undefined ? undefined : commitTouches(commit);
      if (touched !== undefined) return `a commit it applies when continued changes ${touched}, a path the write gate protects`;
    }
  }
  return undefined;
}
