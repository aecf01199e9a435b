import { RUNS } from './common.js';
import { GIT_SUBCOMMANDS, revisionVeto, signatureVeto } from './git-tables.js';
import { optionVeto, parseArgs } from './parse.js';
import { spec } from './spec.js';
import type { ParsedArgs, ParsedOption } from './types.js';

// git's global options (git.c handle_options: exact names, `--name=value` or `--name value`, stopped by
// the first word that is not an option: the subcommand). -c, --config-env, -C, --git-dir, --work-tree,
// --exec-path, --namespace and -p (pager) change which repository, configuration or programs git uses.
const GLOBALS = spec({
  safe: `-v|--version -h|--help --html-path --man-path --info-path -P|--no-pager --no-replace-objects --no-lazy-fetch --no-optional-locks
    --literal-pathspecs --glob-pathspecs --noglob-pathspecs --icase-pathspecs --no-advice`,
  unsafe: {
    '-c= --config-env=': 'sets configuration (aliases, pagers, hooks and filters run programs)',
    '-C= --git-dir= --work-tree= --namespace= --super-prefix= --bare --attr-source=': 'works on another repository (its configuration can run programs)',
    '--exec-path[=]': 'takes git programs from another folder',
    '-p|--paginate': 'runs the pager the configuration names',
    '--list-cmds=': RUNS,
  },
  abbreviations: false,
  permute: false,
});

export interface GitCall {
  readonly globals: readonly ParsedOption[];
  readonly problems: readonly string[];
  // The subcommand as git runs it (after `-c alias.NAME=...` expansion), and its arguments.
  readonly sub: string | undefined;
  readonly args: readonly string[];
  // The subcommand is an alias set on the command line whose text is only known at run time or is a shell command.
  readonly opaqueAlias: boolean;
}

export function parseGit(args: readonly string[]): GitCall {
  const parsed = parseArgs(GLOBALS.table!, args);
  const [sub, ...rest] = parsed.operands;
  let expanded: { sub: string | undefined; args: readonly string[] } = { sub, args: rest };
  let opaqueAlias = false;
  // `git -c alias.x='push --force' x`, `git --config-env=alias.x=VAR x`.
  for (const option of parsed.options) {
    const value = option.value ?? '';
    const eq = value.indexOf('=');
    const key = (eq < 0 ? value : value.slice(0, eq)).toLowerCase();
    if (sub === undefined || key !== `alias.${sub.toLowerCase()}`) continue;
    const text = eq < 0 ? '' : value.slice(eq + 1).trim();
    if (option.def.name === '--config-env' || text.startsWith('!') || text === '') opaqueAlias = true;
    else {
      const words = text.split(/\s+/);
      expanded = { sub: words[0], args: [...words.slice(1), ...rest] };
    }
  }
  return { globals: parsed.options, problems: parsed.problems, sub: expanded.sub, args: expanded.args, opaqueAlias };
}

// Read-only subcommands whose options go through the revision parser.
const REVISION_COMMANDS = new Set(['log', 'show', 'diff', 'rev-list', 'whatchanged', 'shortlog', 'reflog']);
// Plumbing that only prints and has no option that writes or runs a program.
const PRINT_ONLY = new Set(['rev-parse', 'version', 'var', 'check-ignore', 'check-attr', 'check-ref-format']);

export function gitVeto(args: readonly string[]): string | undefined {
  const call = parseGit(args);
  const global = optionVeto('git', { options: call.globals, operands: [], problems: call.problems });
  if (global) return global;
  if (call.opaqueAlias) return `git ${call.sub} is an alias only known at run time`;
  const { sub } = call;
  if (sub === undefined) return call.globals.length > 0 ? undefined : 'git without a subcommand';
  if (PRINT_ONLY.has(sub)) return undefined;
  if (REVISION_COMMANDS.has(sub)) {
    if (sub === 'reflog' && ['expire', 'delete', 'drop'].includes(call.args[0] ?? '')) return `git reflog ${call.args[0]} changes the reflog`;
    return revisionVeto(sub, call.args);
  }
  if (sub === 'stash') {
    const [verb, ...rest] = call.args;
    return verb === 'list' || verb === 'show' ? revisionVeto(`stash ${verb}`, rest) : `git stash ${verb ?? ''}`.trim() + ' changes the stash';
  }
  if (sub === 'remote') {
    const rest = call.args.filter((a) => a !== '-v' && a !== '--verbose');
    return rest.length === 0 || (rest[0] === 'get-url' && rest.every((a, i) => i === 0 || a === '--all' || a === '--push' || !a.startsWith('-')))
      ? undefined
      : `git remote ${rest[0]} changes remotes or contacts them`;
  }
  if (sub === 'worktree') return call.args.length >= 1 && call.args[0] === 'list' && call.args.slice(1).every((a) => /^(?:--porcelain|-v|--verbose|-z|--expire=.*)$/.test(a)) ? undefined : 'only git worktree list is read-only';
  if (sub === 'submodule') return call.args[0] === 'status' && call.args.slice(1).every((a) => /^(?:--cached|--recursive|-q|--quiet|--)$/.test(a) || !a.startsWith('-')) ? undefined : 'only git submodule status is read-only';
  const table = GIT_SUBCOMMANDS[sub];
  if (!table) return `git ${sub} is not a read-only subcommand`;
  const parsed: ParsedArgs = parseArgs(table.table!, call.args);
  return optionVeto(`git ${sub}`, parsed) ?? signatureVeto(sub, call.args) ?? table.check?.(parsed, call.args);
}

export const GIT = { check: (_parsed: ParsedArgs, args: readonly string[]) => gitVeto(args) };
