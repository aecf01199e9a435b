import * as z from 'zod/mini';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { flag, whole, wholeOr } from '../engine/schema.js';
import { assertArgument, excludePathspec, guardedText, literalPathspec } from '../git/args.js';
import { dirFlag, gitTouches, READ_ONLY } from '../git/flags.js';
import { openRepo, type Repo } from '../git/repo.js';
import { orSameName, revisionHint } from './path-hints.js';

const DEFAULT_MAX_BYTES = 200_000;

const flags = z.strictObject({
  dir: dirFlag(),
  staged: flag('staged changes (index against HEAD) instead'),
  nameOnly: flag('list the changed files only'),
  stat: flag('a diffstat instead of the diff (--name-only wins)'),
  file: guardedText('file', 'limit the diff to this file or folder'),
  context: whole(0, 'context lines (default 3)'),
  maxBytes: wholeOr(1, DEFAULT_MAX_BYTES, 'cap on the diff text returned'),
});

type GitDiffArgs = z.infer<typeof flags>;

export interface GitDiffData {
  // The unified diff (paths relative to the workspace root, a/ and b/ prefixes), the diffstat with
  // --stat, or one path per line with --name-only.
  diff: string;
  // The changed files, relative to the workspace root (new paths of renames).
  files: string[];
  staged: boolean;
  truncated: boolean;
}

// Never run a configured external diff or textconv program; no colours; renames detected.
function baseArgs(repo: Repo, staged: boolean): string[] {
  const args = ['diff', '--no-color', '--no-ext-diff', '--no-textconv', '-M', '--ignore-submodules=dirty'];
  if (staged) args.push('--cached');
  // A workspace inside the work tree: only its part of the diff, its paths relative to the workspace.
  if (repo.scope !== undefined) args.push(`--relative=${repo.scope}`);
  return args;
}

// Workspace-relative paths printed by a diff with baseArgs.
function toWorkspace(repo: Repo, name: string): string {
  return repo.scope !== undefined ? name : `${repo.prefix ?? ''}${name}`;
}

function toRepoPath(repo: Repo, name: string): string {
  return repo.scope !== undefined ? `${repo.scope}/${name}` : name;
}

// Cut at the last line break within the cap, so no line is returned half.
function cutAtLine(text: string): string {
  const end = text.lastIndexOf('\n');
  return end < 0 ? '' : text.slice(0, end + 1);
}

async function run(args: GitDiffArgs, ctx: CommandContext): Promise<GitDiffData> {
  assertArgument(args.file, 'file');
  const repo = await openRepo(ctx, args.dir, { worktree: true, neutraliseFilters: true });
  const pathspecs: string[] = [];
  if (args.file !== undefined) {
    const target = ctx.path(args.file);
    const inRepo = repo.toRepo(target);
    if (inRepo === undefined) throw fail('C210', `--file ${args.file} is not inside the repository of --dir ${args.dir}`);
    pathspecs.push(literalPathspec(inRepo));
  }
  const base = baseArgs(repo, args.staged);
  const listed = await repo.run([...base, '--name-only', '-z', '--', ...pathspecs]);
  const names = listed.stdout.split('\0').filter((name) => name !== '');
  if (listed.truncated) names.pop();
  const files = names.map((name) => toWorkspace(repo, name));
  if (args.nameOnly) {
    return { diff: files.join('\n'), files, staged: args.staged, truncated: listed.truncated };
  }
  // Files the workspace never shows (.env, keys ...) are named but their content is left out.
  const hidden = names.filter((name) => ctx.workspace.isHiddenFromReaders(toWorkspace(repo, name)));
  if (hidden.length > 0) {
    ctx.warn(`left out of the diff (non-accessible): ${hidden.map((name) => toWorkspace(repo, name)).join(', ')}`);
  }
  const excludes = hidden.map((name) => excludePathspec(toRepoPath(repo, name)));
  const prefix = repo.scope !== undefined ? '' : (repo.prefix ?? '');
  const shape = args.stat
    ? ['--stat=1000', '--stat-graph-width=40']
    : [`--unified=${args.context ?? 3}`, `--src-prefix=a/${prefix}`, `--dst-prefix=b/${prefix}`];
  const result = await repo.run([...base, ...shape, '--', ...pathspecs, ...excludes], { maxBytes: args.maxBytes });
  const diff = result.truncated ? cutAtLine(result.stdout) : result.stdout;
  if (result.truncated) ctx.warn(`the diff is larger than ${args.maxBytes} bytes and was cut; narrow it with --file or use --stat`);
  return { diff, files, staged: args.staged, truncated: result.truncated || listed.truncated };
}

function format(data: GitDiffData): string {
  if (data.files.length === 0) return data.staged ? '(no staged changes)' : '(no unstaged changes)';
  const text = data.diff.endsWith('\n') ? data.diff.slice(0, -1) : data.diff;
  return data.truncated ? `${text}\n[diff cut at the size limit; narrow it with --file or use --stat]` : text;
}

export const gitDiffCommand = defineCommand({
  name: 'git-diff',
  aliases: ['git_diff', 'gitdiff'],
  summary: 'Unstaged or staged changes as a unified diff, a diffstat or a list of files (read-only)',
  flags,
  positional: 'file',
  promptFlags: ['staged', 'file', 'stat'],
  examples: ['git-diff', 'git-diff --staged', 'git-diff --file src/app.ts --context 10', 'git-diff --stat'],
  effect: 'vcs',
  effectArgs: [],
  annotations: READ_ONLY,
  notFoundHint: orSameName(revisionHint),
  touches: gitTouches,
  run,
  format,
});
