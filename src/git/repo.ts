import { realpath } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import type { CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { isInside, toRel } from '../workspace/contains.js';
import type { ResolvedPath } from '../workspace/types.js';
import { assertGitDirInside } from './git-dir.js';
import { FILTER_KEYS_ARGS, filterOffConfig } from './filters.js';
import { git, gitFailure, runGit, type GitOptions, type GitResult } from './run.js';

// The repository a git command works on: found from the jailed --dir, its work tree checked against
// the workspace, and a mapping between the work tree's paths and the workspace's paths.

export interface RunOptions {
  readonly maxBytes?: number;
  // true: a non-zero exit is returned, not thrown.
  readonly allowFailure?: boolean;
}

export interface Repo {
  // --dir as the caller wrote it, for messages.
  readonly dir: string;
  // The real folder git runs in: the work tree root when there is one, else --dir.
  readonly cwd: string;
  // The real work tree root (undefined for log and branch, which do not need one).
  readonly top: string | undefined;
  // Where the work tree lies in the workspace ('' for the root, 'sub/' for a repository in sub/);
  // undefined when the workspace lies strictly inside the work tree (see `scope`).
  readonly prefix: string | undefined;
  // The workspace root relative to the work tree root, when the workspace lies strictly inside it:
  // everything outside the workspace is then left out of listings and diffs.
  readonly scope: string | undefined;
  // A work-tree-relative path as a workspace-relative one (forward slashes); undefined when outside.
  toWorkspace(repoPath: string): string | undefined;
  // A jailed path as a work-tree-relative one ('.' for the root); undefined when outside the work tree.
  toRepo(path: ResolvedPath): string | undefined;
  run(args: readonly string[], options?: RunOptions): Promise<GitResult>;
}

export interface OpenOptions {
  // status, diff and changed need a work tree; log needs one only for --file.
  readonly worktree: boolean;
  // Neutralise the filter drivers (clean/smudge/process) of the repository's config: status and diff
  // may run a clean filter on files whose stat data changed.
  readonly neutraliseFilters?: boolean;
}

export async function openRepo(ctx: CommandContext, dirInput: string, options: OpenOptions): Promise<Repo> {
  const folder = ctx.path(dirInput);
  if (folder.kind !== 'dir') throw fail('C210', `--dir ${dirInput} is not a folder`);
  const base: GitOptions & { dir: string } = { cwd: folder.real, root: ctx.workspace.root, writable: ctx.workspace.toolAreas, signal: ctx.signal, dir: dirInput };
  // A `.git` file, link, commondir or alternates that send git to another repository: refused (git-dir.ts).
  await assertGitDirInside(ctx.workspace, folder.real, dirInput, ctx.signal);
  if (!options.worktree) return makeRepo(ctx, dirInput, folder.real, undefined, [], base);

  const found = await runGit(['rev-parse', '--show-toplevel'], base);
  if (found.exitCode !== 0) {
    if (/must be run in a work tree/i.test(found.stderr)) {
      throw fail('C251', `${dirInput} is a bare repository or a .git folder; this command needs a work tree`);
    }
    throw gitFailure(found, dirInput, 'rev-parse');
  }
  const printed = found.stdout.endsWith('\n') ? found.stdout.slice(0, -1) : found.stdout;
  if (!isAbsolute(printed)) throw fail('C251', `${dirInput}: git reported no work tree`);
  const top = await realpath(printed).catch(() => printed);
  const config = options.neutraliseFilters ? await filterOverrides({ ...base, cwd: top }) : [];
  return makeRepo(ctx, dirInput, top, top, config, base);
}

function makeRepo(
  ctx: CommandContext,
  dir: string,
  cwd: string,
  top: string | undefined,
  config: readonly string[],
  base: GitOptions & { dir: string },
): Repo {
  const root = ctx.workspace.root;
  let prefix: string | undefined;
  let scope: string | undefined;
  if (top !== undefined) {
    if (isInside(root, top)) {
      const rel = toRel(root, top);
      prefix = rel === '.' ? '' : `${rel}/`;
    } else if (isInside(top, root)) {
      scope = toRel(top, root);
    } else {
      throw fail('C215', `the work tree of ${dir} (${top}) lies outside the workspace`);
    }
  }
  return {
    dir,
    cwd,
    top,
    prefix,
    scope,
    toWorkspace(repoPath: string): string | undefined {
      if (prefix !== undefined) return `${prefix}${repoPath}`;
      if (scope === undefined) return repoPath;
      if (repoPath === scope || repoPath === `${scope}/`) return '.';
      return repoPath.startsWith(`${scope}/`) ? repoPath.slice(scope.length + 1) : undefined;
    },
    toRepo(path: ResolvedPath): string | undefined {
      if (top === undefined || !isInside(top, path.real)) return undefined;
      return toRel(top, path.real);
    },
    async run(args: readonly string[], options: RunOptions = {}): Promise<GitResult> {
      const call = { ...base, cwd, config, ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }) };
      return options.allowFailure ? runGit(args, call) : git(args, call);
    },
  };
}

// `-c filter.<driver>.clean=` and friends for every filter driver the configuration defines (filters.ts).
async function filterOverrides(options: GitOptions & { dir: string }): Promise<readonly string[]> {
  const listed = await runGit(FILTER_KEYS_ARGS, options);
  if (listed.exitCode === 1 && listed.stdout === '') return [];
  if (listed.exitCode !== 0) throw gitFailure(listed, options.dir, 'config');
  const off = filterOffConfig(listed.stdout);
  if ('config' in off) return off.config;
  throw fail('C251', `refusing to run git in ${options.dir}: its configuration defines a filter driver (${JSON.stringify(off.unswitchable)}) that cannot be switched off`);
}
