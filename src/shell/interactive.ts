// Programs that need a person at a terminal. exec and test run without one (stdin is empty, the process
// has no controlling terminal), so a full-screen editor, a pager, a monitor or an interactive prompt only
// waits until the timeout. They are refused at once (C210) with the non-interactive way to do the same,
// in every spelling the parser sees through: wrappers (`timeout 5 vim`, `env X=1 less`), `sh -c`,
// `find -exec`, command substitutions, the commands an inline program spawns. The environment of every
// run (env.ts: editors, pagers, TERM=dumb) covers what no parser can see (`$EDITOR x`, git aliases).
import { longOption, parseArgs, shortFlag, tokensOf } from './danger-args.js';
import type { ShellParse, ShellWord, SimpleCommand } from './parse-types.js';
import { sameProgram, withAliases } from './program-aliases.js';

export interface InteractiveHit {
  // The program as named (`vim`, `git rebase -i`).
  readonly program: string;
  // The simple command it was found in.
  readonly command: string;
  // What to do instead.
  readonly hint: string;
}

type Check = (args: readonly string[], command: SimpleCommand) => { program?: string; hint: string } | undefined;

const INFO = ['--version', '-v', '-V', '--help', '-h'];
// Only asks for its version or help: never waits.
const informational = (args: readonly string[]): boolean => args.length > 0 && args.every((arg) => INFO.includes(arg));
const EDIT_HINT = 'change files with codeward write, patch or update (or sed -i / perl -pi -e in exec)';

function editor(name: string, batch: (args: readonly string[]) => boolean, batchHint: string): Check {
  return (args) => (informational(args) || batch(args) ? undefined : { hint: `${name} is a full-screen editor and exec has no terminal; ${EDIT_HINT}${batchHint}` });
}

const vimBatch = (args: readonly string[]): boolean =>
  args.includes('--headless') || (args.some((arg) => shortFlag(arg, /[eE]/) && !arg.startsWith('--')) && args.some((arg) => shortFlag(arg, /s/) && !arg.startsWith('--')));
const emacsBatch = (args: readonly string[]): boolean => args.some((arg) => ['--batch', '-batch', '--script', '-script'].includes(arg) || arg.startsWith('--script='));

const pager: Check = (args) => (informational(args) ? undefined : { hint: 'a pager waits for keys and exec has no terminal; use cat, head -n N, tail -n N, sed -n "A,Bp" FILE, or codeward read' });

function monitor(batch: RegExp | undefined, instead: string): Check {
  return (args) => (informational(args) || (batch && args.some((arg) => batch.test(arg))) ? undefined : { hint: `it redraws the screen until someone quits it, and exec has no terminal; ${instead}` });
}

