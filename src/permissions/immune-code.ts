import { languageOf } from '../shell/parse-inline.js';
import type { Redirection, ShellParse, SimpleCommand } from '../shell/parse-types.js';
import { sedRunsRuntime } from '../shell/parse-launch-sed.js';
import { INTERPRETERS, SHELLS } from '../shell/parse-wrappers.js';
import { stdinCode } from './immune-stdin.js';
import { commandFileCode } from './immune-command-files.js';
import type { LineWritesReading } from './line-writes-type.js';
import { lineWritesOf, type ShellPlace } from './immune-place.js';
import { operandCode } from './immune-code-operands.js';

// Code the judge never saw (red team R6-6): a program that runs code it reads from stdin or from an inline
// argument in a language codeward does not parse (`tclsh <<< 'exec rm -r build'`, `perl < x.pl`,
// `sqlite3 db <<< '.shell rm -rf build'`, `ed f <<< '!rm -rf build'`, `gdb -batch -ex 'shell rm -rf
// build'`, `expect -c 'spawn rm -rf build'`) would run `rm -r` and every other immune class unasked under
// --yes or an allow rule. The rule: stdin given from a here-document, a here-string or a file to a shell or
// interpreter reading its program there, or to any program that is neither read-only nor known to take
// data on stdin, asks unless codeward parsed that program text (python, node, perl, ruby ... here-documents,
// shell text); the inline-code options of debuggers, expect and editors ask. A pipe feeds stdin as a
// redirect does (R9-3): a program that reads commands there (immune-stdin.ts: gdb, ed, vim, sqlite3, m4,
// `awk -f -`) asks; an unknown program fed by a pipe does not unless it names stdin as its script. Shells and
// interpreters fed by a pipe are the piped-program class (danger-risky.ts); launchers that run a named
// program are wrappers (parse-wrappers.ts).

export const UNPARSED_CODE = {
  name: 'unparsed-code',
  description: 'a program running code codeward does not parse: from stdin (a pipe, here-document, here-string or file fed to a program that reads commands there; a redirect to an unknown program) or from an inline option (gdb -ex, expect -c, vim -c)',
} as const;

// Programs that are not read-only but take data, not code, on stdin.
const DATA_STDIN = new Set(`patch git tee sponge dd tar cpio gzip gunzip bzip2 bunzip2 xz unxz zstd lz4 base64 base32 docker podman
  kubectl curl wget ssh scp openssl gpg mail sendmail xclip xsel pbcopy wl-copy read mapfile readarray split csplit install`.split(/\s+/));

// Options whose value is code: debuggers (single-dash long options), expect, vi-family editors, dc, make.
const CODE_OPTIONS: Readonly<Record<string, RegExp>> = {
  gdb: /^--?(?:ex|iex|eval-command|init-eval-command)(?:=|$)/,
  cgdb: /^--?(?:ex|iex|eval-command|init-eval-command)(?:=|$)/,
  lldb: /^(?:-o|-O|-k|-K|--one-line(?:-before-file|-on-crash)?|--source-on-crash)(?:=|$)/,
  expect: /^-c/,
  vim: /^(?:-c|--cmd|\+.+)/,
  vi: /^(?:-c|--cmd|\+.+)/,
  nvim: /^(?:-c|--cmd|\+.+|-l)/,
  ex: /^(?:-c|--cmd|\+.+)/,
  view: /^(?:-c|--cmd|\+.+)/,
  dc: /^(?:-e|--expression)/,
  make: /^--eval(?:=|$)/,
  // Languages whose inline code is not parsed here (red team R9-3 class: `emacs --batch --eval
  // '(delete-directory "build" t)'`, `julia -e 'rm("build"; recursive=true)'`).
  emacs: /^(?:--?eval|--execute)(?:=|$)/,
  julia: /^(?:-e|-E|--eval|--print)(?:=|$)/,
};

// An interpreter whose language codeward does not parse (pwsh, xonsh, guile, tclsh, erl ...: red team R23-14) given
// an option: default deny, since its options that run code given on the line are many and abbreviable (PowerShell's
// `-c`, `-co`, `-EncodedCommand`, `-ec`). Only options known to run no code of the line are free; a script file run
// by name (`tclsh x.tcl`, `pwsh -File x.ps1`) is the program the person allowed, as `sh s.sh` is.
const HARMLESS_OPTION = /^(?:--?(?:version|help|h|v|V|q|quiet|i|interactive|noprofile|nop|nologo|noninteractive|non-interactive|file|f|no-rc|norc|no-init-file)|--(?:project|threads|color|banner|history-file|optimize|startup-file)(?:=.*)?|-O\d?|-t\d+)$/i;

function unparsedInterpreterOption(name: string, args: readonly string[]): string | undefined {
  if (!INTERPRETERS.has(name) || languageOf(name) !== undefined || CODE_OPTIONS[name] !== undefined) return undefined;
  for (const arg of args) {
    if (arg === '--') return undefined;
    if (/^-./.test(arg) && !HARMLESS_OPTION.test(arg)) return arg;
  }
  return undefined;
}

