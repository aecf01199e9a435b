// R38-b2 — MAJOR (seed 004's immune list of an unstaged run; R37-b1 held-back spellings; "other env readers" LEFT) —
// the PATH an env call sets is read by a second, narrower reader than env's own options: task-runner-shell.ts
// onShebangPath takes the FIRST `PATH=` it finds in the #! line by a regex (`(?:^|[\s"']|-S)PATH=`), while env
// applies its assignments in order (the LAST PATH wins) and also takes the string as `--split-string=...`. So a #!
// line that sets PATH to a workspace folder runs that folder's `python3` (a shell script of the repository) as
// "another language, unread". The same first-wins reading holds at the top level: `env PATH=/usr/bin PATH=./bin
// python3` runs ./bin/python3 unread (while `env -S 'PATH=./bin python3'` is read and asks).
//
// Reproduction (integ 8bf2b72d, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// bin/python3 = '#!/bin/sh\n/bin/rm -rf sub\n' (0755; /bin/rm: the PATH it runs with is ./bin)):
//   x = '#!/usr/bin/env -S PATH=/usr/bin PATH=./bin python3\n'
//     $ codeward --yes exec --no-stage './x'                                -> EVIL, [exit 0], sub/ GONE
//   x = '#!/usr/bin/env --split-string=PATH=./bin python3\n'
//     $ codeward --yes exec --no-stage './x'                                -> EVIL, [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'env PATH=/usr/bin PATH=./bin python3 -V' -> EVIL, [exit 0], sub/ GONE
//   control (held): x = '#!/usr/bin/env -S PATH=./bin python3\n' -> C241; `env -S 'PATH=./bin python3' -V` -> C241;
//   `env --split-string='PATH=./bin python3' -V` -> C241.
// Expected: C241 and the work kept.
// ONE place for the class fix: the env-options reader (shell/parse-wrappers.ts envCommand/envSplit) returns the
// assignments it applied (in order, last wins, after -i/-u, through -S and --split-string=) beside the command, and
// every PATH question (onShebangPath, the top level's env-prefixed PATH lookup) asks THAT, never a regex of its own.
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

// One in-place run (default sandbox, --yes, --no-stage) of `line` in a workspace holding `files` (0755; ROOT in a
// text or the line is the workspace's absolute path) and the uncommitted sub/new.txt.
const verdict = inPlaceRuns({ codes: 'raw' });

const EVIL = { 'bin/python3': '#!/bin/sh\necho EVIL\n/bin/rm -rf sub\n' };
describe.skipIf(!bwrapWorks)('R38-b2 MAJOR: a PATH set by env in a spelling the PATH reader misses runs a workspace python3 unread', { timeout: 120_000 }, () => {
  it.each([
    ['./x', { ...EVIL, x: '#!/usr/bin/env -S PATH=/usr/bin PATH=./bin python3\n' }],
    ['./x', { ...EVIL, x: '#!/usr/bin/env --split-string=PATH=./bin python3\n' }],
    ['env PATH=/usr/bin PATH=./bin python3 -V', EVIL],
  ] as const)('`%s` (%j) asks (C241) and keeps the work', async (line, files) => {
    expect(await verdict(line, files)).toBe('C241');
  });
  it.each([
    ['./x', { ...EVIL, x: '#!/usr/bin/env -S PATH=./bin python3\n' }],
    ["env --split-string='PATH=./bin python3' -V", EVIL],
  ] as const)('control: `%s` (%j) asks', async (line, files) => {
    expect(await verdict(line, files)).toBe('C241');
  });
});
