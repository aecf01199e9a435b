// Programs that start other programs from their own arguments, in their own syntax: terminal
// multiplexers (`tmux new -d 'rm -rf ~'`, `screen -dm rm -rf ~`, `tmux send-keys 'rm -rf ~' Enter`),
// git configuration values git runs through a shell (`git -c alias.x='!rm -rf ~' x`,
// `git -c core.pager='sh -c ...' log`, `git config core.sshCommand '...'`), and runners (`npm exec`,
// `uv run`, `poetry run`, `nix-shell --run`, `ssh host CMD`, `vim -c '!CMD'` ...).
import { genericLaunches } from './parse-launch-generic.js';
import { argvText, optionWord } from './parse-launch-options.js';
import { packageProgram } from '../permissions/canonical-runners.js';
import { pmShellLaunches } from './parse-launch-pm.js';
import { npmLaunches, programOptionLaunches } from './parse-launch-npm.js';
import { optionValueLaunches } from './parse-launch-option-values.js';
import { gitExtLaunches } from './parse-launch-git-ext.js';
import { gitSendEmailLaunches } from './parse-launch-git-send-email.js';
import { gitProgramLaunches } from './git-program-options.js';
import { runnerLaunches } from './parse-launch-runners.js';
import { mayBeOption, runtimeOption } from './parse-launch-runtime.js';
import { toolLaunches } from './parse-launch-tools.js';
import type { WordLike } from './parse-wrappers.js';

export type Launch =
  // The command starts at words[index] (an argv, like a wrapper's).
  | { readonly kind: 'command'; readonly index: number }
  // Shell text the program hands to `sh -c` (or types into a shell). `runtime`: the text is a word only known at
  // run time that may be an option running a program (parse-launch-runtime.ts), and why: judged as a line only
  // known at run time.
  | { readonly kind: 'text'; readonly text: string; readonly runtime?: string };

// --- tmux ----------------------------------------------------------------------------------------

// tmux commands that run a shell command (full names and aliases), with their options taking a value.
const TMUX_COMMANDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:new-session|new)$/, 'cefFnstxy'],
  [/^(?:new-window|neww)$/, 'cefFnt'],
  [/^(?:split-window|splitw)$/, 'cefFlpt'],
  [/^(?:respawn-pane|respawnp|respawn-window|respawnw)$/, 'cet'],
  [/^(?:run-shell|run)$/, 'cdt'],
  [/^(?:if-shell|if)$/, 't'],
  [/^(?:display-popup|popup)$/, 'bcdehsStTwxy'],
  [/^(?:pipe-pane|pipep)$/, 't'],
  [/^(?:send-keys|send)$/, 'cNt'],
];
const TMUX_GLOBAL_VALUED = 'fLST';
// tmux's global flags (getopt: `tmux -2uc CMD` is `-2 -u -c CMD`).
const TMUX_GLOBAL_FLAGS = '2CDlNuvV';

function tmux(words: readonly WordLike[]): Launch[] {
  const launches: Launch[] = [];
  let i = 1;
  for (; i < words.length && words[i]!.value.startsWith('-') && words[i]!.value.length > 1; i++) {
    const value = words[i]!.value;
    if (mayBeOption(words[i]!, TMUX_GLOBAL_FLAGS)) launches.push(runtimeOption('tmux', words[i]!));
    if (value === '--') {
      i++;
      break;
    }
    // `tmux -c 'CMD'` (getopt: also `-cCMD`) runs CMD with the default shell, like `sh -c`.
    const shell = optionWord(value, /^-c$/, TMUX_GLOBAL_FLAGS);
    if (shell?.attached !== undefined) launches.push({ kind: 'text', text: value.slice(2) });
    else if (shell && i + 1 < words.length) launches.push({ kind: 'text', text: words[++i]!.value });
    else if (TMUX_GLOBAL_VALUED.includes(value.slice(-1)) && value.length === 2) i++;
  }
  // Commands are separated by `;` words (`\;` on the shell's command line).
  const commands: WordLike[][] = [[]];
  for (const word of words.slice(i)) {
    if (word.value === ';') commands.push([]);
    else if (word.value.endsWith('\\;') || (word.value.endsWith(';') && word.value.length > 1)) {
      commands[commands.length - 1]!.push({ ...word, value: word.value.replace(/\\?;$/, '') });
      commands.push([]);
    } else commands[commands.length - 1]!.push(word);
  }
  for (const command of commands) {
    // A command name only known at run time may be an option or a command that runs one (`run-shell`).
    if (command[0] !== undefined && command[0].lead !== undefined) launches.push(runtimeOption('tmux', command[0], 'may be an option or a tmux command that runs a program'));
    const name = command[0]?.value ?? '';
    const spec = TMUX_COMMANDS.find(([pattern]) => pattern.test(name));
    if (!spec) continue;
    let k = 1;
    while (k < command.length && /^-./.test(command[k]!.value)) {
      const value = command[k]!.value;
      k += value.length === 2 && spec[1].includes(value[1]!) ? 2 : 1;
      if (value === '--') break;
    }
    const rest = command.slice(k).map((word) => word.value);
    if (/^(?:send-keys|send)$/.test(name)) {
      // Keys typed into the pane's shell; key names (Enter, C-m) end a line.
      const typed = rest.map((key) => (/^(?:Enter|C-m|C-j|KPEnter)$/.test(key) ? '\n' : key)).join(' ');
      if (typed.trim() !== '') launches.push({ kind: 'text', text: typed });
    } else if (rest.length > 0) {
      launches.push({ kind: 'text', text: /^(?:if-shell|if)$/.test(name) ? rest.join('\n') : rest.join(' ') });
    }
  }
  return launches;
}