const STDIN_OPS = new Set(['<', '<<', '<<-', '<<<', '<>', '<&']);

// A redirection of stdin: a file, a here-document or here-string, another descriptor (`<&3`; not `<&-`).
function stdinOf(redirection: Redirection): boolean {
  return STDIN_OPS.has(redirection.op) && (redirection.fd === undefined || redirection.fd === 0) && !(redirection.op === '<&' && redirection.target === '-');
}

// The command's own stdin redirections, or one of a compound around it (`{ tclsh; } < f`, `while ...; do
// tclsh; done < f`: in the line's list, on no simple command).
function stdinRedirected(command: SimpleCommand, parse: ShellParse): boolean {
  if (command.redirections.some(stdinOf)) return true;
  const own = new Set(parse.commands.flatMap((other) => other.redirections));
  return parse.redirections.some((redirection) => stdinOf(redirection) && !own.has(redirection));
}

// Whether codeward read the program the command takes on stdin: a parsed language's text, or a shell's
// static here-document / here-string (its commands are part of the parse).
function stdinParsed(command: SimpleCommand, name: string): boolean {
  if (command.stdinProgram !== undefined && languageOf(name) !== undefined) return true;
  return SHELLS.has(name) && command.redirections.some((redirection) => (redirection.op.startsWith('<<')) && redirection.body !== undefined);
}

// Whether the command's stdin is the previous stage of a pipeline (`echo ... | gdb -q`), or the line starts
// a coprocess, whose stdin the rest of the line writes (`coproc gdb -q; echo ... >&"${COPROC[1]}"`).
function pipedIn(command: SimpleCommand, parse: ShellParse): boolean {
  const stage = command.pipes[command.pipes.length - 1];
  return (stage !== undefined && stage.index > 0) || parse.commands.some((other) => other.wrappers.includes('coproc'));
}

// Why this command runs code codeward does not parse, or undefined (`place`: where the line runs, to read the
// files of commands a program runs: immune-command-files.ts).
export function unparsedCode(command: SimpleCommand, parse: ShellParse, readOnlyName: (name: string) => boolean, place?: Pick<ShellPlace, 'root' | 'runDir' | 'lineWrites'>): string | undefined {
  const name = command.name?.toLowerCase();
  if (name === undefined) return undefined;
  let lineWrites: LineWritesReading | undefined;
  const option = CODE_OPTIONS[name] ? command.args.find((arg) => CODE_OPTIONS[name]!.test(arg)) : undefined;
  if (option !== undefined) return `${name} ${option} runs commands codeward does not parse`;
  const operand = operandCode(name, command);
  if (operand !== undefined) return operand;
  const interpreterOption = unparsedInterpreterOption(name, command.args);
  if (interpreterOption !== undefined) return `${name} ${interpreterOption}: codeward does not parse ${name}'s code, and this option may run code given on the line`;
  // A program's command language: a shell escape in its arguments (`sqlite3 db '.shell rm -rf build'`, psql's and
  // mysql's `-c`/`-e` text: red team R20-24) or in a file of commands it reads (`psql -f`, `sqlite3 -init`, `gdb -x`:
  // R21-3, R22-11; immune-command-files.ts).
  // A file the line may write before the command reads it is not the text read now (R40-b6: written-before.ts).
  const commandFile = commandFileCode(command, place, place === undefined ? undefined : (abs) => (lineWrites ??= new (lineWritesOf(place))(parse, place.runDir, place.root)).before(command)(abs));
  if (commandFile !== undefined) return commandFile;
  // sed's `e` alone runs the pattern space, the s///e flag the substituted line (red team R11-1).
  if ((name === 'sed' || name === 'gsed') && sedRunsRuntime(command.args)) return `${name} runs text only known at run time as a shell command (\`e\` without a command, or the s///e flag)`;
  const redirected = stdinRedirected(command, parse);
  // A shell or interpreter running piped text is the piped-program class (danger-risky.ts).
  if (command.pipedProgram || (!redirected && !pipedIn(command, parse))) return undefined;
  if (command.stdinScript) return stdinParsed(command, name) ? undefined : `${name} runs the program it reads on stdin, which codeward does not parse`;
  // Whatever feeds stdin (a pipe, a file, a here-document or here-string, a process substitution).
  const reads = stdinCode(name, command.args, readOnlyName, DATA_STDIN);
  if (reads !== undefined) return reads;
  const runsProgram = SHELLS.has(name) || INTERPRETERS.has(name) || languageOf(name) !== undefined;
  if (!redirected || runsProgram || readOnlyName(name) || DATA_STDIN.has(name)) return undefined;
  return `${name} is given text on stdin that it may run as commands (codeward does not know the program)`;
}
