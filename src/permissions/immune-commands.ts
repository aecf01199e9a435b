import { firstOperand, hasShort, operands, type Argv } from './argv.js';
import { hasAny, parseGitWrite } from './options/git-write.js';
import { CONFIG_VERB_CLASSES } from './immune-config-verbs.js';
import { DISCARD_CLASSES } from './immune-discard.js';
import { GIT_DISCARD, gitDiscards } from './immune-git.js';
import type { CommandClass } from './immune-class.js';
import { DELETE_TOOL } from './immune-launch.js';
import { EXTRACT_CLASSES, MOVE_CLASSES } from './immune-move.js';
import type { ShellPlace } from './immune-place.js';
import { homeFolders } from './home-folders.js';
import { resolve } from 'node:path';
import { programCalls } from '../shell/program-aliases.js';

// Safety-immune command classes (seed 004 "Safety Immunity", chatcli §6.4), matched on parsed
// commands (base name, arguments, wrappers), never on raw text: `echo "rm -rf /"` is not rm.

export type { CommandClass } from './immune-class.js';

const PRIVILEGED = ['sudo', 'doas', 'pkexec', 'run0'];
const is = (cmd: Argv, ...names: string[]): boolean => names.includes(cmd.name);
const named = (name: string, description: string, ...aliases: string[]): CommandClass => ({
  name,
  description,
  names: [],
  test: (cmd) => is(cmd, name, ...aliases),
});

// GNU getopt_long (rm, sysctl, iptables, nc, pkill) accepts any unique prefix of a long option:
// `rm --rec --for`, `iptables --fl`, `nc --lis`. A prefix of a protected option counts as it (should it
// be ambiguous, the program refuses it, so over-approximating is the safe side).
function longPrefix(arg: string, ...names: string[]): boolean {
  const name = arg.split('=')[0]!;
  return arg.startsWith('--') && name.length >= 3 && names.some((n) => n.startsWith(name));
}
function hasLong(args: readonly string[], ...names: string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((arg) => longPrefix(arg, ...names));
}

const KILL_SIGNAL = /^-(?:9|kill|sigkill)$/i;
const KILL_VALUE = /^(?:9|kill|sigkill)$/i;
function killsHard(args: readonly string[]): boolean {
  return args.some((arg, i) => {
    if (KILL_SIGNAL.test(arg)) return true;
    if (/^-[sn]$/.test(arg) || (longPrefix(arg, '--signal') && !arg.includes('='))) return KILL_VALUE.test(args[i + 1] ?? '');
    return longPrefix(arg, '--signal') && KILL_VALUE.test(arg.slice(arg.indexOf('=') + 1));
  });
}

function worldWritable(mode: string): boolean {
  if (/^[0-7]{3,4}$/.test(mode)) return (Number.parseInt(mode.slice(-1), 8) & 2) !== 0;
  return mode.split(',').some((clause) => {
    const match = /^([ugoa]*)([-+=])([rwxXst]*)$/.exec(clause);
    return match !== null && match[2] !== '-' && /[oa]/.test(match[1]!) && match[3]!.includes('w');
  });
}

function setsId(mode: string): boolean {
  if (/^[0-7]{4}$/.test(mode)) return (Number.parseInt(mode[0]!, 8) & 6) !== 0;
  return mode.split(',').some((clause) => /^[ugoa]*[+=][rwxXt]*s/.test(clause));
}

// systemctl's verbs that stop a unit or the system's running state (`kill` signals it, `isolate` stops every unit the
// target does not want, `clean` removes its state, a restart stops it): red team R29-5.
const SYSTEMCTL_STOPS = new Set(['stop', 'disable', 'mask', 'kill', 'isolate', 'clean', 'restart', 'try-restart', 'reload-or-restart', 'try-reload-or-restart', 'condrestart', 'force-reload', 'default', 'switch-root', 'exit', 'suspend', 'hibernate', 'hybrid-sleep', 'suspend-then-hibernate']);

// socat's listening and receiving addresses (`TCP-LISTEN:4444`, its abbreviation `TCP-L:`, `TCP4-LISTEN`, `UDP-RECV`,
// `OPENSSL-LISTEN`, `UNIX-LISTEN`, `SSL-L`), alone or in a `!!` pair: a listener as `nc -l` is.
const SOCAT_LISTEN = /(?:^|!!)[a-z][a-z0-9-]*-(?:listen|l|recv|recvfrom)(?:[:,]|$)/i;

// git push/reset/clean parsed with git's own rules (options/git-write.ts): `git reset --har`, `git push
// --force-w`, `git push --mirro`, `git -C x clean -fdx`, `git -c alias.p='push -f' p` are all caught.
const gitWrite = (cmd: Argv, sub: string): ReturnType<typeof parseGitWrite> => {
  if (cmd.name !== 'git') return undefined;
  const found = parseGitWrite(cmd.args);
  return found?.sub === sub ? found : undefined;
};

