// R40-b3 — MAJOR (seed 004's immune list of an unstaged run; a malicious cloned repository's DATA) — R39-b7's
// `declare -n r='a[$(cmd)]'` by the other doors: a nameref declared WITHOUT a value takes its target from the next
// assignment to it, and bash then evaluates that target (a subscript `a[$(cmd)]` runs cmd) at every use of r.
// The fix lists `declare -n r=VALUE` and a later `r=$(…)` asks (as a run-time variable), but a target given by
// `read r`, `printf -v r`, or a for loop over the nameref (`for r in WORDS`: bash makes each word the reference)
// is listed by nobody and runs in place under --yes.
//
// Reproduction (integ 54799dc5, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// f (the repository's) = 'a[$(rm -rf sub)]'):
//   $ codeward --yes exec --no-stage 'declare -n r; read r < f; echo $r'                    -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'declare -n r; printf -v r %s "$(<f)"; echo $r'        -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage "declare -n r; for r in 'a[\$(rm -rf sub)]'; do echo \$r; done" -> sub/ GONE
//     (a literal: the quoted word is data to every reader, and no data file is needed)
//   control (held): `declare -n r; r=$(<f); echo $r` and `r=$(<f); declare -n r; echo $r` ask (C241).
// Expected: C241 (what runs is only known at run time) and the work kept.
// Fix location: src/shell/parse-arith-names.ts: a name the line declares with -n (declare/typeset/local -n) is
// evaluated wherever it is ASSIGNED (read/mapfile/printf -v/getopts operands, a for/select loop's variable, a plain
// assignment): any such assignment of a value other than a plain static name is listed as run-time code.
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const verdict = inPlaceVerdicts({ f: 'a[$(rm -rf sub)]\n' });

describe.skipIf(!bwrapWorks)("R40-b3 MAJOR: a nameref's target set by read, printf -v or a for loop runs a subscript's command", { timeout: 120_000 }, () => {
  it.each([
    'declare -n r; read r < f; echo $r',
    'declare -n r; printf -v r %s "$(<f)"; echo $r',
    "declare -n r; for r in 'a[$(rm -rf sub)]'; do echo $r; done",
    'f1() { local -n r; for r in "$@"; do echo $r; done; }; f1 "$(<f)"',
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it.each(['declare -n r; r=$(<f); echo $r', 'r=$(<f); declare -n r; echo $r'])('control: `%s` asks (C241)', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it('control: `declare -n r=HOME; for x in a b; do echo $x; done` runs', async () => {
    expect(await verdict('declare -n r=HOME; for x in a b; do echo $x; done')).toBe('ran');
  });
});
