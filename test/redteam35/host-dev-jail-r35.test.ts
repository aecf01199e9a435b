// R35-4 — CRITICAL when codeward runs as root (containers, root VMs: the "also as root"); minor otherwise — the
// write jail binds the HOST's /dev writable (write-jail.ts: `--dev-bind /dev /dev`). /dev is a devtmpfs owned by root
// (0755): with every capability dropped, uid 0 still OWNS it, so a jailed run creates, removes and renames entries of
// the host's /dev: `rm /dev/urandom; cp zeros /dev/urandom` makes every later reader on the host (key generation that
// reads /dev/urandom, `mktemp`-style names) predictable; `/dev/null` replaced by a regular file breaks the host. Where
// the device cgroup allows it (a root VM, not this container: here open(/dev/vda) is EPERM), the root disk's block
// device is open to read and write (uid 0, mode 0660): every hidden secret read, every file written.
// For every user (not reproduced: no terminal on this machine): the host's /dev/pts is the person's, so a jailed run
// opens their other terminals (/dev/pts/N, owner rw): reads keystrokes typed there (a sudo password), writes escape
// sequences into them. In the jail 107 entries of /dev are visible; in the sandbox 14.
// The in-place sandbox uses a fresh /dev (`--dev /dev`: null, zero, random, urandom, tty, its own pts, shm).
//
// Reproduction (integ 40c07f63, uid 0, bwrap 0.8.0; HOME=/var/tmp/rt35lab/home, workspace /var/tmp/rt35lab/ws):
//   d.py: d='/d'+'ev/'; open(d+'rt35-planted','w').write('x'); os.mkdir(d+'rt35dir')
//   $ codeward --sandbox off --yes exec --cmd "python3 d.py"  -> "['rt35dir', 'rt35-planted', 'stderr'] [exit 0]"
//   $ ls -la /dev/rt35-planted /dev/rt35dir                   -> both there on the host (removed by hand after)
//   (the jail's own mountinfo: rw mounts are /dev, /dev/shm, /dev/pts, /proc, the workspace and /tmp)
// (Not run, destructive on a shared machine: unlink + replace of /dev/urandom, which the same DAC check allows.)
// Expected: the host's /dev is not writable: a fresh /dev in the jail, with /dev/shm (the person's choice of writable
// place) bound back; the file is not created on the host.
// ONE place for the class fix: write-jail.ts writeJailArgs: `--dev /dev` (as bwrap.ts's view) then `--bind /dev/shm`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { jailArgs } from '../helpers/jail-args.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-pid', '--dev-bind', '/dev', '/dev', '--proc', '/proc', 'true'], { stdio: 'ignore' }).status === 0;
const root0 = process.getuid?.() === 0;

describe('the jail as arguments', () => {
  it('a fresh /dev, never the host\'s bound writable', () => {
    const args = jailArgs('/var/tmp/w', '/var/tmp/h');
    expect(args.some((arg, i) => arg === '--dev-bind' && args[i + 1] === '/dev')).toBe(false);
    expect(args.some((arg, i) => arg === '--dev' && args[i + 1] === '/dev')).toBe(true);
  });
});

let base: string;
const name = `cw-rt35-dev-${process.pid}`;
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt35-dev-');
  await mkdir(join(base, 'ws'));
  await mkdir(join(base, 'home'));
});
afterAll(async () => {
  await rm(join('/dev', name), { force: true });
  await rm(base, { recursive: true, force: true });
});

describe.skipIf(!bwrapWorks || !root0)('--sandbox off --yes as root: the host\'s /dev is not written', () => {
  it('a script creating /dev/NAME: not there on the host', async () => {
    const root = join(base, 'ws');
    await writeFile(join(root, 'd.py'), `open('/d' + 'ev/${name}', 'w').write('x')\n`);
    const engine = await createEngine({ workspace: root, env: { HOME: join(base, 'home'), PATH: process.env['PATH'] ?? '' }, sandbox: { mode: 'off' as const }, permissions: { home: join(base, 'home'), yes: true } });
    try {
      await engine.run({ cmd: 'exec', args: { cmd: 'python3 d.py' } });
    } finally {
      await engine.close();
    }
    expect(existsSync(join('/dev', name))).toBe(false);
  }, 60_000);
});