function forcePush(cmd: Argv): boolean {
  const push = gitWrite(cmd, 'push') ?? gitWrite(cmd, 'send-pack');
  if (!push) return false;
  // `-c remote.origin.mirror=true` or `-c push.default=...` change what a plain push does.
  if (push.configured) return true;
  return hasAny(push.parsed, '--force', '--force-with-lease', '--force-if-includes', '--mirror', '--delete', '--prune') || push.parsed.operands.some((r) => r.startsWith('+') || r.startsWith(':'));
}

// git clean deletes untracked files unless it only shows them (-n) or asks per file (-i); with
// `clean.requireForce=false` in a configuration it needs no -f, so -f is not what decides.
function cleanDeletes(cmd: Argv): boolean {
  const clean = gitWrite(cmd, 'clean');
  if (!clean) return false;
  return clean.configured || hasAny(clean.parsed, '--force') || !hasAny(clean.parsed, '--dry-run', '--interactive');
}

// A relative rm operand taken from a folder the line moved to that is / or the home (`*`, `.`, `./*`).
function movedToRoot(operand: string, folders: readonly string[] | undefined): boolean {
  if (folders === undefined || /^[/~$]/.test(operand)) return false;
  const homes = homeFolders('~') ?? [];
  return folders.some((folder) => {
    const at = resolve(folder, operand);
    return ['/', ...homes].some((top) => at === top || at === `${top.replace(/\/$/, '')}/*`);
  });
}

export const COMMAND_CLASSES: readonly CommandClass[] = [
  // Also a relative operand where the line moved to / or the home (`cd ~ && rm -rf *`, `D=/; cd "$D" && rm -rf *`).
  { name: 'rm-root', description: 'rm of / or the home folder', names: ['rm'], test: (c) => is(c, 'rm') && (hasLong(c.args, '--no-preserve-root') || operands(c.args).some((a) => /^(?:\/+\.?\*?|~\/?\*?|\$HOME\/?)$/.test(a) || movedToRoot(a, c.folders))) },
  // Seed 004: rm -rf "and variants" of anything, whatever wraps it (command, env, xargs, find -exec, busybox,
  // \rm, /bin/rm): the agent's undoable way is codeward's own `delete --recursive`.
  { name: 'rm-recursive', description: 'rm -r / -R / --recursive (with or without -f) of anything', names: ['rm'], test: (c) => is(c, 'rm') && (hasShort(c.args, 'rR') || hasLong(c.args, '--recursive')) },
  { name: 'find-delete', description: 'find -delete (rm -r by another spelling)', names: ['find'], test: (c) => is(c, 'find') && c.args.includes('-delete') },
  { name: 'mkfs', description: 'mkfs (format filesystem)', names: [], test: (c) => c.name === 'mkfs' || c.name.startsWith('mkfs.') || c.name === 'mke2fs' || c.name === 'wipefs' },
  { name: 'dd-device', description: 'dd writing to devices (of=/dev/)', names: ['dd'], test: (c) => is(c, 'dd') && c.args.some((a) => /^of=\/dev\/(?!null$|stdout$|stderr$)/.test(a)) },
  named('shred', 'shred (secure deletion)'),
  { name: 'sudo', description: 'sudo any command (also doas, pkexec, run0)', names: [], test: (c) => is(c, ...PRIVILEGED) || c.wrappers.some((w) => PRIVILEGED.includes(w)) },
  { name: 'su', description: 'su - (user switch)', names: [], test: (c) => is(c, 'su', 'runuser') || c.wrappers.some((w) => w === 'su' || w === 'runuser') },
  { name: 'chmod-777', description: 'chmod 777 (world-writable)', names: ['chmod'], test: (c) => is(c, 'chmod') && c.args.some(worldWritable) },
  { name: 'chmod-setuid', description: 'chmod +s (setuid/setgid)', names: ['chmod'], test: (c) => is(c, 'chmod') && c.args.some(setsId) },
  { name: 'chown-root', description: 'chown root', names: ['chown', 'chgrp'], test: (c) => is(c, 'chown', 'chgrp') && operands(c.args).some((a) => /^(?:root|0)?(?:[:.](?:root|0)?)?$/.test(a) && /root|0/.test(a)) },
  named('insmod', 'insmod (load a kernel module)'),
  named('rmmod', 'rmmod (remove a kernel module)'),
  named('modprobe', 'modprobe (kernel modules)'),
  { name: 'sysctl-write', description: 'sysctl -w (sysctl write)', names: ['sysctl'], test: (c) => is(c, 'sysctl') && (hasShort(c.args, 'wp') || hasLong(c.args, '--write', '--load', '--system') || operands(c.args).some((a) => a.includes('='))) },
  { name: 'iptables-flush', description: 'iptables -F (firewall flush)', names: ['iptables', 'ip6tables', 'nft'], test: (c) => (is(c, 'iptables', 'ip6tables', 'iptables-legacy', 'iptables-nft') && (hasShort(c.args, 'F') || hasLong(c.args, '--flush'))) || (is(c, 'nft') && c.args.includes('flush')) },
  { name: 'systemctl-stop', description: 'systemctl stop/disable/mask/kill/isolate/restart/clean (also `service X stop`)', names: ['systemctl'], test: (c) => is(c, 'systemctl') && operands(c.args).some((word) => SYSTEMCTL_STOPS.has(word)) },
  { name: 'nc-listen', description: 'nc -l (netcat in listen mode; also socat TCP-LISTEN and its other listening addresses)', names: ['nc', 'netcat', 'socat'], test: (c) => (is(c, 'nc', 'netcat') && (hasShort(c.args, 'l') || hasLong(c.args, '--listen'))) || (is(c, 'socat') && c.args.some((arg) => SOCAT_LISTEN.test(arg))) },
  { name: 'setcap', description: 'setcap CAPS FILE (file capabilities: chmod +s by another spelling)', names: ['setcap'], test: (c) => is(c, 'setcap') && !hasShort(c.args, 'rvh') },
  // `hash -p FILE NAME` binds NAME to FILE for the rest of the line (R38-b4): a later `NAME` runs a file the line chose,
  // unread by the readers of bare names. No agent line needs it.
  { name: 'hash-bind', description: 'hash -p FILE NAME (the shell then runs FILE for NAME)', names: ['hash'], test: (c) => is(c, 'hash') && hasShort(c.args, 'p') },
  { name: 'ncat-listen', description: 'ncat -l (ncat in listen mode)', names: ['ncat'], test: (c) => is(c, 'ncat') && (hasShort(c.args, 'l') || hasLong(c.args, '--listen')) },
  { name: 'git-push-force', description: 'git push --force / -f / --force-with-lease / --mirror / --delete / --prune / +refspec / :refspec (any abbreviation)', names: ['git'], test: forcePush },
  { name: 'git-reset-hard', description: 'git reset --hard (any abbreviation)', names: ['git'], test: (c) => { const r = gitWrite(c, 'reset'); return r !== undefined && (r.configured || hasAny(r.parsed, '--hard')); } },
  { name: 'git-clean-force', description: 'git clean that deletes (without -n or -i)', names: ['git'], test: cleanDeletes },
  { ...GIT_DISCARD, names: ['git'], test: gitDiscards },
  ...DISCARD_CLASSES,
  ...MOVE_CLASSES,
  ...CONFIG_VERB_CLASSES,
  DELETE_TOOL,
  { name: 'kill-9', description: 'kill -9', names: ['kill'], test: (c) => is(c, 'kill') && killsHard(c.args) },
  named('killall', 'killall', 'killall5'),
  { name: 'pkill-9', description: 'pkill -9', names: ['pkill'], test: (c) => is(c, 'pkill') && killsHard(c.args) },
  { name: 'shutdown', description: 'shutdown', names: ['systemctl', 'init', 'telinit'], test: (c) => is(c, 'shutdown') || (is(c, 'systemctl') && ['poweroff', 'reboot', 'halt', 'kexec', 'rescue', 'emergency'].includes(firstOperand(c.args) ?? '')) || (is(c, 'init', 'telinit') && ['0', '1', '6', 's', 'S'].includes(firstOperand(c.args) ?? '')) },
  named('reboot', 'reboot'),
  named('poweroff', 'poweroff'),
  named('halt', 'halt'),
];

