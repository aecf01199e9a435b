import type { SimpleCommand } from '../shell/parse-types.js';
import { toArgv } from './argv.js';
import { anyArgumentSafe, hasProgram, PROGRAMS, programVeto } from './options/index.js';
import { wrapperVeto } from './options/wrappers.js';
import { leadingGlob } from './immune-globs.js';
import { secretVeto } from './readonly-secrets.js';
import { variableNameVeto } from './readonly-names.js';
import { sameWordsOf } from './front-ends.js';

// Wrappers that change how, not what, a command runs. env (variables such as LD_PRELOAD), find -exec,
// sudo, shells ... are never auto-approved; xargs only for programs whose every argument is harmless.
const HARMLESS_WRAPPERS = new Set(['time', 'nice', 'timeout', 'stdbuf', 'command', 'builtin']);

// A program named by path must be the system's: `./git` or `/tmp/x/git` is whatever someone put there.
const SYSTEM_BIN = /^\/(?:usr\/(?:local\/)?)?s?bin\/[^/]+$|^\/opt\/homebrew\/bin\/[^/]+$/;

// Words before the command name that are not wrappers: variable assignments (`PATH=. ls`,
// `LD_PRELOAD=x ls`) or a leading redirection.
export function hasPrefix(command: SimpleCommand): boolean {
  const first = command.words[0]?.text;
  return command.wrappers.length === 0 && first !== undefined && !command.text.trimStart().startsWith(first);
}

export function isReadOnlyName(name: string): boolean {
  return hasProgram(name);
}

export function readOnlyCommandCount(): number {
  return Object.keys(PROGRAMS).length;
}

// A glob that starts the word (`*`, `?x`, `[-]*`, `@(..)`) can expand to a repository file named like an
// option (`--output=x`, `-i`, `-delete`): for a program that has unsafe options it is not read-only,
// unless `--` came first (not for find, whose expression is made of dash words).
function globVeto(command: SimpleCommand, name: string): string | undefined {
  if (anyArgumentSafe(name)) return undefined;
  const program = PROGRAMS[name];
  const endsOptions = name === 'git' || (program?.table !== undefined && !program.table.singleDashLong);
  for (const word of command.words.slice(1)) {
    if (endsOptions && !word.dynamic && word.value === '--') return undefined;
    if (leadingGlob(word) !== undefined) return `${word.text} may expand to a file named like an option of \`${name}\``;
  }
  return undefined;
}

// Why a simple command is not auto-approved as read-only, or undefined when it is. Redirections are
// judged for the whole line by the caller. Options are parsed the way the program parses them
// (options/): an unknown option, an abbreviation of an unsafe one, or an unsafe operand is a veto.
export function readOnlyVeto(command: SimpleCommand): string | undefined {
  const argv = toArgv(command);
  if (!argv) return 'the command name is only known at run time';
  if (!isReadOnlyName(argv.name)) return `\`${argv.name}\` is not on the read-only list`;
  if (command.rawName?.includes('/') && !SYSTEM_BIN.test(command.rawName)) return `\`${command.rawName}\` is not the system's ${argv.name}`;
  if (hasPrefix(command)) return `\`${argv.name}\` runs with variable assignments`;
  // xargs appends words read from its input: only a program no argument can make unsafe may run under it.
  // The git line hub starts with hub's words is git's own (front-ends.ts): judged as if hub were not there.
  const frontEnd = sameWordsOf(argv.wrappers.at(-1), argv.name);
  const wrappers = frontEnd ? argv.wrappers.slice(0, -1) : argv.wrappers;
  const wrapper = wrappers.find((w) => !HARMLESS_WRAPPERS.has(w) && !(w === 'xargs' && anyArgumentSafe(argv.name)));
  if (wrapper) return `\`${argv.name}\` runs under \`${wrapper}\``;
  const wrapperOptions = wrapperVeto(command.text, wrappers);
  if (wrapperOptions) return wrapperOptions;
  const glob = globVeto(command, argv.name);
  if (glob) return glob;
  const secret = secretVeto(command);
  if (secret) return secret;
  const variableName = variableNameVeto(command, argv.name);
  if (variableName) return variableName;
  // The front-end's line is read as text (its only shell: the wrappers left are harmless ones, checked above).
  if (command.viaShell && !frontEnd) return `\`${argv.name}\` runs from a shell string`;
  if (argv.unknown) return anyArgumentSafe(argv.name) ? undefined : `arguments of \`${argv.name}\` are only known at run time`;
  return programVeto(argv.name, argv.args);
}

// A listed program that may write through its options or its wrapper's (`sort -o F`, `tar -x`, `\time -o F`):
// the paths it names are judged as writes by the immune path classes.
export function mayWrite(command: SimpleCommand): boolean {
  const argv = toArgv(command);
  if (!argv || !isReadOnlyName(argv.name)) return true;
  if (argv.unknown && !anyArgumentSafe(argv.name)) return true;
  return (!argv.unknown && programVeto(argv.name, argv.args) !== undefined) || wrapperVeto(command.text, argv.wrappers) !== undefined;
}
