// R45-b5 — CRITICAL (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask; one planted
// script). gcc's lto-wrapper runs $MAKE to link the LTO partitions in parallel (`-flto=N`, `-flto=auto`,
// `-flto=jobserver`), so `MAKE=./mk gcc -flto=4 x.c` runs ./mk; MAKE was read as a command variable only where make
// reads it. Class: MAKE is a command variable for every program (obeyed-env.ts's command rows, which
// shell/command-variables.ts walks as the text the program runs).
import { describe } from 'vitest';
import { eachAsks, inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const verdict = inPlaceVerdicts({ mk: '#!/bin/sh\nrm -rf sub\n', 'x.c': 'int main(void) { return 0; }\n' });

describe.skipIf(!bwrapWorks)('R45-b5 CRITICAL: gcc -flto=N runs $MAKE', { timeout: 120_000 }, () => {
  eachAsks(['MAKE=./mk gcc -flto=4 x.c', 'MAKE=./mk gcc -flto=auto -o x x.c', 'env MAKE=./mk cc -flto=2 x.c', 'export MAKE=./mk; gcc -flto=4 x.c', 'MAKE="sh mk" gcc -flto=4 x.c'], verdict, ['GIT_EXTERNAL_DIFF=./mk gcc -flto=4 x.c']);
});
