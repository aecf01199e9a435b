import { lstatSync, readdirSync } from 'node:fs';
import { passwdHomes, type HomeHost } from './home-shape.js';
import { getentPasswd, NSS_TIMEOUT_MS } from './home-owner.js';
import { findOnPath, systemTools } from './which.js';

// The accounts the system's account database names (NSS: `getent passwd`), beside the ones /etc/passwd holds as a file
// (home-shape.ts hostHomes). Red team R40-a3: an account known only through NSS (nss-systemd's userdb drop-ins in
// /run/userdb and /etc/userdb, LDAP, NIS, libnss-extrausers) has a home /etc/passwd does not name (/srv/bob), and
// `--sandbox off`'s jail left it readable. Only the jail asks (loaded on demand by an `off` run): ~8 ms a spawn.
export interface NssAccounts {
  // passwd lines, as /etc/passwd's.
  readonly passwd: string;
  // Why NSS could not be asked in full (the homes the files name are still emptied); none on success or off Linux.
  readonly problem?: string;
}

// `getent`: the program (tests: a fake or a missing one); by default the system's, from /bin or /usr/bin only (never
// codeward's PATH, a workspace folder there could plant one: test/lint/spawn-absolute). A listing (`getent passwd`)
// misses what NSS does not enumerate (SSSD's default, nss-systemd's drop-ins on some versions): those are asked by
// name or uid besides (nssKeys), one more spawn when there are any.
// `root`: the root keys are found below (tests: a folder); `timeoutMs`: each spawn's bound.
export function nssAccounts(options: { getent?: string | null; root?: string; timeoutMs?: number } = {}): NssAccounts {
  const getent = options.getent === undefined ? findOnPath('getent', systemTools()) : options.getent;
  if (!getent) return process.platform === 'linux' ? { passwd: '', problem: 'no getent in /bin or /usr/bin' } : { passwd: '' };
  const timeoutMs = options.timeoutMs ?? NSS_TIMEOUT_MS;
  const listed = getentPasswd(getent, [], timeoutMs);
  // A listing that failed: NSS is not answering, the keys would wait as long.
  const keys = listed.problem ? [] : nssKeys(listed.passwd, options.root);
  if (keys.length === 0) return listed;
  const asked = getentPasswd(getent, keys, timeoutMs);
  // getent exits 2 when a key names no account: the ones that do are printed all the same.
  const problem = listed.problem ?? (asked.problem?.endsWith('(exit 2)') ? undefined : asked.problem);
  return { passwd: `${listed.passwd}\n${asked.passwd}`, ...(problem ? { problem } : {}) };
}

// Where nss-systemd takes its drop-in accounts from (NAME.user).
const USERDB = ['etc/userdb', 'run/userdb', 'run/host/userdb', 'usr/local/lib/userdb', 'usr/lib/userdb'];
// The top folders holding no homes (or whose homes are known otherwise: home, root).
const NOT_HOMES = /^(?:bin|sbin|lib\w*|usr|etc|dev|proc|sys|run|boot|tmp|home|root|snap|lost\+found)$/;
const MAX_KEYS = 256;

// The accounts to ask NSS for by key: the userdb drop-ins' names, and the owners (uids) of the folders two levels
// below the root (/srv/bob, /data/carol, /var/lib/x) that the listing does not name: an LDAP account's home is its own.
export function nssKeys(listed: string, root = '/'): string[] {
  const names = new Set<string>();
  const uids = new Set<string>();
  for (const line of listed.split('\n')) {
    const [name, , uid] = line.split(':');
    if (name) names.add(name);
    if (uid) uids.add(uid);
  }
  const keys = new Set<string>();
  for (const folder of USERDB) {
    for (const name of namesIn(Buffer.from(`${root}${folder}`)).map((bytes) => bytes.toString())) if (name.endsWith('.user') && !/^\d+\.user$/.test(name) && !names.has(name.slice(0, -5))) keys.add(name.slice(0, -5));
  }
  // By bytes (issue 26, R40-a2's class): a home folder whose name is not UTF-8 is still stat'ed and its owner asked.
  for (const top of namesIn(Buffer.from(root)).filter((name) => !NOT_HOMES.test(name.toString('latin1')))) {
    const parent = Buffer.concat([Buffer.from(root), top, Buffer.from('/')]);
    for (const name of namesIn(parent)) {
      const stats = lstatSync(Buffer.concat([parent, name]), { throwIfNoEntry: false });
      if (stats?.isDirectory() && !uids.has(String(stats.uid))) keys.add(String(stats.uid));
    }
  }
  return [...keys].slice(0, MAX_KEYS);
}

function namesIn(folder: Buffer): Buffer[] {
  try {
    return readdirSync(folder, { encoding: 'buffer' });
  } catch {
    return [];
  }
}

// The host's homes (home-shape.ts hostHomes) with the accounts NSS names: each one's home is a home as a passwd one is,
// wherever it is (/srv/bob, /var/lib/bob: emptied whole as /home/bob is), and a folder holding two or more homes only
// NSS names is a home parent (where NSS lists only some accounts, SSSD's default, the others' homes beside them).
export function withNss(host: HomeHost, nss: NssAccounts): HomeHost {
  return { ...host, passwd: `${host.passwd}\n${nss.passwd}`, parents: [...host.parents, ...sharedParents(host.passwd, nss.passwd)], ...(nss.problem ? { nssProblem: nss.problem } : {}) };
}
// The folders holding two or more of the homes NSS names and /etc/passwd does not.
function sharedParents(files: string, nss: string): string[] {
  const known = new Set(passwdHomes(files));
  const counts = new Map<string, number>();
  for (const home of new Set(passwdHomes(nss))) {
    const parent = home.slice(0, home.lastIndexOf('/'));
    if (!known.has(home)) counts.set(parent, (counts.get(parent) ?? 0) + 1);
  }
  return [...counts].filter(([, count]) => count >= 2).map(([parent]) => parent);
}

// The warning of a jailed run when NSS could not be asked.
export function nssWarning(problem: string): string {
  return `--sandbox off: the system's account list (NSS) could not be read (${problem}); the jail empties the homes /etc names, a home only NSS names (LDAP, NIS, userdb) may stay readable`;
}
