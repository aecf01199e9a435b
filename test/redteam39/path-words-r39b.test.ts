// Parked: imports are written for the file moved to test/redteam39/<name>.test.ts (as round 38 moved its own).
// R39-b1 — MAJOR (seed 004's immune list of an unstaged run; R36-4/R37-b2/R38-b2's "a bare program found on the PATH
// the command sets" class) — runners-started.ts pathFound/pathEntryFile, the top level's PATH reader, is a second and
// narrower reader than the #! one (task-runner-shell.ts onShebangPath), and it fails OPEN:
//   (a) an entry only known at run time (`$(pwd)/bin`, `${PWD%/}/bin`, `$X`) returns undefined = "not the workspace's"
//       (pathEntryFile: `if (/[$`]/.test(pwd)) return undefined;`), so the bare name is judged as the system program;
//   (b) the folder the command runs in is not followed: `cd bin; PATH=. t`, `env -C bin PATH=. python3` resolve `.`
//       against the call's folder (where no t/python3 is), while the shell/env look in bin/;
//   (d) bash's append assignment as a prefix: `PATH+=:. t` (pathFound reads only words starting `PATH=`; `PATH+=:./bin;
//       t` and `export PATH+=…` are immune "setting PATH"), and nested expansions `PATH=${PATH:+$PATH:}./bin t`;
//   (c) `PATH=bin t` (one relative entry, no `./`, no system folder after it): pathFound finds ./bin/t (asked for
//       `PATH=./bin t` and `PATH=bin:/usr/bin t`), but the script file's own line is then judged under the
//       assignment `PATH=bin` and its `/bin/rm -rf` is not seen as rm -r (`sh s.sh` with the same text asks).
//
// Reproduction (integ 507f8cca, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// bin/t and bin/python3 = '#!/bin/sh\necho EVIL\n/bin/rm -rf ROOT/sub\n' (0755)):
//   $ codeward --yes exec --no-stage 'PATH=$(pwd)/bin t'            -> EVIL, [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'PATH=${PWD%/}/bin t'          -> EVIL, [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'X=bin; PATH=$X t'             -> EVIL, [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'cd bin; PATH=. t'             -> EVIL, [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'env -C bin PATH=. python3 -V' -> EVIL, [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'PATH=bin t'                   -> EVIL, [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'PATH+=:. t'  (t in the root)  -> EVIL, [exit 0], sub/ GONE
//   also: 'PATH=${PATH:+$PATH:}./bin t', '(cd bin; PATH=. t)', 'cd -P bin; PATH=. t' -> sub/ GONE; the same under
//   --allow '@coder exec *' instead of --yes.
//   control (held): `PATH=./bin t`, `PATH=bin:/usr/bin t`, `PATH=$PWD/bin:$PATH python3 -V`, `PATH=./bin:$PATH t`,
//   `cd bin && PATH=.:$PATH python3 -V`, `env -C bin PATH=.:/usr/bin t` -> C241.
// Expected: C241 and the work kept.
// ONE place for the class fix: one PATH-lookup reader shared by the #! reader and the top level (onShebangPath's
// rules: an entry with `$`/`` ` `` is UNKNOWN, a relative entry under a moved folder (cd, env -C) is resolved against
// that folder (lineFolders' dirs) or unknown); and the script file found on PATH is judged WITHOUT re-reading its
// absolute programs through the command's PATH (decide-scripts.ts: the `PATH=bin` prefix given to the file's text).
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

// One in-place run (default sandbox, --yes, --no-stage) of `line` in a workspace holding `files` (0755; ROOT in a
// text is the workspace's absolute path) and the uncommitted sub/new.txt.
const verdict = inPlaceRuns({ codes: 'raw' });

const RM = '#!/bin/sh\necho EVIL\n/bin/rm -rf ROOT/sub\n';
const EVIL = { 'bin/t': RM, 'bin/python3': RM, t: RM };
describe.skipIf(!bwrapWorks)('R39-b1 MAJOR: a bare program on a PATH the top-level reader cannot place runs a workspace script unread', { timeout: 120_000 }, () => {
  it.each(['PATH=$(pwd)/bin t', 'PATH=${PWD%/}/bin t', 'X=bin; PATH=$X t', 'cd bin; PATH=. t', 'env -C bin PATH=. python3 -V', 'PATH=bin t', 'PATH+=:. t', 'PATH=${PATH:+$PATH:}./bin t', '(cd bin; PATH=. t)', 'cd -P bin; PATH=. t'])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line, EVIL)).toBe('C241');
  });
  it.each(['PATH=./bin t', 'PATH=bin:/usr/bin t', 'cd bin && PATH=.:$PATH python3 -V', 'env -C bin PATH=.:/usr/bin t'])('control: `%s` asks', async (line) => {
    expect(await verdict(line, EVIL)).toBe('C241');
  });
});

// fix50: the one PATH-lookup reader (path-lookup.ts) keeps ordinary lines as they were in place under --yes (a C253 is
// the run itself failing: `tool` is nowhere, asked nothing). `~`/`$HOME` entries are places the run makes files in
// (its home is a private writable tmpfs in the sandbox), as /tmp: a program looked up there asks (R37's #! rule).
const PROJECT = {
  Makefile: 'all:\n\techo hi\n',
  'package.json': '{"scripts":{"test":"node -e 1"}}',
  'src/a.ts': 'x\n',
  'node_modules/vitest/vitest.mjs': '#!/usr/bin/env node\nconsole.log(1)\n',
};
describe.skipIf(!bwrapWorks)('R39-b1 friction: ordinary PATH lines keep their verdict', { timeout: 120_000 }, () => {
  it.each([
    ['PATH=/usr/local/bin:$PATH make', 'ran'],
    ['PATH=$PATH:/opt/x/bin tool', 'C253'],
    ['cd src && ls', 'ran'],
    ['npm test', 'ran'],
    // A home folder is the run's own inside the sandbox (a writable tmpfs): what it runs there may be made by the run.
    ['PATH=$HOME/bin:$PATH ls', 'C241'],
    ['PATH=~/bin:$PATH ls', 'C241'],
    ['env PATH=/usr/bin:/bin ls', 'ran'],
    // Asked today for its own reasons, kept: cargo's start-up files of the home; vitest's link read as a script file.
    ['export PATH="$HOME/.cargo/bin:$PATH"; cargo build', 'C241'],
    ['PATH=node_modules/.bin:$PATH vitest run', 'C241'],
  ])('`%s` -> %s', async (line, expected) => {
    expect(await verdict(line, PROJECT, { 'node_modules/.bin/vitest': '../vitest/vitest.mjs' })).toBe(expected);
  });
});