// Commands whose immunity depends on their arguments: unknown arguments make them immune.
export const ARGUMENT_SENSITIVE = new Set(COMMAND_CLASSES.flatMap((cls) => cls.names));

// What a package manager runs (`npx shx rm -rf src`, `yarn sh -c '...'`) is judged as a line of its own
// through the same judge (immune-words.ts, parse-launch-packages.ts).
// A program run as a Python module (`python3 -m pip config set`: R28-8) is judged as the program too.
// So is every other reading of its name (program-aliases.ts programCalls: `git-reset --hard` is `git reset --hard`,
// `pip3.11` is pip, `nc.openbsd` is nc, `kmod insert` is insmod, `service x stop` is `systemctl stop x`: R29-4/5).
export function immuneCommand(cmd: Argv, place?: ShellPlace): CommandClass | undefined {
  const readings = programReadings(cmd);
  return COMMAND_CLASSES.find((cls) => readings.some((reading) => cls.test(reading, place)));
}

// `cmd` and the other readings of its program's name, as the classes see a call.
export const programReadings = (cmd: Argv): Argv[] => programCalls(cmd.name, cmd.args).map((call, i) => (i === 0 ? cmd : { ...cmd, name: call.name, args: call.args }));

// Some reading of `cmd` is a program whose immunity depends on its arguments (an unknown one makes it immune).
export const argumentSensitive = (cmd: Argv): boolean => programReadings(cmd).some((reading) => ARGUMENT_SENSITIVE.has(reading.name));

// Classes judged after a command's path classes (an archive extracted into .git is git-internals first).
export function immuneAfterPaths(cmd: Argv, place?: ShellPlace): CommandClass | undefined {
  return EXTRACT_CLASSES.find((cls) => cls.test(cmd, place));
}

export { EXTRACT_CLASSES };
