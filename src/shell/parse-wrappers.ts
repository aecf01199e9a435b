// Commands that run another command: `sudo -u x CMD`, `env A=1 CMD`, `timeout 5 CMD`, `xargs CMD`,
// `find . -exec CMD {} ;`, `bash -c 'CMD'`, `su -c 'CMD'` ... Each spec says which options take a value,
// so the inner command is found where the wrapper itself would find it.

import { envStart } from './env-words.js';
import { mayBeOption } from './parse-launch-runtime.js';
import { withAliases } from './program-aliases.js';
import { oneDashLong } from './shell-startup-files.js';

export interface WordLike {
  readonly value: string;
  readonly dynamic: boolean;
  // The static text before the word's first run-time part (an expansion or a glob); absent when it has none
  // (parse-launch-runtime.ts: whether it may be an option at run time).
  readonly lead?: string;
}

export interface WrapperSpec {
  // Short options taking a value (attached `-n5` or in the next word).
  readonly argShort?: string;
  // Long options taking a value when not written `--opt=value`.
  readonly argLong?: readonly string[];
  // Short options whose value can only be attached (`xargs -i{}`).
  readonly optionalShort?: string;
  // Operands before the command (`timeout DURATION CMD`, `chroot DIR CMD`).
  readonly positionals?: number;
  // NAME=VALUE words before the command (`sudo A=1 CMD`).
  readonly assignments?: boolean;
  // `-5` style options (`nice -5 CMD`).
  readonly numeric?: boolean;
  // Options whose value is a shell command string (`su -c 'CMD'`, `flock -c 'CMD'`).
  readonly stringShort?: string;
  readonly stringLong?: readonly string[];
  // Options meaning no command is run (`command -v rm`, `sudo -l`, `ionice -p PID`).
  readonly noCommandShort?: string;
  readonly noCommandLong?: readonly string[];
  // env: its words are read by the one env reader (env-words.ts envStart), never by the fields above.
  readonly env?: true;
  // `-c=VALUE` is `-c VALUE` (npm's nopt splits a short option at `=`).
  readonly shortEquals?: boolean;
  // Options whose value is a file the wrapper itself writes (`strace -o FILE`, `time -o FILE`), and whether an
  // operand is one (`script FILE`): red team R31-5, the wrapper is then judged as a command of its own.
  readonly writesShort?: string;
  readonly writesLong?: readonly string[];
  readonly writesOperand?: boolean;
  // The files it writes when no word names them (R43-b6): `script` without a FILE operand logs to ./typescript,
  // `nohup` appends to ./nohup.out when its output is a terminal (under a pty too).
  readonly writesDefault?: readonly string[];
}

const PRIVILEGE: WrapperSpec = {
  argShort: 'ugpCDrthTUR',
  argLong: ['user', 'group', 'host', 'prompt', 'close-from', 'chdir', 'role', 'type', 'command-timeout', 'other-user', 'chroot', 'login-class'],
  assignments: true,
  noCommandShort: 'lVe',
  noCommandLong: ['list', 'version', 'edit', 'help', 'validate'],
};

