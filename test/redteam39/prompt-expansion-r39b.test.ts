// Parked: imports are written for the file moved to test/redteam39/<name>.test.ts (as round 38 moved its own).
// R39-b9 — MAJOR (seed 004's immune list; R39-b8's class "code in a value") — `${x@P}` (bash 4.4+ prompt expansion of
// a value) performs the command substitutions in the value (promptvars is on by default): `x='$(rm -rf sub)'; echo
// ${x@P}` deletes the tree; so does the repository's data: `read x < g; echo "${x@P}"` (g = '$(rm -rf sub)').
// PS4 with set -x, the same mechanism, already asks ("setting … a variable that changes what runs").
//
// Reproduction (integ 507f8cca, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted):
//   $ codeward --yes exec --no-stage "x='\$(rm -rf sub)'; echo \${x@P}"  -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'read x < g; echo "${x@P}"'        -> [exit 0], sub/ GONE
//   control (held): `PS4='$(rm -rf sub)'; set -x; true` -> C241; `read x < g; eval "echo $x"` -> C241.
// Expected: C241 and the work kept.
// Fix location: the parse's reading of parameter expansions: the `@P` transformation (and `@E`? no: @E only does
// backslash escapes) is `eval`-like: its operand's value is code (literal: parse it as a line; only known at run
// time: immune, as eval of run-time text is).
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

// One in-place run (default sandbox, --yes, --no-stage) of `line` in a workspace holding g (the repository's data
// file: `$(rm -rf sub)`) and the uncommitted sub/new.txt. Only the ask counts: a run that failed after the
// substitution ran (C253) lost the work all the same.
const verdict = inPlaceVerdicts({ g: '$(rm -rf sub)\n' });

describe.skipIf(!bwrapWorks)("R39-b9 MAJOR: ${x@P} runs the value's command substitution", { timeout: 120_000 }, () => {
  it.each(["x='$(rm -rf sub)'; echo ${x@P}", 'read x < g; echo "${x@P}"'])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it.each(["PS4='$(rm -rf sub)'; set -x; true", 'read x < g; eval "echo $x"'])('control: `%s` asks', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
});
