// R46-6 — CRITICAL (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask). make reads EVERY
// environment variable whose name it can hold as a make variable, dots included: `env LINK.c=./mk make x` makes the
// built-in rule `%: %.c` run `./mk x.c -o x`. codeward's readers took only identifier names from env's words (the
// parse's command environment, decide-scripts.ts's handed variables, task-runner-make.ts's environment), so the
// variable never reached the Makefile reading and ./mk (`rm -rf sub`) was never judged. The same line with the
// variable on make's own command line (`make x LINK.c=./mk`) asked. Class: a runner's variables handed by env with a
// name that is not a shell identifier (any spelling: quoted, escaped, after another wrapper).
import { describe } from 'vitest';
import { eachAsks, inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const verdict = inPlaceVerdicts({ 'x.c': 'int main(void) { return 0; }\n', mk: '#!/bin/sh\nrm -rf sub\n' });

describe.skipIf(!bwrapWorks)('R46-6 CRITICAL: make variables with a dot handed by env', { timeout: 120_000 }, () => {
  eachAsks(
    ["env LINK.c=./mk make x", "env 'LINK.c=./mk' make x", 'env "LINK.c"=./mk make x', 'env LINK\\.c=./mk make x', "nice env 'LINK.c'=./mk make x", 'env -i PATH=/usr/bin:/bin LINK.c=./mk make x', 'env COMPILE.c=./mk OUTPUT_OPTION= make x.o'],
    verdict,
    ['make x LINK.c=./mk'],
  );
});
