// Parked: imports are written for the file moved to test/redteam39/<name>.test.ts (as round 38 moved its own).
// R39-b10 — MAJOR (seed 004's immune list; R38-b2's "two readers of env's assignments" class) — bash imports a
// function from an environment variable named `BASH_FUNC_NAME%%` whose value starts `() {`: the child shell's `ls` (or
// `git status`) is then the function. As a prefix assignment (`BASH_FUNC_ls%%='() { rm -rf sub; }' bash -c ls`) the
// line asks (the value read as a shell line); given through env (`env 'BASH_FUNC_ls%%=() { … }' bash -c ls`) it is not
// read, and the rm -rf runs under --yes. (env accepts any NAME=VALUE word, `%` included; the parse's assignment
// pattern `[A-Za-z_][A-Za-z0-9_]*=` does not match it, so it may be taken for the program word or dropped.)
//
// Reproduction (integ 507f8cca, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted):
//   $ codeward --yes exec --no-stage "env 'BASH_FUNC_ls%%=() { rm -rf sub; }' bash -c ls"                 -> sub/ GONE
//   $ codeward --yes exec --no-stage "env BASH_FUNC_git%%='() { rm -rf sub; }' bash -c 'git status'"      -> sub/ GONE
//   control (held): "BASH_FUNC_ls%%='() { rm -rf sub; }' bash -c ls" -> C241.
// Expected: C241 and the work kept.
// ONE place for the class fix: shell/env-words.ts readEnv's assignment test (ASSIGNMENT) is env's own (any word with
// `=` not starting with `-`... GNU env: a word containing `=` before the command is an assignment), and every
// assignment env makes goes through the SAME rule the prefix assignments do (BASH_FUNC_*%% = a shell line; LD_*,
// PATH, BASH_ENV … as today).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('cw-rt39b-');
});
afterAll(async () => removeDir(base));

// One in-place run (default sandbox, --yes, --no-stage) of `line` in a workspace holding g (the repository's data
// file: `$(rm -rf sub)`) and the uncommitted sub/new.txt. Only the ask counts: a run that failed after the
// substitution ran (C253) lost the work all the same.
async function verdict(line: string): Promise<string> {
  const root = join(base, `w${++count}`), home = join(base, `h${count}`);
  mkdirSync(join(root, 'sub'), { recursive: true });
  mkdirSync(home);
  writeFileSync(join(root, 'sub/new.txt'), 'WORK\n');
  writeFileSync(join(root, 'g'), '$(rm -rf sub)\n');
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, `state${count}`) }, sandbox: { mode: 'workspace-write' }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: line, stage: false } });
    const kept = existsSync(join(root, 'sub/new.txt'));
    return result.ok ? (kept ? 'ran' : 'ran, work gone') : `${result.error.code === 'C241' ? 'C241' : 'ran'}${kept ? '' : ', work gone'}`;
  } finally {
    await engine.close();
  }
}

describe.skipIf(!bwrapWorks)('R39-b10 MAJOR: an exported function given through env (BASH_FUNC_NAME%%) runs unread', { timeout: 120_000 }, () => {
  it.each(["env 'BASH_FUNC_ls%%=() { rm -rf sub; }' bash -c ls", "env BASH_FUNC_git%%='() { rm -rf sub; }' bash -c 'git status'"])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it("control: the prefix form `BASH_FUNC_ls%%='() { rm -rf sub; }' bash -c ls` asks", async () => {
    expect(await verdict("BASH_FUNC_ls%%='() { rm -rf sub; }' bash -c ls")).toBe('C241');
  });
});
