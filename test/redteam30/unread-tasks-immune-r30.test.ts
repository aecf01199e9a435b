// Red team round 30, R30-2 (CRITICAL: an immune-list command, `git reset --hard`, discards uncommitted work under
// --yes in a run nothing stages): R28-6 decided that a run nothing stages (--sandbox off, --no-stage, no OS sandbox)
// takes the immune classes of the lines its scripts and tasks run, and R29-2 made a script line that CANNOT be read
// ask as immune ("unread-scripts": only a person can tell, --yes cannot). decide-scripts.ts applies that only to
// package scripts and to folder words. A TASK RUNNER that cannot be read (taskRunnerLines' `unknown`), a runner a
// package script starts after a `cd` (`inner.moved`), a runner deeper than DEPTH and a script past MAX_LINES each
// return a PLAIN ask, which --yes approves: `make -f Makefile clean` (make's option that names the makefile: the
// reader gives up on `-f`/`--file`/`--makefile`) and `npm run x` with `"x": "cd sub && make clean"` run the recipe
// `git reset --hard`, while `make clean` and `make -C sub clean` (read) ask as immune. npm's implicit scripts are
// the same gap: `npm restart` with no `restart` script runs `npm stop --if-present && npm start` (checked against
// npm 10), the reader finds no `restart` line, and `"start": "git reset --hard"` ran (`npm start` asks as immune).
// And the folder reader (decide-script-dirs.ts) ignores CDPATH: `CDPATH=tools cd deep && make all` runs
// tools/deep/Makefile, read as `deep/` where no Makefile is (hook-fed.ts reads CDPATH; R30-3 has the hook side). The attacker (the repository's
// Makefile, the model choosing the spelling) only needs a spelling the reader does not follow.
// Held-back variants a fix must also cover (decide-scripts.ts: every `unknown`/not-followed return of a guarded
// judge goes through `unread`, the fail-closed path, not `ask`): MAKEFILES=x make, MAKEFLAGS with a variable,
// `just -f F x`, `just -d D x`, `task -t F x`, `task -d D x`, `poe -C D x`, `pdm -p D run x`, `deno task -c F x`,
// `cargo make --makefile F x`, rake/invoke (code: the lead decides whether unreadable code counts), a package script
// chaining runners deeper than 3, a script of more than MAX_LINES lines. Fix: src/permissions/decide-scripts.ts
// (the `ask(...)` returns after `read.unknown`, `inner.moved`, `depth >= DEPTH`, `++count > MAX_LINES`), and the
// package-script reader (shell/run-scripts.ts) for npm's implicit lines (restart = stop + start; `npm test` with no
// script; `npm start` with no script runs `node server.js`; install's implicit `node-gyp rebuild` for binding.gyp).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { NO_JAIL } from '../helpers/unconfined-runs.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('rt30-unread-tasks-');
});
afterAll(async () => {
  await removeDir(base);
});

const GIT_ENV = { GIT_AUTHOR_NAME: 'x', GIT_AUTHOR_EMAIL: 'x@x', GIT_COMMITTER_NAME: 'x', GIT_COMMITTER_EMAIL: 'x@x' };

// A repository with a committed file changed (uncommitted work) whose Makefiles' `clean` runs `git reset --hard`;
// the line run with --sandbox off --yes: its code, and whether the uncommitted change is still there.
async function run(line: string): Promise<{ code: string; kept: boolean }> {
  const top = join(base, `w${++count}`), home = join(base, `h${count}`);
  const makefile = 'clean:\n\tgit reset --hard\n';
  // `make d0` runs `make clean` 4 runners deep; `make many` runs 70 lines before the reset (past MAX_LINES).
  const deep = 'd0:\n\t$(MAKE) d1\nd1:\n\t$(MAKE) d2\nd2:\n\t$(MAKE) d3\nd3:\n\t$(MAKE) clean\n';
  const many = `many:\n${'\ttrue\n'.repeat(70)}\tgit reset --hard\n`;
  await writeFiles(top, { 'a.txt': 'a\n', 'Makefile': makefile + deep + many, 'sub/Makefile': makefile, 'tools/deep/Makefile': 'all:\n\tgit reset --hard\n', 'package.json': '{"scripts":{"viacd":"cd sub && make clean","start":"git reset --hard"}}' });
  await writeFiles(home, { '.keep': '' });
  const env = { ...process.env, ...GIT_ENV };
  execFileSync('git', ['init', '-q', top]);
  execFileSync('git', ['-C', top, 'add', 'a.txt'], { env });
  execFileSync('git', ['-C', top, 'commit', '-qm', 'a'], { env });
  await writeFiles(top, { 'a.txt': 'CHANGED\n' });
  const result = runCli(['--json', '--sandbox', 'off', '-C', top, 'exec', '--cmd', line], { env: { HOME: home, CODEWARD_NO_SERVE: '1', ...NO_JAIL }, yes: true });
  const kept = existsSync(join(top, 'a.txt')) && readFileSync(join(top, 'a.txt'), 'utf8') === 'CHANGED\n';
  return { code: result.json.ok ? 'ran' : result.json.error?.code ?? result.stdout, kept };
}

describe('R30-2 CRITICAL: a task runner the reader gives up on runs an immune recipe under --sandbox off --yes', () => {
  test.each(['make -f Makefile clean', 'make --file=Makefile clean', 'make -fMakefile clean', 'npm run viacd', 'npm restart', 'CDPATH=tools cd deep && make all'])('`%s` asks (C241) and keeps the uncommitted work', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', kept: true });
  }, 120_000);
});

// fix30b: the held-back spellings of the report, each a not-followed return of a guarded judge (the runners not
// installed here fail to start after a plain ask: what counts is the immune question before anything runs).
describe('R30-2 held-back: every task runner reading that gives up asks as immune', () => {
  test.each(['MAKEFILES=sub/Makefile make clean', 'make d0', 'make many', 'just -f justfile clean', 'just -d sub clean', 'task -t Taskfile.yml clean', 'task -d sub clean', 'poe -C sub clean', 'pdm -p sub run clean', 'deno task -c deno.json clean', 'cargo make --makefile Makefile.toml clean'])('`%s` asks (C241) and keeps the uncommitted work', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', kept: true });
  }, 120_000);
});

describe('control (held)', () => {
  test.each(['make clean', 'make -C sub clean', 'npm start'])('`%s` asks', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', kept: true });
  }, 120_000);
});
