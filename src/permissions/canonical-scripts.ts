import type { Token } from './canonical-command.js';
import { HOLE } from './canonical-words.js';

// The front-ends that run a package.json script (issue 26, red team R17-13, R18-14): each is `npm run X` for deny
// and ask rules, so a rule on `npm run deploy*` meets `node --run deploy`, `deno task deploy`, `yarn workspaces
// foreach -A run deploy`, `lerna run deploy`, `nx run-many -t deploy`, `turbo run deploy`. One table of front-ends,
// each with its operand rule; an option a row does not know may take the next word as its value, so the words after
// it are read as unclear (a person decides when a deny rule could match), never dropped.

// Another program's reading of the words: `unclear` when the words only may be it (a glob script name).
export interface OtherReading {
  readonly name: string;
  readonly tokens: readonly Token[];
  readonly unclear?: boolean;
}

export const plain = (value: string): Token => ({ value, shown: value, dynamic: false });
export const isOption = (token: Token): boolean => token.value.startsWith('-') && token.value !== '-';

// `npm run NAME ARGS` from a runner's script word (`deploy`, `'build -- --x'`, `deploy:*`): npm-run-all and
// concurrently match a glob against the package's scripts, so its pieces are holes (any script may run).
export function npmRun(text: string, dynamic: boolean, rest: readonly Token[] = []): OtherReading | undefined {
  const words = text.trim().split(/\s+/).filter((word) => word !== '');
  if (words.length === 0 && !dynamic) return undefined;
  if (dynamic) return { name: 'npm', tokens: [plain('run'), { value: '', shown: HOLE, dynamic: true }], unclear: true };
  const glob = /[*?]/.test(words[0]!);
  const script = glob ? { value: '', shown: words[0]!.replace(/[*?]+/g, HOLE), dynamic: true } : plain(words[0]!);
  return { name: 'npm', tokens: [plain('run'), script, ...words.slice(1).map(plain), ...rest], ...(glob ? { unclear: true } : {}) };
}

interface Operand {
  readonly at: number;
  readonly unclear: boolean;
}

// The operands of a front-end's words (before `--`): a known valued option takes the next word, a known flag none,
// `--x=v` carries its value; after an unknown option every operand is unclear (it may be that option's value).
function operands(tokens: readonly Token[], valued: RegExp, flags: RegExp): Operand[] {
  const out: Operand[] = [];
  let unknown = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.value === '--') break;
    if (!isOption(token)) out.push({ at: i, unclear: unknown || token.dynamic });
    else if (valued.test(token.value)) i++;
    else if (!token.value.includes('=') && !flags.test(token.value)) unknown = true;
  }
  return out;
}

const scripts = (text: string, dynamic: boolean, unclear: boolean, rest: readonly Token[] = []): OtherReading[] =>
  text.split(',').flatMap((part) => {
    const read = npmRun(part, dynamic, rest);
    return read ? [unclear ? { ...read, unclear: true } : read] : [];
  });

// `node --run X ARGS` (node >= 22): node's own options come first; a `--run` anywhere before `--` is read (a word
// after a script path goes to the script, so reading it too only adds a deny reading).
function node(tokens: readonly Token[]): OtherReading[] {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.value === '--') break;
    const joined = /^--run=(.*)$/s.exec(token.value);
    if (joined) return scripts(joined[1]!, token.dynamic, false, tokens.slice(i + 1));
    if (token.value === '--run' && tokens[i + 1]) return scripts(tokens[i + 1]!.value, tokens[i + 1]!.dynamic, false, tokens.slice(i + 2));
  }
  return [];
}

// `deno task [opts] X ARGS` runs deno.json's task X or package.json's script X.
function deno(tokens: readonly Token[]): OtherReading[] {
  const global = operands(tokens, /^(?:-L|--log-level)$/, /^(?:-q|--quiet|--unstable.*)$/)[0];
  if (global === undefined || tokens[global.at]!.value !== 'task') return [];
  const after = tokens.slice(global.at + 1);
  const first = operands(after, /^(?:--cwd|-c|--config|-f|--filter)$/, /^(?:-r|--recursive|-q|--quiet)$/)[0];
  if (first === undefined) return [];
  const token = after[first.at]!;
  return scripts(token.value, token.dynamic, first.unclear || global.unclear, after.slice(first.at + 1));
}

// `yarn workspaces foreach [opts] CMD ...` runs `yarn CMD ...` in each workspace; `yarn workspace NAME CMD ...` in one.
const FOREACH_VALUED = /^(?:-j|--jobs|--include|--exclude|--from)$/;
const FOREACH_FLAGS = /^(?:-[ARWvpitn]+|--all|--recursive|--worktree|--verbose|--parallel|--interlaced|--topological|--topological-dev|--no-private|--dry-run|--since)$/;
function yarn(tokens: readonly Token[]): OtherReading[] {
  const [first, second] = tokens.map((token) => token.value);
  if (first === 'workspace' && tokens.length > 2) return [{ name: 'yarn', tokens: tokens.slice(2), ...(tokens[1]!.dynamic ? { unclear: true } : {}) }];
  if (first !== 'workspaces' || second !== 'foreach') return [];
  const after = tokens.slice(2);
  const command = operands(after, FOREACH_VALUED, FOREACH_FLAGS)[0];
  return command === undefined ? [] : [{ name: 'yarn', tokens: after.slice(command.at), ...(command.unclear ? { unclear: true } : {}) }];
}

