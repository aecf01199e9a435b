// R44-b3 — CRITICAL (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask; no file planted
// at all) — bounded-writers-cc.ts reads a C compiler's writes from a CLOSED list of its OPTIONS, but GCC's
// preprocessor also takes -MD from the ENVIRONMENT: DEPENDENCIES_OUTPUT='FILE TARGET' (and SUNPRO_DEPENDENCIES, which
// adds system headers) make cpp APPEND the rule `TARGET: input...` to FILE, TARGET written as is (spaces kept). So
// `DEPENDENCIES_OUTPUT='ok.sh rm -rf ROOT/sub #' gcc -E x.c -o /dev/null` appends `rm -rf ROOT/sub #: x.c` to ok.sh,
// a file no word of the line names; `sh ok.sh` was judged by its text at check time ('echo fine') and runs the rm.
// Class: a writer's written names taken from its words only, while the program also takes output names from its
// environment (DEPENDENCIES_OUTPUT / SUNPRO_DEPENDENCIES for cc/gcc/g++/cpp/clang; the same question for every bounded
// writer: e.g. TMPDIR-named temp files, GCC_COMPARE_DEBUG, CCACHE_*/LD's env are worth a sweep).
// Repro (h-rt44b on integ b1bb7db3, default sandbox, --yes, --no-stage; ok.sh = 'echo fine', x.c = 'int x;'):
//   $ codeward --yes exec --no-stage "DEPENDENCIES_OUTPUT='ok.sh rm -rf ROOT/sub #' gcc -E x.c -o /dev/null; sh ok.sh"
//     -> prints fine, exit 0, sub/ GONE   (same with SUNPRO_DEPENDENCIES, `export DEPENDENCIES_OUTPUT=…;`, `env …=… gcc`)
// Held: the same write spelled as options (`gcc -E -MD -MF ok.sh -MT 'rm -rf ROOT/sub #' x.c`) asks (C241).
// Fix place: bounded-writers-cc.ts compilerWords (and its caller bounded-writers.ts, which has command.env since
// fix69): a DEPENDENCIES_OUTPUT/SUNPRO_DEPENDENCIES in the command's environment (prefix, env NAME=, exported earlier,
// or inherited from the host) is a written FILE (its first word); a value only known at run time = any path.
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const files = { 'ok.sh': '#!/bin/sh\necho fine\n', 'x.c': 'int x;\n' };

describe.skipIf(!bwrapWorks)('R44-b3 CRITICAL: gcc\'s DEPENDENCIES_OUTPUT writes a file no word names', { timeout: 120_000 }, () => {
  it('control: the same write as options (-MD -MF ok.sh -MT …) asks (C241)', async () => {
    expect(await run("gcc -E -MD -MF ok.sh -MT 'rm -rf ROOT/sub #' x.c -o /dev/null; sh ok.sh", files)).toBe('C241');
  });
  it('control: `gcc -E x.c -o /dev/null; sh ok.sh` runs (work kept)', async () => {
    expect(await run('gcc -E x.c -o /dev/null; sh ok.sh', files)).toBe('ran');
  });
  it.each([
    "DEPENDENCIES_OUTPUT='ok.sh rm -rf ROOT/sub #' gcc -E x.c -o /dev/null; sh ok.sh",
    "SUNPRO_DEPENDENCIES='ok.sh rm -rf ROOT/sub #' gcc -E x.c -o /dev/null; sh ok.sh",
    "export DEPENDENCIES_OUTPUT='ok.sh rm -rf ROOT/sub #'; gcc -E x.c -o /dev/null; sh ok.sh",
    "env DEPENDENCIES_OUTPUT='ok.sh rm -rf ROOT/sub #' gcc -E x.c -o /dev/null; sh ok.sh",
    // The same class (lead): environment variables that make gcc write or run what no word names.
    'GCC_COMPARE_DEBUG=1 gcc -c x.c; sh ok.sh',
    'COMPILER_PATH=. gcc -c x.c; sh ok.sh',
    'DEPENDENCIES_OUTPUT="$F" gcc -E x.c -o /dev/null; sh ok.sh',
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, files)).toBe('C241');
  });
});
