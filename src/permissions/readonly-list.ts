import { hasOption, hasShort, operands } from './argv.js';

// The read-only allowlist (seed 004, chatcli §6.5, Codex's argument vetoes): a command here may run
// without asking when no rule matched. A check returns why these arguments are not read-only, or
// undefined; 'any' means no argument can make the command write or run another program.
export type Check = 'any' | ((args: readonly string[]) => string | undefined);

const veto = (reason: string, test: (args: readonly string[]) => boolean): Check => (args) => (test(args) ? reason : undefined);
const atMostOperands = (n: number, reason: string): Check => veto(reason, (args) => operands(args).length > n);

// sed only prints: `sed -n` with `Np`, `N,Mp`, `$p` or `/re/p` scripts (Codex); `w` and `e` write or run.
const SED_SCRIPT = /^(?:(?:\d+|\$|\/[^/]*\/)(?:,(?:\d+|\$|\/[^/]*\/))?p;?)+$/;
function sedCheck(args: readonly string[]): string | undefined {
  if (hasShort(args, 'i') || hasOption(args, '--in-place')) return 'sed -i edits files in place';
  if (!hasShort(args, 'n') && !hasOption(args, '--quiet', '--silent')) return 'only `sed -n` (print) is read-only';
  const scripts: string[] = [];
  let sawScript = false;
  const script = (text: string): void => {
    scripts.push(text);
    sawScript = true;
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '-e' || arg === '--expression') script(args[++i] ?? '');
    else if (arg.startsWith('--expression=')) script(arg.slice('--expression='.length));
    else if (arg === '-f' || arg.startsWith('--file')) return 'sed -f runs a script file';
    else if (/^-[nEruzs]+$/.test(arg) || ['--quiet', '--silent', '--posix', '--regexp-extended', '--debug'].includes(arg)) continue;
    else if (arg.startsWith('-')) return `sed ${arg} is not on the read-only list`;
    else if (!sawScript) script(arg);
  }
  return scripts.every((script) => SED_SCRIPT.test(script.replace(/\s+/g, ''))) ? undefined : 'sed scripts other than `Np` / `N,Mp` may write files or run commands';
}

// awk can run commands (system, pipes, getline) and write files (print >).
function awkCheck(args: readonly string[]): string | undefined {
  if (hasShort(args, 'f') || hasOption(args, '--file', '--exec')) return 'awk -f runs a program file';
  const program = operands(args.filter((arg, i) => !/^-[vF]$/.test(args[i - 1] ?? '')))[0] ?? '';
  return /system|getline|[|>]|fflush|close|print[^;]*>/.test(program) ? 'this awk program may run commands or write files' : undefined;
}

export const READ_ONLY_COMMANDS: Readonly<Record<string, Check>> = {
  // Files and folders.
  ls: 'any', ll: 'any', dir: 'any', vdir: 'any', cat: 'any', head: 'any', wc: 'any', stat: 'any', du: 'any', df: 'any',
  realpath: 'any', readlink: 'any', basename: 'any', dirname: 'any', pwd: 'any', cd: 'any', lsblk: 'any',
  md5sum: 'any', sha1sum: 'any', sha224sum: 'any', sha256sum: 'any', sha384sum: 'any', sha512sum: 'any', b2sum: 'any', cksum: 'any',
  tail: veto('tail -f follows forever', (a) => hasShort(a, 'fF') || hasOption(a, '--follow')),
  less: veto('less -o writes a log file', (a) => hasShort(a, 'oO') || hasOption(a, '--log-file', '--LOG-FILE')),
  more: 'any',
  file: veto('file -C writes a magic file', (a) => hasShort(a, 'C') || hasOption(a, '--compile')),
  find: veto('find -delete/-exec/-execdir/-ok/-fprint write or run commands', (a) => hasOption(a, '-delete', '-exec', '-execdir', '-ok', '-okdir', '-fprint', '-fprint0', '-fprintf', '-fls')),
  tree: veto('tree -o writes a file', (a) => hasOption(a, '-R') || a.some((x) => x.startsWith('-o'))),
  // Text.
  grep: 'any', egrep: 'any', fgrep: 'any', cut: 'any', tr: 'any', diff: 'any', cmp: 'any', comm: 'any', jq: 'any',
  nl: 'any', tac: 'any', rev: 'any', column: 'any', fold: 'any', fmt: 'any', od: 'any', hexdump: 'any', strings: 'any',
  paste: 'any', join: 'any', expand: 'any', unexpand: 'any', look: 'any', seq: 'any', expr: 'any', numfmt: 'any',
  echo: 'any', printf: 'any', true: 'any', false: 'any', test: 'any', '[': 'any',
  rg: veto('rg --pre/--pre-glob/--hostname-bin/-z run other programs', (a) => hasOption(a, '--pre', '--pre-glob', '--hostname-bin', '--search-zip') || hasShort(a, 'z')),
  ag: veto('ag --pager runs a program', (a) => hasOption(a, '--pager')),
  fd: veto('fd -x/-X run commands', (a) => hasShort(a, 'xX') || hasOption(a, '--exec', '--exec-batch')),
  fdfind: veto('fd -x/-X run commands', (a) => hasShort(a, 'xX') || hasOption(a, '--exec', '--exec-batch')),
  sed: sedCheck,
  awk: awkCheck,
  sort: veto('sort -o writes a file', (a) => a.some((x) => /^-[A-Za-z]*o/.test(x) && !x.startsWith('--')) || hasOption(a, '--output', '--compress-program')),
  uniq: atMostOperands(1, 'uniq INPUT OUTPUT writes OUTPUT'),
  xxd: atMostOperands(1, 'xxd INPUT OUTPUT writes OUTPUT'),
  base64: veto('base64 -o writes a file', (a) => hasShort(a, 'o') || hasOption(a, '--output')),
  yq: veto('yq -i edits files in place', (a) => hasShort(a, 'i') || hasOption(a, '--inplace')),
  xmllint: veto('xmllint --output writes a file', (a) => hasOption(a, '--output', '-o')),
  // System.
  uname: 'any', whoami: 'any', id: 'any', groups: 'any', uptime: 'any', printenv: 'any', which: 'any', whereis: 'any',
  type: 'any', ps: 'any', pgrep: 'any', free: 'any', nproc: 'any', arch: 'any', tty: 'any', locale: 'any', getconf: 'any',
  lscpu: 'any', lsb_release: 'any',
  env: veto('env with a command or variables runs that command', (a) => a.some((x) => !/^(-0|--null|-i|--ignore-environment)$/.test(x))),
  date: veto('date -s sets the clock', (a) => hasShort(a, 's') || hasOption(a, '--set') || operands(a).some((x) => !x.startsWith('+'))),
  hostname: veto('hostname NAME sets the host name', (a) => operands(a).length > 0 || hasShort(a, 'bF') || hasOption(a, '--file', '--boot')),
};
