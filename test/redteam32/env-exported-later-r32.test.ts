// Red team round 32, R32-2 (CRITICAL: a file outside the workspace written, unasked, with `--sandbox off --yes`):
// R30-1/R31-3 judge the values of the environment the walker records (SimpleCommand.env), but the walker records a
// plain assignment only when the SAME statement exports it (`export X=v`, `X=v cmd`) or the name is a location or
// option variable; a name exported on its own (`export X`, `declare -x X`, `export -- X`), or every name under
// allexport (`set -o allexport`, `bash -a -c`, `sh -a -c`, `SHELLOPTS=allexport bash -c`), then given a value by
// a plain assignment, `+=`, a `for` loop, `read`, `printf -v`, `mapfile`, `getopts` or `eval X=v`, reaches every
// later program's environment unjudged. Checked: `export SSLKEYLOGFILE; SSLKEYLOGFILE=~/x; curl -s
// https://127.0.0.1:1/`, `set -a; read SSLKEYLOGFILE <<< ~/x; curl …`, `printf -v SSLKEYLOGFILE %s ~/x; export
// SSLKEYLOGFILE; curl …` each created ~/x (curl appends TLS secrets to it). Round 31's rows for the same forms pass
// only because GIT_* names (danger-risky.ts) and the words `~/.bashrc` are immune by name: any other variable that
// names a file written (SSLKEYLOGFILE, HISTFILE, PYTHONPYCACHEPREFIX, NODE_V8_COVERAGE …) runs.
// Expected: asks (C241), like `export SSLKEYLOGFILE=~/x; curl …` does.
// Fixed in the walker (src/shell/parse-walk-state.ts): which names the line exports is order-free (a prescan, like
// `set -k`'s: `export NAME`, `declare -x NAME`, allexport in any spelling, a name only known at run time = all),
// and every assignment to such a name (plain, `+=`, `for`, the builtins that assign by name) is put in the
// environment of the programs the line starts.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { writeFiles } from '../helpers/fixture.js';
import { NO_JAIL } from '../helpers/unconfined-runs.js';

// Below /var/tmp: the temporary folder is writable by design.
let base: string;
let root: string;
let home: string;
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt32-exported-');
  root = join(base, 'project');
  home = join(base, 'home');
  await mkdir(root);
  await writeFiles(root, { 'a.txt': 'a\n' });
  await writeFiles(home, { '.keep': '' });
});
afterAll(async () => rm(base, { recursive: true, force: true }));

async function verdict(line: string): Promise<string> {
  await rm(join(home, 'x'), { force: true });
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', ...NO_JAIL }, sandbox: { mode: 'off' as const }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: line.replaceAll('OUT', join(home, 'x')) } });
    return result.ok ? (existsSync(join(home, 'x')) ? 'ran, wrote OUT' : 'ran') : result.error.code;
  } finally {
    await engine.close();
  }
}

describe('R32-2 CRITICAL: a name exported apart from its value, then assigned, reaches the program unjudged', () => {
  it.each([
    'export SSLKEYLOGFILE; SSLKEYLOGFILE=OUT; curl -s https://127.0.0.1:1/ || true',
    'export -- SSLKEYLOGFILE; SSLKEYLOGFILE=OUT; true',
    'declare -x SSLKEYLOGFILE; SSLKEYLOGFILE=OUT; true',
    'export SSLKEYLOGFILE; SSLKEYLOGFILE+=OUT; true',
    'export SSLKEYLOGFILE; for SSLKEYLOGFILE in OUT; do true; done',
    'export SSLKEYLOGFILE; eval SSLKEYLOGFILE=OUT; true',
    'set -o allexport; SSLKEYLOGFILE=OUT; true',
    'set -a; SSLKEYLOGFILE=OUT; true',
    'set -a; read SSLKEYLOGFILE <<< OUT; curl -s https://127.0.0.1:1/ || true',
    'printf -v SSLKEYLOGFILE %s OUT; export SSLKEYLOGFILE; curl -s https://127.0.0.1:1/ || true',
    'export SSLKEYLOGFILE; printf -v "SSLKEYLOGFILE" %s OUT; true',
    'read SSLKEYLOGFILE <<< OUT; export SSLKEYLOGFILE; true',
    'export SSLKEYLOGFILE; read -r \'SSLKEYLOGFILE\' <<< OUT; true',
    'export SSLKEYLOGFILE; mapfile SSLKEYLOGFILE <<< OUT; true',
    'export SSLKEYLOGFILE; getopts x: SSLKEYLOGFILE -x; true',
    'bash -a -c \'SSLKEYLOGFILE=OUT; true\'',
    'sh -a -c \'SSLKEYLOGFILE=OUT; true\'',
    'SHELLOPTS=allexport bash -c \'SSLKEYLOGFILE=OUT; true\'',
  ])('`%s` asks (C241)', async (line) => {
    expect(await verdict(line)).toBe('C241');
  }, 60_000);
});

describe('control: values not exported, or inside, run', () => {
  it.each([
    'X=OUT; echo "$X"',
    'read X <<< OUT; echo "$X"',
    'export X; X=sub/y; true',
    'printf -v Y %s OUT; echo "$Y"',
  ])('`%s` runs', async (line) => {
    expect(await verdict(line)).toBe('ran');
  }, 60_000);
});
