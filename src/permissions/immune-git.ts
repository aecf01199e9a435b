import { lstatSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { UNKNOWN, type Argv } from './argv.js';
import type { ShellPlace } from './immune-place.js';
import { hasAny, parseGitWrite, type GitWrite } from './options/git-write.js';
import { gitRunsProgram } from '../shell/git-program-options.js';

// Seed 004's "git reset --hard / git clean -f" as a class: every git spelling that throws away
// uncommitted work (or commits no branch keeps), judged with git's own option parsing (abbreviations,
// combined short flags, `-c` configuration, `-c alias.x=...`), and every subcommand git does not have
// built in: an alias (in a configuration the repository writes: `[alias] st = reset --hard`) or a
// `git-NAME` program, whose meaning is only known at run time.

// `git --list-cmds=main` (git 2.39): what git runs as itself; an alias can never shadow one of these.
const GIT_COMMANDS = new Set(`add am annotate apply archive bisect blame branch bugreport bundle cat-file check-attr check-ignore
  check-mailmap check-ref-format checkout checkout-index cherry cherry-pick citool clean clone column commit commit-graph commit-tree
  config count-objects credential credential-cache credential-store daemon describe diagnose diff diff-files diff-index diff-tree
  difftool fast-export fast-import fetch fetch-pack filter-branch fmt-merge-msg for-each-ref for-each-repo format-patch fsck
  fsck-objects fsmonitor--daemon gc get-tar-commit-id grep gui hash-object help hook http-backend http-fetch http-push imap-send
  index-pack init init-db instaweb interpret-trailers log ls-files ls-remote ls-tree mailinfo mailsplit maintenance merge merge-base
  merge-file merge-index merge-octopus merge-one-file merge-ours merge-recursive merge-recursive-ours merge-recursive-theirs
  merge-resolve merge-subtree merge-tree mergetool mktag mktree multi-pack-index mv name-rev notes p4 pack-objects pack-redundant
  pack-refs patch-id prune prune-packed pull push quiltimport range-diff read-tree rebase receive-pack reflog remote repack replace
  request-pull rerere reset restore rev-list rev-parse revert rm send-email send-pack shell shortlog show show-branch show-index
  show-ref sparse-checkout stage stash status stripspace submodule svn switch symbolic-ref tag unpack-file unpack-objects
  update-index update-ref update-server-info upload-archive upload-pack var verify-commit verify-pack verify-tag version whatchanged
  worktree write-tree`.split(/\s+/));

// A long option as git's parse-options reads it: any unique prefix (`--ab` is --abort); an ambiguous
// one git refuses, so counting it is the safe side.
function says(args: readonly string[], ...names: string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((arg) => {
    const name = arg.split('=')[0]!;
    return name.length >= 3 && name.startsWith('--') && names.some((n) => n.startsWith(name));
  });
}

const forced = (args: readonly string[]): boolean => says(args, '--force') || args.some((arg) => /^-[a-zA-Z]*f[a-zA-Z]*$/.test(arg));

// `git checkout NAME`: a branch when NAME is one, else the paths NAME matches, whose changes it throws
// away. A name that is a path in the run folder (or may be: a glob, pathspec magic, `.`, or a folder
// the line moved to first) counts as a path.
function mayBePath(name: string, place: ShellPlace | undefined, moved: boolean): boolean {
  if (name === '-') return false;
  if (/[*?[\]]/.test(name) || name.startsWith(':') || /^\.\.?\/?$/.test(name) || place === undefined || moved) return true;
  try {
    lstatSync(isAbsolute(name) ? name : resolve(place.runDir, name));
    return true;
  } catch {
    return false;
  }
}

function checkoutDiscards(w: GitWrite, place: ShellPlace | undefined, moved: boolean): boolean {
  const { parsed } = w;
  // Forced or merged switches, a branch reset to another commit, and every path form.
  if (hasAny(parsed, '--force', '--merge', '-B', '--ours', '--theirs', '--patch', '--overlay', '--no-overlay', '--pathspec-from-file')) return true;
  if (w.args.includes('--') && w.args.indexOf('--') < w.args.length - 1) return true;
  if (hasAny(parsed, '-b', '--orphan')) return false;
  return parsed.operands.length >= 2 || (parsed.operands.length === 1 && mayBePath(parsed.operands[0]!, place, moved));
}

// Per subcommand: whether this call throws away uncommitted work, or commits no branch keeps.
const DISCARDS: Readonly<Record<string, (w: GitWrite, place: ShellPlace | undefined, moved: boolean) => boolean>> = {
  reset: (w) => hasAny(w.parsed, '--hard', '--merge'),
  checkout: checkoutDiscards,
  switch: (w) => hasAny(w.parsed, '--force', '--discard-changes', '--merge', '--force-create'),
  // Without --staged (or with --worktree as well), restore overwrites the working tree.
  restore: (w) => !hasAny(w.parsed, '--staged') || hasAny(w.parsed, '--worktree'),
  stash: (w) => w.args[0] === 'drop' || w.args[0] === 'clear',
  worktree: (w) => w.args[0] === 'remove' && forced(w.args.slice(1)),
  branch: (w) => hasAny(w.parsed, '-D', '-M', '-C', '--force'),
  rm: (w) => hasAny(w.parsed, '--force') && !hasAny(w.parsed, '--cached'),
  // Every form but a dry run replaces the index: staged work is lost (with -u the working tree too).
  'read-tree': (w) => !hasAny(w.parsed, '--dry-run'),
  // Entries put in or taken out of the index whatever they held.
  'update-index': (w) => hasAny(w.parsed, '--force-remove', '--cacheinfo', '--index-info', '--unresolve'),
  // Reversing a patch in the working tree takes uncommitted edits out (`git diff | git apply -R`).
  apply: (w) => hasAny(w.parsed, '--reverse') && !hasAny(w.parsed, '--cached', '--check', '--stat', '--numstat', '--summary'),
  // A forced move overwrites the destination's uncommitted content.
  mv: (w) => hasAny(w.parsed, '--force') && !hasAny(w.parsed, '--dry-run'),
  // set/add/reapply/init/disable change which files exist in the working tree; only list and check-rules read.
  'sparse-checkout': (w) => !['list', 'check-rules'].includes(w.parsed.operands[0] ?? 'list'),
  'checkout-index': (w) => hasAny(w.parsed, '--force'),
  'update-ref': (w) => hasAny(w.parsed, '-d', '--stdin'),
  // Aborting puts back the state before the merge; git's manual: uncommitted changes may be lost.
  merge: (w) => says(w.args, '--abort'),
  'cherry-pick': (w) => says(w.args, '--abort'),
  revert: (w) => says(w.args, '--abort'),
  am: (w) => says(w.args, '--abort'),
  // git's own command runners (red team round 6, R6-6: rebase -x, submodule foreach, bisect run, difftool -x; R30-7:
  // grep -O, daemon --access-hook) are the one table's (shell/git-program-options.ts), read in gitDiscards.
  rebase: (w) => says(w.args, '--abort', '--skip'),
  submodule: (w) => ['deinit', 'update'].includes(w.args[0] ?? '') && forced(w.args.slice(1)),
  // Rewrites every commit (with the filters it is given: shell commands).
  'filter-branch': () => true,
  // What makes work recoverable after the fact: the reflogs (the stash is one), unreachable objects and
  // tags, which no reflog keeps. Lost by an expired or deleted reflog, a pruning gc (the repository's own
  // configuration sets gc.pruneExpire/gc.reflogExpire, so every gc counts), prune, a repack that drops what
  // is unreachable, a maintenance run (its gc task) and a deleted tag. Undo cannot give any of it back.
  reflog: (w) => ['expire', 'delete', 'drop'].includes(w.args[0] ?? ''),
  gc: () => true,
  prune: (w) => !w.args.some((arg) => arg === '-n' || says([arg], '--dry-run')),
  repack: (w) => w.args.some((arg) => /^-[a-zA-Z]*d/.test(arg)) && !w.args.some((arg) => /^-[a-zA-Z]*A/.test(arg) || says([arg], '--keep-unreachable', '--cruft')),
  maintenance: (w) => w.args[0] === 'run',
  tag: (w) => w.args.some((arg) => /^-[a-zA-Z]*d/.test(arg) || says([arg], '--delete')),
};

export const GIT_DISCARD = {
  name: 'git-discard',
  description: 'git that throws away uncommitted work or unkept commits (reset --hard/--merge, checkout -f/-m/-B or of paths, restore of the working tree, switch -f/--discard-changes, stash drop/clear, worktree remove -f, branch -D/-M/-f, rm -f, mv -f, apply -R, read-tree, update-index --force-remove/--cacheinfo/--index-info, sparse-checkout set/add/reapply/init/disable, checkout-index -f, update-ref -d, merge/rebase/cherry-pick --abort, submodule deinit -f; the command runners of git: submodule foreach, rebase --exec/-x, bisect run, difftool -x/--extcmd, grep -O/--open-files-in-pager, daemon --access-hook, filter-branch; what makes work recoverable: reflog expire/delete, gc, prune, repack -d without -A, maintenance run, tag -d), or a git alias or git-NAME program (its meaning is in a configuration)',
} as const;

export function gitDiscards(cmd: Argv, place: ShellPlace | undefined): boolean {
  if (cmd.name !== 'git') return false;
  const w = parseGitWrite(cmd.args);
  // A subcommand only known at run time is the dynamic-args class's (immune.ts).
  if (w === undefined || w.sub.includes(UNKNOWN)) return false;
  if (!GIT_COMMANDS.has(w.sub)) return true;
  if (gitRunsProgram(w.sub, w.args)) return true;
  const test = DISCARDS[w.sub];
  if (test === undefined) return false;
  // Configuration on the line or options git's table does not know: what it does is not certain.
  return w.configured || w.parsed.problems.length > 0 || test(w, place, cmd.moved === true);
}
