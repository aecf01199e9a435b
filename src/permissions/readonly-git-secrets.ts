// A git command that prints what git STORES (`git diff`, `git show HEAD:.env`, `git log -p`, `git grep`,
// `git blame`, `git cat-file`, `git archive` ...) is not read-only for the gate when the repository
// tracks a non-accessible file: its object database holds the secret `read` refuses (THREAT-MODEL
// invariant 6). Such a command asks, with the sandbox on or off. Only subcommands that print no file
// content (status, rev-parse, ls-files, branch, log without patches ...) stay on the allowlist.
import { resolve } from 'node:path';
import type { ShellParse, SimpleCommand } from '../shell/parse-types.js';
import { nameFiles } from '../sandbox/hidden-git.js';
import { repositoryOf, type TrackedSecretCheck } from '../sandbox/tracked-secrets.js';
import { parseGit } from './options/git.js';

// Subcommands that print names, object ids and refs, never a file's content.
const NAMES_ONLY = new Set(['rev-parse', 'ls-files', 'ls-tree', 'show-ref', 'version', 'help', 'var', 'check-ignore', 'check-attr', 'check-ref-format', 'merge-base', 'name-rev', 'describe', 'remote', 'count-objects', 'symbolic-ref']);
// log, shortlog and reflog with only these options print commits, never a patch (-p, -L, --cc),
// nor answer a question about the content (-S, -G, --find-object: a secret could be guessed).
const LOG_OPTION = new RegExp(
  '^(?:--?|-\\d+|-n\\d*|-[iEFP]|--(?:oneline|graph|decorate(?:=.*)?|no-decorate|all|branches(?:=.*)?|tags(?:=.*)?|remotes(?:=.*)?|reverse|first-parent|no-merges|merges|' +
    'abbrev-commit|no-abbrev-commit|abbrev(?:=\\d+)?|date=.*|(?:since|until|after|before|author|committer|grep|format|pretty|max-count|skip)=.*|' +
    'date-order|author-date-order|topo-order|name-only|name-status|relative-date|no-color|color(?:=.*)?|left-right|boundary|full-history|' +
    'simplify-by-decoration|invert-grep|all-match|regexp-ignore-case|basic-regexp|extended-regexp|fixed-strings|perl-regexp|follow|no-renames|parents|children|no-patch))$',
);
// Option words that take the next word as their value.
const LOG_VALUE = new Set(['-n', '--since', '--until', '--after', '--before', '--author', '--committer', '--grep', '--format', '--pretty', '--max-count', '--skip', '--date']);

// Why this git call could print stored content, or undefined.
export function gitPrintsContent(args: readonly string[]): string | undefined {
  const call = parseGit(args);
  const { sub } = call;
  if (sub === undefined || NAMES_ONLY.has(sub)) return undefined;
  if (sub === 'status') return call.args.some((arg) => /^-[^-]*v|^--v/.test(arg)) ? '`git status -v` prints a diff' : undefined;
  if (sub === 'branch') return call.args.some((arg) => arg.startsWith('--format')) ? '`git branch --format` can print object contents' : undefined;
  if (sub === 'log' || sub === 'shortlog' || sub === 'reflog') {
    for (let i = 0; i < call.args.length; i += 1) {
      const arg = call.args[i]!;
      if (arg === '--') break;
      if (!arg.startsWith('-')) {
        if (arg.includes(':')) return `\`${arg}\` names a file of a commit`;
        continue;
      }
      if (!LOG_OPTION.test(arg)) return `\`git ${sub} ${arg}\` can print or search file contents`;
      if (LOG_VALUE.has(arg)) i += 1;
    }
    return undefined;
  }
  return `\`git ${sub}\` can print what git stores`;
}

// Folders a git command of this line may work in: the workspace, `cd`/`pushd` targets and `git -C`.
function folders(command: SimpleCommand, parse: ShellParse, root: string): string[] {
  const out = [root];
  for (const other of parse.commands) {
    if ((other.name === 'cd' || other.name === 'pushd') && other.words[1] && !other.words[1].dynamic) out.push(resolve(root, other.words[1].value));
  }
  command.args.forEach((arg, i) => {
    if (arg === '-C' && command.args[i + 1] !== undefined) out.push(resolve(root, command.args[i + 1]!));
    else if (arg.startsWith('-C') && arg.length > 2) out.push(resolve(root, arg.slice(2)));
  });
  return out;
}

// Why `git ...` is not read-only here: it can print a non-accessible file the repository tracks.
export function trackedSecretVeto(command: SimpleCommand, parse: ShellParse, root: string | undefined, check: TrackedSecretCheck | undefined): string | undefined {
  if (command.name !== 'git' || root === undefined || check === undefined) return undefined;
  const prints = gitPrintsContent(command.args);
  if (!prints) return undefined;
  for (const folder of folders(command, parse, root)) {
    const repository = repositoryOf(folder);
    if (!repository) continue;
    const files = check.reachable(repository, root).flatMap((found) => found.files);
    if (files.length > 0) return `the repository tracks ${nameFiles(files)}, which \`read\` refuses, and ${prints} (git-status, git-diff and git-log leave it out)`;
  }
  return undefined;
}
