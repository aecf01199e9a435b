import type { SimpleCommand } from '../shell/parse-types.js';
import { toArgv } from './argv.js';
import { READ_ONLY_COMMANDS, type Check } from './readonly-list.js';
import { READ_ONLY_TOOLS } from './readonly-tools.js';

const TABLE: Readonly<Record<string, Check>> = { ...READ_ONLY_COMMANDS, ...READ_ONLY_TOOLS };

// Wrappers that change how, not what, a command runs. env (variables such as LD_PRELOAD), xargs
// (arguments from input), find -exec, sudo, shells ... are never auto-approved.
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
  return Object.hasOwn(TABLE, name);
}

export function readOnlyCommandCount(): number {
  return Object.keys(TABLE).length;
}

// Why a simple command is not auto-approved as read-only, or undefined when it is. Redirections are
// judged for the whole line by the caller.
export function readOnlyVeto(command: SimpleCommand): string | undefined {
  const argv = toArgv(command);
  if (!argv) return 'the command name is only known at run time';
  if (!isReadOnlyName(argv.name)) return `\`${argv.name}\` is not on the read-only list`;
  if (command.rawName?.includes('/') && !SYSTEM_BIN.test(command.rawName)) return `\`${command.rawName}\` is not the system's ${argv.name}`;
  if (hasPrefix(command)) return `\`${argv.name}\` runs with variable assignments`;
  const wrapper = argv.wrappers.find((w) => !HARMLESS_WRAPPERS.has(w));
  if (wrapper) return `\`${argv.name}\` runs under \`${wrapper}\``;
  if (command.viaShell) return `\`${argv.name}\` runs from a shell string`;
  const check = TABLE[argv.name]!;
  if (check === 'any') return undefined;
  if (argv.unknown) return `arguments of \`${argv.name}\` are only known at run time`;
  return check(argv.args);
}
