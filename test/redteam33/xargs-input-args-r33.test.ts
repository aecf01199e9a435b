// Red team round 33, R33-1 (CRITICAL: a file outside the workspace written, unasked, with `--sandbox off --yes`):
// xargs runs its program with arguments it reads from its input (a pipe, `-a FILE`, `--arg-file=FILE`), which the
// parse never sees. Only the "files replaced under names known at run time" rule (xargs cp/mv/install/ln/tee/dd)
// asks; any other program that writes by its operands runs: checked, `printf '~/x\n' > l; xargs -a l touch`,
// `xargs --arg-file=l touch` and `cat l | xargs touch` each created ~/x, unasked (`xargs touch < l` asks only
// because a redirect feeds a program that "reads commands there").
// Held-back variants a fix must also cover: `xargs mkdir`, `xargs chmod 777`, `xargs sed -i …`, `xargs -0`,
// `xargs -n1`, `find … -print0 | xargs -0 touch`, `parallel touch ::: …`/`parallel -a`, `xargs -d`.
// Expected: asks (C241), as `touch ~/x` and `xargs -I{} cp a.txt {}` do; `git ls-files | xargs grep x` runs.
// Fix: ONE place, the xargs launcher reading (shell/parse-launch*.ts, where the launched command's words are
// built): the launched program gets an argument only known at run time (UNKNOWN) for the items xargs appends,
// so every judge (unconfined.ts's "not read-only given a path outside") fails closed for a program that is not
// read-only, without a list of writer programs.
// Live since fix33a (issue 26): `--sandbox off` runs in the write jail (sandbox/write-jail.ts) wherever bubblewrap runs, so
// the expectation is the OUTCOME: every file outside the workspace untouched (asking is also fine). The parse's rule
// named under "Fix" below still matters where no jail runs (no bubblewrap): not done here.
import { describe, expect, it } from 'vitest';
import { outsideWrites } from '../helpers/yes-runs.js';

const { verdict } = outsideWrites('cw-rt33-xargs-');

describe('R33-1 CRITICAL: xargs gives its program arguments the parse never saw', () => {
  it.each([
    "printf 'OUT\\n' > l; xargs -a l touch",
    "printf 'OUT\\n' > l; xargs --arg-file=l touch",
    "printf 'OUT\\n' > l; cat l | xargs touch",
  ])('`%s` leaves every file outside the workspace untouched (runs in the write jail, or asks)', async (line) => {
    expect(await verdict(line)).not.toBe('wrote OUT');
  }, 60_000);
});

describe('control', () => {
  // A pipe whose words hold the path asks today (the path is a word of the line).
  it.each(['touch OUT', "printf 'OUT\\n' | xargs touch", "printf 'OUT\\n' | xargs -I{} cp a.txt {}"])('`%s` leaves every file outside the workspace untouched (runs in the write jail, or asks)', async (line) => {
    expect(await verdict(line)).not.toBe('wrote OUT');
  }, 60_000);
  it.each(["printf 'a.txt\\n' | xargs grep -c a"])('`%s` runs', async (line) => {
    expect(await verdict(line)).toBe('ran');
  }, 60_000);
});
