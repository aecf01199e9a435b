import * as z from 'zod/mini';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { flag } from '../engine/schema.js';
import { BRANCH_FORMAT, parseBranches, shortRef, type Branch } from '../git/branch.js';
import { dirFlag, gitTouches, READ_ONLY } from '../git/flags.js';
import { openRepo } from '../git/repo.js';
import { gitFailure } from '../git/run.js';

const flags = z.strictObject({
  dir: dirFlag(),
  all: flag('include remote-tracking branches'),
});

type GitBranchArgs = z.infer<typeof flags>;

export interface GitBranchData {
  // The branch checked out (also before its first commit); null when HEAD is detached.
  current: string | null;
  detached: boolean;
  // The commit HEAD points at; null before the first commit.
  head: string | null;
  branches: Branch[];
}

async function run(args: GitBranchArgs, ctx: CommandContext): Promise<GitBranchData> {
  const repo = await openRepo(ctx, args.dir, { worktree: false });
  // Exit 1 without a message: HEAD is not a symbolic ref, i.e. detached.
  const symbolic = await repo.run(['symbolic-ref', '--quiet', 'HEAD'], { allowFailure: true });
  if (symbolic.exitCode !== 0 && symbolic.exitCode !== 1) throw gitFailure(symbolic, args.dir, 'symbolic-ref');
  const detached = symbolic.exitCode === 1;
  const current = detached ? null : shortRef(symbolic.stdout.trim()).name;
  const listing = ['branch', '--list', '--no-color', BRANCH_FORMAT];
  if (args.all) listing.push('--all');
  const result = await repo.run(listing);
  const { branches, detachedAt } = parseBranches(result.stdout);
  const head = detached ? (detachedAt ?? null) : (branches.find((branch) => branch.current)?.commit ?? null);
  return { current, detached, head, branches };
}

function format(data: GitBranchData): string {
  const lines: string[] = [];
  if (data.detached) lines.push(`* (HEAD detached at ${data.head === null ? '?' : data.head.slice(0, 7)})`);
  for (const branch of data.branches) {
    const name = branch.remote ? `remotes/${branch.name}` : branch.name;
    const target = branch.target === undefined ? '' : ` -> ${branch.target}`;
    const upstream = branch.upstream === undefined ? '' : ` [${branch.upstream}]`;
    lines.push(`${branch.current ? '*' : ' '} ${name}${target}${upstream}`);
  }
  if (!data.detached && data.current !== null && !data.branches.some((branch) => branch.current)) {
    lines.unshift(`* ${data.current} (no commits yet)`);
  }
  return lines.join('\n');
}

export const gitBranchCommand = defineCommand({
  name: 'git-branch',
  aliases: ['git_branch', 'git_branches'],
  summary: 'Branches: the current one (or a detached HEAD), local and with --all remote ones (read-only)',
  flags,
  positional: 'dir',
  examples: ['git-branch', 'git-branch --all'],
  effect: 'vcs',
  effectArgs: [],
  annotations: READ_ONLY,
  touches: gitTouches,
  run,
  format,
});
