// R37-a5 — MAJOR (codeward in a container, a pod, a dev container, or on a host with systemd credentials) — the
// jail's whole root shows /run and /var/run minus a list of SOCKET folders (view-whole-root.ts HOST_SOCKETS), so the
// secrets that live there are readable: Docker/Compose secrets (/run/secrets/NAME), Kubernetes' service-account
// token (/var/run/secrets/kubernetes.io/serviceaccount/token: the cluster API as the pod), systemd's per-service
// credentials (/run/credentials/UNIT/*, root 0400: read as uid 0 without capabilities). The default-deny view shows
// none of /run ("all of /run in the default-deny view", view-whole-root.ts's own comment).
//
// Reproduction (integ 6925500c, root, bwrap 0.8; /run/secrets made for the test, removed after):
//   $ mkdir -p /run/secrets && echo RT37A_RUN_SECRET > /run/secrets/db_password
//   $ codeward --sandbox off --yes exec --cmd 'python3 r.py'   (r.py: print(open("/run/sec"+"rets/db_password").read()))
//   RT37A_RUN_SECRET  [exit 0]
//   $ codeward --yes exec --cmd 'python3 r.py'                 -> FileNotFoundError (default view: no /run)
//   and wholeRoot([]).inView(policy, '/run/secrets/db_password') === true (bwrap.ts: "shown").
// Expected: the jail shows /run as the default-deny view does: nothing but what a program needs, bound back by name.
// ONE place for the class fix: view-whole-root.ts: /run (and /var/run) default-deny in rootArgs/inView (a tmpfs with
// an allow-list bound back, e.g. systemd-resolved's resolv.conf target), instead of HOST_SOCKETS' deny list.
// FIXED (fix40): view.ts runArgs is the one /run of both views (empty, the resolver's file bound back; a real /var/run
// or /var/lock emptied in the whole root); view-whole-root.ts calls it and its inView answers from it. HOST_SOCKETS
// is gone (the empty /run covers every socket folder; test/redteam35/host-sockets-jail-r35.test.ts keeps the rows).
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import type { SandboxPolicy } from '../../src/sandbox/policy.js';
import { wholeRoot } from '../../src/sandbox/view-whole-root.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const policy = { root: '/var/tmp/cw-rt37a-ws', writable: [] } as unknown as SandboxPolicy;

describe('R37-a5 MAJOR: the jail\'s whole root shows the secrets under /run', () => {
  it('control: a session bus folder is not in view', () => {
    expect(wholeRoot([]).inView(policy, '/run/user/0/bus')).toBe(false);
  });
  it.each(['/run/secrets/db_password', '/run/secrets/kubernetes.io/serviceaccount/token', '/run/credentials/app.service/token'])('%s is not in view', (path) => {
    expect(wholeRoot([]).inView(policy, path)).toBe(false);
  });
});

// End to end, only where /run/secrets does not exist already (made and removed by the test; as root).
const canMake = process.getuid?.() === 0 && !existsSync('/run/secrets') && existsSync('/run');
let base: string;
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt37a-run-');
  await writeFile(join(base, 'r.py'), 'print(open("/run/sec" + "rets/db_password").read())\n');
  if (canMake && bwrapWorks) {
    await mkdir('/run/secrets');
    await writeFile('/run/secrets/db_password', 'RT37A_RUN_SECRET\n', { mode: 0o400 });
  }
});
afterAll(async () => {
  if (canMake && bwrapWorks) await rm('/run/secrets', { recursive: true, force: true });
  await rm(base, { recursive: true, force: true });
});

describe.skipIf(!bwrapWorks || !canMake)('R37-a5 end to end: --sandbox off --yes reads /run/secrets', () => {
  it('/run/secrets/db_password is not printed', async () => {
    const engine = await createEngine({ workspace: base, env: { HOME: join(base, 'h'), PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, '.s') }, sandbox: { mode: 'off' as const }, permissions: { home: join(base, 'h'), yes: true } });
    try {
      const result = JSON.stringify(await engine.run({ cmd: 'exec', args: { cmd: 'python3 r.py' } }));
      expect(result).toContain('"exitCode"');
      expect(result).not.toContain('RT37A_RUN_SECRET');
    } finally {
      await engine.close();
    }
  }, 60_000);
});