export const WRAPPERS: Readonly<Record<string, WrapperSpec>> = {
  sudo: PRIVILEGE,
  doas: { argShort: 'uC' },
  pkexec: { argLong: ['user'] },
  run0: { argShort: 'ugD', argLong: ['user', 'group', 'chdir', 'setenv', 'unit', 'property', 'description', 'slice', 'nice', 'background', 'machine'] },
  env: { env: true },
  nice: { argShort: 'n', argLong: ['adjustment'], numeric: true },
  nohup: { writesDefault: ['nohup.out'] },
  setsid: {},
  time: { argShort: 'fo', argLong: ['format', 'output'], writesShort: 'o', writesLong: ['output', 'append'] },
  command: { noCommandShort: 'vV' },
  builtin: {},
  exec: { argShort: 'a' },
  stdbuf: { argShort: 'ioe', argLong: ['input', 'output', 'error'] },
  ionice: { argShort: 'cn', argLong: ['class', 'classdata'], noCommandShort: 'pPu', noCommandLong: ['pid', 'pgid', 'uid'] },
  chroot: { argLong: ['userspec', 'groups'], positionals: 1 },
  chrt: { argShort: 'TPD', argLong: ['sched-runtime', 'sched-period', 'sched-deadline'], positionals: 1, noCommandShort: 'pm', noCommandLong: ['pid', 'max'] },
  taskset: { positionals: 1, noCommandShort: 'p', noCommandLong: ['pid'] },
  timeout: { argShort: 'sk', argLong: ['signal', 'kill-after'], positionals: 1 },
  // flock creates its lock file (the operand) when it is missing (red team R32-7).
  flock: { argShort: 'wEo', argLong: ['timeout', 'wait', 'conflict-exit-code'], stringShort: 'c', stringLong: ['command'], positionals: 1, writesOperand: true },
  xargs: { argShort: 'aEdIJLnPsRS', optionalShort: 'eil', argLong: ['arg-file', 'delimiter', 'max-lines', 'max-args', 'max-procs', 'max-chars', 'process-slot-var'] },
  strace: { argShort: 'oepsuEabIOPSX', argLong: ['output', 'trace', 'signal', 'attach', 'user', 'env', 'string-limit'], writesShort: 'o', writesLong: ['output'] },
  ltrace: { argShort: 'aeEFilnopsuxA', argLong: ['output'], writesShort: 'o', writesLong: ['output'] },
  'xvfb-run': { argShort: 'nsfepw', argLong: ['server-args', 'server-num', 'auth-file', 'error-file', 'xauth-protocol', 'wait'], writesShort: 'ef', writesLong: ['error-file', 'auth-file'] },
  fakeroot: { argShort: 'lisb', argLong: ['lib', 'faked'], writesShort: 's' },
  eatmydata: {},
  catchsegv: {},
  unbuffer: {},
  nocache: {},
  torsocks: { argShort: 'uapPd' },
  tsocks: {},
  proxychains: { argShort: 'f' },
  proxychains4: { argShort: 'f' },
  caffeinate: { argShort: 'tw' },
  'systemd-run': { argShort: 'pEMHu', argLong: ['unit', 'property', 'description', 'slice', 'uid', 'gid', 'nice', 'working-directory', 'setenv', 'on-active', 'on-boot', 'on-startup', 'on-unit-active', 'on-unit-inactive', 'on-calendar', 'timer-property', 'path-property', 'socket-property', 'machine', 'host'] },
  unshare: { argShort: 'SGRw', argLong: ['setuid', 'setgid', 'root', 'wd', 'propagation'] },
  nsenter: { argShort: 'tSG', argLong: ['target', 'setuid', 'setgid'] },
  coproc: {},
  npx: { argShort: 'p', argLong: ['package', 'node-options', 'userconfig', 'cache', 'registry'], stringShort: 'c', stringLong: ['call', 'cal', 'c'], shortEquals: true },
  bunx: { argLong: ['package'] },
  busybox: {},
  toybox: {},
  // Red team round 6, R6-6: resource, debugging and session runners that run the command they are given.
  prlimit: { argShort: 'po', argLong: ['pid', 'output'], noCommandShort: 'p', noCommandLong: ['pid'] },
  valgrind: { writesLong: ['log-file', 'xml-file'] },
  numactl: { argShort: 'iNmCpPw', argLong: ['interleave', 'cpunodebind', 'membind', 'physcpubind', 'preferred', 'preferred-many', 'weighted-interleave'], noCommandShort: 'sH', noCommandLong: ['show', 'hardware'] },
  'dbus-run-session': { argLong: ['config-file', 'dbus-daemon'] },
  'ssh-agent': { argShort: 'aEOPt', noCommandShort: 'kD', writesShort: 'a' },
  chronic: {},
};

// su / runuser: `-c CMD` runs CMD through a shell; otherwise an interactive shell (or `runuser -u U -- CMD`).
const SU: WrapperSpec = { argShort: 'sgGuw', argLong: ['shell', 'group', 'supp-group', 'user', 'whitelist-environment'], stringShort: 'c', stringLong: ['command', 'session-command'] };
export const SU_LIKE: Readonly<Record<string, WrapperSpec>> = { su: SU, runuser: SU, script: { argShort: 'ETIOBm', argLong: ['echo', 'log-in', 'log-out', 'log-io', 'log-timing', 'logging-format', 'output-limit'], stringShort: 'c', stringLong: ['command'], writesShort: 'TIOB', writesLong: ['log-in', 'log-out', 'log-io', 'log-timing'], writesOperand: true, writesDefault: ['typescript'] } };

