// A git command that prints what git STORES (`git diff`, `git show HEAD:.env`, `git log -p`, `git grep`,
// `git blame`, `git cat-file`, `git archive` ...) is not read-only for the gate when the repository
// tracks a non-accessible file: its object database holds the secret `read` refuses (THREAT-MODEL
// invariant 6). Such a command asks, with the sandbox on or off. Only subcommands that print no file
// content (status, rev-parse, ls-files, branch, log without patches ...) stay on the allowlist.
import { realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import picomatch from '../workspace/picomatch.js';
import type { ShellParse, ShellWord, SimpleCommand } from '../shell/parse-types.js';
import { nameFiles } from '../sandbox/hidden-git.js';
import { within } from '../sandbox/policy.js';
import { repositoryOf, type GitRepository, type TrackedSecretCheck } from '../sandbox/tracked-secrets.js';
import { parseGit } from './options/git.js';
import { gitFolders } from './git-folders.js';
import { pathValues } from './word-paths.js';

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
  // `--form`, `--forma`: abbreviations of --format (`--for` could be --force too, which git refuses as ambiguous).
  if (sub === 'branch') return call.args.some((arg) => /^--form/.test(arg)) ? '`git branch --format` can print object contents' : undefined;
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

// The real path of `path`, or of its longest existing ancestor joined with the rest.
export function realish(path: string): string {
  let current = path;
  const rest: string[] = [];
  for (let i = 0; i < 256; i += 1) {
    try {
      return join(realpathSync(current), ...rest.reverse());
    } catch {
      const parent = dirname(current);
      if (parent === current) return path;
      rest.push(current.slice(parent.length + 1));
      current = parent;
    }
  }
  return path;
}

const GLOB = /[*?[]/;

// The checkout a word can reach a git folder of (its objects hold a tracked secret compressed): a path
// resolving into a `.git` folder or into `gitDirs` (a worktree's git folder elsewhere) from a folder the
// line works in (symlinks followed), or a glob segment that matches `.git` (`.g*`, `.[g]it`; a bare `*`
// skips dot files as bash does): then the folder the line works in.
function gitFolderNamed(word: ShellWord, bases: readonly string[], gitDirs: readonly string[]): string | undefined {
  for (const value of pathValues(word)) {
    if (value === '') continue;
    if (value.split('/').some((segment) => GLOB.test(segment) && picomatch.isMatch('.git', segment, { dot: false }))) return bases[0];
    for (const base of bases) {
      const real = realish(resolve(base, value));
      const dotGit = real.split('/').indexOf('.git');
      if (dotGit > 0) return real.split('/').slice(0, dotGit).join('/') || '/';
      if (gitDirs.some((dir) => within(real, dir))) return base;
    }
  }
  return undefined;
}

// The repositories the line can reach that track a non-accessible file, with what they track.
function trackingRepositories(folderList: readonly string[], root: string, check: TrackedSecretCheck): { repository: GitRepository; files: readonly string[] }[] {
  const found = new Map<string, { repository: GitRepository; files: readonly string[] }>();
  for (const folder of folderList) {
    const repository = repositoryOf(folder, root);
    if (!repository || found.has(repository.gitDir)) continue;
    for (const reached of check.reachable(repository, root)) if (reached.files.length > 0 && !found.has(reached.repository.gitDir)) found.set(reached.repository.gitDir, reached);
  }
  return [...found.values()];
}

// Why `git ...` is not read-only here: it can print a non-accessible file the repository tracks.
// `runDir`: the folder the line runs in (exec/test --dir), the workspace root by default.
export function trackedSecretVeto(command: SimpleCommand, parse: ShellParse, root: string | undefined, check: TrackedSecretCheck | undefined, runDir = root): string | undefined {
  if (root === undefined || check === undefined) return undefined;
  const prints = command.name === 'git' ? gitPrintsContent(command.args) : undefined;
  if (command.name === 'git' && !prints) return undefined;
  const { list: bases, unknown } = gitFolders(command, parse, runDir ?? root);
  if (prints) {
    if (unknown !== undefined) return `the line changes to a folder codeward cannot follow (${unknown}), where a repository may track a file \`read\` refuses, and ${prints}`;
    const tracking = trackingRepositories(bases, root, check);
    return tracking.length === 0 ? undefined : `the repository tracks ${nameFiles(tracking.flatMap((found) => found.files))}, which \`read\` refuses, and ${prints} (codeward's git-diff, git-log and git-status leave it out)`;
  }
  // Any other reader of a git folder: the objects are the secret, compressed (`cat .git/objects/..`).
  const gitDirs = bases.flatMap((base) => {
    const repository = repositoryOf(base, root);
    return repository ? [realish(repository.gitDir), realish(repository.commonDir)] : [];
  });
  const words = [...command.words.slice(1), ...command.redirections.flatMap((redirection) => (redirection.targetWord ? [redirection.targetWord] : []))];
  for (const word of words) {
    const checkout = gitFolderNamed(word, bases, gitDirs);
    if (checkout === undefined) continue;
    const tracking = trackingRepositories([checkout, ...bases], root, check);
    if (tracking.length > 0) return `the repository tracks ${nameFiles(tracking.flatMap((found) => found.files))}, which \`read\` refuses, and ${word.text} is in its git folder, whose objects hold it`;
  }
  return undefined;
}
