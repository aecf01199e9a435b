import type { WordLike } from './parse-wrappers.js';

// GnuPG's home folder (fix83; fix73's LEFT): `--homedir DIR` or GNUPGHOME=DIR makes gpg and the programs it starts
// read DIR's settings files (gpg.conf's agent-program / dirmngr-program / photo-viewer / exec-path, gpg-agent.conf's
// pinentry-program / scdaemon-program ...), each a program it may run. A home other than the person's own is read
// as a command only known at run time (GPG_HOME_TEXT); the permission layer reads its files (permissions/gpg-home.ts)
// and a home whose files name no program is an ordinary gpg. A home only known at run time stays unknown.
export const GPG_HOME_TEXT = '"$GPG_HOME_SETTINGS"';

// The GnuPG programs that read a home's settings files or start one that does (the agent, dirmngr, scdaemon).
export const GNUPG_PROGRAMS: readonly string[] = ['gpg', 'gpg2', 'gpgsm', 'gpg-agent', 'gpg-connect-agent', 'gpgconf', 'gpgtar', 'gpg-card', 'dirmngr', 'dirmngr-client', 'gpg-wks-client', 'scdaemon', 'keyboxd'];

// The option: `--homedir DIR`, `--homedir=DIR`, a prefix of at least three letters (GnuPG reads abbreviations).
const HOMEDIR = /^--hom(?:e(?:d(?:i(?:r)?)?)?)?(?:=|$)/;

// The home folders a GnuPG program's words name (GNUPGHOME arrives as `--homedir=VALUE`: option-variables.ts);
// a word only known at run time is its text with a NUL (never a readable folder).
export function gpgHomes(words: readonly WordLike[]): string[] {
  const out: string[] = [];
  for (let at = 1; at < words.length; at++) {
    const word = words[at]!;
    if (word.value === '--') break;
    if (!HOMEDIR.test(word.value)) continue;
    const eq = word.value.indexOf('=');
    const from = eq < 0 ? words[++at] : word;
    if (from === undefined) continue;
    const value = eq < 0 ? from.value : word.value.slice(eq + 1);
    out.push(from.dynamic ? `${value}\u0000` : value);
  }
  return out;
}
