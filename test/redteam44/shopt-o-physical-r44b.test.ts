// R44-b2 — CRITICAL (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask; no line write,
// one planted repository link) — fix68's physicalCd (cd-operand.ts) treats `set -P`, `set -o physical` and a dynamic
// `set` word as making the whole line physical, but bash's `shopt -o` sets the same `set -o` options: `shopt -so
// physical` / `shopt -s -o physical` make every later cd physical, and codeward still reads `cd l/..` logically (as
// ROOT). With a repository link `l -> d/e` the kernel chdirs to d/, so `sh ok.sh` runs d/ok.sh ('rm -rf ROOT/sub').
// Class: the shell's physical state set by a builtin other than `set` (shopt -o; also likely `shopt -o -s`, a
// dynamic shopt word, `shopt -s -o "$x"`).
// Repro (h-rt44b on integ b1bb7db3, bwrap, default sandbox, --yes, --no-stage; ok.sh 'echo fine', d/ok.sh
// 'rm -rf ROOT/sub', l -> d/e):
//   $ codeward --yes exec --no-stage 'shopt -so physical; cd l/.. && sh ok.sh'     -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage 'shopt -s -o physical; cd l/.. && sh ok.sh'   -> ran, sub/ GONE
// Held: `set -eP`, `set -o errexit -o physical`, `. ./x.sh` whose text says `set -P` or `shopt -so physical`,
// `BASH_ENV=x.sh bash -c …`, `trap 'set -P' DEBUG`, `command cd -P`, `builtin cd -P`, `cd -LP`, `cd -P --`.
// Expected: C241 (work kept), as `set -o physical; cd l/.. && sh ok.sh` is.
// Fix place: cd-operand.ts physicalCd: read `shopt` with `-o` (any letter order, any option position) naming
// `physical`, or any shopt -o word only known at run time, like `set -P`.
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const files = {
  'ok.sh': '#!/bin/sh\necho fine\n',
  'd/ok.sh': '#!/bin/sh\nrm -rf ROOT/sub\n',
  'd/e/k': 'x\n',
};
const links = { l: 'd/e' };

describe.skipIf(!bwrapWorks)('R44-b2 CRITICAL: `shopt -o physical` is not read as a physical cd', { timeout: 120_000 }, () => {
  it('control: `set -o physical; cd l/.. && sh ok.sh` asks (C241)', async () => {
    expect(await run('set -o physical; cd l/.. && sh ok.sh', files, links)).toBe('C241');
  });
  it('control: `shopt -s nullglob; cd l/.. && sh ok.sh` runs ./ok.sh (work kept)', async () => {
    expect(await run('shopt -s nullglob; cd l/.. && sh ok.sh', files, links)).toBe('ran');
  });
  it.each([
    'shopt -so physical; cd l/.. && sh ok.sh',
    'shopt -s -o physical; cd l/.. && sh ok.sh',
    'shopt -os physical; cd l/.. && sh ok.sh',
    'shopt -o -s physical && cd l/.. && sh ok.sh',
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, files, links)).toBe('C241');
  });
});
