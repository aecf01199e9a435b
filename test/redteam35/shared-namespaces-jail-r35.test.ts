// R35-9 — MAJOR (SysV shared memory of the person's processes: X11 MIT-SHM screen images, databases, IPC of apps;
// the keyring as root: Kerberos KEYRING caches, NFS/CIFS/AFS credentials, cryptsetup passphrases) — the write jail
// keeps namespaces the sandbox does not: no `--unshare-ipc` (bwrap.ts has it), and no user namespace as root (the staged
// sandbox runs under `unshare -Urm`), so a jailed run READS and WRITES other processes' SysV shared memory and reads the
// user keyring. What the sandbox hides is read (invariant 6), and another process's memory is written (not a file,
// but the same "outside the workspace" the jail promises).
//
// Reproduction (integ 40c07f63, uid 0; HOME=/var/tmp/rt35lab/home, workspace /var/tmp/rt35lab/ws):
//   shm: shmsrv.py (outside) shmget(0x52543335, 4096, IPC_CREAT|0600), writes b'RT35-SHM-SECRET', sleeps
//        sm.py: shmget(0x52543335, 0, 0); shmat; print; memmove(b'WRITTEN-BY-JAIL')
//        $ codeward --sandbox off --yes exec --cmd "python3 sm.py"              -> read b'RT35-SHM-SECRET' [exit 0]
//        $ codeward --sandbox workspace-write --yes exec --cmd "python3 sm.py"  -> no segment 2 (ENOENT)
//   keyring: outside: add_key('user', 'rt35desc', 'RT35-KEYRING-SECRET', KEY_SPEC_USER_KEYRING)
//        kr.py: request_key('user', 'rt35desc'); keyctl(KEYCTL_READ)
//        $ codeward --sandbox off --yes exec --cmd "python3 kr.py"              -> key 21438878 0 b'RT35-KEYRING-SECRET'
//        $ codeward --sandbox workspace-write --yes exec --cmd "python3 kr.py"  -> key -1 126 (ENOKEY)
// Expected: as in the sandbox: no segment (ENOENT) and no key (ENOKEY).
// ONE place for the class fix: the namespaces of a bwrap run are one list shared by bwrap.ts and write-jail.ts
// (`--unshare-pid --unshare-ipc`, and the staged sandbox's user namespace, or bwrap --unshare-user, for the keyring);
// the jail differs from the sandbox only in the network and in `--ro-bind / /` for the view.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { jailArgs } from '../helpers/jail-args.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-pid', '--dev-bind', '/dev', '/dev', '--proc', '/proc', 'true'], { stdio: 'ignore' }).status === 0;

describe('the jail as arguments', () => {
  it('its own IPC namespace, as the sandbox', () => {
    expect(jailArgs('/var/tmp/w', '/var/tmp/h')).toContain('--unshare-ipc');
  });
});

let base: string;
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt35-ipc-');
  await mkdir(join(base, 'ws'));
  await mkdir(join(base, 'home'));
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

// A SysV segment made outside (python: no native module in the test), read from a jailed run.
const KEY = 0x52543336;
const holder = `import ctypes, sys, time
libc = ctypes.CDLL(None, use_errno=True)
libc.shmat.restype = ctypes.c_void_p
sid = libc.shmget(${KEY}, 4096, 0o1600)
ctypes.memmove(libc.shmat(sid, None, 0), b'RT35-SHM-SECRET', 15)
print(sid, flush=True)
sys.stdin.read()
libc.shmctl(sid, 0, None)
`;

describe.skipIf(!bwrapWorks)('--sandbox off --yes: another process\'s SysV shared memory is out of reach', () => {
  it('a segment of a process outside is not read', async () => {
    const root = join(base, 'ws');
    await writeFile(join(base, 'holder.py'), holder);
    const { spawn } = await import('node:child_process');
    const child = spawn('python3', [join(base, 'holder.py')], { stdio: ['pipe', 'pipe', 'inherit'] });
    await new Promise((resolve) => child.stdout.once('data', resolve));
    await writeFile(join(root, 'sm.py'), `import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\nlibc.shmat.restype = ctypes.c_void_p\nsid = libc.shmget(${KEY}, 0, 0)\nif sid >= 0: print(ctypes.string_at(libc.shmat(sid, None, 0), 15))\n`);
    const engine = await createEngine({ workspace: root, env: { HOME: join(base, 'home'), PATH: process.env['PATH'] ?? '' }, sandbox: { mode: 'off' as const }, permissions: { home: join(base, 'home'), yes: true } });
    try {
      const result = await engine.run({ cmd: 'exec', args: { cmd: 'python3 sm.py' } });
      expect(JSON.stringify(result)).not.toContain('RT35-SHM-SECRET');
    } finally {
      await engine.close();
      child.stdin.end();
    }
  }, 60_000);
});