// `lerna run X[,Y] [opts]`: lerna's options may come anywhere; the first operand after `run` is the script list.
const LERNA_VALUED = /^(?:--scope|--ignore|--concurrency|--since|--npm-client|--loglevel|--profile-location|--output-style)$/;
const LERNA_FLAGS = /^(?:--stream|--parallel|--no-bail|--no-prefix|--profile|--include-dependencies|--include-dependents|--no-private|--skip-nx-cache|--verbose|--load-env-files|--no-sort)$/;
function lerna(tokens: readonly Token[]): OtherReading[] {
  const found = operands(tokens, LERNA_VALUED, LERNA_FLAGS);
  if (found[0] === undefined || tokens[found[0].at]!.value !== 'run' || found[1] === undefined) return [];
  const token = tokens[found[1].at]!;
  return scripts(token.value, token.dynamic, found[0].unclear || found[1].unclear);
}

// nx: `run-many`/`affected` `-t X Y` (`--targets=X,Y`), `run P:X`, `P:X`, `affected:X`, and `nx X [P]` (a word nx has no
// command for is a target it runs).
export const NX_COMMANDS = new Set(['graph', 'show', 'reset', 'migrate', 'generate', 'g', 'format', 'format:check', 'format:write', 'list', 'report', 'init', 'add', 'release', 'connect', 'connect-to-nx-cloud', 'daemon', 'repair', 'sync', 'sync:check', 'watch', 'exec', 'view-logs', 'import', 'login', 'logout', 'print-affected', 'affected:graph', 'record', 'start-ci-run', 'fix-ci', 'mcp', 'configure-ai-agents']);
const NX_TARGETS = /^(?:-t|--target|--targets)$/;
function nx(tokens: readonly Token[]): OtherReading[] {
  const out: OtherReading[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const joined = /^(?:-t|--targets?)=(.*)$/s.exec(tokens[i]!.value);
    if (joined) out.push(...scripts(joined[1]!, tokens[i]!.dynamic, false));
    if (!NX_TARGETS.test(tokens[i]!.value)) continue;
    for (let j = i + 1; j < tokens.length && !isOption(tokens[j]!); j++) out.push(...scripts(tokens[j]!.value, tokens[j]!.dynamic, false));
  }
  const command = tokens.findIndex((token) => !isOption(token));
  const word = tokens[command];
  if (word === undefined) return out;
  const target = (text: string, dynamic: boolean): void => void out.push(...scripts(text, dynamic, dynamic));
  if (word.value === 'run' && tokens[command + 1]) target(tokens[command + 1]!.value.split(':')[1] ?? '', tokens[command + 1]!.dynamic);
  else if (word.value.startsWith('affected:')) target(word.value.slice('affected:'.length), word.dynamic);
  else if (/^[^:]+:[^:]+/.test(word.value) && !NX_COMMANDS.has(word.value)) target(word.value.split(':')[1]!, word.dynamic);
  else if (!NX_COMMANDS.has(word.value) && word.value !== 'run-many' && word.value !== 'affected' && word.value !== 'run') target(word.value, word.dynamic);
  return out;
}

// turbo: `turbo run A B` / `turbo watch A` / `turbo A B` (a word turbo has no command for is a task); `pkg#task` and
// `//#task` name the task after `#`.
export const TURBO_COMMANDS = new Set(['login', 'logout', 'link', 'unlink', 'prune', 'gen', 'generate', 'bin', 'daemon', 'info', 'ls', 'query', 'scan', 'telemetry', 'completion', 'boundaries', 'devtools', 'config', 'docs', 'get-mfe-port', 'experimental-otel']);
export const TURBO_VALUED = /^(?:-F|--filter|--concurrency|--cache-dir|--output-logs|--log-order|--log-prefix|--env-mode|--cache|--profile|--anon-profile|--team|--token|--api|--login|--heap|--cwd|--ui|--global-deps|--cache-workers|--remote-cache-timeout)$/;
export const TURBO_FLAGS = /^(?:--dry-run|--dry|--graph|--summarize|--continue|--parallel|--only|--affected|--no-cache|--no-daemon|--daemon|--force|--framework-inference|-v+|--verbosity|--skip-infer|--no-update-notifier|--color|--no-color|--single-package|--remote-only|--preflight|--experimental-[\w-]+)$/;
function turbo(tokens: readonly Token[]): OtherReading[] {
  const found = operands(tokens, TURBO_VALUED, TURBO_FLAGS);
  const head = found[0] && tokens[found[0].at]!.value;
  if (head === undefined || TURBO_COMMANDS.has(head)) return [];
  const tasks = head === 'run' || head === 'watch' ? found.slice(1) : found;
  return tasks.flatMap(({ at, unclear }) => scripts(tokens[at]!.value.replace(/^.*#/s, ''), tokens[at]!.dynamic, unclear));
}

export const SCRIPT_RUNNERS: Readonly<Record<string, (tokens: readonly Token[]) => OtherReading[]>> = { node, deno, yarn, lerna, nx, turbo };
