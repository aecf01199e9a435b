// R37-a6 — MAJOR — a run in place (`--sandbox off`'s jail, and the default sandbox with --no-stage) shares the
// host's kernel keyrings: the user keyring of the uid (and the session keyring codeward was started in) is the
// host's, and keyctl/add_key are not filtered (seccomp.ts filters socket families and io_uring only). A command
// reads every key the user holds there (Kerberos KEYRING: credential caches, `keyctl padd` secrets, fscrypt/ecryptfs
// keys, what a login session's pam_keyinit left), and writes keys that outlive the run. A STAGED default run holds
// only by accident: its user namespace gives it a fresh user keyring (uid_map `0 0 1`).
//
// Reproduction (integ 6925500c, root, bwrap 0.8, kernel 6.18; k.py: keyctl(KEYCTL_SEARCH, @u, "user", NAME) then
// KEYCTL_READ through ctypes; the key added on the host first with add_key("user", NAME, SECRET, @u)):
//   $ codeward --sandbox off --yes exec --cmd 'python3 k.py read'            -> read 20 b'RT37A_KEYRING_SECRET'
//   $ codeward --yes exec --no-stage --cmd 'python3 k.py read'               -> read 20 b'RT37A_KEYRING_SECRET'
//   $ codeward --yes exec --cmd 'python3 k.py read'   (staged, held)         -> search failed errno 126 (ENOKEY)
//   in place: @u = 0x2b587b5, @s = 0x4f5f0fa, the host's own; staged: other ids.
// Expected: no sandboxed or jailed process reaches the host's keyrings (THREAT-MODEL invariant 6; a keyring is a
// secret store outside the file system, as a socket is a door outside it).
// ONE place for the class fix: bwrap.ts's namespace arguments, shared by every run (staged, in place, jailed): a
// fresh user namespace for every run as the staged one has (keyrings are per user namespace), or keyctl / add_key /
// request_key answered ENOSYS by a seccomp filter applied to EVERY run (not only with the network on).
// FIXED (fix40): seccomp.ts: every bwrap run (staged, in place, jailed) gets a filter; add_key/request_key/keyctl answer
// ENOSYS in both the network filter and the no-network one (keyringFilter). Unit rows: test/sandbox/seccomp.test.ts.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const NAME = `cw-rt37a-${process.pid}`;
const SECRET = 'RT37A_KEYRING_SECRET';
const SCRIPT = `import ctypes, sys
libc = ctypes.CDLL(None, use_errno=True)
SYS_add_key, SYS_keyctl, USER = 248, 250, -4
mode = sys.argv[1]
if mode == 'add':
    print(libc.syscall(SYS_add_key, b'user', b'${NAME}', b'${SECRET}', ${SECRET.length}, USER))
else:
    kid = libc.syscall(SYS_keyctl, 10, USER, b'user', b'${NAME}', 0)
    if kid < 0: print('search failed', ctypes.get_errno()); sys.exit(0)
    if mode == 'rm': print(libc.syscall(SYS_keyctl, 9, kid, USER)); sys.exit(0)
    buf = ctypes.create_string_buffer(256)
    n = libc.syscall(SYS_keyctl, 11, kid, buf, 256)
    print('read', buf.raw[:max(n, 0)].decode())
`;
const python = spawnSync('python3', ['-c', 'import ctypes'], { stdio: 'ignore' }).status === 0;
const x64 = process.arch === 'x64';

let base: string;
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt37a-keyring-');
  await writeFile(join(base, 'k.py'), SCRIPT);
  if (python && x64) spawnSync('python3', [join(base, 'k.py'), 'add']);
});
afterAll(async () => {
  if (python && x64) spawnSync('python3', [join(base, 'k.py'), 'rm']);
  await rm(base, { recursive: true, force: true });
});

async function run(mode: 'off' | 'workspace-write', stage: boolean): Promise<string> {
  const engine = await createEngine({ workspace: base, env: { HOME: join(base, 'h'), PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, '.s') }, sandbox: { mode }, permissions: { home: join(base, 'h'), yes: true } });
  try {
    return JSON.stringify(await engine.run({ cmd: 'exec', args: { cmd: 'python3 k.py read', stage } }));
  } finally {
    await engine.close();
  }
}

describe.skipIf(!bwrapWorks || !python || !x64)('R37-a6 MAJOR: a run in place reads the host\'s kernel keyring', { timeout: 60_000 }, () => {
  it('control: the host itself reads the key', () => {
    expect(spawnSync('python3', [join(base, 'k.py'), 'read'], { encoding: 'utf8' }).stdout).toContain(SECRET);
  });
  it('control: a staged default run does not (its own user namespace)', async () => {
    expect(await run('workspace-write', true)).not.toContain(SECRET);
  });
  it('--sandbox off (the jail) does not read it', async () => {
    expect(await run('off', false)).not.toContain(SECRET);
  });
  it('the default sandbox with --no-stage does not read it', async () => {
    expect(await run('workspace-write', false)).not.toContain(SECRET);
  });
});
