// Runners that start the command given after their options or subcommand (`npm exec`'s kin: `pnpm dlx`,
// `uv run`, `ssh host CMD`, `nix-shell --run CMD`, `vim -c '!CMD'`), read by one small grammar each. Every
// option that takes shell text or a command is read in each spelling (parse-launch-options.ts).
import { argvText, optionWord, programText } from './parse-launch-options.js';
import { mayBeOption, runtimeOption } from './parse-launch-runtime.js';
import { mayBeSubCommand, runtimeSubCommand } from './parse-launch-pm.js';
import type { Launch } from './parse-launchers.js';
import type { WordLike } from './parse-wrappers.js';
import { pmRunnerOptions } from './pm-options.js';

// An option's name test (a RegExp, or a table's: pm-options.ts).
type OptionName = { test(word: string): boolean };

interface Runner {
  // The subcommand that runs a command (`exec`, `run`); absent: the command follows the options.
  readonly sub?: RegExp;
  // Options taking a value.
  readonly valued?: OptionName;
  // Options whose value is shell text (`nix-shell --run CMD`, `npm exec -c CMD`, `entr -s CMD`).
  readonly text?: RegExp;
  // Options after which the rest is the command (`nix develop -c CMD`).
  readonly argv?: RegExp;
  // Operands before the command (`direnv exec DIR CMD`, `ssh HOST CMD`, `sg GROUP CMD`).
  readonly positionals?: number;
  // The command words are joined and run by a shell (ssh, watchexec).
  readonly joined?: boolean;
  // Only these forms run a command (vim: `-c '!CMD'`, `+'!CMD'`).
  readonly bangOnly?: boolean;
  // Flags after which the command words are joined and run by a shell (`pnpm dlx -c 'CMD'`, R11-1b).
  readonly shell?: OptionName;
  // Short flags that may come before a text option in one word (getopt: `entr -rs CMD`).
  readonly bundle?: string;
}

const RUN = /^(?:run)$/;
const CONDA: Runner = { sub: RUN, valued: /^(?:-n|--name|-p|--prefix|--cwd)$/ };
const EDITOR: Runner = { text: /^(?:-c|--cmd)$/, bangOnly: true };
const RUNNERS: Readonly<Record<string, Runner>> = {
  // The package managers' options: their one table (pm-options.ts).
  pnpm: { sub: /^(?:exec|dlx)$/, ...pmRunnerOptions('pnpm') },
  yarn: { sub: /^(?:exec|dlx)$/, valued: pmRunnerOptions('yarn').valued },
  bun: { sub: /^(?:x|exec)$/, valued: pmRunnerOptions('bun').valued },
  uv: { sub: RUN, valued: /^(?:--with|--python|-p|--project|--directory|--package|--env-file|--index|--extra|--group)$/ },
  uvx: { valued: /^(?:--from|--with|--python|-p)$/ },
  pipx: { sub: RUN, valued: /^(?:--spec|--python)$/ },
  poetry: { sub: RUN },
  pipenv: { sub: RUN },
  pdm: { sub: RUN },
  hatch: { sub: RUN, valued: /^(?:-e|--env)$/ },
  rye: { sub: RUN },
  conda: CONDA,
  mamba: CONDA,
  micromamba: CONDA,
  bundle: { sub: /^exec$/ },
  direnv: { sub: /^exec$/, positionals: 1 },
  'nix-shell': { text: /^(?:--run|--command)$/, valued: /^(?:-p|--packages|-I|--arg|--argstr|-A|--attr)$/ },
  nix: { sub: /^(?:develop|shell)$/, argv: /^(?:-c|--command)$/ },
  ssh: { positionals: 1, joined: true, valued: /^-[bcDEeFIiJLlmOopQRSWw]$/ },
  // sg runs its command through /bin/sh, with or without -c (red team R17-17).
  sg: { positionals: 1, text: /^-c$/, joined: true },
  entr: { text: /^-s$/, bundle: 'acdnprxz' },
  watchexec: { joined: true, valued: /^(?:-w|--watch|-e|--exts|-f|--filter|-i|--ignore|-d|--debounce|-s|--signal|--shell)$/ },
  nodemon: { text: /^(?:-x|--exec)$/, valued: /^(?:-w|--watch|-e|--ext|-i|--ignore|-d|--delay)$/ },
  setpriv: { valued: /^(?:--reuid|--regid|--groups|--inh-caps|--ambient-caps|--bounding-set|--securebits|--selinux-label|--apparmor-profile|--pdeathsig)$/ },
  firejail: {},
  rlwrap: { valued: /^-[afHlpPsSw]$/ },
  chpst: { valued: /^-[ugUeL/n]$/ },
  faketime: { positionals: 1, valued: /^-[f]$/ },
  'flatpak-spawn': {},
  vim: EDITOR,
  nvim: EDITOR,
  vi: EDITOR,
  ex: EDITOR,
};

