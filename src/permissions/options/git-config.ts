import { parseArgs } from './parse.js';
import { spec } from './spec.js';
import type { ParsedArgs } from './types.js';

// How `git config` reads its words (red team R28-7: `git config --glo core.pager CMD` is --global; git's
// parse-options takes any unique prefix of a long option). The options are git 2.39.5's `git config -h`, plus
// what git 2.45/2.46 add (--comment; the set/get/list subcommands' --all --regexp --value --url --show-names
// --append): a longer list only makes more prefixes ambiguous, and an ambiguous one counts as every option it
// may be (hasAny). Every option takes `--no-` (OPT_BOOL/OPT_STRING).
const OPTIONS = `--global --system --local --worktree -f=|--file= --blob= --get --get-all --get-regexp --get-urlmatch --replace-all --add --unset
  --unset-all --rename-section --remove-section -l|--list --fixed-value -e|--edit --get-color --get-colorbool -t=|--type= --bool --int
  --bool-or-int --bool-or-str --path --expiry-date -z|--null --name-only --includes --show-origin --show-scope --default= --comment= --all
  --regexp --value= --url= --show-names --append`;
const negations = (): string => OPTIONS.split(/[\s|]+/).filter((word) => word.startsWith('--')).map((word) => `--no-${word.slice(2).replace(/=$/, '')}`).join(' ');

// Anywhere (git >= 2.46 permutes a subcommand's options: `git config set k v --global`), and as git 2.39
// reads the classic form: the options end at the first operand (PARSE_OPT_STOP_AT_NON_OPTION), so
// `git config core.pager CMD --get` SETS core.pager (value-pattern `--get`).
// (Spelled when a table is built, spec.ts: on its first use.)
export const GIT_CONFIG = spec({ get safe() { return `-h ${OPTIONS} ${negations()}`; } });
const LEADING = spec({ get safe() { return `-h ${OPTIONS} ${negations()}`; }, permute: false });

// The actions that only read (git config's OPT_CMDMODE readers).
const READS = new Set(['--get', '--get-all', '--get-regexp', '--get-urlmatch', '--list', '--get-color', '--get-colorbool']);
const WRITES = new Set(['--replace-all', '--add', '--unset', '--unset-all', '--rename-section', '--remove-section', '--edit']);
// git >= 2.46's subcommands that write (`get`, `list` only read; git 2.39 refuses a key without a section).
const WRITE_VERBS = new Set(['set', 'unset', 'edit', 'rename-section', 'remove-section']);

// The files `git config ARGS` names with --file/-f (the value as written; undefined: a `--file` with no value).
export function gitConfigFiles(parsed: ParsedArgs): (string | undefined)[] {
  return parsed.options.filter((option) => option.candidates.some((def) => def.name === '--file')).map((option) => option.value);
}

// Whether `git config ARGS` (the words after `config`) may write a configuration: not a reading action before
// the first operand, or `get`/`list`; a word the table does not know counts as writing.
export function gitConfigWrites(args: readonly string[]): boolean {
  const leading = parseArgs(LEADING.table!, args);
  const first = leading.operands[0];
  if (first === 'get' || first === 'list') return false;
  if (first !== undefined && WRITE_VERBS.has(first)) return true;
  if (leading.problems.length > 0) return true;
  if (leading.options.some((option) => option.candidates.some((def) => WRITES.has(def.name)))) return true;
  if (leading.options.some((option) => option.candidates.every((def) => READS.has(def.name)))) return false;
  return leading.operands.length >= 2;
}
