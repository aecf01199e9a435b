// A git command that prints stored content is read-only only for objects a ref or a reflog reaches (red team
// R7-10). A `.env` staged once and unstaged, a dropped stash, an amended-away commit stay in the object
// store as objects no ref reaches: no history read can name their paths, so the tracked-secret check
// (readonly-git-secrets.ts) cannot see them, and `git cat-file --batch-all-objects --batch`, `git show
// <blob id>`, `git cat-file -p <id>`, `git grep x <tree id>` print them. The rule does not look at how an
// object is named: every revision the call names is resolved as git will resolve it and must be a commit a
// ref or reflog reaches; a call that takes objects from stdin, all objects, the alternates' refs, or names
// only known at run time asks. Whenever non-accessible globs exist: any object store may hold such a blob.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import picomatch from '../workspace/picomatch.js';
import type { ShellParse, ShellWord, SimpleCommand } from '../shell/parse-types.js';
import { within } from '../sandbox/policy.js';
import { reachableByRefs } from '../sandbox/history-secrets.js';
import { repositoryOf, type TrackedSecretCheck } from '../sandbox/tracked-secrets.js';
import { parseGit } from './options/git.js';
import { gitFolders } from './git-folders.js';
import { gitPrintsContent, realish } from './readonly-git-secrets.js';
import { pathValues } from './word-paths.js';

// Options that print objects no ref names: ids read from stdin (`cat-file --batch`, `--batch-command`
// and its unique prefixes down to `--batch-co`, `log --stdin`), other repositories' refs. (`--batch-check`
// prints ids, types and sizes only, also with --batch-all-objects.)
const ALL_OBJECTS = /^--(?:stdin|batch|batch-co(?:m(?:m(?:a(?:n(?:d)?)?)?)?)?|alternate-refs)(?:=.*)?$/;
// Subcommands whose revisions go through git's revision parser (setup_revisions: a name that is also a file
// is refused as ambiguous).
const REVISION_PARSER = new Set(['log', 'show', 'diff', 'whatchanged', 'shortlog', 'rev-list']);
// Past this many revision words the call asks rather than running git for each.
const MAX_NAMES = 8;
// Wrappers that add arguments only known at run time (`git rev-list --all | xargs git show`).
const ADDS_ARGUMENTS = new Set(['xargs', 'find', 'parallel']);

// The revision names in one operand: `A..B`, `A...B`, `^A`, `A~2`, `A^{tree}`, `A@{1}`, `A:path` (the part
// before the colon); `:path`, `:0:path` (the index) and `:/text` (a search of reachable commits) name none.
export function revisionNames(operand: string): string[] {
  if (operand.startsWith(':')) return [];
  const colon = operand.indexOf(':');
  const rev = colon < 0 ? operand : operand.slice(0, colon);
  return rev
    .split(/\.\.\.?/)
    .map((part) => part.replace(/^\^/, '').replace(/(?:\^\{[^}]*\}|@\{[^}]*\}|\^[!@]|\^-\d*|[~^]\d*)+$/, ''))
    .filter((part) => part !== '');
}

// The operands of the call that may be revisions (before `--`; `git grep`'s first is its pattern unless
// -e/-f give it), or a reason the call reaches objects no ref names.
function operands(sub: string, args: readonly string[], isPath: (arg: string) => boolean): { names: string[] } | { why: string } {
  const names: string[] = [];
  let patternGiven = sub !== 'grep' || args.some((arg) => /^-[ef]|^--(?:and|or|not)$/.test(arg));
  for (const arg of args) {
    if (arg === '--') break;
    if (ALL_OBJECTS.test(arg)) return { why: `\`git ${sub} ${arg}\` reads objects no ref names` };
    if (arg.startsWith('-')) continue;
    if (!patternGiven) {
      patternGiven = true;
      continue;
    }
    if (isPath(arg)) continue;
    // HEAD is a ref every check counts (`--all` includes it): no git run for it.
    names.push(...revisionNames(arg).filter((name) => name !== 'HEAD' && name !== '@'));
  }
  return { names };
}

