// Homes outside the known shapes (red team R38-a7's rest): any account with a login shell (any uid: postgres's
// /var/lib/postgresql, an LDAP account's /srv/home/NAME), the folders the host makes homes in (useradd's HOME, adduser's
// DHOME, SSSD's override_homedir/fallback_homedir: LDAP/SSSD homes /etc/passwd does not list), WSL's automount root
// from /etc/wsl.conf. Read from a fixture /etc, never the real one. The jail shows each such home as the default-deny
// view shows a home (homeFolders -> view-whole-root.ts jailHomes).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeFolders } from '../../src/sandbox/home-folders.js';
import { homeShaped, hostHomes, type HomeHost } from '../../src/sandbox/home-shape.js';
import { jailHomes } from '../../src/sandbox/view-whole-root.js';

let base: string;
let etc: string;
const PASSWD = [
  'root:x:0:0:root:/root:/bin/bash',
  'bin:x:2:2:bin:/bin:/bin/sh',
  'games:x:5:60:games:/usr/games:/bin/sh',
  'www-data:x:33:33::/var/www:/usr/sbin/nologin',
  'postgres:x:113:120::/var/lib/postgresql:/bin/bash',
  'nobody:x:65534:65534::/nonexistent/x:/bin/sh',
  'data:x:900:900::/data:/bin/bash',
  'ldap:x:500:500::/srv/home/bob:/bin/bash',
].join('\n');

beforeAll(() => {
  base = mkdtempSync('/var/tmp/cw-home-shape-');
  etc = join(base, 'etc');
  mkdirSync(join(etc, 'default'), { recursive: true });
  mkdirSync(join(etc, 'sssd'));
  writeFileSync(join(etc, 'passwd'), `${PASSWD}\nerin:x:1500:1500::${base}/u/erin:/bin/zsh\n`);
  writeFileSync(join(etc, 'default', 'useradd'), `SHELL=/bin/sh\nHOME=${base}/data/home\n`);
  writeFileSync(join(etc, 'sssd', 'sssd.conf'), '[domain/corp]\noverride_homedir = /srv/home/%u\nfallback_homedir = /u/%d/%u\n');
  writeFileSync(join(etc, 'wsl.conf'), `[boot]\nroot = /not-this\n[automount]\nenabled = true\nroot = ${base}/win/\n`);
  for (const folder of ['data/home/alice', 'win/c/Users/dave/.ssh', 'win/c/Users/Public', 'u/erin', 'srv/app']) mkdirSync(join(base, folder), { recursive: true });
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('homes outside the known shapes (R38-a7)', () => {
  it('reads the host\'s home folders from its /etc: useradd, SSSD templates, the WSL automount root', () => {
    const host = hostHomes(etc);
    expect(host.parents).toEqual([`${base}/data/home`, '/srv/home', '/u']);
    expect(host.wslRoot).toBe(`${base}/win`);
    expect(hostHomes(join(base, 'no-etc'))).toEqual({ passwd: '', parents: [], wslRoot: '/mnt' });
  });

  it('a passwd home with a login shell is a home at any uid; never a system folder, a top folder or a nologin account\'s', () => {
    const host: HomeHost = { passwd: PASSWD, parents: [], wslRoot: '/mnt' };
    for (const folder of ['/var/lib/postgresql', '/srv/home/bob', '/root', '/home/x']) expect(homeShaped(folder, host), folder).toBe(true);
    for (const folder of ['/bin', '/usr/games', '/var/www', '/data', '/nonexistent/x', '/srv/app', '/', '/srv/home']) expect(homeShaped(folder, host), folder).toBe(false);
  });

  it('every folder of a home folder the host names is a home (LDAP/SSSD accounts passwd does not list), WSL profiles under its root', () => {
    const host = hostHomes(etc);
    for (const folder of [`${base}/data/home/alice`, '/srv/home/carol', '/u/corp', `${base}/win/c/Users/dave`]) expect(homeShaped(folder, host), folder).toBe(true);
    for (const folder of ['/mnt/c/Users/dave', `${base}/srv/app`, `${base}/win/c`]) expect(homeShaped(folder, host), folder).toBe(false);
  });

  it('the jail lists them and empties them as the default-deny view shows a home', () => {
    const homes = homeFolders(hostHomes(etc));
    for (const folder of ['data/home/alice', 'win/c/Users/dave', 'win/c/Users/Public', 'u/erin']) expect(homes).toContain(join(base, folder));
    expect(homes).not.toContain(join(base, 'srv', 'app'));
    const jailed = jailHomes('/nonexistent-workspace', homes, []);
    for (const folder of ['data/home/alice', 'win/c/Users/dave', 'u/erin']) expect(jailed).toContain(join(base, folder));
  });
});
