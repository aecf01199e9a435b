import { SSH_CONFIG_COMMAND_TEXT, sshConfigFiles } from '../shell/parse-launch-generic.js';
import type { ShellParse } from '../shell/parse-types.js';
import type { ShellPlace } from './immune-place.js';
import { settingsPlace, settingsText } from './settings-file-read.js';
import { withoutPlainSettings, type SettingsReader } from './settings-placeholders.js';

// `ssh -F FILE` / `-o Include=FILE` (launch.md "left"): the planner reads such a config as a command only known at
// run time (parse-launch-generic.ts), since it may make ssh run a program. The file is read here (settings-file-read.ts:
// bounded, through the workspace's read jail inside it, never following a link, never blocking): one that sets none
// of the keywords below is an ordinary ssh; one that sets any of them, is larger than the bound, or cannot be read
// stays a command only known at run time (a person decides).

// Keywords that run a local program or load a library (ProxyCommand, LocalCommand, KnownHostsCommand, Match exec,
// XAuthLocation, PKCS11Provider, SecurityKeyProvider), run one on the remote side unseen (RemoteCommand), or read
// another file (Include); Match is any of its criteria (`exec` runs a command).
const RUNS = /^(?:proxycommand|localcommand|knownhostscommand|remotecommand|match|include|xauthlocation|pkcs11provider|securitykeyprovider)$/i;

// Whether ssh reading this config file may run a program (or it could not be read whole).
export function sshConfigRuns(path: string, place: ShellPlace): boolean {
  if (path.includes('\u0000')) return true;
  const full = settingsPlace(path, place.runDir);
  const text = full === undefined ? undefined : settingsText(full, place.root);
  if (text === undefined) return true;
  // ssh removes the quotes of a quoted keyword (`"ProxyCommand" nc %h %p`).
  return text.split(/\r?\n/).some((line) => RUNS.test((/^\s*([^\s=#]+)/.exec(line)?.[1] ?? '').replace(/"/g, '')));
}

const SSH: SettingsReader = { text: SSH_CONFIG_COMMAND_TEXT, programs: new Set(['ssh']), files: (command) => sshConfigFiles(command.words), runs: sshConfigRuns };

// Every reading of the line without its ssh config placeholders when they are all ordinary configs.
export const withoutPlainSshConfigs = (parse: ShellParse, place: ShellPlace): ShellParse => withoutPlainSettings(parse, place, SSH);
