import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { SSH_CONFIG_COMMAND_TEXT, sshConfigFiles } from '../shell/parse-launch-generic.js';
import type { ShellParse, SimpleCommand } from '../shell/parse-types.js';
import { Beneath } from '../workspace/beneath.js';
import type { ShellPlace } from './immune-place.js';

// `ssh -F FILE` / `-o Include=FILE` (launch.md "left"): the planner reads such a config as a command only known at
// run time (parse-launch-generic.ts), since it may make ssh run a program. The file is read here (bounded, through
// the workspace's read jail inside it, never following a link, never blocking): one that sets none of the keywords
// below is an ordinary ssh; one that sets any of them, is larger than the bound, or cannot be read stays a command
// only known at run time (a person decides).

// Keywords that run a local program or load a library (ProxyCommand, LocalCommand, KnownHostsCommand, Match exec,
// XAuthLocation, PKCS11Provider, SecurityKeyProvider), run one on the remote side unseen (RemoteCommand), or read
// another file (Include); Match is any of its criteria (`exec` runs a command).
const RUNS = /^(?:proxycommand|localcommand|knownhostscommand|remotecommand|match|include|xauthlocation|pkcs11provider|securitykeyprovider)$/i;
const MAX_BYTES = 64 * 1024;
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

function configText(path: string, place: ShellPlace): string | undefined {
  const full = resolve(place.runDir, path.replace(/^~(?=\/|$)/, homedir()));
  let fd: number;
  try {
    const jail = new Beneath(place.root);
    fd = jail.contains(full) ? jail.openFileSync(full, READ_FLAGS) : openSync(full, READ_FLAGS);
  } catch {
    return undefined;
  }
  try {
    if (!fstatSync(fd).isFile()) return undefined;
    const buffer = Buffer.alloc(MAX_BYTES + 1);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    return read > MAX_BYTES ? undefined : buffer.subarray(0, read).toString('utf8');
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

// Whether ssh reading this config file may run a program (or it could not be read whole).
export function sshConfigRuns(path: string, place: ShellPlace): boolean {
  if (path.includes('\u0000')) return true;
  const text = configText(path, place);
  if (text === undefined) return true;
  // ssh removes the quotes of a quoted keyword (`"ProxyCommand" nc %h %p`).
  return text.split(/\r?\n/).some((line) => RUNS.test((/^\s*([^\s=#]+)/.exec(line)?.[1] ?? '').replace(/"/g, '')));
}

const isPlaceholder = (command: SimpleCommand): boolean => command.name === null && command.text.trim() === SSH_CONFIG_COMMAND_TEXT;
const fromSsh = (command: SimpleCommand): boolean => command.wrappers.includes('ssh');

// The reading without its ssh config placeholders when they are all ordinary configs: the line is ssh alone (with
// what ssh itself starts: a line that also writes could change the file between this read and ssh's), every config
// file its ssh commands name reads plain, and there are no more placeholders than those files (a remote command
// that spells the placeholder is not one).
function withoutPlain(parse: ShellParse, place: ShellPlace): ShellParse {
  const placeholders = parse.commands.filter(isPlaceholder).length;
  if (placeholders === 0 || parse.redirections.some((redirection) => redirection.writes)) return parse;
  const own = parse.commands.filter((command) => !fromSsh(command));
  if (own.length === 0 || own.some((command) => command.name !== 'ssh')) return parse;
  const files = own.flatMap((command) => sshConfigFiles(command.words));
  if (placeholders > files.length || files.some((file) => sshConfigRuns(file, place))) return parse;
  return { ...parse, commands: parse.commands.filter((command) => !isPlaceholder(command)) };
}

// Every reading of the line (a CR read as a line break and as a space) so.
export function withoutPlainSshConfigs(parse: ShellParse, place: ShellPlace): ShellParse {
  const first = withoutPlain(parse, place);
  const alternatives = parse.alternatives?.map((reading) => withoutPlain(reading, place));
  return alternatives === undefined ? first : { ...first, alternatives };
}
