// Red team round 28, R28-13 (CRITICAL in `--sandbox off` / no OS sandbox: a program outside the workspace run, which
// may write outside it): unconfined.ts asks for "a script or program run from a path outside the workspace"
// (`make -f /x/Makefile` asks), but reads make's makefile only as a separate word: `make -f/PATH` (attached) and the
// cluster `make -sf/PATH` / `-kf/PATH` run the outside makefile under --yes (checked: `/root/rt28mk/Makefile` with
// `touch /root/rt28mk/RAN` ran and wrote outside the workspace). The test names a file outside the workspace that is
// no makefile (the repository's package.json: make stops at "missing separator", so the hole shows as C253, not C241).
// Held: `make -f /PATH`, `make -sf /PATH`, `make -C /PATH`, `make -sC/PATH`, `make --dir=`, `--file=`.
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../helpers/fixture.js';
import { unconfinedRuns } from '../helpers/unconfined-runs.js';

const runs = unconfinedRuns('rt28-unconfined-');
const OUTSIDE = join(REPO_ROOT, 'package.json');

async function code(line: string): Promise<string> {
  return runs.exec(await runs.place(), line);
}

describe('R28-13 CRITICAL (--sandbox off): make\'s attached / clustered -f runs a makefile outside the workspace unasked', () => {
  test.each([`make -f${OUTSIDE}`, `make -sf${OUTSIDE}`, `make -kf${OUTSIDE}`])('`%s` asks (C241)', async (line) => {
    expect(await code(line)).toBe('C241');
  }, 120_000);
});

describe('control (held)', () => {
  test.each([`make -f ${OUTSIDE}`, `make -sf ${OUTSIDE}`])('`%s` asks', async (line) => {
    expect(await code(line)).toBe('C241');
  }, 120_000);
});
