import * as z from 'zod/mini';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { flag, wholeOr } from '../engine/schema.js';
import { assertArgument, guardedText, literalPathspec } from '../git/args.js';
import { dirFlag, gitTouches, READ_ONLY } from '../git/flags.js';
import { LOG_FORMAT, parseLog, type Commit } from '../git/log.js';
import { openRepo } from '../git/repo.js';
import { gitFailure } from '../git/run.js';
import { sameNameHint } from './path-hints.js';

const MAX_LIMIT = 1000;

const flags = z.strictObject({
  dir: dirFlag(),
  limit: wholeOr(1, 10, `most commits shown (at most ${MAX_LIMIT})`),
  file: guardedText('file', 'only commits that changed this file or folder'),
  ref: guardedText('ref', 'branch, tag, commit or range (default HEAD), e.g. main..feature'),
  oneline: flag('one line per commit'),
});

type GitLogArgs = z.infer<typeof flags>;

export interface GitLogData {
  commits: Commit[];
  oneline: boolean;
}

async function run(args: GitLogArgs, ctx: CommandContext): Promise<GitLogData> {
  assertArgument(args.file, 'file');
  assertArgument(args.ref, 'ref');
  let limit = args.limit;
  if (limit > MAX_LIMIT) {
    ctx.warn(`--limit ${limit} is over the maximum; showing at most ${MAX_LIMIT} commits`);
    limit = MAX_LIMIT;
  }
  const repo = await openRepo(ctx, args.dir, { worktree: args.file !== undefined });
  const pathspecs: string[] = [];
  if (args.file !== undefined) {
    const inRepo = repo.toRepo(ctx.path(args.file));
    if (inRepo === undefined) throw fail('C210', `--file ${args.file} is not inside the repository of --dir ${args.dir}`);
    pathspecs.push(literalPathspec(inRepo));
  }
  const logArgs = ['log', '--no-color', '--no-ext-diff', '--no-textconv', `--max-count=${limit}`, LOG_FORMAT, '--end-of-options'];
  if (args.ref !== undefined) logArgs.push(args.ref);
  const result = await repo.run([...logArgs, '--', ...pathspecs], { allowFailure: true, maxBytes: 8 * 1024 * 1024 });
  if (result.exitCode !== 0 && !result.truncated) {
    // A repository without commits yet has an empty history, not a failure.
    if (args.ref === undefined && /does not have any commits yet/i.test(result.stderr)) return { commits: [], oneline: args.oneline };
    throw gitFailure(result, args.dir, 'log');
  }
  if (result.truncated) ctx.warn('the log is larger than 8 MiB; lower --limit');
  return { commits: parseLog(result.stdout, !result.truncated), oneline: args.oneline };
}

function indent(text: string): string {
  return text.split('\n').map((line) => (line === '' ? '' : `    ${line}`)).join('\n');
}

function format(data: GitLogData): string {
  if (data.commits.length === 0) return '(no commits)';
  if (data.oneline) return data.commits.map((commit) => `${commit.shortHash} ${commit.subject}`).join('\n');
  return data.commits
    .map((commit) => {
      const lines = [`commit ${commit.hash}`, `Author: ${commit.author} <${commit.email}>`, `Date:   ${commit.date}`, '', indent(commit.subject)];
      if (commit.body !== undefined) lines.push('', indent(commit.body));
      return lines.join('\n');
    })
    .join('\n\n');
}

export const gitLogCommand = defineCommand({
  name: 'git-log',
  aliases: ['git_log', 'gitlog'],
  summary: 'Commit history: hash, author, date, subject, body; optionally of one file or ref (read-only)',
  flags,
  examples: ['git-log', 'git-log --oneline --limit 5', 'git-log --file src/app.ts', 'git-log --ref main..feature --oneline'],
  effect: 'vcs',
  effectArgs: [],
  annotations: READ_ONLY,
  notFoundHint: sameNameHint,
  touches: gitTouches,
  run,
  format,
});
