// R40-b2 — MAJOR (seed 004's immune list of an unstaged run; a malicious cloned repository's DATA) — R39-b7/b8's
// class: the subscript of an element in an indexed array's compound assignment, `a=([SUBSCRIPT]=value)`, is
// arithmetic with full expansion, exactly as `a[SUBSCRIPT]=value` is. parse-arith.ts lists the `subscript` node of
// `a[$x]=1` but the `[…]=` of an element inside `( … )` is not that node, so a run-time subscript there is listed by
// nobody: `x=$(<f); a=([$x]=1)` runs f's `a[$(rm -rf sub)]` in place under --yes. The same by `+=`, `declare -a`.
//
// Reproduction (integ 54799dc5, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// f (the repository's) = 'a[$(rm -rf sub)]'):
//   $ codeward --yes exec --no-stage 'x=$(<f); a=([$x]=1)'           -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'a=([$(<f)]=1); echo ok'        -> ok, [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'declare -a a; a+=([$(<f)]=1)'  -> [exit 0], sub/ GONE
//   control (held): `x=$(<f); a[$x]=1` asks (C241); `a=([0]=1 [2]=x)` runs (number subscripts).
//   (an associative array's keys are not arithmetic: `declare -A m=([$x]=1)` runs nothing, but the parse cannot
//   always know the array's kind, so asking for it too is acceptable.)
// Expected: C241 (what runs is only known at run time) and the work kept.
// Fix location: src/shell/parse-arith.ts arithmeticText: the element subscripts of an `array` node (the `[…]=` of
// each element of a compound assignment / declare operand), judged as the `subscript` case is (numbers, @, * only).
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const verdict = inPlaceVerdicts({ f: 'a[$(rm -rf sub)]\n' });

describe.skipIf(!bwrapWorks)("R40-b2 MAJOR: a compound array assignment's element subscript evaluates the repository's value", { timeout: 120_000 }, () => {
  it.each([
    'x=$(<f); a=([$x]=1)',
    'a=([$(<f)]=1); echo ok',
    'a=(["$(cat f)"]=1)',
    'x=$(<f); a+=([$x]=1)',
    'declare -a a; a+=([$(<f)]=1)',
    'x=$(<f); declare -a a=(["$x"]=1)',
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it('control: `x=$(<f); a[$x]=1` asks (C241)', async () => {
    expect(await verdict('x=$(<f); a[$x]=1')).toBe('C241');
  });
  it('control: `a=([0]=1 [2]=x); echo ${a[2]}` (number subscripts) runs', async () => {
    expect(await verdict('a=([0]=1 [2]=x); echo ${a[2]}')).toBe('ran');
  });
});