export type Unwrapped =
  // The inner command starts at words[index].
  | { readonly kind: 'command'; readonly index: number }
  // A shell command string: words[index] with `skip` leading characters removed (`--command=`).
  | { readonly kind: 'string'; readonly index: number; readonly skip: number }
  // No inner command: the wrapper is the command.
  | { readonly kind: 'none' };

// The files a wrapper's own words (words[0] the wrapper, up to where its command starts) name as written by the
// wrapper itself: an output option's value of its spec (`strace -o FILE`, `-oFILE`: `attached`), or (writesOperand)
// an operand that is no option's value (`script -q FILE`, `flock -w5 FILE CMD`). One reading for the parse (the
// wrapper is then judged as a command of its own, red team R31-5) and for written-before.ts (what it writes).
export interface WrapperWritten {
  readonly at: number;
  readonly attached?: string;
}

// A default-written file (writesDefault) is at 0 (the wrapper's own word) with the file's name `attached`.
export function wrapperWritten(spec: WrapperSpec, words: readonly WordLike[]): WrapperWritten[] {
  const named = namedWritten(spec, words);
  const operand = spec.writesOperand === true && named.some((each) => each.operand === true);
  return [...named, ...(operand ? [] : (spec.writesDefault ?? []).map((name) => ({ at: 0, attached: name })))];
}

function namedWritten(spec: WrapperSpec, words: readonly WordLike[]): (WrapperWritten & { operand?: true })[] {
  const out: (WrapperWritten & { operand?: true })[] = [];
  if (spec.writesShort === undefined && spec.writesLong === undefined && !spec.writesOperand) return out;
  for (let i = 1; i < words.length; i++) {
    const value = words[i]!.value;
    if (value === '--') {
      if (spec.writesOperand === true && i + 1 < words.length) out.push({ at: i + 1, operand: true });
      return out;
    }
    if (value.startsWith('--') && value.length > 2) {
      const name = longName(value);
      if (spec.writesLong?.includes(name)) out.push(value.includes('=') ? { at: i, attached: value.slice(value.indexOf('=') + 1) } : { at: ++i });
      else if (!value.includes('=') && (spec.argLong?.includes(name) || spec.stringLong?.includes(name))) i++;
      continue;
    }
    if (value.startsWith('-') && value.length > 1) {
      for (let k = 1; k < value.length; k++) {
        const ch = value[k]!;
        const writes = spec.writesShort?.includes(ch) === true;
        if (writes || spec.argShort?.includes(ch) || spec.stringShort?.includes(ch)) {
          if (k + 1 >= value.length) {
            i++;
            if (writes && i < words.length) out.push({ at: i });
          } else if (writes) out.push({ at: i, attached: value.slice(k + 1) });
          break;
        }
      }
      continue;
    }
    if (spec.writesOperand) out.push({ at: i, operand: true });
  }
  return out;
}

export const wrapperWrites = (spec: WrapperSpec, words: readonly WordLike[]): boolean => wrapperWritten(spec, words).length > 0;

function longName(value: string): string {
  return value.slice(2).split('=')[0]!;
}

