// Secrets through exec. (1) The files a command line names (operands, `--opt=FILE`, `@FILE`, redirection
// targets, globs), so the exec door refuses what `read` refuses (non-accessible globs: `cat .env`,
// `cp .env /tmp/x`, `< .env`, `source .env`). (2) Environment dumps (`printenv`, bare `env`, `export -p`,
// `set`, `jq -n env`, `ps e`, /proc/*/environ) and expansions of secret-looking variables (`echo
// $GITHUB_TOKEN`): never approved automatically as read-only.
import { posix } from 'node:path';
import { cdTargets } from './cd-operand.js';
import { inlineProgram, languageOf, tokenize } from './parse-inline.js';
import type { ShellParse, ShellWord, SimpleCommand } from './parse-types.js';

const UNKNOWN = '\u0000';

export interface NamedPath {
  // As written (after quote removal and tracked-variable substitution); may be relative or start with `~`.
  readonly path: string;
  // Unquoted glob characters: the shell expands it against the file system.
  readonly glob: boolean;
  // Folders a relative path may be relative to, besides the run folder (`cd sub && cat .env`).
  readonly dirs: readonly string[];
  readonly command: string;
}

// Commands that never open the files they name: they print names, test or list them.
const NAME_ONLY = new Set(['echo', 'printf', 'test', '[', '[[', 'true', 'false', ':', 'export', 'declare', 'local', 'readonly', 'typeset', 'unset', 'alias', 'unalias', 'set', 'type', 'which', 'whereis', 'hash', 'basename', 'dirname', 'ls', 'll', 'dir', 'stat', 'du', 'realpath', 'readlink', 'command', 'cd', 'pushd', 'popd', 'mkdir', 'wait', 'sleep', 'exit', 'return']);
// The first operand is a pattern or a program, not a file, unless a flag gave one.
const PATTERN_FIRST: ReadonlyArray<readonly [RegExp, RegExp]> = [
  [/^(?:grep|egrep|fgrep|zgrep|rg|ag|ack|pt|ugrep)$/, /^(?:-[a-zA-Z]*[ef]|--regexp|--file)(?:=|$)/],
  [/^(?:sed|gsed)$/, /^(?:-[a-zA-Z]*[ef]|--expression|--file)(?:=|$)/],
  [/^(?:awk|gawk|mawk|nawk)$/, /^(?:-[a-zA-Z]*f|--file|-e|--source)(?:=|$)/],
  [/^(?:jq|gojq|jaq|yq)$/, /^(?:-f|--from-file)(?:=|$)/],
];
// git subcommands that only handle names (or the index entry, not the content).
const GIT_NAME_ONLY = new Set(['check-ignore', 'ls-files', 'status', 'check-attr', 'mv']);

function values(word: ShellWord): string[] {
  return word.candidates.filter((candidate) => candidate !== '' && !candidate.includes(UNKNOWN));
}

// The file-like pieces of one argument: itself, `--file=X` / `if=X` values, `@X` (curl -d @.env).
function pieces(value: string): string[] {
  const out = [value];
  const eq = value.indexOf('=');
  if (eq > 0 && eq < value.length - 1) out.push(value.slice(eq + 1));
  if (value.startsWith('@') && value.length > 1) out.push(value.slice(1));
  // `-f.env`, `-o.env`: an attached value of a short option.
  if (/^-[a-zA-Z][^=-]/.test(value)) out.push(value.slice(2));
  // `git show HEAD:.env`, `scp host:.env .`: a path after a revision or a host.
  const colon = value.lastIndexOf(':');
  if (colon > 0 && colon < value.length - 1 && !value.includes('://')) out.push(value.slice(colon + 1));
  return out;
}

// The string literals of an inline program that could be file names (`open('.env')`, `readFileSync('.env')`).
function programPaths(command: SimpleCommand): string[] {
  const name = command.name?.toLowerCase() ?? '';
  const language = languageOf(name);
  if (!language) return [];
  const program = inlineProgram(name, command.words) ?? (command.stdinProgram !== undefined ? { language, code: command.stdinProgram } : undefined);
  if (!program) return [];
  const out: string[] = [];
  for (const token of tokenize(program.code, program.language)) {
    if (token.kind === 'string' && token.value !== '' && token.value.length < 4096 && !/\s/.test(token.value)) out.push(token.value);
  }
  return out;
}

// Options whose separate value may be a file to read (`du --files0-from F`, its abbreviation `--files0 F`,
// any long option (short ones of these commands are tests or flags: `test -f .env` reads nothing).
const FILE_OPTION = /^--[a-z0-9][a-z0-9-]*$/i;

// Option values of commands that otherwise only handle names: `du --files0-from=.env`, `ls --hide x`
// is a pattern but `--files0-from .env` a file read.
function optionValues(words: readonly ShellWord[]): ShellWord[] {
  const out: ShellWord[] = [];
  words.forEach((word, i) => {
    if (/^--[^=]+=./.test(word.value)) out.push(word);
    else if (FILE_OPTION.test(word.value) && words[i + 1]) out.push(words[i + 1]!);
  });
  return out;
}

