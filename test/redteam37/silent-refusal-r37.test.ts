// R37-a3 — MINOR — a write the jail refuses is reported only when its error reaches the run's stderr as "Read-only
// file system" (run-call.ts); a program that swallows the error (a script's try/except, `2>/dev/null` on an inner
// shell, a build tool logging to a file) returns ok with no warning, and the result's own words say the opposite:
// `inPlace: "the OS sandbox is turned off: --sandbox off"`. The model reads "no sandbox, exit 0" and believes the
// file outside the workspace was written (a config saved, a cache filled, a deploy artifact copied).
//
// Reproduction (integ 6925500c, root, bwrap 0.8):
//   $ codeward --sandbox off --yes --json exec --cmd 'sh -c "echo x > /var/tmp/cw-rt37a-outside" 2>/dev/null; echo saved'
//   {"ok":true,...,"stdout":"saved\n","stderr":"",...,"inPlace":"the OS sandbox is turned off: --sandbox off"},"warnings":[]}
//   (the file does not exist afterwards). With the error on stderr the same run warns "a write was refused: --sandbox
//   off runs with its writes jailed ..." (held).
// Expected: every jailed run's result says that writes outside the workspace and the writable folders were jailed
// (and inPlace does not claim the sandbox is off), whether or not the program printed the refusal.
// ONE place for the class fix: the jailed run's result words (shell/run-call.ts, where jailNote() is attached only on a
// matching stderr): attach the jail's line to every result of a jailed run, and word inPlace for the jail.
// FIXED (fix40): run-call.ts runShellCall: a jailed run's (prepared.writeJail) result carries inPlace "in place (not
// undoable), --sandbox off runs with its writes jailed to ...; a write outside them was refused even where the program
// did not say so", whatever its output (exec and test alike: both go through runShellCall).
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let base: string;
let outside: string;
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt37a-silent-');
  outside = await mkdtemp('/var/tmp/cw-rt37a-silent-out-');
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

describe.skipIf(!bwrapWorks)('R37-a3 MINOR: a refused write the program swallows looks like success', () => {
  it('the result of `sh -c "echo x > OUTSIDE" 2>/dev/null; echo saved` says the write was jailed', async () => {
    const engine = await createEngine({ workspace: base, env: { HOME: join(base, 'h'), PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, '.s') }, sandbox: { mode: 'off' as const }, permissions: { home: join(base, 'h'), yes: true } });
    try {
      const result = await engine.run({ cmd: 'exec', args: { cmd: `sh -c "echo x > ${outside}/f" 2>/dev/null; echo saved` } });
      expect(existsSync(join(outside, 'f'))).toBe(false);
      const text = JSON.stringify(result);
      expect(text).toContain('saved');
      expect(text).toMatch(/jailed/);
      expect(text).not.toContain('the OS sandbox is turned off');
    } finally {
      await engine.close();
    }
  }, 60_000);
});
