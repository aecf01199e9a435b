// R41-a4 — MINOR (a safety-immune step runs unasked inside the sandbox; approvals not rendered from what runs) —
// task-runner-shell.ts scriptText judges `sh FILE` by FILE's text on the host when the line is judged; R37-b2 made an
// ABSENT script unknown ("the line itself may make it"). A script that EXISTS and that the same line rewrites first is
// judged by its old text: `cp evil.sh good.sh && sh good.sh` (good.sh = `echo hi`) runs evil.sh's `chmod 4755 x` under
// --yes at top level and through a Makefile recipe, where `bash evil.sh` is refused as safety-immune ("only a person
// can approve it"). Same with `cat evil.sh > good.sh; bash good.sh` (shown); `mv`, `ln -sf`, `tee`, `sed -i` by reading.
// Class: R40-a5/R37-b2's (the decision reads another file than the one that runs): the read is only valid for a
// script the line does not write before running it.
// Repro (integ 85b3ba45, root, bwrap): ws: evil.sh (cp /bin/true x; chmod 4755 x), good.sh (echo hi)
//   $ codeward --yes exec --no-stage --cmd 'cp evil.sh good.sh && sh good.sh'
//   -> "a sandboxed command left x setuid; the bit was cleared" [exit 0]       (`bash evil.sh`: C241 safety-immune)
// Fix (where the line's writes are known: decide-scripts.ts / taskRunnerLines): a script operand that any earlier
// part of the same line (or recipe) writes, moves, links or may write (a program whose writes are not bounded) is
// unknown, like an absent one.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareBase, bareExec, removeBare, SETUID_SCRIPT } from '../helpers/bare-cli.js';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI) && spawnSync('make', ['--version']).status === 0;
let base: string;
const outs: Record<string, string> = {};
const LINES: Record<string, string> = {
  direct: 'bash evil.sh',
  cp: 'cp evil.sh good.sh && sh good.sh',
  cat: 'cat evil.sh > good.sh; bash good.sh',
  make: 'make rewrite',
};
const files = { 'evil.sh': SETUID_SCRIPT, 'good.sh': 'echo hi\n', Makefile: 'rewrite:\n\tcp evil.sh good.sh && sh good.sh\n' };
beforeAll(async () => {
  base = await bareBase('cw-rt41a-rewrite-', { workspaces: Object.keys(LINES), files });
  if (!usable) return;
  for (const [name, line] of Object.entries(LINES)) outs[name] = bareExec(base, line, false, { cwd: join(base, name) });
}, 120_000);
afterAll(() => removeBare(base));

describe.skipIf(!usable)('R41-a4 MINOR: a script the line rewrites before running it is judged by its old text', () => {
  it('control: the script run directly is refused as safety-immune', () => {
    expect(outs['direct']).toMatch(/needs approval/);
    expect(outs['direct']).not.toContain('[exit 0]');
  });
  for (const name of ['cp', 'cat', 'make']) {
    it(`${LINES[name]}: asks too (never runs the chmod unasked)`, () => {
      expect(outs[name]).toMatch(/needs approval/);
      expect(outs[name]).not.toMatch(/left x setuid/);
    });
  }
});