// --- screen --------------------------------------------------------------------------------------

const SCREEN_FLAG_WORDS = new Set(['-ls', '-list', '-wipe', '-ln', '-Logfile', '-logfile']);
const SCREEN_VALUED = new Set(['-c', '-e', '-h', '-p', '-S', '-T', '-t', '-s', '-Logfile', '-logfile']);

function screen(words: readonly WordLike[]): Launch[] {
  let i = 1;
  let remote = false;
  while (i < words.length && words[i]!.value.startsWith('-')) {
    const value = words[i]!.value;
    // `-X`: the words after the options are a screen command for a running session.
    if (value === '-X') remote = true;
    // Bundled flags (`-dmS name`) take a value when their last letter does.
    const bundledValue = /^-[a-zA-Z]{2,}$/.test(value) && !SCREEN_FLAG_WORDS.has(value) && 'cehpSTts'.includes(value.slice(-1));
    i += SCREEN_VALUED.has(value) || bundledValue ? 2 : 1;
  }
  if (i >= words.length) return [];
  if (!remote) return [{ kind: 'command', index: i }];
  // `screen -X stuff 'TEXT'` types TEXT; `screen -X exec CMD`, `screen -X screen CMD` start CMD.
  const sub = words[i]!.value;
  if (sub === 'stuff') return i + 1 < words.length ? [{ kind: 'text', text: words.slice(i + 1).map((word) => word.value).join(' ').replace(/\\n|\^M/g, '\n') }] : [];
  if ((sub === 'exec' || sub === 'screen') && i + 1 < words.length) return [{ kind: 'command', index: i + 1 }];
  return [];
}

// --- git -----------------------------------------------------------------------------------------

// Configuration keys whose value is a command git runs through the shell (aliases only with `!`).
const GIT_COMMAND_KEYS =
  /^(?:core\.(?:pager|editor|sshcommand|fsmonitor|askpass|gitproxy|alternaterefscommand)|sequence\.editor|pager\.[^.]+|diff\.external|diff\..+\.(?:textconv|command)|filter\..+\.(?:clean|smudge|process)|merge\..+\.driver|gpg(?:\..+)?\.program|uploadpack\.packobjectshook|remote\..+\.(?:uploadpack|receivepack|proxy)|interactive\.difffilter|sendemail\.(?:.+\.)?(?:sendmailcmd|smtpserver|tocmd|cccmd|headercmd)|gpg\.ssh\.defaultkeycommand|(?:browser|man|difftool|mergetool)\..+\.(?:cmd|path)|trailer\..+\.(?:command|cmd)|web\.browser|credential(?:\..+)?\.helper|imap\.tunnel|instaweb\.(?:httpd|browser))$/;

function gitCommandValue(key: string, value: string): string | undefined {
  const name = key.toLowerCase();
  // An alias without `!` is more git words (`alias.f='fetch --upload-pack=CMD'`, R22-5): judged as the git line it
  // makes. git splits it with its own quoting (split_cmdline), which the shell's reading covers.
  if (name.startsWith('alias.')) return value.startsWith('!') ? value.slice(1) : value.trim() === '' ? undefined : `git ${value}`;
  // `submodule.<name>.update=!CMD`: `git submodule update` runs CMD through the shell.
  if (name.endsWith('.helper') || /^submodule\..+\.update$/.test(name)) return value.startsWith('!') ? value.slice(1) : undefined;
  // A config file to include may name any program (R12-6c): a program only known at run time.
  if (name === 'include.path' || /^includeif\..+\.path$/.test(name)) return '"$GIT_INCLUDED_CONFIG"';
  if (!GIT_COMMAND_KEYS.test(name) || /^(?:true|false|yes|no|on|off|0|1|)$/i.test(value.trim())) return undefined;
  return value;
}

const GIT_GLOBAL_VALUED = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path', '--super-prefix', '--config-env', '--list-cmds', '--attr-source']);
const GIT_CONFIG_OPTIONS_VALUED = new Set(['-f', '--file', '--blob', '--type', '--default', '--comment', '--value', '--url']);

