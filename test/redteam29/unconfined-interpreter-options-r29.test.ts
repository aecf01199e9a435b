// Red team round 29, R29-6 (CRITICAL in `--sandbox off` / no OS sandbox: a program outside the workspace run, which
// writes outside it): R28-13's class (unconfined.ts asks for "a script or program run from a path outside the
// workspace" but finds the script word only in some spellings) for the interpreters: an option that takes a VALUE
// before the script (`bash -o pipefail`, `bash -O extglob`, `python3 -W ignore` / `-Wignore` / `-X dev` / `-Xdev` /
// `--check-hash-based-pycs never`, `node --title x` / `--conditions x` / `-C x`), `bash -e` / `bash +o posix` /
// `sh -e --`, and the module search path handed by the environment (`PYTHONPATH=/out python3 -m ym`). Each ran
// /out/y.* under --yes (it wrote /out/RAN). Held: `sh /out/y.sh`, `. /out/y.sh`, `bash -x`, `bash --`, `bash -eu`,
// `bash --norc`, `node /out/y.js`, `node --`, `node -r`, `node --max-old-space-size=100`, `python3 /out/y.py`, `-u`,
// `-b`, `--`, `PYTHONPATH=/out python3 -c "import ym"`, NODE_PATH, RUBYLIB, perl -Mstrict, ruby -W0, make -f/-C (and
// prefixes --fi= --mak= --di=, clusters -sC/-kC/-j2C/-eC), npm --prefix, env -C, cd /out, BASH_ENV, sh < /out/y.sh,
// cat | sh, find -exec, nohup/nice/timeout, busybox sh, dash, zsh.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { unconfinedRuns } from '../helpers/unconfined-runs.js';

let out = '';
const runs = unconfinedRuns('rt29-unconf-', async (base) => {
  out = join(base, 'out');
  const ran = JSON.stringify(join(out, 'RAN'));
  await writeFiles(out, { 'y.sh': `touch ${ran}\n`, 'y.js': `require("fs").writeFileSync(${ran}, "")\n`, 'y.py': `open(${ran}, "w")\n`, 'ym.py': `open(${ran}, "w")\n` });
});

async function run(line: string): Promise<{ code: string; ran: boolean }> {
  const place = await runs.place();
  await rm(join(out, 'RAN'), { force: true });
  return { code: runs.exec(place, line.replaceAll('OUT', out)), ran: existsSync(join(out, 'RAN')) };
}

describe('R29-6 CRITICAL: an outside script behind an interpreter option runs under --yes (--sandbox off)', () => {
  test.each([
    'bash -o pipefail OUT/y.sh',
    'bash -O extglob OUT/y.sh',
    'bash +o posix OUT/y.sh',
    'bash -e OUT/y.sh',
    'sh -e -- OUT/y.sh',
    'python3 -W ignore OUT/y.py',
    'python3 -Wignore OUT/y.py',
    'python3 -X dev OUT/y.py',
    'python3 --check-hash-based-pycs never OUT/y.py',
    'node --title x OUT/y.js',
    'node -C x OUT/y.js',
    'PYTHONPATH=OUT python3 -m ym',
  ])('`%s` asks and runs nothing outside', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', ran: false });
  }, 120_000);
});

describe('control (held)', () => {
  test.each(['sh OUT/y.sh', 'bash -eu OUT/y.sh', 'python3 -b OUT/y.py', 'node -r OUT/y.js -e 1'])('`%s` asks', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', ran: false });
  }, 120_000);
});
