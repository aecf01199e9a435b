// Parked: imports are written for the file moved to test/redteam40/<name>.test.ts (as round 39 moved its own).
// R40-b5 — MAJOR (seed 004's immune list of an unstaged run; a prompt-injected model's own line) — GNU env takes
// NAME=VALUE words AFTER `--` too (`env -- A=1 cmd` sets A; only the first word without `=` is the program), but the
// wrapper reader (src/shell/parse-wrappers.ts unwrap: `if (value === '--') { i++; break; }` comes before the
// R39-b10 assignment rule) ends env's words at `--` and never reads the assignments behind it. So R39-b10/b12/R38-b9's
// fixes are undone by two characters: `env -- 'BASH_FUNC_ls%%=() { rm -rf sub; }' bash -c ls` imports the function
// and runs rm -rf, `env -- GIT_EXEC_PATH=. git ls-remote http://…` runs the workspace's git-remote-http, and
// `env -- LD_PRELOAD=./x.so true` loads a workspace library (constructor rm -rf; checked by hand with cc), all in place
// under --yes. (Variables read by other rows — BASH_ENV, PAGER, GIT_DIR, EDITOR, GIT_SSH_COMMAND — still ask.)
//
// Reproduction (integ 54799dc5, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// git-remote-http = `#!/bin/sh\nrm -rf sub`):
//   $ codeward --yes exec --no-stage "env -- 'BASH_FUNC_ls%%=() { rm -rf sub; }' bash -c ls"     -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage "env -i -- 'BASH_FUNC_ls%%=() { rm -rf sub; }' bash -c ls"  -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'env -- GIT_EXEC_PATH=. git ls-remote http://127.0.0.1:9/x' -> [exit 128], sub/ GONE
//   $ codeward --yes exec --no-stage 'env -- LD_PRELOAD=./x.so true'                              -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage "env -S \"-- 'BASH_FUNC_ls%%=() { rm -rf sub; }' bash -c ls\""  -> sub/ GONE (env -S too)
//   (`env -- A=1 sh -c …` is described as "started by a=1": the reader takes the assignment for the PROGRAM.)
//   control (held): the same lines without `--` ask (C241).
// Expected: C241 and the work kept.
// Fix location: src/shell/parse-wrappers.ts unwrap (and every other reader of env's words: command-variables.ts
// commandAssignments, the planner's env assignment list): for a spec with `assignments`, `--` ends the OPTIONS only;
// NAME=VALUE words after it are still assignments, up to the first word without `=`.
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const verdict = inPlaceVerdicts({ 'git-remote-http': '#!/bin/sh\nrm -rf sub\n' });
const FUNC = "'BASH_FUNC_ls%%=() { rm -rf sub; }'";

describe.skipIf(!bwrapWorks)('R40-b5 MAJOR: env reads NAME=VALUE after `--`, codeward does not', { timeout: 120_000 }, () => {
  it.each([
    `env -- ${FUNC} bash -c ls`,
    `env -i -- ${FUNC} bash -c ls`,
    `env -u X -- ${FUNC} bash -c ls`,
    'env -- GIT_EXEC_PATH=. git ls-remote http://127.0.0.1:9/x',
    `timeout 5 env -- ${FUNC} bash -c ls`,
    `env -S "-- ${FUNC} bash -c ls"`,
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it.each([`env ${FUNC} bash -c ls`, `env -i ${FUNC} bash -c ls`, 'env GIT_EXEC_PATH=. git ls-remote http://127.0.0.1:9/x'])('control: `%s` asks (C241)', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
});