// Finds the inner command of `words[0]` (a wrapper) following the wrapper's own option rules.
export function unwrap(spec: WrapperSpec, words: readonly WordLike[], scanAll = false): Unwrapped {
  if (spec.env) {
    const found = envStart(words);
    if (found.split !== undefined) return { kind: 'string', ...found.split };
    return found.at < words.length ? { kind: 'command', index: found.at } : { kind: 'none' };
  }
  let i = 1;
  let positionals = spec.positionals ?? 0;
  let stringAt: { index: number; skip: number } | undefined;
  let noCommand = false;
  while (i < words.length) {
    const word = words[i]!;
    const value = word.value;
    if (value === '--') {
      // sudo's assignments go on after `--`, which ends only the options (as env's do, R40-b5).
      for (i++; spec.assignments && i < words.length && !words[i]!.dynamic && words[i]!.value.includes('='); i++);
      break;
    }
    // sudo takes any word holding `=` as an assignment, `BASH_FUNC_ls%%=() {…}` included (R39-b10, as env does).
    if (spec.assignments && !word.dynamic && /^[^=-][^=]*=/.test(value)) {
      i++;
      continue;
    }
    if (value.startsWith('--') && value.length > 2) {
      const name = longName(value);
      const attached = value.includes('=');
      if (spec.stringLong?.includes(name)) {
        stringAt = attached ? { index: i, skip: value.indexOf('=') + 1 } : { index: i + 1, skip: 0 };
        i += attached ? 1 : 2;
        continue;
      }
      if (spec.noCommandLong?.includes(name)) noCommand = true;
      i += !attached && spec.argLong?.includes(name) ? 2 : 1;
      continue;
    }
    if (value.startsWith('-') && value.length > 1) {
      if (spec.numeric && /^-\d+$/.test(value)) {
        i++;
        continue;
      }
      let consumed = 1;
      for (let k = 1; k < value.length; k++) {
        const ch = value[k]!;
        if (spec.noCommandShort?.includes(ch)) noCommand = true;
        if (spec.stringShort?.includes(ch)) {
          const skip = k + 1 + (spec.shortEquals && value[k + 1] === '=' ? 1 : 0);
          stringAt = k + 1 < value.length ? { index: i, skip } : { index: i + 1, skip: 0 };
          if (k + 1 >= value.length) consumed = 2;
          break;
        }
        if (spec.optionalShort?.includes(ch)) break;
        if (spec.argShort?.includes(ch)) {
          if (k + 1 >= value.length) consumed = 2;
          break;
        }
      }
      i += consumed;
      continue;
    }
    if (positionals > 0) {
      // An operand place is an option place too (getopt): a word that may be an option at run time (`timeout "$X"
      // 5 git push` with X=`-v`) leaves where the command starts unknown, so the command is taken to start there.
      if (mayBeOption(word)) return { kind: 'command', index: i };
      positionals--;
      i++;
      continue;
    }
    if (scanAll && !stringAt) {
      // su: options may follow the user name (`su root -c CMD`).
      i++;
      continue;
    }
    break;
  }
  if (stringAt && stringAt.index < words.length) return { kind: 'string', ...stringAt };
  if (noCommand || i >= words.length) return { kind: 'none' };
  return { kind: 'command', index: i };
}

// --- Shells ------------------------------------------------------------------------------------

export const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'mksh', 'yash', 'posh', 'rbash', 'fish', 'csh', 'tcsh', 'ksh93', 'pdksh', 'oksh', 'loksh']);
// Interpreters that run a program read from stdin when given no program (`curl x | python3`).
// Versioned names (`tclsh8.6`, `python3.11`) reach these sets as their family (parse-names.ts).
export const INTERPRETERS = withAliases(['python', 'python2', 'python3', 'perl', 'ruby', 'node', 'php', 'lua', 'tclsh', 'pwsh', 'osascript',
  'wish', 'expect', 'jimsh', 'guile', 'julia', 'racket', 'sbcl', 'clisp', 'gnuplot', 'octave', 'ghci', 'jshell', 'erl', 'ocaml', 'gforth', 'xonsh']);

export type ShellMode =
  // `bash -c SCRIPT [arg0 args...]`: the script is words[index]; positional parameters follow.
  | { readonly kind: 'string'; readonly index: number; readonly skip: number }
  // Reads its program from standard input (`bash`, `bash -s`, `sh -`).
  | { readonly kind: 'stdin' }
  // Runs a script file (`bash build.sh`).
  | { readonly kind: 'file'; readonly index: number };

