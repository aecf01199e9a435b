import { readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

// WSL mounts each Windows drive at ROOT/LETTER (drvfs, ROOT /mnt unless /etc/wsl.conf's [automount] root says
// otherwise): its Users folder holds the person's Windows profiles.
export const WSL_DRIVE = /^[a-z]$/;

// What this host says about where homes are (read from its /etc; a test's own folder): the accounts, the folders new
// homes are made in (useradd's HOME, adduser's DHOME, SSSD's override_homedir/fallback_homedir: LDAP/SSSD homes under
// /data/home or /u that /etc/passwd does not list), and WSL's drive root ('' for /). With NSS asked (home-nss.ts, the
// jail only): its accounts in `passwd` too, and why it could not be asked.
export interface HomeHost {
  readonly passwd: string;
  readonly parents: readonly string[];
  readonly wslRoot: string;
  readonly nssProblem?: string;
}

// Never a home, whatever an account says (old Debian's `bin:/bin:/bin/sh`, `games:/usr/games`): the system's own
// folders; nor / or a top folder itself (homeLike).
const SYSTEM = /^\/(?:bin|sbin|lib\w*|usr|etc|dev|proc|sys|run|boot|tmp|var\/run|var\/lock)(?:\/|$)/;
const NO_LOGIN = /(?:nologin|false|sync|shutdown|halt)$/;
const homeLike = (path: string): boolean => /^\/[^/]+\/./.test(path) && !SYSTEM.test(path);

// Whether a folder is a person's home by its shape, whatever HOME says (round 11: HOME set to another folder
// than the home opened as the workspace turned the home's default deny off): /root, PARENT/NAME for /home, /Users,
// /var/home (Fedora Silverblue) and each folder the host makes homes in, WSLROOT/DRIVE/Users/NAME (a Windows profile
// under WSL, red team R38-a7), or the passwd home of any account with a login shell (any uid, R38-a7: postgres's
// /var/lib/postgresql, an LDAP account's /srv/home/NAME), never a system folder.
export function homeShaped(folder: string, host: HomeHost = hostHomes()): boolean {
  const path = folder.replace(/\/+$/, '');
  const parent = path.slice(0, path.lastIndexOf('/'));
  const wsl = parent.startsWith(`${host.wslRoot}/`) && /^\/[a-z]\/Users$/.test(parent.slice(host.wslRoot.length));
  if (path === '/root' || (homeLike(path) && (wsl || homeParents(host).includes(parent) || passwdHomes(host.passwd).includes(path)))) return true;
  return homeLike(path) && reachedThroughLink(path, host);
}

// The sandbox judges the workspace by its REAL path, and a host may reach its homes through a link (`/home ->
// /data/home`; passwd still says /home/alice: red team R43-a5). So the home parents, and each passwd home's folder,
// are resolved too. Only the folders above the homes are resolved, never a home itself: resolving an automounted home
// would mount it.
function reachedThroughLink(path: string, host: HomeHost): boolean {
  const parent = dirname(path);
  const homes = passwdHomes(host.passwd);
  const above = new Set([...homeParents(host), ...homes.map((home) => dirname(home))]);
  const real = new Map([...above].map((folder) => [folder, realOrSame(folder)]));
  if (homeParents(host).some((folder) => real.get(folder) === parent)) return true;
  return homes.some((home) => basename(home) === basename(path) && real.get(dirname(home)) === parent);
}

function realOrSame(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return folder;
  }
}

// The folders whose every folder is a home: the shapes' and this host's.
export const homeParents = (host: HomeHost): string[] => ['/home', '/Users', '/var/home', ...host.parents.filter((path) => path.startsWith('/') && !SYSTEM.test(path))];

// The homes passwd names for accounts with a login shell (any uid but nobody's), never a system folder.
export function passwdHomes(passwd: string): string[] {
  return passwd.split('\n').flatMap((line) => {
    const [, , uid, , , home = '', shell = 'nologin'] = line.split(':');
    const path = home.replace(/\/+$/, '');
    return uid !== '65534' && !NO_LOGIN.test(shell.trim()) && homeLike(path) ? [path] : [];
  });
}

// This host's homes as its /etc says (`etc`: a test's own folder). SSSD's /data/home/%u: the folder before the first
// %-part; wsl.conf's root in its [automount] section. The jail adds NSS's accounts (home-nss.ts withNss).
export function hostHomes(etc = '/etc'): HomeHost {
  const read = (name: string): string => {
    try {
      return readFileSync(join(etc, name), 'utf8').slice(0, 1 << 20);
    } catch {
      return '';
    }
  };
  const values = (text: string, pattern: RegExp): string[] => [...text.matchAll(pattern)].map((match) => match[1]!.replace(/\/+$/, ''));
  const parents = `${read('default/useradd')}\n${read('adduser.conf')}\n${read('sssd/sssd.conf')}`;
  return {
    passwd: read('passwd'),
    parents: values(parents, /^\s*(?:D?HOME|(?:override|fallback)_homedir)\s*=\s*"?(\/[^"%\s]*?)\/?(?:%|"|\s|$)/gm),
    wslRoot: values(read('wsl.conf'), /^\s*\[automount\][^[]*?^\s*root\s*=\s*"?(\/[^"\s#;]*)/gim)[0] ?? '/mnt',
  };
}