// Why this content-printing git call may print an object no ref reaches (whose path no check can know).
export function unreachableObjectVeto(command: SimpleCommand, parse: ShellParse, root: string | undefined, check: TrackedSecretCheck | undefined, runDir = root): string | undefined {
  if (root === undefined || check === undefined || !check.guarding || command.name !== 'git') return undefined;
  const call = parseGit(command.args);
  if (call.sub === undefined || !gitPrintsContent(command.args)) return undefined;
  const wrapper = command.wrappers.find((name) => ADDS_ARGUMENTS.has(name));
  const tail = ` (the object store may hold a file \`read\` refuses that was staged once: no ref reaches it)`;
  if (wrapper) return `\`${wrapper}\` adds arguments to git only known at run time, which may name any object${tail}`;
  const dynamic = command.words.slice(1).find((word) => word.dynamic);
  if (dynamic) return `${dynamic.text} is only known at run time and may name any object${tail}`;
  const { list, unknown } = gitFolders(command, parse, runDir ?? root);
  // For the revision parser an operand that is a file where git runs is a path (or an ambiguity it refuses):
  // no git run for it. cat-file, grep, blame ... take an object name whatever files exist.
  const isPath = (arg: string): boolean => REVISION_PARSER.has(call.sub!) && list.every((folder) => existsSync(resolve(folder, arg)));
  const found = operands(call.sub, call.args, isPath);
  if ('why' in found) return `${found.why}${tail}`;
  if (found.names.length === 0) return undefined;
  if (unknown !== undefined) return `the line changes to a folder codeward cannot follow (${unknown}) and names revisions${tail}`;
  const { names } = found;
  if (names.length > MAX_NAMES) return `it names more than ${MAX_NAMES} revisions${tail}`;
  if (names.length === 0) return undefined;
  // Every folder git may run in (cd targets, -C): each repository found there resolves the names.
  const worktrees = new Set(list.flatMap((folder) => repositoryOf(folder, root)?.worktree ?? []));
  for (const worktree of worktrees) {
    if (!reachableByRefs(worktree, check.env, names)) return `\`${names.join(' ')}\` may name an object no ref or reflog reaches${tail}`;
  }
  return undefined;
}

// A word naming a repository's object store, its lost-found (`git fsck --lost-found` writes objects there
// uncompressed), the git folder itself (a recursive reader descends into both) or a glob over a `.git`
// segment, from a folder the line works in.
function storeNamed(word: ShellWord, bases: readonly string[], root: string): boolean {
  for (const value of pathValues(word)) {
    if (value === '') continue;
    if (value.split('/').some((segment) => /[*?[]/.test(segment) && picomatch.isMatch('.git', segment, { dot: false }))) return true;
    for (const base of bases) {
      const real = realish(resolve(base, value));
      // By shape: `.git` itself, or objects / lost-found anywhere below one (modules/x/objects too).
      const segments = real.split('/');
      const dotGit = segments.indexOf('.git');
      if (dotGit > 0 && (dotGit === segments.length - 1 || segments.slice(dotGit + 1).some((segment) => segment === 'objects' || segment === 'lost-found'))) return true;
      // A git folder elsewhere (a linked worktree's, --separate-git-dir) of the repository the line works in.
      const repository = repositoryOf(base, root);
      if (!repository) continue;
      const dirs = [realish(repository.gitDir), realish(repository.commonDir)];
      if (dirs.includes(real) || dirs.some((dir) => within(real, join(dir, 'objects')) || within(real, join(dir, 'lost-found')))) return true;
    }
  }
  return false;
}

// Why a command that names a path in an object store is not read-only: the objects hold
// every file ever staged, a non-accessible one too (compressed; in lost-found as they were).
export function objectStoreVeto(command: SimpleCommand, parse: ShellParse, root: string | undefined, check: TrackedSecretCheck | undefined, runDir = root): string | undefined {
  // git too: `git diff --no-index /dev/null .git/lost-found/other/ID` prints a file of lost-found.
  if (root === undefined || check === undefined || !check.guarding || command.name === null) return undefined;
  const { list } = gitFolders(command, parse, runDir ?? root);
  const words = [...command.words.slice(1), ...command.redirections.flatMap((redirection) => (redirection.targetWord ? [redirection.targetWord] : []))];
  const word = words.find((candidate) => storeNamed(candidate, list, root));
  return word ? `${word.text} is in a git object store, which holds every file ever staged (a file \`read\` refuses too)` : undefined;
}
