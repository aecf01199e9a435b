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
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

// One in-place run (default sandbox, --yes, --no-stage) of `line` in a workspace holding g (the repository's data
// file: `$(rm -rf sub)`) and the uncommitted sub/new.txt. Only the ask counts: a run that failed after the
// substitution ran (C253) lost the work all the same.
const verdict = inPlaceVerdicts({ g: '$(rm -rf sub)\n' });

describe.skipIf(!bwrapWorks)('R39-b10 MAJOR: an exported function given through env (BASH_FUNC_NAME%%) runs unread', { timeout: 120_000 }, () => {
  it.each(["env 'BASH_FUNC_ls%%=() { rm -rf sub; }' bash -c ls", "env BASH_FUNC_git%%='() { rm -rf sub; }' bash -c 'git status'"])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it("control: the prefix form `BASH_FUNC_ls%%='() { rm -rf sub; }' bash -c ls` asks", async () => {
    expect(await verdict("BASH_FUNC_ls%%='() { rm -rf sub; }' bash -c ls")).toBe('C241');
  });
});