// Its program comes from stdin (`echo 'print(1)' | python3`, `python3 < x.py`, a here-document), or socat's other
// address is its stdin (`socat TCP-LISTEN:4444 EXEC:sh`).
function stdinGiven(command: SimpleCommand): boolean {
  if (command.stdinProgram !== undefined || command.pipes.some((stage) => stage.index > 0)) return true;
  if (command.wrappers.some((wrapper) => sameProgram(wrapper.replace(/^.*\//, '')) === 'socat')) return true;
  return command.redirections.some((r) => ['<', '<<', '<<-', '<<<', '<>'].includes(r.op) && (r.fd === undefined || r.fd === 0));
}

// A REPL: without a script, a -c/-e program or stdin it reads the empty stdin and ends having done nothing;
// forced interactive (-i) it is refused too.
function repl(code: string, interactive: RegExp): Check {
  return (args, command) => {
    if (args.some((arg) => interactive.test(arg))) return { hint: `an interactive session needs a terminal; pass the program with ${code} or as a script file` };
    if (args.length > 0 || stdinGiven(command)) return undefined;
    return { hint: `without a script it starts an interactive session, and exec has no terminal (stdin is empty); pass the program with ${code} or as a script file` };
  };
}

// ssh/mosh without a remote command opens a login shell.
const SSH_VALUED = 'BbcDEeFIiJLlmOoPpQRSWw';
const ssh: Check = (args) => {
  const { operands, options } = parseArgs(args.map(plainWord), SSH_VALUED);
  // -T: no terminal asked for (`ssh -T git@github.com` answers and ends); -N: a tunnel, no shell.
  if (options.some((option) => /^-[a-zA-Z]*[VGQNOT]/.test(option)) || operands.length !== 1) return undefined;
  return { program: 'ssh (a login shell)', hint: 'without a remote command ssh opens an interactive shell; pass the command: ssh HOST \'CMD\'' };
};

// --- git -----------------------------------------------------------------------------------------

const GIT_VALUED_GLOBALS = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--config-env', '--super-prefix', '--exec-path', '--list-cmds', '--attr-source']);

// `git [globals] SUB ARGS…` → SUB and its arguments (undefined when SUB is not a plain word).
export function gitSubcommand(args: readonly string[]): { sub: string; rest: readonly string[] } | undefined {
  let at = 0;
  while (at < args.length && args[at]!.startsWith('-')) {
    const arg = args[at]!;
    at += GIT_VALUED_GLOBALS.has(arg) ? 2 : 1;
  }
  const sub = args[at];
  return sub === undefined || sub.includes('\u0000') ? undefined : { sub, rest: args.slice(at + 1) };
}

// A short flag in a cluster (`-am`), read up to the first letter whose value is glued on (`-Xignore…`).
function shortIn(arg: string, letters: string, valued: string): boolean {
  if (!/^-[^-]/.test(arg)) return false;
  for (const letter of arg.slice(1)) {
    if (letters.includes(letter)) return true;
    if (valued.includes(letter)) return false;
  }
  return false;
}

// Before `--`: one of the short `letters` (clusters read as git reads them) or a prefix of a long option.
function has(args: readonly string[], letters: string, valued: string, ...longs: string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((arg) => shortIn(arg, letters, valued) || longs.some((long) => longOption(arg, long, 3)));
}

// git commit's short options that take a value (glued on or next): -m, -F, -C, -c, -t, -S, -u.
const COMMIT_VALUED = 'mFCctSu';
// Hunk by hunk (-p) or menu-driven (-i) staging, committing, stashing, restoring.
const HUNKS = 'choosing hunks needs a terminal; name the files (git add FILE, git restore FILE), or write the change as a patch and git apply (--cached) it';

function git(args: readonly string[], command: SimpleCommand): { program?: string; hint: string } | undefined {
  const call = gitSubcommand(args);
  if (!call) return undefined;
  const { sub, rest } = call;
  const as = (hint: string, flag: string): { program: string; hint: string } => ({ program: `git ${sub} ${flag}`.trim(), hint });
  switch (sub) {
    case 'rebase':
      if (/\bGIT_SEQUENCE_EDITOR=/.test(command.text)) return undefined;
      if (has(rest, 'i', 'XsxCSU', 'interactive', 'edit-todo')) return as('an interactive rebase opens an editor on its todo list and exec has no terminal; use git rebase BASE, or script the list: GIT_SEQUENCE_EDITOR="sed -i …" git rebase -i BASE', '-i');
      return undefined;
    case 'add':
      if (has(rest, 'pie', '', 'patch', 'interactive', 'edit')) return as(HUNKS, '-p');
      return undefined;
    case 'stash':
      if (rest[0] === 'list' || rest[0] === 'show') return undefined;
      if (has(rest, 'p', 'm', 'patch')) return as(HUNKS, '-p');
      return undefined;
    case 'checkout':
    case 'reset':
    case 'restore':
      if (has(rest, 'p', 'bBsU', 'patch')) return as(HUNKS, '-p');
      return undefined;
    case 'clean':
      if (has(rest, 'i', 'e', 'interactive')) return as('git clean -i asks per file; list with git clean -n, then git clean -f PATHS', '-i');
      return undefined;
    case 'commit':
      if (has(rest, 'pi', COMMIT_VALUED, 'patch', 'interactive')) return as(HUNKS, '-p');
      if (has(rest, '', '', 'help', 'dry-run') || rest.includes('-h')) return undefined;
      if (has(rest, 'e', COMMIT_VALUED, 'edit') || !has(rest, 'mFC', COMMIT_VALUED, 'message', 'file', 'reuse-message', 'no-edit', 'fixup')) {
        return as('git commit opens an editor for the message and exec has no terminal; pass -m "MESSAGE" (or -F FILE, -C COMMIT, --amend --no-edit)', '');
      }
      return undefined;
    case 'mergetool':
      return as('a merge tool needs a terminal; edit the conflicted files (codeward patch), then git add them', '');
    case 'difftool':
      return has(rest, 'yx', 't', 'no-prompt', 'extcmd', 'tool-help') ? undefined : as('a diff tool needs a terminal; use git diff (or codeward git-diff)', '');
    default:
      return undefined;
  }
}

const WATCH_HINT = 'watch redraws the screen until someone quits it, and exec has no terminal; run the command once, or a bounded loop: for i in 1 2 3; do CMD; sleep 2; done';

// A watch mode runs until someone stops it (like tail -f): exec would wait for the timeout.
function watchMode(once: string, watching: (args: readonly string[]) => boolean): Check {
  return (args) => (informational(args) || !watching(args) ? undefined : { program: 'a watch mode', hint: `it rebuilds on every change until someone stops it, so exec would only wait for its timeout; run it once: ${once}` });
}
const watchFlag = (...flags: string[]) => (args: readonly string[]): boolean => args.some((arg) => flags.includes(arg) || flags.some((flag) => flag.startsWith('--') && arg.startsWith(`${flag}=`) && !/=(?:false|0)$/.test(arg)));

// A bare shell reads commands from the empty stdin (ChatCLI refuses it too): refused like a REPL.
const SHELLS = ['bash', 'sh', 'zsh', 'dash', 'ksh', 'mksh', 'fish', 'tcsh', 'csh'];

const other: Check = () => ({ hint: 'it needs a terminal; write the file it would open directly (codeward write/patch) and apply it with the program\'s non-interactive command' });

const CHECKS: ReadonlyMap<string, Check> = new Map<string, Check>([
  ...['vim', 'vi', 'nvim', 'vimdiff', 'view', 'rvim', 'gvim', 'vimx'].map((name) => [name, editor(name, vimBatch, '; ex commands run with vim -es -c "…" -c wq FILE')] as const),
  ...['nano', 'pico', 'micro', 'joe', 'jed', 'mcedit', 'kak', 'hx', 'helix', 'mg', 'jove'].map((name) => [name, editor(name, () => false, '')] as const),
  ['emacs', editor('emacs', emacsBatch, '; elisp runs with emacs --batch')],
  ...['less', 'more', 'most', 'pg'].map((name) => [name, pager] as const),
  ['top', monitor(/^-[a-zA-Z]*[bl]/, 'top -b -n 1 prints one snapshot (macOS: top -l 1)')],
  ...['iftop', 'nethogs'].map((name) => [name, monitor(/^-[a-zA-Z]*t/, `${name} -t prints text lines`)] as const),
  ['iotop', monitor(/^(?:-[a-zA-Z]*b|--batch)$/, 'iotop -b -n 1 prints one snapshot')],
  ...['htop', 'btop', 'nvtop', 'tig', 'lazygit', 'ranger', 'nnn', 'vifm'].map((name) => [name, monitor(undefined, 'use a command that prints once (ps aux, free -m, df -h, git log)')] as const),
  ['watch', () => ({ hint: WATCH_HINT })],
  ...['python', 'python2', 'python3', 'pypy', 'pypy3'].map((name) => [name, repl('-c CODE', /^-[a-zA-Z]*i$/)] as const),
  ...['node'].map((name) => [name, repl('-e CODE', /^(?:-i|--interactive)$/)] as const),
  ...['ipython', 'bpython', 'ptpython', 'irb', 'ghci', 'pry'].map((name) => [name, repl('-c CODE (ruby -e, ghc -e)', /^-i$/)] as const),
  ...SHELLS.map((name) => [name, repl('-c "COMMANDS"', /^-[a-zA-Z]*i[a-zA-Z]*$/)] as const),
  ['jest', watchMode('jest (or jest --ci)', watchFlag('--watch', '--watchAll'))],
  ['vitest', watchMode('vitest run', (args) => args[0] === 'watch' || args[0] === 'dev' || watchFlag('--watch', '-w')(args))],
  ['tsc', watchMode('tsc (or tsc --noEmit)', watchFlag('--watch', '-w'))],
  ...['webpack', 'rollup', 'esbuild', 'tsup', 'babel'].map((name) => [name, watchMode(`${name} without --watch`, watchFlag('--watch', '-w'))] as const),
  ...['nodemon', 'ptw', 'cargo-watch', 'watchexec', 'entr'].map((name) => [name, watchMode('the command it restarts (node app.js)', () => true)] as const),
  ['ssh', ssh],
  ['mosh', () => ({ hint: 'mosh opens an interactive shell; use ssh HOST \'CMD\'' })],
  ['telnet', () => ({ hint: 'telnet is interactive; use curl, nc or a client with a command line' })],
  ['git', git],
  ['crontab', (args) => (args.some((arg) => shortFlag(arg, /e/)) ? { program: 'crontab -e', hint: 'crontab -e opens an editor; write the table to a file and install it with crontab FILE' } : undefined)],
  ['kubectl', (args) => (args.includes('edit') ? { program: 'kubectl edit', hint: 'kubectl edit opens an editor; use kubectl patch or kubectl apply -f FILE' } : undefined)],
  ['systemctl', (args) => (args.includes('edit') ? { program: 'systemctl edit', hint: 'systemctl edit opens an editor; write the drop-in file and run systemctl daemon-reload' } : undefined)],
  ...['visudo', 'vipw', 'vigr', 'sudoedit'].map((name) => [name, other] as const),
]);

// Programs a flag can make non-interactive (a batch mode, a message, a script).
const FLAG_SENSITIVE = withAliases([...SHELLS, 'jest', 'vitest', 'tsc', 'webpack', 'rollup', 'esbuild', 'tsup', 'babel', 'git', 'ssh', 'crontab', 'kubectl', 'systemctl', 'top', 'iotop', 'python', 'python2', 'python3', 'pypy', 'pypy3', 'node', 'ipython', 'bpython', 'ptpython', 'irb', 'ghci', 'pry', 'emacs', 'vim', 'vi', 'nvim', 'vimdiff', 'view', 'rvim', 'gvim', 'vimx']);

// A plain word for parseArgs (the Check tables see values only).
function plainWord(value: string): ShellWord {
  return { text: value, value, dynamic: false, glob: false, parts: [{ kind: 'literal', value, quoted: false }], candidates: [value] };
}

function checkCommand(command: SimpleCommand): InteractiveHit | undefined {
  // `watch CMD` is read as a wrapper of CMD (it runs it), and it redraws the screen itself.
  if (command.wrappers.some((wrapper) => wrapper.replace(/^.*\//, '') === 'watch')) {
    return { program: 'watch', command: command.text.trim(), hint: WATCH_HINT };
  }
  // A name only known at run time: the values the parse saw it take (`v=vim; $v x`).
  // As written (`python3.12`, not the family parse-names.ts judges it as): the hint names the program typed.
  const names = command.rawName !== null ? [command.rawName] : (command.words[0]?.candidates ?? []).filter((value) => value !== '' && !value.includes('\u0000'));
  for (const name of names) {
    const hit = checkNamed(command, name.replace(/^.*\//, '').toLowerCase());
    if (hit) return hit;
  }
  return undefined;
}

function checkNamed(command: SimpleCommand, name: string): InteractiveHit | undefined {
  const check = CHECKS.get(name) ?? CHECKS.get(sameProgram(name)) ?? (/^python\d+(?:\.\d+)?$/.test(name) ? CHECKS.get('python3') : undefined);
  if (!check) return undefined;
  const sensitive = FLAG_SENSITIVE.has(name) || /^python/.test(name);
  const words = command.words.length > 0 ? command.words.slice(1) : command.args.map(plainWord);
  // Arguments only known at run time: their tracked values; an unknown one could be the flag that makes
  // the program non-interactive, so only the programs no flag saves are refused then.
  const args = words.flatMap((word) => (word.dynamic ? tokensOf(word) : [word.value]));
  if (args.some((arg) => arg.includes('\u0000')) && sensitive) return undefined;
  const hit = check(args, command);
  return hit ? { program: hit.program ?? name, command: command.text.trim(), hint: hit.hint } : undefined;
}

// The first program of the line that would wait for a terminal, in any reading of it.
export function interactiveProgram(parse: ShellParse): InteractiveHit | undefined {
  for (const reading of [parse, ...(parse.alternatives ?? [])]) {
    for (const command of reading.commands) {
      const hit = checkCommand(command);
      if (hit) return hit;
    }
  }
  return undefined;
}
