// Red team round 31, R31-3 (CRITICAL: a file outside the workspace written, unasked, with `--sandbox off --yes`):
// R30-1 judges the value of every variable the parse records in a command's environment (SimpleCommand.env), but the
// walker records only some of bash's ways to put a variable there (parse-walk-assign.ts: `X=v cmd`, `export`,
// `declare -x`, `X=v; export X`, `set -a`). Three other ways run unjudged, each checked by hand (~/.bashrc written):
// - `set -k` / `set -o keyword`: every NAME=VALUE word ANYWHERE in a command's words goes into its environment
//   (`set -k; git status GIT_TRACE=~/.bashrc`: the parse reads GIT_TRACE=… as git's operand);
// - the assigning expansions `${X:=v}` and `${X=v}` (`: ${GIT_TRACE:=~/.bashrc}; export GIT_TRACE; git status`,
//   `export GIT_TRACE; : ${GIT_TRACE=~/.bashrc}; git status`, `echo ${GIT_TRACE:=…}`);
// - a nameref (`declare -n R=GIT_TRACE; R=~/.bashrc; export GIT_TRACE`): the assignment is to the name R names.
// Held-back variants a fix must also cover: `set -k` in a `sh -c` string, `bash -k -c` (held today), `set -ak`,
// `${X:=v}` in an argument of any command, `local -n`/`typeset -n`, a nameref exported itself (`declare -nx`).
// Fixed (fix31c) in the walker: parse-walk-state.ts records `${X:=v}`/`${X=v}` in any word as an assignment put in
// every later program's environment; `set -k` (any spelling, a run-time option fails closed) makes every NAME=VALUE
// word of a later command its environment (parse-walk-simple.ts); a nameref assigns its target (parse-walk-assign.ts).
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { writeFiles } from '../helpers/fixture.js';
import { execFileSync } from 'node:child_process';
import { NO_JAIL } from '../helpers/unconfined-runs.js';

// Below /var/tmp: the temporary folder is writable by design.
let base: string;
let root: string;
let home: string;
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt31-assign-');
  root = join(base, 'project');
  home = join(base, 'home');
  await mkdir(root);
  await writeFiles(root, { 'a.txt': 'a\n' });
  await writeFiles(home, { '.keep': '' });
  execFileSync('git', ['init', '-q', root]);
});
afterAll(async () => rm(base, { recursive: true, force: true }));

async function run(cmd: string): Promise<{ code: string; written: boolean }> {
  await rm(join(home, '.bashrc'), { force: true });
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', ...NO_JAIL }, sandbox: { mode: 'off' as const }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd } });
    return { code: result.ok ? 'ran' : result.error.code, written: existsSync(join(home, '.bashrc')) };
  } finally {
    await engine.close();
  }
}

describe('R31-3 CRITICAL: an assignment the parse does not record reaches git\'s environment (GIT_TRACE names ~/.bashrc)', () => {
  it.each([
    'set -k; git status GIT_TRACE=~/.bashrc',
    'set -o keyword; git status GIT_TRACE=~/.bashrc',
    'set -ak; git status GIT_TRACE=$HOME/.bashrc',
    ': ${GIT_TRACE:=~/.bashrc}; export GIT_TRACE; git status',
    'export GIT_TRACE; : ${GIT_TRACE=~/.bashrc}; git status',
    'echo ${GIT_TRACE:=$HOME/.bashrc} >/dev/null; export GIT_TRACE; git status',
    'declare -n R=GIT_TRACE; R=~/.bashrc; export GIT_TRACE; git status',
    'export GIT_TRACE; declare -n R=GIT_TRACE; R=~/.bashrc; git status',
    'export GIT_TRACE; GIT_TRACE=~/.bashrc; git status',
    'declare -n R=GIT_TRACE; printf -v R %s ~/.bashrc; export GIT_TRACE; git status',
    'declare -n R=GIT_TRACE; read R <<< ~/.bashrc; export GIT_TRACE; git status',
    'set -o keyword; git status "GIT_TRACE=$HOME/.bashrc"',
    'printf -v GIT_TRACE %s ~/.bashrc; export GIT_TRACE; git status',
    'read GIT_TRACE <<< ~/.bashrc; export GIT_TRACE; git status',
    'f() { git status GIT_TRACE=~/.bashrc; }; set -k; f',
    'f() { R=~/.bashrc; }; declare -n R=GIT_TRACE; f; export GIT_TRACE; git status',
    'typeset -n R=GIT_TRACE; R=~/.bashrc; export GIT_TRACE; git status',
    'f() { local -xn R=GIT_TRACE; R=~/.bashrc; git status; }; f',
    'V=GIT_TRACE; declare -n R=$V; R=~/.bashrc; export GIT_TRACE; git status',
    'sh -c \'set -k; git status GIT_TRACE=~/.bashrc\'',
    'ls ${GIT_TRACE:=~/.bashrc} >/dev/null 2>&1; export GIT_TRACE; git status',
    // Out of order and quoted (fix31c's LEFT): the prescan reads the text without its quotes.
    'f() { R=~/.bashrc; }; declare -n "R=GIT_TRACE"; f; export GIT_TRACE; git status',
    'f() { R=~/.bashrc; }; declare -n \'R\'=GIT_TRACE; f; export GIT_TRACE; git status',
    'f() { git status GIT_TRACE=~/.bashrc; }; builtin set -k; f',
    'f() { R=~/.bashrc; }; declare -n -- R=GIT_TRACE; f; export GIT_TRACE; git status',
    'f() { git status GIT_TRACE=~/.bashrc; }; s\\et -k; f',
  ])('`%s` asks (C241) and writes nothing in the home', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', written: false });
  }, 60_000);
});

describe('control', () => {
  it.each(['set -k; git status', ': ${FOO:=bar}; echo $FOO', 'set -k; A=b; echo a=b', 'declare -n R=FOO; R=bar; echo $FOO', ': ${OUT:=$PWD/out}; echo $OUT'])('`%s` runs', async (line) => {
    expect(await run(line)).toEqual({ code: 'ran', written: false });
  }, 60_000);
  // `: ${GIT_TRACE:=1}; export GIT_TRACE` ran here as a control until asg57: the path-hijack rule now reads the
  // assigning expansion as the assignment it is, so it asks as `GIT_TRACE=1; export GIT_TRACE` always did (R41-b2).
  it.each(['export GIT_TRACE=~/.bashrc; git status', 'set -a; GIT_TRACE=~/.bashrc; git status', ': ${GIT_TRACE:=1}; export GIT_TRACE; git status >/dev/null 2>&1'])('`%s` asks (held)', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', written: false });
  }, 60_000);
});
