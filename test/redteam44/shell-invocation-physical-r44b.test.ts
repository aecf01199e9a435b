// R44-b1 — CRITICAL (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask; no line write,
// one planted repository link) — fix68 made `cd -P`, `set -P` and `set -o physical` physical (cd-operand.ts
// physicalCd), but bash is also physical when STARTED so: `bash -P`, `bash -o physical`, and an inherited
// SHELLOPTS naming `physical` (bash imports SHELLOPTS at start-up). The inner line of `bash -P -c '…'` (and a script
// bash -P runs, or a `#!/bin/bash -P` script) is then judged with bash's LOGICAL cd: `cd l/..` with a repository link
// `l -> d/e` is read as ROOT, but the kernel chdirs to d/, so `sh ok.sh` runs d/ok.sh ('rm -rf ROOT/sub').
// Class: a shell's invocation options / environment are not carried into the line (or script) it runs; only options
// set INSIDE the line are seen. (`sh -P -c`/`dash -P -c` held here: dash ran it logical, work kept.)
// Repro (h-rt44b on integ b1bb7db3, bwrap, default sandbox, --yes, --no-stage; ok.sh 'echo fine', d/ok.sh
// 'rm -rf ROOT/sub', l -> d/e):
//   $ codeward --yes exec --no-stage "bash -P -c 'cd l/.. && sh ok.sh'"                    -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage "bash -o physical -c 'cd l/.. && sh ok.sh'"           -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage "env SHELLOPTS=physical bash -c 'cd l/.. && sh ok.sh'" -> ran, sub/ GONE
//   also `bash -Pc`, `bash -eP -c`, `+o posix -o physical`, `… && make`, `… && ./ok.sh`, `… && . ./ok.sh`.
// Expected: C241 (work kept), as `bash -c 'set -P; cd l/.. && sh ok.sh'` already is.
// Fix place: where a shell's -c text / script is parsed as a nested line (parse-wrappers / the shell launch row), pass
// the shell's physical state in: -P, `-o physical` (any -o/+o order, combined letters), SHELLOPTS (any value only
// known at run time = physical) — the same flag physicalCd gives; or fail closed: a shell started with an option or
// SHELLOPTS it cannot read runs its line physical.
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const files = {
  'ok.sh': '#!/bin/sh\necho fine\n',
  'd/ok.sh': '#!/bin/sh\nrm -rf ROOT/sub\n',
  'd/e/k': 'x\n',
  Makefile: 'all:\n\t@echo fine\n',
  'd/Makefile': 'all:\n\t@rm -rf ROOT/sub\n',
  'go.sh': 'cd l/.. && sh ok.sh\n',
  'go2.sh': '#!/bin/bash -P\ncd l/.. && sh ok.sh\n',
};
const links = { l: 'd/e' };

describe.skipIf(!bwrapWorks)('R44-b1 CRITICAL: a shell started physical judges its line with a logical cd', { timeout: 120_000 }, () => {
  it('control: bash\'s logical `bash -c \'cd l/.. && sh ok.sh\'` runs ./ok.sh (work kept)', async () => {
    expect(await run("bash -c 'cd l/.. && sh ok.sh'", files, links)).toBe('ran');
  });
  it('control: `bash -c \'set -P; cd l/.. && sh ok.sh\'` asks (C241)', async () => {
    expect(await run("bash -c 'set -P; cd l/.. && sh ok.sh'", files, links)).toBe('C241');
  });
  it.each([
    "bash -P -c 'cd l/.. && sh ok.sh'",
    "bash -Pc 'cd l/.. && sh ok.sh'",
    "bash -eP -c 'cd l/.. && sh ok.sh'",
    "bash -o physical -c 'cd l/.. && sh ok.sh'",
    "bash +o posix -o physical -c 'cd l/.. && sh ok.sh'",
    "env SHELLOPTS=physical bash -c 'cd l/.. && sh ok.sh'",
    "bash -P -c 'cd l/.. && make'",
    "bash -P -c 'cd l/.. && ./ok.sh'",
    "bash -P -c 'cd l/.. && . ./ok.sh'",
    'bash -P go.sh',
    './go2.sh',
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, files, links)).toBe('C241');
  });
});
