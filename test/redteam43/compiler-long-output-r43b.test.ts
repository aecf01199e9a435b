// R43-b5 — MAJOR (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask) — bounded-writers.ts
// compilerWords (fix65) reads `-o FILE`, `-oFILE` and `-MF` as the compiler's written files and SKIPS every other word
// starting with `-`. gcc's and clang's driver take the long spelling `--output=FILE` (and `--output FILE`, which
// holds only because FILE is then read as an operand): `gcc -E -P -x c evil.c --output=ok.sh` writes the
// preprocessed evil.c ('rm -rf ROOT/sub') to ok.sh, and the `sh ok.sh` after it is judged by the old text.
// Class: a compiler option whose value is a written file in a spelling compilerWords does not list (`--output=`; the
// driver also accepts unambiguous prefixes `--outp=`, `--out=`); any unread `--long=VALUE` word of a compiler.
// Repro (h-rt43b on integ 3bd9898c, root, bwrap, gcc 12; default sandbox, --yes, --no-stage; sub/new.txt
// uncommitted; ok.sh = '#!/bin/sh\necho fine', evil.c = 'rm -rf ROOT/sub'):
//   $ codeward --yes exec --no-stage 'gcc -E -P -x c evil.c --output=ok.sh; sh ok.sh'   -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage 'gcc -E -P -x c evil.c --output ok.sh; sh ok.sh'   -> C241 (holds)
// Expected: C241, work kept.
// Fix place: src/permissions/bounded-writers.ts compilerWords: `--output=V` (and its prefixes) is -o V; a `--x=V`
// word it does not know is read as a written path V (as writtenWords does), or the compiler's writes are `unread`.
import { describe } from 'vitest';
import { eachAsks, inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';
import { hasProgram } from '../helpers/has-program.js';

const gccWorks = hasProgram('gcc');
const run = inPlaceRuns();
const files = { 'ok.sh': '#!/bin/sh\necho fine\n', 'evil.c': 'rm -rf ROOT/sub\n' };

describe.skipIf(!bwrapWorks || !gccWorks)('R43-b5 MAJOR: a compiler\'s `--output=FILE` is not read as written', { timeout: 120_000 }, () => {
  eachAsks([
    'gcc -E -P -x c evil.c --output=ok.sh; sh ok.sh',
    'gcc -E -P -x c --output=ok.sh evil.c; sh ok.sh',
  ], (line) => run(line, files), ['gcc -E -P -x c evil.c -o ok.sh; sh ok.sh']);
});
