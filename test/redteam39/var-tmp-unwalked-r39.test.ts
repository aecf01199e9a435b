// R39-a2 — MAJOR (a secret read, as root) — `--sandbox off`'s jail shows the whole root and hides, as root, what other
// users cannot read (etc-view.ts beyondFound, red team R37-a4: "the closed rule goes where services and other projects
// keep state"). But /var/tmp is TRANSIENT (etc-view.ts: "Not walked: temporary folders come and go"), and nothing else
// hides or empties it: the jail binds the host's /var/tmp as it is, so every root-only file and 0700 root folder there
// is readable by the jailed command (it runs as uid 0 without capabilities: it still OWNS every root file). /var/tmp is
// exactly where services keep state that outlives a reboot: systemd's PrivateTmp= folders
// (/var/tmp/systemd-private-<id>-<unit>-*/, 0700 root), other projects' and other sessions' scratch, codeward's own
// helpers' fixtures. (/tmp is fine: the view makes a fresh one.) The default sandbox view does not show /var/tmp: held.
// DOCUMENTED AS A TRADE (docs/security-model.md ~l.310: "in /var/tmp, a root-only file stays readable to a jailed root
// run"), CHALLENGED: the trade's reason ("hiding what was not walked would hide what programs need, /opt/conda") does not
// hold for /var/tmp — no program needs another's private scratch, and one readdir of /var/tmp's top (its churn is in
// the folders below) finds every 0700 root folder (systemd-private-*) and root-only file there. The lead decides.
// Class: a top folder the closed walk skips but the jail still shows (skip list and view out of step).
// Repro (integ 507f8cca, root, bwrap):
//   # mkdir -p /var/tmp/x/priv; echo S1 > /var/tmp/x/secret; chmod 600 /var/tmp/x/secret
//   # echo S2 > /var/tmp/x/priv/k; chmod 700 /var/tmp/x/priv
//   $ codeward --sandbox off --yes exec --cmd 'cat /var/tmp/x/secret /var/tmp/x/priv/k'   -> S1 S2 [exit 0]
//   $ codeward --yes exec --cmd 'cat ...'   (default view)                               -> No such file (held)
// Fix (one place, etc-view.ts closedBelow's TRANSIENT skip): judge /var/tmp's TOP entries (closed file / closed folder
// hidden whole, never entered: one readdir, no churn below it is read), keeping the skip only for what lies deeper; or a
// fresh /var/tmp in the jail with the workspace and sandboxWritable folders under it bound back.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const asRoot = process.getuid?.() === 0;
let base: string;
let out = '';
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt39a-vartmp-');
  chmodSync(base, 0o755);
  const root = join(base, 'ws');
  spawnSync('git', ['init', '-q', root]);
  // A service's private state (root-only file; a 0700 root folder, as systemd's PrivateTmp= makes).
  writeFileSync(join(base, 'secret'), 'ROOT-ONLY-FILE\n', { mode: 0o600 });
  mkdirSync(join(base, 'systemd-private-x-svc'), { mode: 0o700 });
  writeFileSync(join(base, 'systemd-private-x-svc', 'token'), 'ROOT-ONLY-DIR\n', { mode: 0o644 });
  if (!bwrapWorks || !asRoot) return;
  const home = join(base, 'h');
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, '.s') }, sandbox: { mode: 'off' as const }, permissions: { home, yes: true } });
  try {
    out = JSON.stringify(await engine.run({ cmd: 'exec', args: { cmd: `ls ${base}; cat ${base}/secret ${base}/systemd-private-x-svc/token` } }));
  } finally {
    await engine.close();
  }
}, 60_000);
afterAll(async () => rm(base, { recursive: true, force: true }));

describe.skipIf(!bwrapWorks || !asRoot)('R39-a2 MAJOR: the jail shows /var/tmp unwalked: root-only files there are read', () => {
  it('control: the jailed command ran', () => {
    expect(out).toMatch(/"exitCode"/);
  });
  it('a root-only file in /var/tmp is not readable', () => {
    expect(out).not.toContain('ROOT-ONLY-FILE');
  });
  it('a file in a 0700 root folder in /var/tmp is not readable', () => {
    expect(out).not.toContain('ROOT-ONLY-DIR');
  });
});
