import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { within } from './paths.js';

// WSL mounts each Windows drive at ROOT/LETTER (drvfs, ROOT /mnt unless /etc/wsl.conf's [automount] root says
// otherwise): its Users folder holds the person's Windows profiles.
export const WSL_DRIVE = /^[a-z]$/;

// What this host says about where homes are (read from its /etc; a test's own folder): the accounts, the folders new
// homes are made in (useradd's HOME, adduser's DHOME, SSSD's override_homedir/fallback_homedir: LDAP/SSSD homes under
// /data/home or /u that /etc/passwd does not list), and WSL's drive root.
export interface HomeHost {
  readonly passwd: string;
  readonly parents: readonly string[];
  readonly wslRoot: string;
}

// Never a home, whatever an account says (old Debian's `bin:/bin:/bin/sh`, `sync:/bin`, `games:/usr/games`): the
// system's own folders, and / or a top folder itself.
const SYSTEM: readonly string[] = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/usr', '/etc', '/dev', '/proc', '/sys', '/run', '/var/run', '/var/lock', '/boot', '/tmp'];
const NO_LOGIN = /(?:nologin|false|sync|shutdown|halt)$/;

function homeLike(path: string): boolean {
  return path.startsWith('/') && path.split('/').filter(Boolean).length >= 2 && !path.split('/').includes('..') && !SYSTEM.some((folder) => within(path, folder));
}

// Whether a folder is a person's home by its shape, whatever HOME says (round 11: HOME set to another folder
// than the home opened as the workspace turned the home's default deny off): /home/NAME, /Users/NAME,
// /var/home/NAME (Fedora Silverblue), PARENT/NAME for each folder the host makes homes in, WSLROOT/DRIVE/Users/NAME
// (a Windows profile under WSL, red team R38-a7), /root, or the home of any account in passwd with a login shell
// (any uid, R38-a7: postgres's /var/lib/postgresql, an LDAP account's /srv/home/NAME), never a system folder.
export function homeShaped(folder: string, host: HomeHost = hostHomes()): boolean {
  const path = folder.replace(/\/+$/, '');
  if (path === '/root') return true;
  if (!homeLike(path)) return false;
  const parent = path.slice(0, path.lastIndexOf('/')) || '/';
  if (homeParents(host).includes(parent) || wslUsersFolder(parent, host.wslRoot)) return true;
  return passwdHomes(host.passwd).includes(path);
}

// The folders whose every folder is a home (/home ...): the shapes' and this host's.
export function homeParents(host: HomeHost): string[] {
  return ['/home', '/Users', '/var/home', ...host.parents.filter(homeLikeParent)];
}

// ROOT/DRIVE/Users: a Windows drive's profiles under WSL.
export function wslUsersFolder(path: string, wslRoot: string): boolean {
  const prefix = wslRoot === '/' ? '' : wslRoot;
  return path.startsWith(`${prefix}/`) && /^[a-z]\/Users$/.test(path.slice(prefix.length + 1));
}

function homeLikeParent(path: string): boolean {
  return path.startsWith('/') && path !== '/' && !SYSTEM.some((folder) => within(path, folder));
}

// The homes passwd names for accounts with a login shell (any uid but nobody's), never a system folder.
export function passwdHomes(passwd: string): string[] {
  const homes: string[] = [];
  for (const line of passwd.split('\n')) {
    const [, , uid, , , home, shell] = line.split(':');
    if (home && Number(uid) !== 65534 && !NO_LOGIN.test(shell?.trim() ?? 'nologin') && homeLike(home.replace(/\/+$/, ''))) homes.push(home.replace(/\/+$/, ''));
  }
  return homes;
}

// This host's homes as its /etc says (`etc`: a test's own folder).
export function hostHomes(etc = '/etc'): HomeHost {
  const useradd = /^\s*HOME\s*=\s*"?([^"\s]+)/m.exec(readSmall(join(etc, 'default', 'useradd')))?.[1];
  const adduser = /^\s*DHOME\s*=\s*"?([^"\s]+)/m.exec(readSmall(join(etc, 'adduser.conf')))?.[1];
  const sssd = [...readSmall(join(etc, 'sssd', 'sssd.conf')).matchAll(/^\s*(?:override|fallback)_homedir\s*=\s*(\S+)/gm)].map((match) => beforeTemplate(match[1]!));
  return { passwd: readSmall(join(etc, 'passwd')), parents: [useradd, adduser, ...sssd].filter((path): path is string => path !== undefined).map((path) => path.replace(/\/+$/, '')), wslRoot: wslRoot(readSmall(join(etc, 'wsl.conf'))) };
}

// /data/home/%u -> /data/home (the folder the template's first %-part lies in).
function beforeTemplate(template: string): string | undefined {
  const parts = template.split('/');
  const first = parts.findIndex((part) => part.includes('%'));
  return first <= 1 ? undefined : parts.slice(0, first).join('/');
}

// /etc/wsl.conf's [automount] root (default /mnt), without its trailing slash.
function wslRoot(conf: string): string {
  let section = '';
  for (const line of conf.split('\n')) {
    const header = /^\s*\[([^\]]+)\]/.exec(line);
    if (header) section = header[1]!.trim().toLowerCase();
    const value = /^\s*root\s*=\s*"?([^"#;\s]+)/.exec(line)?.[1];
    if (section === 'automount' && value?.startsWith('/')) return value.replace(/\/+$/, '') || '/mnt';
  }
  return '/mnt';
}

function readSmall(path: string): string {
  try {
    return readFileSync(path, 'utf8').slice(0, 1024 * 1024);
  } catch {
    return '';
  }
}
