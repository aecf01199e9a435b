// Red team round 33, R33-5 (CRITICAL by R32-3's measure: the Makefile hides what its recipes' shell does; `make all`
// runs unasked under --yes, --sandbox off): R32-3's fix (permissions/task-runner-make-rules.ts exportedLoader) makes a
// Makefile that EXPORTS a variable the recipes' shell obeys open, but it decides "obeys" by a name list
// (isLoaderVariable, isCommandVariable, SHELLOPTS, BASHOPTS), and the shell obeys more:
// - CDPATH: dash and bash search it BEFORE the current folder (`CDPATH=/tmp/cdp dash -c 'cd zz'` went to /tmp/cdp/zz
//   although ./zz existed: checked). `export CDPATH = ../home` + a recipe `cd .config && touch y` that reads as the
//   workspace's own .config wrote home/.config/y (checked below).
// - PS4: with SHELL = /bin/bash and `.SHELLFLAGS = -xc` (or `set -x` in a recipe), bash expands an imported PS4 before
//   every traced command, `$(…)` included (checked by hand as an unprivileged user: `PS4='$(touch /tmp/ps4x)' bash
//   -xc true` created it; bash ignores PS4 from the environment only when run as root, so this row checks the
//   decision: the test runs as root here).
// Held-back variants a fix must also cover: `.EXPORT_ALL_VARIABLES:` with CDPATH/PS4, `export CDPATH` apart from its
// value, GLOBIGNORE/BASH_XTRACEFD/TMOUT-like names, the same in a package.json script's env (`CDPATH=.. npm test`).
// Expected: asks (C241), as `export BASH_ENV = ./env.sh` does.
// Fix: ONE place, exportedLoader: a Makefile that exports ANY variable the reading does not prove inert to the
// shell opens the reading (or: the recipes are walked with the exported environment, which readCd and the PS4 judge
// already read on a line), not a longer list of names.
// Live since fix33a (issue 26): `--sandbox off` runs in the write jail (sandbox/write-jail.ts) wherever bubblewrap runs, so
// the expectation is the OUTCOME: every file outside the workspace untouched (asking is also fine). The parse's rule
// named under "Fix" below still matters where no jail runs (no bubblewrap): fix36 made it (exportedLoader: any
// exported name the shell reads, shell/danger-variables.ts shellReadsVariable), rows with NO_JAIL below.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, writeFiles } from '../helpers/fixture.js';
import { NO_JAIL } from '../helpers/unconfined-runs.js';

const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 'x', GIT_AUTHOR_EMAIL: 'x@x', GIT_COMMITTER_NAME: 'x', GIT_COMMITTER_EMAIL: 'x@x' };
let base: string;
let count = 0;
beforeAll(async () => {
  // Below /var/tmp: the temporary folder is writable by design (in the write jail too).
  base = await mkdtemp('/var/tmp/cw-rt33-make-env-');
});
afterAll(async () => {
  await removeDir(base);
});

// A repository `w<n>` with the committed `files`, a home `w<n>/../home<n>` with a .config folder; `make all` with
// --sandbox off --yes: its code, and whether home<n>/.config/y was written.
async function run(makefile: string, jail: Readonly<Record<string, string>> = {}): Promise<{ code: string; wroteHome: boolean }> {
  const n = ++count;
  const root = join(base, `w${n}`), home = join(base, `home${n}`);
  await writeFiles(root, { 'a.txt': 'a\n', '.config/.keep': '', Makefile: makefile.replaceAll('HOME_DIR', `../home${n}`) });
  await writeFiles(home, { '.config/.keep': '' });
  execFileSync('git', ['init', '-q', root]);
  execFileSync('git', ['-C', root, 'add', '-A'], { env: GIT_ENV });
  execFileSync('git', ['-C', root, 'commit', '-qm', 'a'], { env: GIT_ENV });
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', ...jail }, sandbox: { mode: 'off' as const }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: 'make all' } });
    return { code: result.ok ? 'ran' : result.error.code, wroteHome: existsSync(join(home, '.config', 'y')) };
  } finally {
    await engine.close();
  }
}

describe('R33-5 CRITICAL: a Makefile exports a variable its recipes\' shell obeys, not on the name list', () => {
  it.each([
    'export CDPATH = HOME_DIR\nall:\n\tcd .config && touch y\n',
    'CDPATH = HOME_DIR\nexport CDPATH\nall:\n\tcd .config && touch y\n',
    'CDPATH = HOME_DIR\n.EXPORT_ALL_VARIABLES:\nall:\n\tcd .config && touch y\n',
  ])('%j: `make all` writes nothing in the home (runs in the write jail, or asks)', async (makefile) => {
    expect((await run(makefile)).wroteHome).toBe(false);
  }, 60_000);
  it('SHELL = /bin/bash, .SHELLFLAGS = -xc, export PS4 = $$(…): writes nothing in the home (bash runs PS4 as a non-root user)', async () => {
    expect((await run('SHELL = /bin/bash\n.SHELLFLAGS = -xc\nexport PS4 = $$(touch HOME_DIR/.config/y)\nall:\n\techo hi\n')).wroteHome).toBe(false);
  }, 60_000);
});

describe('control', () => {
  it('a recipe that cds inside runs', async () => {
    expect(await run('all:\n\tcd .config && touch y\n')).toEqual({ code: 'ran', wroteHome: false });
  }, 60_000);
  it('export BASH_ENV asks', async () => {
    expect((await run('SHELL = /bin/bash\nexport BASH_ENV = ./env.sh\nall:\n\techo hi\n')).code).toBe('C241');
  }, 60_000);
});

// Where no write jail runs the Makefile reader is the guard: a Makefile exporting a name the recipes' shell reads asks.
describe('R33-5 where no write jail runs (NO_JAIL): `make all` asks', () => {
  it.each([
    'export CDPATH = HOME_DIR\nall:\n\tcd .config && touch y\n',
    'CDPATH = HOME_DIR\nexport CDPATH\nall:\n\tcd .config && touch y\n',
    'CDPATH = HOME_DIR\n.EXPORT_ALL_VARIABLES:\nall:\n\tcd .config && touch y\n',
    'SHELL = /bin/bash\n.SHELLFLAGS = -xc\nexport PS4 = $$(touch HOME_DIR/.config/y)\nall:\n\techo hi\n',
    'PS4 = $$(touch HOME_DIR/.config/y)\n.EXPORT_ALL_VARIABLES:\nall:\n\tset -x; echo hi\n',
    'export GLOBIGNORE = *\nall:\n\techo hi\n',
    'export BASH_XTRACEFD = 7\nall:\n\techo hi\n',
    'export TMOUT = 1\nall:\n\techo hi\n',
    'export HISTFILE = HOME_DIR/.config/y\nall:\n\techo hi\n',
    'export PROMPT_COMMAND = touch y\nall:\n\techo hi\n',
    'export IFS = /\nall:\n\techo hi\n',
  ])('%j asks (C241)', async (makefile) => {
    expect(await run(makefile, NO_JAIL)).toEqual({ code: 'C241', wroteHome: false });
  }, 60_000);
});

describe('control where no write jail runs: exports the shell does not read run', () => {
  it.each([
    'export VERSION = 1\nall:\n\tcd .config && touch y\n',
    'CGO_ENABLED = 0\nexport CGO_ENABLED\nall:\n\techo hi\n',
    'NAME = x\n.EXPORT_ALL_VARIABLES:\nall:\n\techo hi\n',
  ])('%j runs', async (makefile) => {
    expect((await run(makefile, NO_JAIL)).code).toBe('ran');
  }, 60_000);
});
