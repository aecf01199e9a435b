import * as z from 'zod/mini';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { flag } from '../engine/schema.js';
import { literalPathspec } from '../git/args.js';
import { dirFlag, gitTouches, READ_ONLY } from '../git/flags.js';
import { openRepo } from '../git/repo.js';
import { parsePorcelainV2, type StatusEntry } from '../git/status.js';

const flags = z.strictObject({
  dir: dirFlag(),
  staged: flag('only staged changes (index against HEAD)'),
});

type GitChangedArgs = z.infer<typeof flags>;

export interface Rename {
  from: string;
  to: string;
}

export interface GitChangedData {
  // Exact paths relative to the workspace root (forward slashes), sorted: ready for read or patch.
  files: string[];
  // Renames and copies among them (`files` holds the new path).
  renames: Rename[];
  staged: boolean;
}

// Which status entries count. Without --staged: everything `git status` reports (staged, unstaged,
// untracked files one by one, conflicts), as the original's `git status --porcelain` did. With
// --staged: what `git diff --cached --name-only` lists (staged changes and conflicts).
function counts(entry: StatusEntry, staged: boolean): boolean {
  if (entry.kind === 'ignored') return false;
  if (!staged) return true;
  if (entry.kind === 'unmerged') return true;
  return entry.kind !== 'untracked' && entry.index !== '.';
}

function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

async function run(args: GitChangedArgs, ctx: CommandContext): Promise<GitChangedData> {
  const repo = await openRepo(ctx, args.dir, { worktree: true, neutraliseFilters: true });
  const scope = repo.scope === undefined ? [] : [literalPathspec(repo.scope)];
  const result = await repo.run([
    'status', '--porcelain=v2', '-z', args.staged ? '--untracked-files=no' : '--untracked-files=all', '--renames', '--ignore-submodules=dirty', '--', ...scope,
  ]);
  if (result.truncated) ctx.warn('git status printed more than 16 MiB; the list of files is incomplete');
  const files = new Set<string>();
  const renames: Rename[] = [];
  for (const entry of parsePorcelainV2(result.stdout).entries) {
    if (!counts(entry, args.staged)) continue;
    const path = repo.toWorkspace(entry.path);
    if (path === undefined) continue;
    files.add(path);
    const from = entry.origPath === undefined ? undefined : repo.toWorkspace(entry.origPath);
    if (from !== undefined) renames.push({ from, to: path });
  }
  return { files: [...files].sort(byteOrder), renames, staged: args.staged };
}

function format(data: GitChangedData): string {
  if (data.files.length === 0) return data.staged ? '(no staged changes)' : '(no changes)';
  const from = new Map(data.renames.map((rename) => [rename.to, rename.from]));
  return data.files.map((file) => (from.has(file) ? `${file} (renamed from ${from.get(file)})` : file)).join('\n');
}

export const gitChangedCommand = defineCommand({
  name: 'git-changed',
  aliases: ['git_changed', 'changed_files'],
  summary: 'Changed files as workspace paths: staged, unstaged and untracked, or --staged only (read-only)',
  guide: 'Paths only; git-status adds the branch and each file\'s state.',
  flags,
  positional: 'dir',
  examples: ['git-changed', 'git-changed --staged'],
  effect: 'vcs',
  effectArgs: [],
  annotations: READ_ONLY,
  touches: gitTouches,
  run,
  format,
});
