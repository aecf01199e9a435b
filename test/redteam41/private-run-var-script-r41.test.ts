// FIXED (scr58): a script outside the workspace is the host's only in a folder the view binds read-only from the host
// (sandbox/policy.ts boundFolders); /run, /var and every other private or absent place is the run's own: unknown.
// R41-a10 — MINOR (a safety-immune step runs unasked inside the sandbox; the after-run walk still clears the bit) —
// R40-a5's class again: task-runner-shell.ts decides which outside places are the run's OWN by a fixed list,
// SCRATCH = /tmp | /var/tmp | /dev/shm, while the view (view.ts) gives the run more private, writable tmpfs folders:
// /run, /var/run and /var itself are writable inside the default sandbox (a python probe wrote t.sh in /run, /var/run,
// /var, /var/tmp, /tmp; /var/lib, /home, /opt did not exist). A script there is neither "unknown" nor read: scriptText
// returns { lines: [] } for any path outside the workspace. So `cp evil.sh /run/x.sh && sh /run/x.sh` and
// `cp evil.sh /var/x.sh && sh /var/x.sh` run evil.sh's `chmod 4755` under --yes, while the /var/tmp twin asks and
// `bash evil.sh` is refused as safety-immune.
// Class: a second list of "the run's private places" beside the view's own (two sources of one fact).
// Repro (integ 85b3ba45, root, bwrap): ws/evil.sh = `cp /bin/true x; chmod 4755 x`
//   $ codeward --yes exec --no-stage --cmd 'cp evil.sh /run/x.sh && sh /run/x.sh'  -> "left x setuid …" [exit 0]
// Fix (task-runner-shell.ts, one rule): a script outside the workspace is the host's only where the view binds the
// host's file read-only (policy.shown, the system folders); every other place is the run's own: unknown. Derive it
// from the view (sandbox/policy.ts, view.ts), not from a regex.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareBase, bareExec, removeBare, SETUID_SCRIPT } from '../helpers/bare-cli.js';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI);
let base: string;
const outs: Record<string, string> = {};
const LINES: Record<string, string> = {
  direct: 'bash evil.sh',
  vartmp: 'cp evil.sh /var/tmp/x-r41.sh && sh /var/tmp/x-r41.sh',
  run: 'cp evil.sh /run/x-r41.sh && sh /run/x-r41.sh',
  var: 'cp evil.sh /var/x-r41.sh && sh /var/x-r41.sh',
};
beforeAll(async () => {
  base = await bareBase('cw-rt41a-runvar-', { files: { 'evil.sh': SETUID_SCRIPT } });
  if (!usable) return;
  for (const [name, line] of Object.entries(LINES)) outs[name] = bareExec(base, line, false);
}, 120_000);
afterAll(() => removeBare(base));

describe.skipIf(!usable)('R41-a10 MINOR: a script the line writes into the view\'s private /run or /var runs unread', () => {
  it('control: the script run directly is refused; the /var/tmp copy asks', () => {
    expect(outs['direct']).toMatch(/needs approval/);
    expect(outs['vartmp']).toMatch(/needs approval/);
  });
  for (const name of ['run', 'var']) {
    it(`${LINES[name]}: asks too`, () => {
      expect(outs[name]).toMatch(/needs approval/);
      expect(outs[name]).not.toMatch(/left x setuid/);
    });
  }
});
