// What ChatCLI's own exec validator refuses (chatcli-behaviour.md §2.1 and §2.2), judged on the parsed
// commands instead of regular expressions over the text (so `grep shutdown log` is not refused, and
// `"b"ash -c ...` is). None of it is catastrophic enough for C242 (those are blocked by the danger
// classifier before this runs), but none of it may run without a person: the permission layer treats
// a hit like a safety-immune class (ask even under --yes or an allow rule; refused where no one can be
// asked, as in the ChatCLI plugin door).
import { inlineProgram, languageOf, spawnedCommands } from './parse-inline.js';
import type { ShellParse, ShellWord, SimpleCommand } from './parse-types.js';
import { DOWNLOADERS } from './danger-rules.js';
import { SHELLS } from './parse-wrappers.js';
import { isHijackVariable } from './danger-variables.js';
import { argumentCode } from './danger-tool-options.js';
import { UNKNOWN } from './parse-walk-values.js';

export interface RiskyClass {
  readonly name: string;
  readonly description: string;
}

export interface RiskyHit extends RiskyClass {
  // The command (or redirection) that fell in the class.
  readonly where: string;
}

const CLASSES = {
  inlineSpawn: { name: 'inline-code-spawn', description: 'inline program (python -c, node -e, perl -e, ruby -e, php -r, awk ...) that runs other programs' },
  pipedProgram: { name: 'piped-program', description: 'a shell or interpreter running a program piped from another command (env | bash, base64 -d x | sh)' },
  processSubstitution: { name: 'process-substitution', description: 'process substitution <(...) / >(...)' },
  substitutedDownload: { name: 'download-substitution', description: 'a download or a shell inside $(...) / backticks' },
  evalLine: { name: 'eval', description: 'eval (runs text built at run time)' },
  pathHijack: { name: 'path-hijack', description: 'setting PATH, HOME, LD_PRELOAD, GIT_* or another variable that changes what runs (export or a plain assignment)' },
  xargsCode: { name: 'xargs-code', description: 'xargs putting its input where code is (xargs -I{} sh -c {}, -I{} python3 -c {}, a command name or find -exec command from the input)' },
  xargsDelete: { name: 'xargs-delete', description: 'xargs running rm, shutdown, reboot or mkfs' },
  findExecDelete: { name: 'find-exec-delete', description: 'find -exec / -ok / fd -x running rm, shutdown or reboot' },
  crontabRemove: { name: 'crontab', description: 'crontab -r / -e / FILE (removes or installs cron jobs that run later, outside any sandbox)' },
  schedule: { name: 'schedule', description: 'at / batch -f FILE, systemd-run (a command queued or started by a service, later or now, outside any sandbox)' },
  umountForce: { name: 'umount-force', description: 'umount -f / -l (forced or lazy unmount)' },
  userdel: { name: 'userdel', description: 'userdel / deluser (deletes an account)' },
  chownRecursive: { name: 'chown-recursive-absolute', description: 'chown -R of an absolute path' },
  dd: { name: 'dd', description: 'dd reading or writing raw data (if= / of=)' },
  execRedirect: { name: 'exec-redirect', description: 'exec with redirections only (rewires the shell\'s own file descriptors)' },
  sourceDevice: { name: 'source-device', description: 'source of a /dev path' },
  netcatExec: { name: 'netcat-exec', description: 'nc / ncat -e / -c (runs a program for a network peer)' },
  argumentCode: { name: 'argument-code', description: 'a build tool given a program or code to run in its arguments (go -exec / -toolexec / -vettool, cargo --config KEY=VALUE, npm --script-shell / --node-options)' },
} as const satisfies Record<string, RiskyClass>;

export const RISKY_CLASSES: readonly RiskyClass[] = Object.values(CLASSES);

const DELETERS = new Set(['rm', 'del', 'unlink', 'shred', 'rmdir', 'srm', 'shutdown', 'reboot', 'poweroff', 'halt']);

function lower(command: SimpleCommand): string | undefined {
  return command.name?.toLowerCase();
}

function hasShortFlag(args: readonly string[], letters: RegExp): boolean {
  return args.some((arg) => /^-[a-zA-Z]+$/.test(arg) && letters.test(arg.slice(1)));
}