// `oneDash`: bash's reading of its long options spelled with one dash (`-rcfile F`, R46-1), which other shells read as
// a cluster of letters (`-r -c -f …`: shell-startup-files.ts).
export function shellMode(words: readonly WordLike[], oneDash = false): ShellMode {
  let i = 1;
  let commandString = false;
  let fromStdin = false;
  while (i < words.length) {
    const value = words[i]!.value;
    if (value === '--' || value === '-') {
      if (value === '-') fromStdin = true;
      i++;
      break;
    }
    if (value.startsWith('--') || (oneDash && oneDashLong(value))) {
      const name = value.startsWith('--') ? longName(value) : value.slice(1);
      if (name === 'command') {
        // fish --command CMD / --command=CMD
        if (value.includes('=')) return { kind: 'string', index: i, skip: value.indexOf('=') + 1 };
        if (i + 1 < words.length) return { kind: 'string', index: i + 1, skip: 0 };
      }
      i += ['rcfile', 'init-file', 'init-command'].includes(name) && !value.includes('=') ? 2 : 1;
      continue;
    }
    if (/^[-+][A-Za-z]+$/.test(value)) {
      if (value[0] === '-' && value.includes('c')) commandString = true;
      if (value[0] === '-' && value.includes('s')) fromStdin = true;
      i += /[oO]/.test(value) ? 2 : 1;
      continue;
    }
    break;
  }
  if (commandString) return i < words.length ? { kind: 'string', index: i, skip: 0 } : { kind: 'stdin' };
  if (fromStdin || i >= words.length) return { kind: 'stdin' };
  const operand = words[i]!.value;
  if (!words[i]!.dynamic && (operand === '/dev/stdin' || operand === '/proc/self/fd/0' || operand === '/dev/fd/0')) return { kind: 'stdin' };
  return { kind: 'file', index: i };
}

// An interpreter (python, node ...) given no program reads one from stdin.
export function interpreterReadsStdin(words: readonly WordLike[]): boolean {
  for (let i = 1; i < words.length; i++) {
    const value = words[i]!.value;
    if (value === '-' || value === '/dev/stdin') return true;
    if (value === '--') return i + 1 >= words.length;
    if (/^-(?:[ceEmrx]|-eval|-print|-command|-module)/.test(value)) return false;
    // `node --test` alone runs the test files it finds (node's runner), never its standard input (fix30b: `codeward
    // test`'s detected `npm test` is judged as exec's line, with `"test": "node --test"`).
    if (value === '--test' && /(?:^|\/)node$/.test(words[0]!.value)) return false;
    if (value.startsWith('-')) continue;
    return false;
  }
  return true;
}

// `find ... -exec CMD {} ;` (also -execdir, -ok, -okdir): [start, end) ranges of the inner commands.
export function findExecs(words: readonly WordLike[]): Array<readonly [number, number]> {
  const ranges: Array<readonly [number, number]> = [];
  for (let i = 1; i < words.length; i++) {
    if (!['-exec', '-execdir', '-ok', '-okdir'].includes(words[i]!.value)) continue;
    const start = i + 1;
    let end = start;
    while (end < words.length && words[end]!.value !== ';' && !(words[end]!.value === '+' && words[end - 1]?.value === '{}')) end++;
    if (end > start) ranges.push([start, end]);
    i = end;
  }
  return ranges;
}

// `watch [options] CMD...` joins its arguments and runs them with `sh -c` unless -x / --exec.
export function watchCommand(words: readonly WordLike[]): { index: number; exec: boolean } | undefined {
  let exec = false;
  let i = 1;
  while (i < words.length) {
    const value = words[i]!.value;
    if (value === '--') {
      i++;
      break;
    }
    if (value.startsWith('--')) {
      const name = longName(value);
      if (name === 'exec') exec = true;
      i += ['interval', 'chgexit-limit'].includes(name) && !value.includes('=') ? 2 : 1;
      continue;
    }
    if (value.startsWith('-') && value.length > 1) {
      if (value.includes('x')) exec = true;
      i += /^-[a-z]*n$/.test(value) ? 2 : 1;
      continue;
    }
    break;
  }
  return i < words.length ? { index: i, exec } : undefined;
}

// A debugger's program and its arguments (`gdb [opts] --args CMD ...`, `lldb [opts] -- CMD ...`): the
// index of CMD, run when the debugger's commands say `run` (red team R6-6: judged like a wrapped command).
export function debuggedCommand(key: string, words: readonly WordLike[]): number | undefined {
  const marker = key === 'gdb' || key === 'cgdb' || key === 'gdb-multiarch' ? '--args' : key === 'lldb' ? '--' : undefined;
  if (marker === undefined) return undefined;
  const index = words.findIndex((word, i) => i > 0 && word.value === marker);
  return index > 0 && index + 1 < words.length ? index + 1 : undefined;
}