function fileWords(command: SimpleCommand): ShellWord[] {
  const name = command.name?.toLowerCase() ?? '';
  if (NAME_ONLY.has(name)) return optionValues(command.words.slice(1));
  let words = command.words.slice(1);
  if (name === 'git') {
    const sub = words.find((word) => !word.value.startsWith('-'));
    if (sub && GIT_NAME_ONLY.has(sub.value)) return [];
    if (sub?.value === 'rm' && words.some((word) => word.value === '--cached')) return [];
    return words;
  }
  if (name === 'find' || name === 'fd' || name === 'fdfind') {
    // Start points only: -name / -path values are patterns.
    const index = words.findIndex((word) => /^[-(!]/.test(word.value));
    return index < 0 ? words : words.slice(0, index);
  }
  for (const [names, given] of PATTERN_FIRST) {
    if (!names.test(name) || words.some((word) => given.test(word.value))) continue;
    const pattern = words.findIndex((word) => !word.value.startsWith('-') || word.value === '-');
    if (pattern >= 0) words = [...words.slice(0, pattern), ...words.slice(pattern + 1)];
  }
  return words;
}

export function namedPaths(parse: ShellParse): NamedPath[] {
  const out: NamedPath[] = [];
  for (const reading of [parse, ...(parse.alternatives ?? [])]) {
    const dirs: string[] = [];
    for (const command of reading.commands) {
      const text = command.text.trim();
      for (const word of fileWords(command)) {
        for (const value of values(word)) for (const path of pieces(value)) out.push({ path, glob: word.glob, dirs: [...dirs], command: text });
      }
      for (const path of programPaths(command)) out.push({ path, glob: false, dirs: [...dirs], command: text });
      // The folder a `cd -P secrets`, `pushd -- secrets`, `CDPATH=x cd secrets` reaches (the one cd reader, R30-3b).
      for (const dir of cdTargets(command)?.folders ?? []) if (dir !== '' && !dir.includes(UNKNOWN)) dirs.push(dir);
    }
    for (const redirection of reading.redirections) {
      if (redirection.duplicate || redirection.op === '<<<' || redirection.op.startsWith('<<')) continue;
      const word = redirection.targetWord;
      const targets = word ? values(word) : redirection.target !== null ? [redirection.target] : [];
      for (const path of targets) out.push({ path, glob: word?.glob ?? false, dirs: [...dirs], command: redirection.text });
    }
  }
  return out;
}

// `shopt -s dotglob`, GLOBIGNORE: `*` then matches dot files too.
export function dotGlob(parse: ShellParse): boolean {
  return /\bdotglob\b|\bGLOBIGNORE\s*=/.test(parse.source);
}

// --- environment ---------------------------------------------------------------------------------

const SECRET_NAME = /(?:^|_)(?:TOKEN|TOKENS|SECRET|SECRETS|PASSWORD|PASSWD|PASS|PASSPHRASE|APIKEY|CREDENTIALS?|AUTH|SESSION|COOKIE|KEY|KEYS|PAT|DSN)(?:_|$)|API_?KEY|ACCESS_?KEY|PRIVATE|SECRET|PASSW|CREDENTIAL|DATABASE_URL|(?:^|_)PW(?:_|$)/i;
const NOT_SECRET = new Set(['SSH_AUTH_SOCK', 'GPG_AGENT_INFO', 'XAUTHORITY', 'KEYMAP']);

export function secretLookingName(name: string): boolean {
  return SECRET_NAME.test(name) && !NOT_SECRET.has(name.toUpperCase());
}

function secretVariable(command: SimpleCommand): string | undefined {
  const words = [...command.words, ...command.redirections.flatMap((redirection) => (redirection.targetWord ? [redirection.targetWord] : []))];
  for (const word of words) {
    for (const part of word.parts) if (part.kind === 'variable' && secretLookingName(part.name)) return part.name;
  }
  return undefined;
}

// Why a command shows the environment or a secret-looking variable (undefined when it does not).
export function environmentDump(command: SimpleCommand): string | undefined {
  const name = command.name?.toLowerCase();
  const args = command.args;
  const targets = [...command.words, ...command.redirections.flatMap((redirection) => (redirection.targetWord ? [redirection.targetWord] : []))];
  const environ = targets.some((word) => word.candidates.some((candidate) => /^\/proc\/[^/]+\/environ$/.test(posix.normalize(candidate))));
  if (environ) return 'it reads a process environment (/proc/*/environ)';
  if (name !== 'test' && name !== '[') {
    const variable = secretVariable(command);
    if (variable) return `it expands the secret-looking variable $${variable}`;
  }
  const operands = args.filter((arg) => !arg.startsWith('-'));
  switch (name) {
    case 'printenv':
      if (operands.length === 0) return 'printenv shows every environment variable';
      return operands.some(secretLookingName) ? `printenv shows the secret-looking variable ${operands.find(secretLookingName)}` : undefined;
    case 'env':
      return 'env without a command shows every environment variable';
    case 'export':
    case 'declare':
    case 'typeset':
    case 'readonly':
    case 'local':
      return args.every((arg) => arg.startsWith('-')) && (args.length === 0 || args.some((arg) => /[pxa]/.test(arg))) ? `${name} ${args.join(' ')} lists variables and their values`.replace('  ', ' ') : undefined;
    case 'set':
      return args.length === 0 ? 'set shows every shell variable' : undefined;
    case 'jq':
    case 'gojq':
    case 'jaq':
    case 'yq':
      return args.some((arg) => /\$ENV\b|(?:^|[^\w$.])env\b|\bstrenv\s*\(/.test(arg)) ? `${name} reads the environment (env / $ENV)` : undefined;
    case 'awk':
    case 'gawk':
    case 'mawk':
    case 'nawk':
      return args.some((arg) => /\bENVIRON\b/.test(arg)) ? `${name} reads the environment (ENVIRON)` : undefined;
    case 'ps':
      return args.some((arg) => /^[a-zA-Z]*e[a-zA-Z]*$/.test(arg) || /^-[a-zA-Z]*E/.test(arg)) ? 'ps e shows the environment of processes' : undefined;
    default:
      return undefined;
  }
}