function commandClass(command: SimpleCommand, staged: boolean): RiskyClass | undefined {
  const name = lower(command);
  const args = command.args;
  if (command.wrappers.includes('eval')) return CLASSES.evalLine;
  if (command.xargsCode) return CLASSES.xargsCode;
  if (name === undefined) return undefined;
  if (name === 'eval') return CLASSES.evalLine;
  const language = languageOf(name);
  if (language) {
    const program = inlineProgram(name, command.words) ?? (command.stdinProgram !== undefined ? { language, code: command.stdinProgram } : undefined);
    // A name the closed reader does not know (inline-names.ts) asks in place; a staged run is judged by what it did.
    if (command.inlineNames !== undefined && !staged) return { ...CLASSES.inlineSpawn, description: `${CLASSES.inlineSpawn.description}: its code uses a name codeward does not know (${command.inlineNames})` };
    if (program && spawnedCommands(program).spawns) return CLASSES.inlineSpawn;
  }
  if (command.pipedProgram) return CLASSES.pipedProgram;
  if (command.substituted && (DOWNLOADERS.has(name) || SHELLS.has(name))) return CLASSES.substitutedDownload;
  if (argumentCode(command) !== undefined) return CLASSES.argumentCode;
  if (DELETERS.has(name) || /^mkfs/.test(name)) {
    if (command.wrappers.includes('xargs')) return CLASSES.xargsDelete;
    if (command.wrappers.includes('find') || command.wrappers.includes('fd')) return CLASSES.findExecDelete;
  }
  // The service manager starts the unit itself (outside the sandbox, with `--on-*` later): the command it names is
  // judged too (a wrapper), the start is a person's decision (fix32b).
  if (name === 'systemd-run' || command.wrappers.includes('systemd-run')) return CLASSES.schedule;
  switch (name) {
    case 'at':
    case 'batch':
      // The commands of `-f FILE` run later through sh, unread (what at reads on stdin is judged: parse-plan.ts).
      return args.some((arg) => /^-[mMvbV]*f/.test(arg)) ? CLASSES.schedule : undefined;
    case 'crontab':
      // Only listing (`crontab -l`, `crontab -u bob -l`) leaves the jobs alone.
      return args.includes('-l') && !args.some((arg) => /^-[a-zA-Z]*[reis]/.test(arg)) ? undefined : CLASSES.crontabRemove;
    case 'umount':
      return hasShortFlag(args, /[fl]/) || args.some((arg) => /^--(?:force|lazy)$/.test(arg)) ? CLASSES.umountForce : undefined;
    case 'userdel':
    case 'deluser':
      return CLASSES.userdel;
    case 'chown':
    case 'chgrp':
      return (hasShortFlag(args, /R/) || args.includes('--recursive')) && args.some((arg) => arg.startsWith('/')) ? CLASSES.chownRecursive : undefined;
    case 'dd':
      return args.some((arg) => /^(?:if|of)=/.test(arg)) ? CLASSES.dd : undefined;
    case 'exec':
      return command.words.length <= 1 && command.redirections.length > 0 ? CLASSES.execRedirect : undefined;
    case 'source':
    case '.':
      return args.some((arg) => arg.startsWith('/dev/')) ? CLASSES.sourceDevice : undefined;
    case 'nc':
    case 'ncat':
    case 'netcat':
      return hasShortFlag(args, /[ec]/) || args.some((arg) => /^--(?:exec|sh-exec|lua-exec)/.test(arg)) ? CLASSES.netcatExec : undefined;
    default:
      return undefined;
  }
}

function substitutionClass(command: SimpleCommand): RiskyClass | undefined {
  for (const word of command.words) {
    const found = substitutionClassOfWord(word);
    if (found) return found;
  }
  return undefined;
}

// The first command of a parse (every reading of it) that ChatCLI's validator would refuse.
export function riskyShell(parse: ShellParse, staged = false): RiskyHit | undefined {
  for (const reading of [parse, ...(parse.alternatives ?? [])]) {
    for (const command of reading.commands) {
      const found = commandClass(command, staged) ?? substitutionClass(command);
      if (found) return { ...found, where: command.text.trim() };
    }
    // Every way the line sets a variable (`PATH=.`, `export PATH=.`, `read 'PATH'`, `unset PATH`, `wait -p PATH`,
    // `${BASH_ENV:=x}`, `for PATH in`: parse-walk-builtin-assigns.ts); a name only known at run time may be any.
    const assigned = (reading.assignments ?? []).find((assignment) => assignment.name === UNKNOWN || isHijackVariable(assignment.name));
    if (assigned) return { ...CLASSES.pathHijack, where: assigned.text };
    for (const redirection of reading.redirections) {
      const found = redirection.targetWord ? substitutionClassOfWord(redirection.targetWord) : undefined;
      if (found) return { ...found, where: redirection.text };
    }
  }
  return undefined;
}

function substitutionClassOfWord(word: ShellWord): RiskyClass | undefined {
  for (const part of word.parts) {
    if (part.kind !== 'substitution') continue;
    if (part.process) return CLASSES.processSubstitution;
    if (part.commands.some((inner) => DOWNLOADERS.has(lower(inner) ?? '') || SHELLS.has(lower(inner) ?? ''))) return CLASSES.substitutedDownload;
  }
  return undefined;
}
