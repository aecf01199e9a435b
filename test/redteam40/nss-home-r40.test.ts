// R40-a3 — MINOR (MAJOR for a root codeward: every file of that home is read, 0600 tokens too) — `--sandbox off`'s
// write jail empties every home it KNOWS (view-whole-root.ts: the root whole read-only, homes empty), and it knows
// homes only from files: the children of /home, /Users, /var/home and the useradd/adduser/sssd parents, and the
// passwd homes of /etc/passwd (home-shape.ts hostHomes reads `/etc/passwd` as a file). An account the system knows
// only through NSS — nss-systemd's userdb drop-ins (/run/userdb, /etc/userdb: shipped and enabled by default on
// Debian/Ubuntu/Fedora, `passwd: files systemd`), LDAP via nslcd/libnss-ldap, NIS, libnss-extrausers (Ubuntu Core)
// — with a home outside those parents (/srv/bob, /data/users/bob, /var/lib/bob) is no home to the jail, so an `off`
// run reads bob's ~/.npmrc, ~/.git-credentials, ~/.ssh. `getent passwd bob` names it on the same host.
// Class: the set of homes taken from one file instead of the system's account database (NSS).
// Repro (integ 54799dc5, root, bwrap; a private mount namespace: tmpfs over /run and /srv, the real ones untouched):
//   /run/userdb/bob.user = {"userName":"bob","uid":4242,"homeDirectory":"/srv/bob","shell":"/bin/bash",...}
//   getent passwd bob -> bob:x:4242:4242:bob:/srv/bob:/bin/bash
//   codeward --yes --sandbox off exec --cmd 'cat /srv/bob/.npmrc'   -> BOB-NSS-TOKEN [exit 0]
//   (control: /home/carol/.npmrc -> No such file or directory)
// Fix (one place, home-shape.ts hostHomes): take the accounts from NSS (`getent passwd`, one spawn, bounded; or
// os.userInfo-style getpwent through a helper) besides /etc/passwd, and the parent folder of each NSS home as a home
// parent when two or more homes share it (where enumeration is off, as SSSD's default, the parents found so).
// FIXED (home56, sandbox/home-nss.ts + home-shape.ts hostHomes): the jail lists NSS's accounts (`getent passwd` from
// /bin or /usr/bin, 3 s and 16 MB bounds), then asks by key what the listing leaves out (nss-systemd here does not
// enumerate its drop-ins): userdb drop-in names, the uids owning the folders two levels below /. Each such home is
// emptied whole as /home/NAME is; a getent that fails or hangs is said in a warning, the file-derived homes kept.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const root = process.getuid?.() === 0;
const nssSystemd = /^passwd:.*\bsystemd\b/m.test(existsSync('/etc/nsswitch.conf') ? spawnSync('cat', ['/etc/nsswitch.conf'], { encoding: 'utf8' }).stdout : '');
const usable = root && bwrapWorks && existsSync(CLI) && nssSystemd && existsSync('/srv') && existsSync('/usr/bin/unshare');

let base: string;
let out = '';
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt40a-nss-');
  const ws = join(base, 'ws');
  spawnSync('git', ['init', '-q', ws]);
  mkdirSync(join(base, 'h'));
  if (!usable) return;
  const script = [
    'set -e',
    'mount -t tmpfs none /run',
    'mount -t tmpfs none /srv',
    'mount -t tmpfs none /home',
    'mkdir -p /run/userdb /srv/bob /home/carol',
    'echo BOB-NSS-TOKEN > /srv/bob/.npmrc',
    'echo CAROL-HOME-TOKEN > /home/carol/.npmrc',
    `echo '{"userName":"bob","uid":4242,"gid":4242,"homeDirectory":"/srv/bob","shell":"/bin/bash","disposition":"regular"}' > /run/userdb/bob.user`,
    'getent passwd bob',
    `exec node '${CLI}' --yes --sandbox off exec --cmd 'cat /srv/bob/.npmrc; cat /home/carol/.npmrc; true'`,
  ].join('\n');
  const env = { HOME: join(base, 'h'), PATH: process.env['PATH'] ?? '/usr/bin:/bin', CODEWARD_STATE_DIR: join(base, 's') };
  const result = spawnSync('unshare', ['-m', '--propagation', 'private', 'sh', '-c', script], { cwd: ws, env, encoding: 'utf8', timeout: 60_000 });
  out = `${result.stdout}${result.stderr}`;
}, 90_000);
afterAll(async () => rm(base, { recursive: true, force: true }));

describe.skipIf(!usable)('R40-a3 MINOR: a home named only by NSS is not emptied by the off jail', () => {
  it('control: NSS names bob, the run ran, and a /home child stays hidden', () => {
    expect(out).toContain('bob:x:4242:4242:bob:/srv/bob:/bin/bash');
    expect(out).toContain('[exit 0]');
    expect(out).not.toContain('CAROL-HOME-TOKEN');
  });
  it("bob's home (/srv/bob, from NSS) is hidden too", () => {
    expect(out).not.toContain('BOB-NSS-TOKEN');
  });
});
