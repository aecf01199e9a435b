// fix59 (home56's LEFT): homeShaped() (the default-deny view of a workspace that IS a home) took homes from /etc only:
// a workspace that is the home of an account only NSS knows (LDAP, userdb: /srv/bob) got no default deny. Now NSS is
// asked for the workspace owner's uid, only when /etc/passwd lacks it. A fake getent logs each call.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { homeShapedOwned, nssOwner } from '../../src/sandbox/home-owner.js';

// Outside /tmp: a home is never a system folder (home-shape.ts SYSTEM names /tmp).
const base = mkdtempSync('/var/tmp/cw-fix59-owner-');
afterAll(() => rmSync(base, { recursive: true, force: true }));
const ws = join(base, 'srv', 'bob');
mkdirSync(ws, { recursive: true });
const uid = process.getuid?.() ?? 1000;
const log = join(base, 'calls');
const getent = join(base, 'getent');
writeFileSync(getent, `#!/bin/sh\necho "$*" >> '${log}'\n[ "$1 $2" = "passwd ${uid}" ] && echo 'bob:x:${uid}:${uid}::${ws}:/bin/bash'\n`);
chmodSync(getent, 0o755);
const host = (passwd: string) => ({ passwd, parents: [], wslRoot: '/mnt' });

describe('a workspace that is the home of an account only NSS names', () => {
  it('its owner missing from /etc/passwd: NSS asked once for that uid, and it is a home', () => {
    rmSync(log, { force: true });
    expect(homeShapedOwned(ws, host('nobody:x:65534:65534::/nonexistent:/usr/sbin/nologin\n'), nssOwner(getent))).toBe(true);
    expect(readFileSync(log, 'utf8')).toBe(`passwd ${uid}\n`);
  });
  it('its owner in /etc/passwd (with another home): NSS is not asked, not a home', () => {
    rmSync(log, { force: true });
    expect(homeShapedOwned(ws, host(`me:x:${uid}:${uid}::/home/me:/bin/bash\n`), nssOwner(getent))).toBe(false);
    expect(existsSync(log)).toBe(false);
  });
  it('NSS names the owner with another home: not a home', () => {
    expect(homeShapedOwned(ws, host(''), () => ({ passwd: `bob:x:${uid}:${uid}::/srv/elsewhere:/bin/bash` }))).toBe(false);
  });
  // fix59's LEFT: a getent that fails or is missing was silent (the files' answer stood unsaid).
  it('NSS cannot be asked (getent missing, or failing): said once, what was assumed', () => {
    const said: string[] = [];
    const failing = join(base, 'getent-fails');
    writeFileSync(failing, '#!/bin/sh\nexit 3\n');
    chmodSync(failing, 0o755);
    for (const program of [join(base, 'no-such-getent'), failing]) expect(homeShapedOwned(ws, host(''), nssOwner(program), (message) => said.push(message))).toBe(false);
    expect(said).toHaveLength(2);
    expect(said[0]).toMatch(new RegExp(`owner \\(uid ${uid}\\) is not in /etc/passwd and NSS could not be asked for it \\(.*no-such-getent.*\\): the workspace was taken as nobody's home`));
    expect(said[1]).toMatch(/getent-fails passwd failed \(exit 3\)/);
  });
  it('NSS answers "no such account" (getent exit 2): nothing said', () => {
    const said: string[] = [];
    const none = join(base, 'getent-none');
    writeFileSync(none, '#!/bin/sh\nexit 2\n');
    chmodSync(none, 0o755);
    expect(homeShapedOwned(ws, host(''), nssOwner(none), (message) => said.push(message))).toBe(false);
    expect(said).toEqual([]);
  });
});
