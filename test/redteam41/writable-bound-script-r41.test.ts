// FIXED (scr58): the view's own list (sandbox/policy.ts boundFolders: host, read-only; writable) decides; a sandboxWritable
// folder's script is unknown when absent and otherwise checked by written-before.ts (task-runner-shell.ts outsideScript).
// R41-a3 — MINOR (a safety-immune step runs unasked inside the sandbox; the after-run walk still clears the bit) —
// fix53 (R40-a5) made a script in /tmp, /var/tmp or /dev/shm "unknown" unless a folder the view binds from the HOST
// holds it (sandbox/policy.ts boundFolders = policy.shown + policy.WRITABLE), "which is the host's file, read as
// before". But scriptText never reads a script outside the workspace at all (`if (!inside(abs, folder.root)) return
// { lines: [] }`), and a WRITABLE bound folder (sandboxWritable) is exactly where the line itself can write the script
// it then runs. So `cp evil.sh $W/x.sh && sh $W/x.sh`, with x.sh ABSENT when the line is judged, runs `chmod 4755`
// under --yes, where `bash evil.sh` and `sh /var/tmp/<unbound>/x.sh` are refused/asked (R37-b2's "not there when the
// line is judged" rule is skipped too: the bound test comes first). For /var/tmp this is a fix53 regression (before it,
// an absent /var/tmp script asked). (A sandboxWritable in the home, `["~/.cargo"]`, held: a write there asks as a
// home settings file. One outside the home and the scratch folders, `/srv/cache`, is unread the same way, by reading.)
// Class: R40-a5's (the decision reads another file than the one that runs): "bound from the host" is not "the host's
// file" when the run can write the folder.
// Repro (integ 85b3ba45, root, bwrap): ~/.codeward/config.json {"sandboxWritable": ["/var/tmp/…/wr"]};
//   Makefile  wr: cp evil.sh /var/tmp/…/wr/x.sh && sh /var/tmp/…/wr/x.sh      (evil.sh: cp /bin/true x; chmod 4755 x)
//   $ codeward --yes exec --no-stage --cmd 'make wr'  -> "left x setuid; the bit was cleared" [exit 0]
// Fix (task-runner-shell.ts scriptText, one rule): boundFolders used for "the host's file" must be the READ-ONLY
// shown folders only (policy.shown), and a script in a writable folder outside the workspace is judged like a
// workspace script (read when there, unknown when absent), or unknown.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI) && spawnSync('make', ['--version']).status === 0;
let base: string;
const outs: Record<string, string> = {};
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt41a-wbound-');
  const ws = join(base, 'ws');
  const home = join(base, 'h');
  const wr = join(base, 'wr');
  spawnSync('git', ['init', '-q', ws]);
  mkdirSync(wr);
  mkdirSync(join(home, '.codeward'), { recursive: true });
  writeFileSync(join(home, '.codeward', 'config.json'), JSON.stringify({ sandboxWritable: [wr] }));
  writeFileSync(join(ws, 'evil.sh'), 'cp /bin/true x\nchmod 4755 x\n');
  const unbound = join(base, 'unbound');
  writeFileSync(join(ws, 'Makefile'), [
    'direct:', '\tbash evil.sh',
    'unbound:', `\tmkdir -p ${unbound} && cp evil.sh ${unbound}/x.sh && sh ${unbound}/x.sh`,
    'wr:', `\tcp evil.sh ${wr}/x.sh && sh ${wr}/x.sh`,
    '',
  ].join('\n'));
  if (!usable) return;
  const env = { HOME: home, PATH: process.env['PATH'] ?? '/usr/bin:/bin', CODEWARD_STATE_DIR: join(base, 's') };
  for (const target of ['direct', 'unbound', 'wr']) {
    const result = spawnSync('node', [CLI, '--yes', 'exec', '--no-stage', '--cmd', `make ${target}`], { cwd: ws, env, encoding: 'utf8', timeout: 60_000 });
    outs[target] = `${result.stdout}${result.stderr}`;
  }
}, 120_000);
afterAll(async () => rm(base, { recursive: true, force: true }));

describe.skipIf(!usable)('R41-a3 MINOR: a script the line writes into a sandboxWritable folder runs unread', () => {
  it('control: the script run from the workspace is refused as safety-immune', () => {
    expect(outs['direct']).toMatch(/needs approval/);
    expect(outs['direct']).not.toContain('[exit 0]');
  });
  it('control: the same copy into an unbound /var/tmp folder asks', () => {
    expect(outs['unbound']).toMatch(/needs approval/);
  });
  it('into a sandboxWritable folder under /var/tmp (absent when judged): asks too', () => {
    expect(outs['wr']).toMatch(/needs approval/);
    expect(outs['wr']).not.toMatch(/left x setuid/);
  });
});
