// R35-8 — MAJOR (codeward run as root on a machine with other accounts: a shared server, a dev container with a
// non-root user) — the write jail hides the credential catalogue of $HOME and of the account's own home only
// (write-jail-run.ts: `homes: [home, accountHomeDir()]`); every other home's catalogue (/home/*/.ssh, .aws, .config/gh …)
// is read by a jailed run as root. The sandbox's view shows no other home at all (default deny, "no other users'
// homes … also as root": issue 26), so `--sandbox off` reads there what the sandbox hides.
//
// Reproduction (integ 40c07f63, uid 0; HOME=/var/tmp/rt35lab/home, workspace /var/tmp/rt35lab/ws):
//   $ mkdir -p /home/rt35other/.ssh && echo OTHER-USER-KEY-RT35 > /home/rt35other/.ssh/id_rsa
//   o.py: for p in glob('/home/*/.s'+'sh/id_rsa'): print(p, open(p).read())
//   $ codeward --sandbox off --yes exec --cmd "python3 o.py"  -> "/home/rt35other/.ssh/id_rsa OTHER-USER-KEY-RT35"
// The same for /etc's secrets the sandbox hides (view.ts EtcSecrets: /etc/shadow, shadow-, gshadow, ssh host keys …):
//   sh.py: print(open('/etc/sha'+'dow').read()[:30])
//   $ codeward --sandbox off --yes exec --cmd "python3 sh.py"         -> "daemon:*:…" [exit 0]
//   $ codeward --sandbox workspace-write --yes exec --cmd "python3 sh.py" -> FileNotFoundError '/etc/shadow'
// Expected: the catalogue is hidden in every home a process of this uid can read (home-shaped folders /home/NAME,
// /Users/NAME, /root, every passwd home: home-shape.ts), as it is in $HOME.
// ONE place for the class fix: write-jail-hidden.ts jailSecrets: "what the sandbox hides that lies outside the workspace"
// from the sandbox's own finders (every home: home-shape.ts's list, not the two the caller passes; EtcSecrets), not a
// shorter list of its own.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-pid', '--dev-bind', '/dev', '/dev', '--proc', '/proc', 'true'], { stdio: 'ignore' }).status === 0;
const root0 = process.getuid?.() === 0;

let base: string;
const other = `/home/cw-rt35-${process.pid}`;
const KEY = 'OTHER-USER-KEY-RT35';
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt35-homes-');
  await mkdir(join(base, 'ws'));
  await mkdir(join(base, 'home'));
});
afterAll(async () => {
  await rm(other, { recursive: true, force: true });
  await rm(base, { recursive: true, force: true });
});

describe.skipIf(!bwrapWorks || !root0)('--sandbox off --yes as root: another home\'s keys stay hidden', () => {
  it('/home/OTHER/.ssh/id_rsa is not printed', async () => {
    await mkdir(join(other, '.ssh'), { recursive: true });
    await writeFile(join(other, '.ssh', 'id_rsa'), `${KEY}\n`);
    const root = join(base, 'ws');
    await writeFile(join(root, 'o.py'), `print(open('${other}/.s' + 'sh/id_rsa').read())\n`);
    const engine = await createEngine({ workspace: root, env: { HOME: join(base, 'home'), PATH: process.env['PATH'] ?? '' }, sandbox: { mode: 'off' as const }, permissions: { home: join(base, 'home'), yes: true } });
    try {
      const result = await engine.run({ cmd: 'exec', args: { cmd: 'python3 o.py' } });
      expect(JSON.stringify(result)).not.toContain(KEY);
    } finally {
      await engine.close();
    }
  }, 60_000);

  it('/etc/shadow (hidden by the sandbox\'s view) is not printed', async () => {
    const root = join(base, 'ws');
    await writeFile(join(root, 'sh.py'), "print(open('/etc/sha' + 'dow').read())\n");
    const engine = await createEngine({ workspace: root, env: { HOME: join(base, 'home'), PATH: process.env['PATH'] ?? '' }, sandbox: { mode: 'off' as const }, permissions: { home: join(base, 'home'), yes: true } });
    try {
      const result = await engine.run({ cmd: 'exec', args: { cmd: 'python3 sh.py' } });
      expect(JSON.stringify(result)).not.toMatch(/root:[^:]*:\d+:/);
    } finally {
      await engine.close();
    }
  }, 60_000);
});