function git(words: readonly WordLike[]): Launch[] {
  const launches: Launch[] = [];
  let i = 1;
  for (; i < words.length; i++) {
    const value = words[i]!.value;
    if (!value.startsWith('-')) break;
    if (value === '-c' && i + 1 < words.length) {
      const setting = words[++i]!.value;
      const eq = setting.indexOf('=');
      const text = eq > 0 ? gitCommandValue(setting.slice(0, eq), setting.slice(eq + 1)) : undefined;
      if (text) launches.push({ kind: 'text', text });
      continue;
    }
    // `--config-env=KEY=VAR`: KEY's value is the variable's, only known at run time (R12-6b).
    const configEnv = value === '--config-env' ? words[i + 1]?.value : value.startsWith('--config-env=') ? value.slice('--config-env='.length) : undefined;
    const eq = configEnv?.indexOf('=') ?? -1;
    if (configEnv !== undefined && eq > 0 && gitCommandValue(configEnv.slice(0, eq), 'x')) launches.push({ kind: 'text', text: `"$${configEnv.slice(eq + 1)}"` });
    if (GIT_GLOBAL_VALUED.has(value)) i++;
  }
  // `git config [scope] KEY VALUE` / `git config set KEY VALUE` stores a command git runs later.
  if (words[i]?.value === 'config') {
    const operands: string[] = [];
    for (let k = i + 1; k < words.length; k++) {
      const value = words[k]!.value;
      if (GIT_CONFIG_OPTIONS_VALUED.has(value)) k++;
      else if (!value.startsWith('-')) operands.push(value);
    }
    if (operands[0] === 'set' || operands[0] === 'add') operands.shift();
    const [key, value] = operands;
    const text = key !== undefined && value !== undefined ? gitCommandValue(key, value) : undefined;
    if (text) launches.push({ kind: 'text', text });
  }
  // `git clone -c KEY=VALUE` / `--config KEY=VALUE` sets the new repository's configuration before it fetches: a
  // command key (core.sshCommand) runs (R25-14).
  if (words[i]?.value === 'clone') {
    for (let k = i + 1; k < words.length; k++) {
      const value = words[k]!.value;
      const setting = value === '-c' || value === '--config' ? words[++k]?.value : /^--config=(.*)$/s.exec(value)?.[1] ?? /^-c(.+)$/s.exec(value)?.[1];
      const eq = setting?.indexOf('=') ?? -1;
      const text = setting !== undefined && eq > 0 ? gitCommandValue(setting.slice(0, eq), setting.slice(eq + 1)) : undefined;
      if (text) launches.push({ kind: 'text', text });
    }
  }
  // The program-valued options and runner operands of git's one table (git-program-options.ts).
  return [...launches, ...gitExtLaunches(words), ...gitSendEmailLaunches(words, i), ...gitProgramLaunches(words, i)];
}

// Whether `key` starts a command only by its row's option values (parse-launch-program-rows.ts: `install
// --strip-program=PROG`, `sort --compress-program=PROG`, `tar -I CMD`) and by no other table: its words are its
// command line only where it is the program, so another program's words that merely hold its name (`npm install
// --offline`, npm's subcommand) are read as its line only when they hold such an option (parse-launch-guess.ts).
export function launchesByOptionsOnly(key: string): boolean {
  const bare = [{ value: key, dynamic: false }];
  return packageProgram(key) === undefined && optionValueLaunches(key, bare) !== undefined && toolLaunches(key, bare) === undefined && runnerLaunches(key, bare) === undefined;
}

// What `words[0]` (by its lower-cased base name) launches from its own arguments; undefined when it
// is not such a program.
export function launches(key: string, words: readonly WordLike[]): Launch[] | undefined {
  // A package spec or package name run as a program (`npx npm@10 exec -- CMD`, `npx dotenv-cli -- CMD`) is its bin
  // (red team R17-12, R17-17).
  const bin = packageProgram(key);
  if (bin !== undefined) return launches(bin.toLowerCase(), words);
  // hub wraps git: it execs git with the same words (R17-14), so the line is judged as git's too.
  if (key === 'hub') return words.length > 1 ? [{ kind: 'text', text: argvText([{ value: 'git', dynamic: false }, ...words.slice(1)]) }] : [];
  if (key === 'tmux') return tmux(words);
  if (key === 'screen') return screen(words);
  if (key === 'git') return git(words);
  if (key === 'npm') return npmLaunches(words);
  // The shell text of their shell-mode `exec` (parse-launch-pm.ts) and the argv reading, both judged.
  if (key === 'pnpm' || key === 'yarn') return [...programOptionLaunches(words), ...pmShellLaunches(key, words), ...(genericLaunches(key, words) ?? [])];
  if (key === 'bun') return [...pmShellLaunches(key, words), ...(genericLaunches(key, words) ?? [])];
  // The programs of the one row table (parse-launch-program-rows.ts: tar, make, rsync, gdb, psql ...), the tools'
  // and the runners' (parse-launch-runners.ts): a program in more than one is read by each (ansible's ssh options
  // and its -a command: ci87, one table hid the other).
  const tables = [toolLaunches(key, words), optionValueLaunches(key, words), runnerLaunches(key, words)].filter((found) => found !== undefined);
  if (tables.length > 0) return tables.flat();
  return genericLaunches(key, words);
}
