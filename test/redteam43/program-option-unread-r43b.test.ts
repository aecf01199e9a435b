// R43-b7 — MAJOR (issue 26: the workspace's code runs and rm -rf's uncommitted work in place under --yes
// --no-stage, no ask; no line write needed) — the one program-row table (src/shell/parse-launch-program-rows.ts, read
// like `sort --compress-program=PROG`: the program is judged as run) has no row for three GNU programs' options
// that name a program they run: `install -s --strip-program=PROG` (runs PROG on the installed copy), `sdiff
// --diff-program=PROG` and `diff3 --diff-program=PROG` (run PROG with the files). With ./evil = 'rm -rf ROOT/sub', each
// runs ./evil unasked. (Held: sort --compress-program, split --filter, zip -TT, ssh -o ProxyCommand, man -P all ask.)
// Class: an option of a program codeward lets run that names a program it starts, missing from the row table.
// Repro (h-rt43b on integ 3bd9898c, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// evil = '#!/bin/sh\nrm -rf ROOT/sub', x, a, b small text files):
//   $ codeward --yes exec --no-stage 'install -s --strip-program=./evil x y'     -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage 'sdiff --diff-program=./evil a b; true'      -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage 'diff3 --diff-program=./evil a b a; true'    -> ran, sub/ GONE
// Expected: C241 (./evil's lines are judged: rm -rf), work kept.
// Fix place: src/shell/parse-launch-program-rows.ts: rows for install (--strip-program, prefixes --strip-p…) and
// sdiff/diff3 (--diff-program); and a sweep of coreutils/diffutils/findutils for other program-naming options.
import { describe } from 'vitest';
import { eachAsks, inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const files = { evil: '#!/bin/sh\nrm -rf ROOT/sub\n', x: 'y\n', a: '1\n', b: '2\n' };

describe.skipIf(!bwrapWorks)('R43-b7 MAJOR: a program named by install/sdiff/diff3 options is not judged as run', { timeout: 120_000 }, () => {
  eachAsks([
    'sdiff --diff-program=./evil a b; true',
    'diff3 --diff-program=./evil a b a; true',
  ], (line) => run(line, files), ['sort -S64K -T. --compress-program=./evil a -o out']);
});