function runner(key: string, spec: Runner, words: readonly WordLike[]): Launch[] {
  const launches: Launch[] = [];
  let i = 1;
  if (spec.sub) {
    while (i < words.length && (words[i]!.value.startsWith('-') || mayBeOption(words[i]!))) {
      // A word only known at run time before the subcommand may be an option (or the subcommand itself).
      if (mayBeOption(words[i]!)) return [runtimeOption(key, words[i]!)];
      i += spec.valued?.test(words[i]!.value) ? 2 : 1;
    }
    if (i < words.length && mayBeSubCommand(words[i]!)) return [runtimeSubCommand(key, words[i]!)];
    if (i >= words.length || !spec.sub.test(words[i]!.value)) return [];
    i++;
  }
  let positionals = spec.positionals ?? 0;
  let shell = false;
  for (; i < words.length; i++) {
    const value = words[i]!.value;
    const shellFlag = optionWord(value, spec.shell);
    if (shellFlag) {
      shell = true;
      // nopt reads `--shell-mode=true|false` as the flag's value, and splits `-c=git push` into the flag and
      // the command's first word (the flag takes no other value).
      if (shellFlag.attached === 'false') shell = false;
      if (shellFlag.attached !== undefined && !/^(?:true|false)$/.test(shellFlag.attached)) return [...launches, { kind: 'text', text: [shellFlag.attached, ...words.slice(i + 1).map((word) => word.value)].join(' ') }];
      continue;
    }
    if (value === '--') {
      i++;
      break;
    }
    // vim `+'!CMD'`, `-c '!CMD'`: an ex command starting with `!` runs CMD through the shell. vim reads them among
    // its files: a word only known at run time may be one (`vim "$X" f` with X=`+!CMD`).
    if (spec.bangOnly && value.startsWith('+!')) launches.push({ kind: 'text', text: value.slice(2) });
    if (spec.bangOnly && mayBeOption(words[i]!)) launches.push(runtimeOption(key, words[i]!, 'may be an option or a `+` command that runs a program'));
    const textOption = optionWord(value, spec.text, spec.bundle);
    if (textOption && (textOption.attached !== undefined || i + 1 < words.length)) {
      const text = textOption.attached ?? words[++i]!.value;
      if (!spec.bangOnly) launches.push({ kind: 'text', text });
      else if (text.startsWith('!')) launches.push({ kind: 'text', text: text.slice(1) });
      continue;
    }
    const argv = optionWord(value, spec.argv);
    // `--command=PROG ARGS...`: the command starts inside this word.
    if (argv?.attached !== undefined) return [...launches, { kind: 'text', text: argvText([{ value: argv.attached, dynamic: words[i]!.dynamic }, ...words.slice(i + 1)]) }];
    if (argv) {
      i++;
      break;
    }
    if (value.startsWith('-') && value.length > 1) {
      if (spec.valued?.test(value)) i++;
      continue;
    }
    if (positionals > 0) {
      // An operand place is an option place too (`ssh "$X" host` with X=`-oProxyCommand=...`, `faketime "$T" CMD`).
      if (mayBeOption(words[i]!)) launches.push(runtimeOption(key, words[i]!));
      positionals--;
      continue;
    }
    break;
  }
  if (spec.bangOnly || i >= words.length || (spec.text && launches.length > 0 && !spec.sub)) return launches;
  if (spec.joined || shell) return [...launches, { kind: 'text', text: words.slice(i).map((word) => word.value).join(' ') }];
  return [...launches, { kind: 'command', index: i }];
}

// ssh's options that run a local command through the user's shell (`-o ProxyCommand=CMD`, `-oLocalCommand CMD`,
// KnownHostsCommand), in every spelling; read on every word (a word after the host is ssh's too when it is an
// option: reading more fails closed).
const SSH_COMMAND_KEYS = /^(?:proxycommand|localcommand|knownhostscommand)$/i;
// The libraries ssh loads and runs (fix73): `-o PKCS11Provider=LIB` (ssh's `-I LIB`), `-o SecurityKeyProvider=LIB`;
// judged as the program they are (a workspace library is workspace code).
const SSH_LIBRARY_KEYS = /^(?:pkcs11provider|securitykeyprovider)$/i;

const SSH_FLAGS = '46AaCfGgKkMNnqsTtVvXxYy';
// A config file other than the system's (`-F ./cfg`, `-o Include=./cfg`) may set ProxyCommand, LocalCommand or
// `Match exec`: a command only known when ssh reads it.
// The permission layer reads the file (ssh-config.ts): one that sets none of those is an ordinary ssh.
export const SSH_CONFIG_COMMAND_TEXT = '"$SSH_CONFIG_FILE_COMMAND"';
const SSH_CONFIG_COMMAND: Launch = { kind: 'text', text: SSH_CONFIG_COMMAND_TEXT };
const sshConfig = (path: string | undefined): boolean => path !== undefined && !/^(?:none|\/dev\/null|\/etc\/ssh\/.*)$/.test(path.trim());

