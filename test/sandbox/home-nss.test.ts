// Red team R40-a3: the accounts NSS names (home-nss.ts) are homes to `--sandbox off`'s jail as /etc/passwd's are. A fake
// getent (a script printing what an NSS of LDAP/userdb accounts would) and a fake root; the real NSS in
// test/redteam40/nss-home-r40.test.ts.
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeFolders } from '../../src/sandbox/home-folders.js';
import { nssAccounts, nssKeys, withNss } from '../../src/sandbox/home-nss.js';
import { hostHomes } from '../../src/sandbox/home-shape.js';

let base: string;
let root: string;
const root0 = process.getuid?.() === 0;

// Lists alice and root; by key, bob (a userdb drop-in) and uid 4343 (an LDAP account the listing leaves out).
const GETENT = `#!/bin/sh
[ "$1" = passwd ] || exit 1
shift
if [ $# -eq 0 ]; then printf 'root:x:0:0::/root:/bin/bash\\nalice:x:4141:4141::/srv/users/alice:/bin/bash\\n'; exit 0; fi
for key in "$@"; do
  case $key in
    bob) echo 'bob:x:4242:4242::/srv/bob:/bin/bash' ;;
    4343) echo 'carol:x:4343:4343::/data/carol:/bin/zsh' ;;
    *) missing=1 ;;
  esac
done
[ -z "$missing" ] || exit 2
`;

beforeAll(() => {
  base = mkdtempSync('/var/tmp/cw-home-nss-');
  root = join(base, 'root/');
  for (const folder of ['run/userdb', 'srv/bob', 'srv/users/alice', 'data/carol', 'data/shared', 'proc/1']) mkdirSync(join(root, folder), { recursive: true });
  writeFileSync(join(root, 'run/userdb/bob.user'), '{"userName":"bob"}');
  writeFileSync(join(root, 'run/userdb/4242.user'), '{"userName":"bob"}');
  if (root0) chownSync(join(root, 'data/carol'), 4343, 4343);
  writeFileSync(join(base, 'getent'), GETENT);
  chmodSync(join(base, 'getent'), 0o755);
  writeFileSync(join(base, 'hangs'), '#!/bin/sh\nexec sleep 30\n');
  chmodSync(join(base, 'hangs'), 0o755);
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('the accounts NSS names (R40-a3)', () => {
  it('asks by key what the listing leaves out: userdb drop-ins by name, the owners of folders below the root by uid', () => {
    const keys = nssKeys('root:x:0:0::/root:/bin/bash\nalice:x:4141:4141::/srv/users/alice:/bin/bash', root);
    expect(keys).toContain('bob');
    expect(keys).not.toContain('4242');
    if (root0) expect(keys).toContain('4343');
    expect(keys).not.toContain('0');
  });

  it("each NSS account's home is a home wherever it is, and a folder of two NSS homes is a home parent", () => {
    const nss = nssAccounts({ getent: join(base, 'getent'), root });
    expect(nss.problem).toBeUndefined();
    expect(nss.passwd).toContain('/srv/bob');
    if (root0) expect(nss.passwd).toContain('/data/carol');
    const etc = join(base, 'etc');
    mkdirSync(etc, { recursive: true });
    writeFileSync(join(etc, 'passwd'), 'root:x:0:0::/root:/bin/bash\n');
    const host = withNss(hostHomes(etc), { passwd: `${nss.passwd}\ndan:x:1:1::/srv/users/dan:/bin/sh` });
    expect(homeFolders(host)).toEqual(expect.arrayContaining(['/srv/bob', '/srv/users/alice']));
    expect(host.parents).toContain('/srv/users');
    expect(host.parents).not.toContain('/srv');
  });

  it('a getent that hangs or is missing is said, and what came is kept', () => {
    expect(nssAccounts({ getent: join(base, 'hangs'), root, timeoutMs: 300 }).problem).toMatch(/gave no answer within 300 ms/);
    expect(nssAccounts({ getent: join(base, 'none'), root }).problem).toMatch(/ENOENT/);
    expect(nssAccounts({ getent: null, root })).toEqual(process.platform === 'linux' ? { passwd: '', problem: 'no getent in /bin or /usr/bin' } : { passwd: '' });
  });
});
