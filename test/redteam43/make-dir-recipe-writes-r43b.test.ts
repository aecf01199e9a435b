// R43-b10 — MAJOR (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask) — a runner's read
// lines' writes are added to the line's writes (LineWrites.add, fix60) so that a later reader sees them. For make
// with `-C DIR` / `--directory=DIR` the recipe's relative paths are resolved against the RUN folder, not DIR: d's
// recipe `cp evil ../ok.sh` writes ./ok.sh, codeward files it as ../ok.sh of the run folder, and the `sh ok.sh` after
// it is judged by ok.sh's old text. `(cd d && make)`, `cd d && make && cd ROOT && sh ok.sh` and `env -C d make` HOLD:
// the same recipe's write is seen there.
// Class: the folder a read runner's lines run in (make -C/--directory, and likely `make -f d/Makefile` with recipes
// that cd, npm --prefix (a known LEFT), just --working-directory, task -d) not used for the writes added.
// Repro (h-rt43b on integ 3bd9898c, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// ok.sh = 'echo fine', d/evil = 'rm -rf ROOT/sub', d/Makefile = 'all:\n\t@cp evil ../ok.sh'):
//   $ codeward --yes exec --no-stage 'make -C d; sh ok.sh'                 -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage 'make -s --directory=d; sh ok.sh'     -> ran, sub/ GONE
// Expected: C241 (`cp evil ../ok.sh` writes ok.sh before `sh ok.sh`), work kept.
// Fix place: where decide-scripts.ts adds a runner's lines (LineWrites.add): the writes of make's lines are resolved
// against make's own folder (task-runner-make.ts knows -C: the folder the recipes are read for).
import { describe } from 'vitest';
import { eachAsks, inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const files = { 'ok.sh': '#!/bin/sh\necho fine\n', 'd/evil': '#!/bin/sh\nrm -rf ROOT/sub\n', 'd/Makefile': 'all:\n\t@cp evil ../ok.sh\n' };

describe.skipIf(!bwrapWorks)('R43-b10 MAJOR: make -C DIR\'s recipe writes are read from the run folder', { timeout: 120_000 }, () => {
  eachAsks(['make -C d; sh ok.sh', 'make -s --directory=d; sh ok.sh'], (line) => run(line, files), ['(cd d && make -s); sh ok.sh']);
});
