// R42-a5 — MINOR (a safety-immune step runs unasked inside the sandbox; the after-run walk still clears the bit) —
// scr58's `host` place (task-runner-shell.ts placeOf, sandbox/policy.ts boundFolders) trusts a script in a folder the
// view binds READ-ONLY from the host as "the host's file". But a read-only bind is only as fixed as its parent: for a
// PATH folder under /var/tmp (or /tmp) the view makes /var/tmp/…/tools a folder of the run's own tmpfs to hold the bind,
// so the run renames it away (a folder ABOVE a mount point can be renamed) and makes a new tools/bin/x.sh of its own.
// The line `mv $T $T2 && mkdir -p $T/bin && cp evil.sh $T/bin/x.sh && sh $T/bin/x.sh` is judged with x.sh = the host's
// harmless file (never read), and runs evil.sh's `chmod 4755` under --yes. (In the home, the same move asks: a home
// settings file. Not so in /var/tmp, /tmp, /var.)
// Class: R41-a3's (the decision reads another file than the one that runs): "bound read-only" is not "fixed" when a
// folder above the bind is the run's own.
// Repro (h-asgre 7b4b82b5, root, bwrap): PATH=/var/tmp/…/tools/bin:/usr/bin:/bin; tools/bin/x.sh = `echo hi`
//   Makefile  mv: mv $T $T2 && mkdir -p $T/bin && cp evil.sh $T/bin/x.sh && sh $T/bin/x.sh   (T=/var/tmp/…/tools)
//   $ codeward --yes exec --no-stage --cmd 'make mv'  -> "left x setuid; the bit was cleared" [exit 0]
// Fix (sandbox/policy.ts boundFolders): `host` only for a shown folder whose every folder above it in the view is
// read-only (a system folder, the read-only root); one under the view's private writable places (/tmp, /var, /run,
// the homes' tmpfs) is `writable` (task-runner-shell.ts: present -> written-before.ts, absent -> unknown).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareBase, bareExec, HOST_PATH, removeBare, SETUID_SCRIPT } from '../helpers/bare-cli.js';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI) && spawnSync('make', ['--version']).status === 0;
let base: string;
const outs: Record<string, string> = {};
beforeAll(async () => {
  base = await bareBase('cw-rt42a-robind-');
  const tools = join(base, 'tools');
  mkdirSync(join(tools, 'bin'), { recursive: true });
  writeFileSync(join(tools, 'bin', 'x.sh'), 'echo hi\n');
  writeFileSync(join(base, 'ws', 'evil.sh'), SETUID_SCRIPT);
  writeFileSync(join(base, 'ws', 'Makefile'), [
    'host:', `\tsh ${tools}/bin/x.sh`,
    'over:', `\tcp evil.sh ${tools}/bin/x.sh && sh ${tools}/bin/x.sh`,
    'mv:', `\tmv ${tools} ${base}/t2 && mkdir -p ${tools}/bin && cp evil.sh ${tools}/bin/x.sh && sh ${tools}/bin/x.sh`,
    '',
  ].join('\n'));
  if (!usable) return;
  for (const target of ['host', 'over', 'mv']) outs[target] = bareExec(base, `make ${target}`, false, { path: `${tools}/bin:${HOST_PATH}` });
}, 120_000);
afterAll(() => removeBare(base));

describe.skipIf(!usable)('R42-a5 MINOR: a read-only bound PATH folder under /var/tmp is moved away and its script replaced', () => {
  it('control: the host script runs unasked (friction kept)', () => {
    expect(outs['host']).toContain('[exit 0]');
    expect(outs['host']).toContain('hi');
  });
  it('control: writing over the bound script fails (read-only) and nothing is left setuid', () => {
    expect(outs['over']).not.toMatch(/left x setuid/);
  });
  it('moving the bound folder away first: asks, evil.sh does not run', () => {
    expect(outs['mv']).toMatch(/needs approval/);
    expect(outs['mv']).not.toMatch(/left x setuid/);
  });
});
