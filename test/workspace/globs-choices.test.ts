// Issue 31: brace lists of plain words and classes of plain letters are written out as the globs they stand for
// (`**/*.{p12,pfx}`: two `*.EXT` tests), and a glob whose only special character is a one-segment `*` (/etc's
// `shadow*`, `ssh/*_key`) gets its expression without picomatch: the sandbox's view walks and the tracked-file
// listing of a repository then never load picomatch's parser for the default credential globs. Same answers.
import picomatch from 'picomatch';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileNonAccessible } from '../../src/workspace/globs.js';
import { CREDENTIALS } from '../../src/sandbox/toolchains.js';
import { ETC_SECRETS } from '../../src/sandbox/etc-view.js';
import { DEFAULT_NON_ACCESSIBLE_GLOBS } from '../../src/workspace/types.js';

const GLOBS = [
  '**/id_{rsa,dsa,ecdsa,ed25519}{,_sk}', '**/*.{p12,pfx,jks,keystore}', '**/[Nn]u[Gg]et.[Cc]onfig', '{a,b}/c.txt', 'x{1,2}*',
  'shadow*', 'ssh/*_key', 'ceph/*keyring*', '*.pem', 'a/*', '*', 'a.*', '*.', 'x/*/y', 'postfix/sasl_passwd*',
  '**/.env.!(example|{a,b})', '!(x|{y,z})', '*/!(etc|pip.conf|pip.ini)', 'a/!(b|c.d)', '!(a|b)', 'x/*/!(y)', 'a/!(b)/c', 'ssh/!(*_key)', 'local', 'games', 'shims', 'tools/user', '{a..c,d}', '[a-c].txt', '[!a]b', '{a}', 'a/{b,c/d}', '@(a|b){c,d}',
  ...CREDENTIALS.map((entry) => entry.glob), ...ETC_SECRETS, ...DEFAULT_NON_ACCESSIBLE_GLOBS,
];
const NAMES = ['id_rsa', 'id_rsa_sk', 'id_ed25519_sk', 'id_rsa.pub', 'id_', 'id_sk', 'k.p12', '.p12', 'p12', 'k.pfx.bak', 'a.keystore', 'NuGet.Config',
  'nuget.config', 'NUGET.CONFIG', 'Nuget.Config', 'a', 'b', 'c', 'd', 'a.c', 'x1', 'x2y', 'x3', 'shadow', 'shadow-', 'gshadow', 'ssh_host_rsa_key', 'x_key',
  '_key', 'keyring', 'ceph.keyring', 'k.pem', '.pem', 'a.', '...', 'a.b', 'x', 'y', 'z', 'b.txt', 'ab', 'bb', 'c.txt', 'ac', 'bd', 'a..c',
  '.env', '.env.a', '.env.local', '.env.example', 'sasl_passwd', 'sasl_passwd.db', 'credentials', '.npmrc', 'npmrc', 'settings.xml', 'config'];
const FOLDERS = ['', 'a/', 'lib/', 'x/y/', 'ssh/', 'ceph/', 'x/', 'x/q/', 'home/.m2/', '.git/', 'postfix/', 'c/', 'b/', '.docker/', 'etc/', 'a/b/'];
// Normalised relative paths (no `.` or `..` segment: the matcher answers false for `.`, as for the root).
const PATHS = FOLDERS.flatMap((folder) => NAMES.map((name) => `${folder}${name}`));

afterEach(() => vi.restoreAllMocks());

describe('compileNonAccessible with brace lists, letter classes and one-segment stars', () => {
  it('answers as picomatch does, glob by glob and for all of them at once', () => {
    for (const glob of GLOBS) {
      const reference = picomatch(glob, { dot: true, windows: false });
      const matcher = compileNonAccessible([glob]);
      for (const path of PATHS) expect(matcher.entry(path), `${glob} on ${path}`).toBe(reference(path));
    }
    const all = picomatch(GLOBS, { dot: true, windows: false });
    const matcher = compileNonAccessible(GLOBS);
    for (const path of PATHS) {
      expect(matcher.entry(path), path).toBe(all(path));
      const slash = path.lastIndexOf('/');
      expect(matcher.folder(path.slice(0, slash + 1))(path.slice(slash + 1)), `${path} by its folder`).toBe(all(path));
    }
  });

  it('runs no picomatch for the default, credential, /etc and /usr globs', () => {
    const makeRe = vi.spyOn(picomatch, 'makeRe');
    const home = compileNonAccessible([...CREDENTIALS.map((entry) => entry.glob), '**/.env', '**/*.pem', '**/*.key', '**/secrets/**']);
    const etc = compileNonAccessible(ETC_SECRETS);
    expect(['a/id_ed25519_sk', 'k.jks', 'x/NuGet.Config', 'nuget.config', '.git/config'].every((rel) => home(rel))).toBe(true);
    expect(['id_rsa.pub', 'k.jks.txt', 'NuGet.Configs', 'README.md'].some((rel) => home(rel))).toBe(false);
    expect(['shadow-', 'ssh/ssh_host_ed25519_key', 'ceph/ceph.client.keyring', 'postfix/sasl_passwd.db'].every((rel) => etc(rel))).toBe(true);
    expect(['passwd', 'ssh/ssh_host_ed25519_key.pub', 'ssh/sshd_config', 'hostname'].some((rel) => etc(rel))).toBe(false);
    const usrLocal = compileNonAccessible(['games', '*/!(etc|pip.conf|pip.ini)']);
    expect(['games', 'lib/python3', 'share/x', 'bin/pip.ini.txt'].every((rel) => usrLocal.entry(rel))).toBe(true);
    expect(['lib', 'x/etc', 'x/pip.conf', 'lib/x/y'].some((rel) => usrLocal.entry(rel))).toBe(false);
    expect(makeRe).not.toHaveBeenCalled();
  });
});
