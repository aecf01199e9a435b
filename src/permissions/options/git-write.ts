import { GIT_CONFIG } from './git-config.js';
import { parseGit } from './git.js';
import { parseArgs } from './parse.js';
import { spec } from './spec.js';
import type { ParsedArgs, ProgramSpec } from './types.js';

// The parse-options tables (git 2.39+ `--git-completion-helper-all`, short options from the manuals) of
// the git commands that safety immunity protects: every abbreviation, negation and combined short flag
// is read the way git reads it.

const gitTable = (list: string): ProgramSpec => {
  const negations = list.split(/[\s|]+/).filter((x) => x.startsWith('--')).map((x) => `--no-${x.slice(2).replace(/\[?=\]?$/, '')}`);
  return spec({ safe: `-h ${list} ${negations.join(' ')}`, numericOption: true });
};

export const GIT_WRITE_TABLES: Readonly<Record<string, ProgramSpec>> = {
  push: gitTable(`-v|--verbose -q|--quiet --repo= --all --branches --mirror -d|--delete --tags -n|--dry-run --porcelain -f|--force
    --force-with-lease[=] --force-if-includes --recurse-submodules= --thin --receive-pack= --exec= -u|--set-upstream --progress --prune
    --no-verify --verify --follow-tags --signed[=] --atomic -o=|--push-option= -4|--ipv4 -6|--ipv6`),
  reset: gitTable(`-q|--quiet --no-refresh --refresh --mixed --soft --hard --merge --keep --recurse-submodules[=] -p|--patch -N|--intent-to-add
    --pathspec-from-file= --pathspec-file-nul`),
  clean: gitTable('-q|--quiet -n|--dry-run -f|--force -i|--interactive -e=|--exclude= -d -x -X'),
  // The commands that can throw away uncommitted work or unmerged commits (immune-git.ts).
  checkout: gitTable(`-q|--quiet -b= -B= -l -d|--detach -t|--track[=] --guess --overlay --recurse-submodules[=] --progress -m|--merge --conflict=
    -f|--force --orphan= --overwrite-ignore --ignore-other-worktrees -2|--ours -3|--theirs -p|--patch --ignore-skip-worktree-bits
    --pathspec-from-file= --pathspec-file-nul`),
  switch: gitTable(`-c=|--create= -C=|--force-create= --guess --discard-changes -q|--quiet --recurse-submodules[=] --progress -m|--merge
    --conflict= -d|--detach -t|--track[=] -f|--force --orphan= --overwrite-ignore --ignore-other-worktrees`),
  restore: gitTable(`-s=|--source= -S|--staged -W|--worktree --ignore-unmerged --overlay -q|--quiet --recurse-submodules[=] --progress
    -m|--merge --conflict= --ours --theirs -p|--patch --ignore-skip-worktree-bits --pathspec-from-file= --pathspec-file-nul`),
  branch: gitTable(`-v|--verbose -q|--quiet -t|--track[=] -u=|--set-upstream-to= --set-upstream --unset-upstream --color[=] -r|--remotes
    --contains[=] --no-contains[=] --with[=] --without[=] --abbrev[=] -a|--all -d|--delete -D -m|--move -M -c|--copy -C -l|--list
    --show-current --create-reflog --edit-description -f|--force --merged[=] --no-merged[=] --column[=] --sort= --points-at= -i|--ignore-case
    --recurse-submodules --format=`),
  rm: gitTable('-n|--dry-run -q|--quiet --cached -f|--force -r --ignore-unmatch --sparse --pathspec-from-file= --pathspec-file-nul'),
  'read-tree': gitTable(`--index-output= --empty -v|--verbose --trivial --aggressive --reset -u -i -m --prefix= --exclude-per-directory=
    -n|--dry-run --no-sparse-checkout --debug-unpack --recurse-submodules[=] -q|--quiet --sparse-checkout`),
  'checkout-index': gitTable('-a|--all --ignore-skip-worktree-bits -f|--force -q|--quiet -n|--no-create -u|--index -z --stdin --temp --prefix= --stage= --create'),
  'update-ref': gitTable('-m= -d -z --no-deref --stdin --create-reflog --deref'),
  apply: gitTable(`--exclude= --include= -p= --no-add --stat --numstat --summary --check --index -N|--intent-to-add --cached --apply -3|--3way
    --ours --theirs --union --build-fake-ancestor= -z -C= --whitespace= --ignore-space-change --ignore-whitespace -R|--reverse --unidiff-zero
    --reject -v|--verbose -q|--quiet --inaccurate-eof --recount --directory= --allow-overlap --allow-empty --allow-binary-replacement --binary
    --unsafe-paths --add`),
  mv: gitTable('-v|--verbose -n|--dry-run -f|--force -k --sparse'),
  'update-index': gitTable(`-q --add --remove --force-remove --replace --refresh --really-refresh --ignore-submodules --ignore-missing --unmerged
    --cacheinfo= --chmod= --assume-unchanged --skip-worktree --ignore-skip-worktree-entries --fsmonitor-valid --info-only
    --force-untracked-cache --index-info --index-version= --unresolve --again -g --stdin -z --verbose --split-index --untracked-cache
    --test-untracked-cache --fsmonitor --force-write-index --clear-resolve-undo`),
  'sparse-checkout': gitTable('--cone --sparse-index --skip-checks --stdin --rules-file= --end-of-options'),
  // The plumbing under push: the same force, mirror and +refspec.
  'send-pack': gitTable(`-v|--verbose -q|--quiet --receive-pack= --exec= --remote= --all -n|--dry-run --mirror -f|--force --signed[=]
    --push-option= --progress --thin --atomic --stateless-rpc --stdin --helper-status --force-with-lease[=] --force-if-includes`),
  // Its writers of the person's own configuration (immune-config-verbs.ts).
  config: GIT_CONFIG,
};

export interface GitWrite {
  readonly sub: string;
  readonly parsed: ParsedArgs;
  // The arguments after the subcommand, as written (`--` included).
  readonly args: readonly string[];
  // Options that can only be read at run time or change the command's meaning (`-c`, `--config-env`, an alias).
  readonly configured: boolean;
}

// `git [globals] push|reset|clean ...` parsed with git's rules, or undefined for other commands (a
// subcommand without a table is parsed as operands only).
export function parseGitWrite(args: readonly string[]): GitWrite | undefined {
  const call = parseGit(args);
  if (call.sub === undefined) return undefined;
  const table = GIT_WRITE_TABLES[call.sub];
  const configured = call.opaqueAlias || call.globals.some((o) => o.def.name === '-c' || o.def.name === '--config-env');
  const parsed = table?.table ? parseArgs(table.table, call.args) : { options: [], operands: call.args, problems: [] };
  return { sub: call.sub, parsed, args: call.args, configured };
}

// Some spelling of the option means one of `names` (an ambiguous abbreviation counts for all it may mean).
export function hasAny(parsed: ParsedArgs, ...names: string[]): boolean {
  return parsed.options.some((o) => o.candidates.some((c) => names.includes(c.name)));
}
