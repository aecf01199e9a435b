// Parked: imports are written for the file moved to test/redteam39/<name>.test.ts (as round 38 moved its own).
// R39-b8 — MAJOR (seed 004's immune list of an unstaged run; a malicious cloned repository's DATA) — bash's arithmetic
// evaluates a variable's VALUE as an expression, recursively: a value `a[$(rm -rf sub)]` read from a file of the
// repository runs rm -rf when the line does ANY arithmetic on it. The line itself is harmless to every reader
// (`read x < f; echo $((x + 1))`); the code is in the data. Contexts: $((…)), ((…)), let, declare -i, for ((…)),
// [[ $x -eq/-lt/-gt … ]], [[ -v $x ]], test -v "$x", printf -v "$x", declare "$x"=1, ${!x}, mapfile'd arrays' elements.
//
// Reproduction (integ 507f8cca, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// f (the repository's) = 'a[$(rm -rf sub)]'):
//   $ codeward --yes exec --no-stage 'read x < f; echo $(( x + 1 ))' -> 1, [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'read x < f; [[ $x -gt 1 ]]'    -> [exit 1], sub/ GONE
//   $ codeward --yes exec --no-stage 'x=$(cat f); : $((x))'          -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'read x < f; printf -v "$x" 1'  -> [exit 0], sub/ GONE
//   control (held): `read x < f; [ "$x" -eq 1 ]` (test's -eq does not evaluate) -> runs, work kept;
//   `read x < f; case 1 in $x) ;; esac` -> runs, work kept.
// Expected: C241 (unknown: code only known at run time) and the work kept.
// Fix location: the parse's run-time-value tracking (the reader that makes `$(cat x)` as a command name "only known at
// run time", parse-plan.ts / danger rules): a variable whose value is only known at run time (read, mapfile, $(…),
// a loop over a file) that reaches an arithmetic context or a NAME-taking builtin (see R39-b7's list) is code only
// known at run time: immune for an unstaged run. (bash has no option that turns the recursive evaluation off;
// `shopt -s array_expand_once`/assoc_expand_once only stop a second expansion of subscripts.)
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

// One in-place run (default sandbox, --yes, --no-stage) of `line` in a workspace holding f (the repository's data
// file: `a[$(rm -rf sub)]`) and the uncommitted sub/new.txt. Only the ask counts: a run that failed after the
// substitution ran (C253) lost the work all the same.
const verdict = inPlaceVerdicts({ f: 'a[$(rm -rf sub)]\n' });

describe.skipIf(!bwrapWorks)("R39-b8 MAJOR: arithmetic on a value read from the repository runs the value's command substitution", { timeout: 120_000 }, () => {
  it.each(['read x < f; echo $(( x + 1 ))', 'read x < f; [[ $x -gt 1 ]]', 'x=$(cat f); : $((x))', 'read x < f; (( x ))', 'read x < f; printf -v "$x" 1', 'read x < f; declare "$x"=1', 'read x < f; echo ${!x}', 'read x < f; [[ -v $x ]]'])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it.each(['read x < f; [ "$x" -eq 1 ]', 'read x < f; case 1 in $x) ;; esac'])('control: `%s` (no arithmetic on the value) runs and keeps the work', async (line) => {
    expect(await verdict(line)).not.toContain('work gone');
  });
});
