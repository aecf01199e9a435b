import * as z from 'zod/mini';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { literalPathspec } from '../git/args.js';
import { dirFlag, gitTouches, READ_ONLY } from '../git/flags.js';
import { openRepo } from '../git/repo.js';
import { branchLine, parsePorcelainV2, shortCode, type BranchInfo, type StatusEntry } from '../git/status.js';

const flags = z.strictObject({
  dir: dirFlag(),
});

type GitStatusArgs = z.infer<typeof flags>;

export interface GitStatusData {
  branch: BranchInfo;
  // Paths relative to the workspace root, forward slashes; an untracked folder ends with '/'.
  files: StatusEntry[];
  clean: boolean;
}

async function run(args: GitStatusArgs, ctx: CommandContext): Promise<GitStatusData> {
  const repo = await openRepo(ctx, args.dir, { worktree: true, neutraliseFilters: true });
  const scope = repo.scope === undefined ? [] : [literalPathspec(repo.scope)];
  const result = await repo.run([
    'status', '--porcelain=v2', '--branch', '-z', '--untracked-files=normal', '--renames', '--ignore-submodules=dirty', '--', ...scope,
  ]);
  if (result.truncated) ctx.warn('git status printed more than 16 MiB; the list of files is incomplete');
  const parsed = parsePorcelainV2(result.stdout);
  const files: StatusEntry[] = [];
  for (const entry of parsed.entries) {
    const { origPath: original, ...rest } = entry;
    const path = repo.toWorkspace(entry.path);
    if (path === undefined) continue;
    const origPath = original === undefined ? undefined : repo.toWorkspace(original);
    files.push(origPath === undefined ? { ...rest, path } : { ...rest, path, origPath });
  }
  return { branch: parsed.branch, files, clean: files.every((entry) => entry.kind === 'ignored') };
}

function format(data: GitStatusData): string {
  const lines = [branchLine(data.branch)];
  for (const entry of data.files) {
    lines.push(`${shortCode(entry)} ${entry.origPath === undefined ? entry.path : `${entry.origPath} -> ${entry.path}`}`);
  }
  if (data.clean) lines.push('nothing to commit, working tree clean');
  return lines.join('\n');
}

export const gitStatusCommand = defineCommand({
  name: 'git-status',
  aliases: ['git_status', 'gitstatus'],
  summary: 'Repository status: branch, upstream, staged, modified, renamed and untracked files (read-only)',
  flags,
  positional: 'dir',
  examples: ['git-status', 'git-status --dir packages/api'],
  effect: 'vcs',
  effectArgs: [],
  annotations: READ_ONLY,
  touches: gitTouches,
  run,
  format,
});
