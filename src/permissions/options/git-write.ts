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
  // The plumbing under push: the same force, mirror and +refspec.
  'send-pack': gitTable(`-v|--verbose -q|--quiet --receive-pack= --exec= --remote= --all -n|--dry-run --mirror -f|--force --signed[=]
    --push-option= --progress --thin --atomic --stateless-rpc --stdin --helper-status --force-with-lease[=] --force-if-includes`),
};

export interface GitWrite {
  readonly sub: string;
  readonly parsed: ParsedArgs;
  // Options that can only be read at run time or change the command's meaning (`-c`, `--config-env`, an alias).
  readonly configured: boolean;
}

// `git [globals] push|reset|clean ...` parsed with git's rules, or undefined for other commands.
export function parseGitWrite(args: readonly string[]): GitWrite | undefined {
  const call = parseGit(args);
  if (call.sub === undefined) return undefined;
  const table = GIT_WRITE_TABLES[call.sub];
  if (!table?.table) return undefined;
  const configured = call.opaqueAlias || call.globals.some((o) => o.def.name === '-c' || o.def.name === '--config-env');
  return { sub: call.sub, parsed: parseArgs(table.table, call.args), configured };
}

// Some spelling of the option means one of `names` (an ambiguous abbreviation counts for all it may mean).
export function hasAny(parsed: ParsedArgs, ...names: string[]): boolean {
  return parsed.options.some((o) => o.candidates.some((c) => names.includes(c.name)));
}