// Each word's config file (`-F FILE`, `-o Include=FILE`) other than the system's, or undefined (a word of another
// kind); a word only known at run time is its text (never a readable file).
function sshConfigAt(words: readonly WordLike[], k: number): string | undefined {
  const word = words[k + 1]!;
  const file = optionWord(word.value, /^-F$/, SSH_FLAGS);
  const named = file ? (file.attached !== undefined ? word : words[k + 2]) : undefined;
  if (file) return named !== undefined && sshConfig(file.attached ?? named.value) ? (named.dynamic ? '\u0000' : (file.attached ?? named.value)) : undefined;
  const include = sshSetting(words, k);
  return include && /^include$/i.test(include.key) && sshConfig(include.value) ? (include.dynamic ? '\u0000' : include.value) : undefined;
}

function sshSetting(words: readonly WordLike[], k: number): { key: string; value: string; dynamic: boolean } | undefined {
  const option = optionWord(words[k + 1]!.value, /^-o$/, SSH_FLAGS);
  const from = option?.attached !== undefined ? words[k + 1] : option ? words[k + 2] : undefined;
  const setting = option?.attached ?? (option ? words[k + 2]?.value : undefined);
  const match = setting === undefined ? null : /^\s*(\w+)\s*(?:=|\s)\s*([^]*)$/.exec(setting);
  return match ? { key: match[1]!, value: match[2]!, dynamic: from?.dynamic === true } : undefined;
}

// The config files an ssh command's words name (each is one SSH_CONFIG_COMMAND launch).
export function sshConfigFiles(words: readonly WordLike[]): string[] {
  return words.slice(1).flatMap((_, k) => sshConfigAt(words, k) ?? []);
}

function sshCommands(words: readonly WordLike[]): Launch[] {
  return words.slice(1).flatMap((_, k): Launch[] => {
    if (sshConfigAt(words, k) !== undefined) return [SSH_CONFIG_COMMAND];
    // `-o "$X"`: a setting whose name is only known at run time may be ProxyCommand or LocalCommand.
    const option = optionWord(words[k + 1]!.value, /^-o$/, SSH_FLAGS);
    const setting = option?.attached !== undefined ? words[k + 1]! : option ? words[k + 2] : undefined;
    const settingText = option?.attached ?? setting?.value ?? '';
    if (setting?.dynamic === true && !/^\s*\w+\s*(?:=|\s)/.test(settingText)) return [runtimeOption('ssh', { value: settingText, dynamic: true }, 'may be a setting (ProxyCommand, LocalCommand) that runs a program')];
    const match = sshSetting(words, k);
    const library = match && SSH_LIBRARY_KEYS.test(match.key) && !/^none$/i.test(match.value.trim()) ? programText(match.value) : undefined;
    if (library !== undefined) return [{ kind: 'text', text: library }];
    return match && SSH_COMMAND_KEYS.test(match.key) && !/^none$/i.test(match.value.trim()) ? [{ kind: 'text', text: match.value }] : [];
  });
}

// ssh's `-I LIB` (`-ILIB`, after its flags): the PKCS11Provider setting's short spelling, up to the host.
function sshLibraryFlag(words: readonly WordLike[]): Launch[] {
  const out: Launch[] = [];
  for (let k = 1; k < words.length; k++) {
    const value = words[k]!.value;
    if (!value.startsWith('-') || value === '--') break;
    const flag = optionWord(value, /^-I$/, SSH_FLAGS);
    const text = flag === undefined ? undefined : programText(flag.attached ?? words[++k]?.value ?? '');
    if (text !== undefined) out.push({ kind: 'text', text });
    else if (flag === undefined && /^-[bcDEeFiJLlmOopQRSWw]$/.test(value)) k++;
  }
  return out;
}

const SSH_CLIENTS: ReadonlySet<string> = new Set(['scp', 'sftp', 'ssh-copy-id', 'autossh', 'sshfs']);

// What `words[0]` starts by this table; undefined when it is not listed.
export function genericLaunches(key: string, words: readonly WordLike[]): Launch[] | undefined {
  const spec = Object.hasOwn(RUNNERS, key) ? RUNNERS[key] : undefined;
  // slogin is ssh (Debian's /usr/bin/slogin -> ssh: R25-14), named so by the planner (program-aliases.ts).
  if (key === 'ssh') return [...sshCommands(words), ...sshLibraryFlag(words), ...runner('ssh', RUNNERS['ssh']!, words)];
  // The other OpenSSH clients read the same configuration (`scp -F cfg`, red team R24-9) and settings; scp's and
  // sftp's `-S PROG` runs PROG in ssh's place.
  if (SSH_CLIENTS.has(key)) {
    const found = [...sshCommands(words), ...(spec ? runner(key, spec, words) : [])];
    if (key === 'scp' || key === 'sftp') found.push(...words.slice(1).flatMap((word, k): Launch[] => {
      const program = optionWord(word.value, /^-S$/, SSH_FLAGS);
      const text = program?.attached ?? (program ? words[k + 2]?.value : undefined);
      return text === undefined ? [] : [{ kind: 'text', text }];
    }));
    return found.length > 0 || spec ? found : undefined;
  }
  return spec ? runner(key, spec, words) : undefined;
}
