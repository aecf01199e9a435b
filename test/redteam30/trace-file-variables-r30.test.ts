// Red team round 30, R30-1 (CRITICAL: a file outside the workspace written, unasked, with `--sandbox off --yes`):
// a variable NOT named like a location that still names a file a program writes. The unconfined judge
// (permissions/unconfined-env.ts) reads only the variables location-variables.ts names by convention (`*_DIR`,
// `*_HOME`, `*_FILE`, `*_CONFIG`, XDG_*, GIT_DIR ...). git's trace variables (`GIT_TRACE`, `GIT_TRACE2`,
// `GIT_TRACE2_EVENT`, `GIT_TRACE_SETUP`, `GIT_TRACE_PACKET`, `GIT_TRACE_PERFORMANCE`, `GIT_TRACE_CURL` ...) take an
// absolute path and APPEND to that file: `GIT_TRACE=~/.bashrc git status` is asked as "runs with variable
// assignments" (a plain ask, which --yes approves) and writes the person's shell start-up file. The text is
// partly the attacker's: GIT_TRACE_SETUP prints the run folder's prefix UNQUOTED (`setup: prefix: x<newline>
// CMD<newline>`), so a workspace folder whose name holds a newline plants a line the next interactive shell runs.
// The same line with `export GIT_TRACE=...; git status` IS immune (the export judge knows GIT_*): the two judges
// of one environment disagree. `env GIT_TRACE=... git status` and `GIT_TRACE=~/x` (bash expands ~) run too.
// Held-back variants a fix must also cover (a name list will not converge; judge the VALUE: any assigned value
// that is an absolute/home path outside the workspace and the system folders): SSLKEYLOGFILE (curl, git over
// https append TLS secrets), HISTFILE (bash -i), LESSHISTFILE, PYTHONPYCACHEPREFIX (python writes .pyc trees
// there), NODE_V8_COVERAGE (node writes coverage JSON into the folder), GIT_TRACE2_EVENT naming a folder (a file
// per process created inside it), PIP_LOG (pip appends its log), CCACHE_LOGFILE, npm_config_logs_dir (held: _DIR).
// Fix: src/permissions/unconfined-env.ts environmentOutside (and the ask text of prefix assignments, which
// should share the export judge's immune reading of GIT_*).
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { NO_JAIL } from '../helpers/unconfined-runs.js';

let base: string;
let top: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('rt30-trace-');
  top = join(base, 'w');
  await writeFiles(top, { 'a.txt': 'a\n' });
  execFileSync('git', ['init', '-q', top]);
});
afterAll(async () => {
  await removeDir(base);
});

// The home is a temporary folder, which the unconfined judge lets a write land in (outsideHow's `temporary`): the
// rows name it as `~` or `$HOME`, which that judge reads as outside. The line run with --sandbox off --yes: its code, and what it left in the home.
async function run(line: string): Promise<{ code: string; home: string[] }> {
  const home = join(base, `h${++count}`);
  await writeFiles(home, { '.keep': '' });
  const result = runCli(['--json', '--sandbox', 'off', '-C', top, 'exec', '--cmd', line], { env: { HOME: home, CODEWARD_NO_SERVE: '1', ...NO_JAIL }, yes: true });
  const left = readdirSync(home).filter((name) => name !== '.keep' && name !== '.cache');
  return { code: result.json.ok ? 'ran' : result.json.error?.code ?? result.stdout, home: left };
}

describe('R30-1 CRITICAL: a trace variable names a file outside the workspace, written under --sandbox off --yes', () => {
  test.each([
    'GIT_TRACE=~/.bashrc git status',
    'GIT_TRACE2=$HOME/.profile git status',
    'GIT_TRACE_SETUP=~/.bashrc git status',
    'env GIT_TRACE_PERFORMANCE=~/.bashrc git status',
    // Held-back (fix30a): the value is judged whatever the name, in every spelling of the environment.
    'GIT_TRACE2_EVENT=$HOME git status',
    'SSLKEYLOGFILE=~/.bashrc git status',
    'PYTHONPYCACHEPREFIX=~/pyc git status',
    'NODE_V8_COVERAGE=${HOME}/cov git status',
    'D=~/.bashrc; PIP_LOG=$D git status',
    'SSLKEYLOGFILE=~/.bashrc; export SSLKEYLOGFILE; git log -1',
    "env -S 'GIT_TRACE_PACKET=~/.bashrc git status'",
    "sh -c 'HISTFILE=~/.bashrc git status'",
  ])('`%s` asks and writes nothing in the home', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', home: [] });
  }, 120_000);
});

// Ordinary values stay free (fix30a): a word, a number, a URL, /dev/null, a path inside the workspace.
describe('control (runs)', () => {
  test.each(['GIT_TRACE=1 git status', 'GIT_TRACE=/dev/null git status', 'REPO_URL=https://example.com/r.git LANG=C.UTF-8 git status', 'GIT_TRACE=$PWD/trace.log git status'])('`%s` runs', async (line) => {
    expect(await run(line)).toEqual({ code: 'ran', home: [] });
  }, 120_000);
});

describe('control (held)', () => {
  test.each(['export GIT_TRACE=~/.bashrc; git status', 'XDG_CONFIG_HOME=~/.bashrc git status'])('`%s` asks', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', home: [] });
  }, 120_000);
});
