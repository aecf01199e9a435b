import { spawnSync } from './spawn-sync.js';
import { lstatSync } from 'node:fs';
import { homeShaped, hostHomes, type HomeHost } from './home-shape.js';
import { findOnPath, systemTools } from './which.js';

// A workspace that is a home (home-shape.ts homeShaped: the default-deny view of a home) is known by the files /etc
// holds; an account only NSS knows (LDAP, NIS, nss-systemd's userdb: red team R40-a3) has a home /etc/passwd does not
// name (/srv/bob). So when the workspace's owner is missing from /etc/passwd, and only then, NSS is asked for that
// one uid (one spawn of `getent passwd UID` in that rare case, none otherwise; home56's LEFT).

// Bounded: an LDAP server that does not answer, or a directory of a million accounts, gives what came so far.
export const NSS_TIMEOUT_MS = 3000;
export const NSS_MAX_BYTES = 16 << 20;

// The passwd lines NSS gives for `uid` ('' when none), and why it could not be asked (no getent, a timeout, a
// failure: not "no such account", getent's exit 2).
export type OwnerLookup = (uid: number) => { readonly passwd: string; readonly problem?: string };
// `getent`: the program (tests: a fake or a missing one); by default the system's, from /bin or /usr/bin only (home-nss.ts).
export const nssOwner = (getent?: string): OwnerLookup => (uid) => {
  const program = getent ?? findOnPath('getent', systemTools());
  if (!program) return { passwd: '', problem: 'no getent in /bin or /usr/bin' };
  const asked = getentPasswd(program, [String(uid)], NSS_TIMEOUT_MS);
  return asked.problem?.endsWith('(exit 2)') ? { passwd: asked.passwd } : asked;
};

// Whether `root` is a home: by the files' shapes and accounts, or as its owner's home when NSS alone names the owner.
// NSS not answering is said once (`warn`, fix59's LEFT): the workspace is then taken as no home by the files alone.
export function homeShapedOwned(root: string, host: HomeHost = hostHomes(), lookup: OwnerLookup = nssOwner(), warn?: (message: string) => void): boolean {
  if (homeShaped(root, host)) return true;
  const uid = lstatSync(root, { throwIfNoEntry: false })?.uid;
  if (uid === undefined || host.passwd.split('\n').some((line) => line.split(':')[2] === String(uid))) return false;
  const asked = lookup(uid);
  if (asked.problem !== undefined) warn?.(`the workspace's owner (uid ${uid}) is not in /etc/passwd and NSS could not be asked for it (${asked.problem}): the workspace was taken as nobody's home folder (its dot-files not hidden by default as a home's are)`);
  const lines = asked.passwd.split('\n').filter((line) => line.split(':')[2] === String(uid));
  return lines.length > 0 && homeShaped(root, { ...host, passwd: lines.join('\n') });
}

// `getent passwd KEYS…`, bounded (`timeoutMs`, NSS_MAX_BYTES, SIGKILL, an empty environment).
export function getentPasswd(getent: string, keys: readonly string[], timeoutMs: number): { passwd: string; problem?: string } {
  const result = spawnSync(getent, ['passwd', ...keys], { encoding: 'utf8', env: {}, stdio: ['ignore', 'pipe', 'ignore'], timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: NSS_MAX_BYTES });
  const passwd = typeof result.stdout === 'string' ? result.stdout : '';
  if (result.error) {
    const code = (result.error as NodeJS.ErrnoException).code;
    const why = code === 'ETIMEDOUT' ? `gave no answer within ${timeoutMs} ms` : code === 'ENOBUFS' ? `listed more than ${NSS_MAX_BYTES >> 20} MB` : result.error.message;
    return { passwd, problem: `${getent} passwd ${why}` };
  }
  return result.status === 0 ? { passwd } : { passwd, problem: `${getent} passwd failed (${result.signal ?? `exit ${result.status}`})` };
}

