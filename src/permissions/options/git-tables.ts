import { RUNS, WRITES } from './common.js';
import { gitConfigWrites } from './git-config.js';
import { spec } from './spec.js';
import type { ParsedArgs, ProgramSpec } from './types.js';

// git 2.39+ (`git <cmd> --git-completion-helper-all` lists each parse-options table; short options
// from the manuals). parse-options accepts any unique prefix of a long option and options after operands.

const PAGER = 'opens files in a program (the pager, or the program it names)';
const CONFIG_PROGRAM = 'runs a program the configuration names (diff driver / textconv filter)';

// The revision and diff options of log, show, diff, rev-list, whatchanged, shortlog and stash show are
// parsed by git's revision parser, which matches exact names only (`git log --outp=x` is refused by git),
// and there are hundreds; these are the ones that write a file or run a program, matched exactly and by
// every prefix (in case a later git abbreviates them).
const REVISION_UNSAFE: Readonly<Record<string, string>> = {
  '--output': WRITES, '--ext-diff': CONFIG_PROGRAM, '--textconv': CONFIG_PROGRAM, '--open-files-in-pager': PAGER,
  '--exec': RUNS, '--upload-pack': RUNS, '--receive-pack': RUNS, '--filters': CONFIG_PROGRAM,
};

// Verifying a signature runs gpg.program (a program the configuration names): `--show-signature`, and the
// `%G?`/`%GS`/`%GK`... placeholders of --format/--pretty (also `%(signature...)` atoms of for-each-ref).
const SIGNATURE_FORMAT = /%G|%\(signature/;
export function signatureVeto(command: string, args: readonly string[]): string | undefined {
  const found = args.find((arg) => (arg.startsWith('-') && SIGNATURE_FORMAT.test(arg)) || /^--show-sig/.test(arg));
  return found ? `git ${command} ${found} verifies signatures (runs the gpg program the configuration names)` : undefined;
}

export function revisionVeto(command: string, args: readonly string[]): string | undefined {
  const signature = signatureVeto(command, args);
  if (signature) return signature;
  for (const arg of args) {
    if (arg === '--') break;
    if (!arg.startsWith('--') || arg.length < 5) continue;
    const name = arg.split('=')[0]!;
    for (const [unsafe, why] of Object.entries(REVISION_UNSAFE)) {
      if (unsafe.startsWith(name) && name.length >= 5) return `git ${command} ${arg}${name === unsafe ? '' : ` (${unsafe})`} ${why}`;
    }
  }
  return undefined;
}


// parse-options accepts `--no-NAME` for every long option (negating an unsafe one is safe), but for one
// `known` spells already (as a word of its own, with or without `=` / `[=]`). Answered from a set of
// `known`'s names (one regular expression per name was 8 ms of every call's start, issue 31).
export const NEG = (list: string, known: string): string => {
  const names = list.split(/[\s|]+/).filter((x) => x.startsWith('--')).map((x) => `--no-${x.slice(2).replace(/\[?=\]?$/, '')}`);
  const spelled = new Set(known.split(/[\s|]+/).map((word) => word.replace(/[=[].*$/s, '')));
  return names.filter((name) => !spelled.has(name.replace(/[=[].*$/s, ''))).join(' ');
};

// The negations are spelled out when the table is built (spec.ts: on its first use), not when the module loads: a
// plain `exec --cmd true` spelled them for every subcommand (issue 31).
function gitSpec(safe: string, unsafe: Record<string, string> = {}, check?: (parsed: ParsedArgs, args: readonly string[]) => string | undefined): ProgramSpec {
  return spec({ get safe() { return `-h ${safe} ${NEG(`${safe} ${Object.keys(unsafe).join(' ')}`, safe)}`; }, unsafe, ...(check ? { check } : {}), numericOption: true });
}

const listingOnly = (what: string, listing: readonly string[]) => (parsed: ParsedArgs): string | undefined =>
  parsed.operands.length > 0 && !parsed.options.some((o) => listing.includes(o.def.name)) ? `git ${what} NAME creates a ${what}` : undefined;

export const GIT_SUBCOMMANDS: Readonly<Record<string, ProgramSpec>> = {
  status: gitSpec(`-v|--verbose -s|--short -b|--branch --show-stash --ahead-behind --porcelain[=] --long -z|--null -u[=]|--untracked-files[=]
    --ignored[=] --ignore-submodules[=] --column[=] --renames --find-renames[=] -M[=] -q|--quiet`),
  grep: gitSpec(`--cached --no-index --untracked --exclude-standard --recurse-submodules -v|--invert-match -i|--ignore-case -I -w|--word-regexp
    -a|--text -r|--recursive --max-depth= -E|--extended-regexp -G|--basic-regexp -F|--fixed-strings -P|--perl-regexp -n|--line-number
    --column -h -H --full-name -l|--files-with-matches|--name-only -L|--files-without-match -z|--null -o|--only-matching -c|--count
    --color[=] --break --heading -C=|--context= -B=|--before-context= -A=|--after-context= --threads= -p|--show-function
    -W|--function-context -f= -e= --and --or --not --all-match -q|--quiet --ext-grep -m=|--max-count= --index`,
  { '-O[=]|--open-files-in-pager[=]': PAGER, '--textconv': CONFIG_PROGRAM }),
  blame: gitSpec(`--incremental -b --root --show-stats --progress --score-debug -f|--show-name -n|--show-number -p|--porcelain --line-porcelain
    -c -t -l -s -e|--show-email -w --ignore-rev= --ignore-revs-file= --color-lines --color-by-age --minimal -S= --contents= -C[=] -M[=]
    -L= --abbrev[=] --reverse --first-parent --date= --encoding=`, { '--textconv': CONFIG_PROGRAM }),
  'ls-files': gitSpec(`-c|--cached -d|--deleted -m|--modified -o|--others -i|--ignored -s|--stage -k|--killed --directory --eol
    --empty-directory -u|--unmerged --resolve-undo -x=|--exclude= -X=|--exclude-from= --exclude-per-directory= --exclude-standard --full-name
    --recurse-submodules --error-unmatch --with-tree= --abbrev[=] --debug --deduplicate --sparse --format= -t -v -f -z`),
  'ls-tree': gitSpec('-d -r -t -l|--long -z --name-only|--name-status --object-only --full-name --full-tree --format= --abbrev[=]'),
  describe: gitSpec(`--contains --debug --all --tags --long --first-parent --abbrev[=] --exact-match --candidates= --match= --exclude=
    --always --dirty[=] --broken[=]`),
  'merge-base': gitSpec('-a|--all --octopus --independent --is-ancestor --fork-point'),
  'name-rev': gitSpec('--name-only --tags --refs= --exclude= --all --stdin --annotate-stdin --undefined --always --peel-tag'),
  'show-ref': gitSpec('--tags --heads --verify --head -d|--dereference -s|--hash[=] --abbrev[=] -q|--quiet --exclude-existing[=] --branches --exists'),
  'for-each-ref': gitSpec(`-s|--shell -p|--perl --python --tcl --count= --format= --color[=] --sort= --points-at= --merged[=] --contains[=]
    --ignore-case --exclude= --include-root-refs --omit-empty`),
  'count-objects': gitSpec('-v|--verbose -H|--human-readable'),
  'cat-file': gitSpec(`-t -s -e -p --allow-unknown-type --use-mailmap --mailmap --batch[=] --batch-check[=] --batch-command[=]
    --batch-all-objects --buffer --follow-symlinks --unordered -Z --path=`, { '--textconv --filters': CONFIG_PROGRAM }),
  branch: gitSpec(`-v|--verbose -q|--quiet --color[=] -r|--remotes --contains[=] --with[=] --without[=] --abbrev[=] -a|--all -l|--list
    --show-current --merged[=] --no-merged[=] --column[=] --sort= --points-at= -i|--ignore-case --format= --omit-empty`,
  {
    '-d|--delete -D -m|--move -M -c|--copy -C -f|--force --edit-description --create-reflog -t[=]|--track[=] --set-upstream -u=|--set-upstream-to= --unset-upstream --recurse-submodules': 'changes branches',
  }, listingOnly('branch', ['--list', '--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--all', '--remotes', '--with', '--without'])),
  tag: gitSpec(`-l|--list -n[=] --contains[=] --no-contains[=] --with[=] --without[=] --merged[=] --no-merged[=] --points-at[=] --sort=
    --format= --color[=] --column[=] -i|--ignore-case --omit-empty`,
  {
    '-d|--delete -a|--annotate -s|--sign -u=|--local-user= -f|--force -m=|--message= -F=|--file= -e|--edit --cleanup= --create-reflog --trailer=': 'creates or deletes tags',
    '-v|--verify': 'runs gpg to verify',
  }, listingOnly('tag', ['--list', '--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--with', '--without'])),
  // `git config` only in its reading forms.
  config: gitSpec(`--global --system --local --worktree -f=|--file= --blob= --get --get-all --get-regexp --get-urlmatch -l|--list
    --fixed-value --get-color --get-colorbool --type= --bool --int --bool-or-int --bool-or-str --path --expiry-date -z|--null --name-only
    --includes --show-origin --show-scope --default= --all --regexp --value= --url=`,
  { '--replace-all --add --unset --unset-all --rename-section --remove-section -e|--edit --comment=': 'changes the configuration' },
  // A reading action counts before the first operand only: git 2.39 stops there (`git config KEY VALUE --get` sets KEY).
  (_parsed, args) => (gitConfigWrites(args) ? 'git config NAME VALUE changes the configuration' : undefined)),
};
