// Red team round 33, R33-3 (CRITICAL: a file outside the workspace written, unasked, with `--sandbox off --yes`):
// R32-1 made unconfined-env.ts read EVERY environment value as one path from the working folder. But a value may be
// a COMMAND LINE of options the program parses (like NODE_OPTIONS, which the loader table reads, or TAR_OPTIONS and
// ZIPOPT, which ask today): read as one path, `--junitxml=~/x` or `-Xlog:gc:file=~/x` is a relative name inside the
// workspace, so free. Checked, each created ~/x unasked: `PYTEST_ADDOPTS='--junitxml=~/x' pytest -q --collect-only
// a.txt` and `JAVA_TOOL_OPTIONS='-Xlog:all=off -Xlog:gc:file=~/x' java -version` (the same options as words ask).
// Held-back variants a fix must also cover: `_JAVA_OPTIONS`, `JDK_JAVA_OPTIONS`, `MAVEN_OPTS`, `GRADLE_OPTS`,
// `PYTEST_ADDOPTS='-p mod'`, `GZIP`/`XZ_OPT`/`ZSTD_*`, `LESS='-o file'`, `MAKEFLAGS` (asks today), `RUSTFLAGS`,
// `CFLAGS='-o …'` read by a build, an exported value (`export X=…; tool`), a value split by `=` or `:` (`file=`).
// Expected: asks (C241), as `pytest --junitxml=~/x` does; `PYTEST_ADDOPTS=-q pytest …` runs.
// Fix: ONE place, src/permissions/unconfined-env.ts: a value is read as the words a program may take from it (split at
// blanks, then each word's `=`/`:` parts, as unconfined-attached.ts reads `--opt=value`), not as one path; every part
// that lands outside counts, so no list of option-string variables is needed.
// Live since fix33a (issue 26): `--sandbox off` runs in the write jail (sandbox/write-jail.ts) wherever bubblewrap runs, so
// the expectation is the OUTCOME: every file outside the workspace untouched (asking is also fine). The parse's rule
// named under "Fix" below still matters where no jail runs (no bubblewrap): not done here.
import { describe, expect, it } from 'vitest';
import { outsideWrites } from '../helpers/yes-runs.js';

const { verdict } = outsideWrites('cw-rt33-optenv-');

describe('R33-3 CRITICAL: an environment value that is a line of options names a file outside', () => {
  it.each([
    "PYTEST_ADDOPTS='--junitxml=OUT' pytest -q --collect-only a.txt || true",
    "export PYTEST_ADDOPTS='--junitxml=OUT'; pytest -q --collect-only a.txt || true",
    "JAVA_TOOL_OPTIONS='-Xlog:all=off -Xlog:gc:file=OUT' java -version",
  ])('`%s` leaves every file outside the workspace untouched (runs in the write jail, or asks)', async (line) => {
    expect(await verdict(line)).not.toBe('wrote OUT');
  }, 60_000);
});

describe('control', () => {
  it.each(["pytest -q --collect-only --junitxml=OUT a.txt || true", "TAR_OPTIONS='-C OUT' tar -tf /dev/null"])('`%s` leaves every file outside the workspace untouched (runs in the write jail, or asks)', async (line) => {
    expect(await verdict(line)).not.toBe('wrote OUT');
  }, 60_000);
  it.each(['PYTEST_ADDOPTS=-q pytest -q --collect-only a.txt || true'])('`%s` runs', async (line) => {
    expect(await verdict(line)).toBe('ran');
  }, 60_000);
});
