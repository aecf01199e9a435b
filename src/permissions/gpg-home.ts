import { GNUPG_PROGRAMS, GPG_HOME_TEXT, gpgHomes } from '../shell/gpg-homes.js';
import type { ShellParse } from '../shell/parse-types.js';
import type { ShellPlace } from './immune-place.js';
import { settingsNames, settingsPlace, settingsText } from './settings-file-read.js';
import { withoutPlainSettings, type SettingsReader } from './settings-placeholders.js';

// GnuPG's home folder (fix83; fix73's LEFT): `gpg --homedir ./g` / GNUPGHOME=./g read g's settings files, and a
// planted g/gpg.conf `agent-program ./x.sh` (or gpg-agent.conf's scdaemon-program) ran x.sh with no ask. The planner
// reads such a home as a command only known at run time (shell/gpg-homes.ts); its settings files are read here as
// ssh-config.ts reads ssh's (settings-file-read.ts): a home whose files name no program is an ordinary gpg.

// The settings files of a home: each program's, versioned ones too (`gpg.conf-2.2`, read before gpg.conf).
const SETTINGS = /^(?:gpg|gpgsm|gpg-agent|dirmngr|scdaemon|common|keyboxd|tpm2daemon|gpgconf)\.conf(?:-.*)?$/;
// Options that name a program, a library or a folder of programs (agent-program, dirmngr-program, keyboxd-program,
// pinentry-program, scdaemon-program, tpm2daemon-program, protect-tool-program, photo-viewer, exec-path, pcsc-driver,
// ctapi-driver, load-extension, ldap-wrapper-program) or another settings file (options): any spelling of them.
const RUNS = /program|viewer|exec-path|driver|extension|wrapper|^options$/i;

// Whether a GnuPG program with this home may run a program its settings name (or they could not be read whole).
export function gpgHomeRuns(home: string, place: ShellPlace): boolean {
  if (home.includes('\u0000')) return true;
  const folder = settingsPlace(home, place.runDir);
  const names = folder === undefined ? undefined : settingsNames(folder, place.root);
  if (folder === undefined || names === undefined) return true;
  return names.filter((name) => SETTINGS.test(name)).some((name) => {
    const text = settingsText(`${folder}/${name}`, place.root);
    // GnuPG's option lines: `name value`, `#` comments; a quoted name is read without its quotes (fails closed).
    return text === undefined || text.split(/\r?\n/).some((line) => RUNS.test((/^\s*([^\s=#]+)/.exec(line)?.[1] ?? '').replace(/["']/g, '')));
  });
}

const GPG: SettingsReader = { text: GPG_HOME_TEXT, programs: new Set(GNUPG_PROGRAMS), files: (command) => gpgHomes(command.words), runs: gpgHomeRuns };

// Every reading of the line without its GnuPG home placeholders when every home names no program.
export const withoutPlainGpgHomes = (parse: ShellParse, place: ShellPlace): ShellParse => withoutPlainSettings(parse, place, GPG);
