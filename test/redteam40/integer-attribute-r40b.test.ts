// R40-b1 — MAJOR (seed 004's immune list of an unstaged run; a malicious cloned repository's DATA) — R39-b8's class
// by the one door its fix did not list: an assignment to a variable with bash's INTEGER attribute is arithmetic.
// `declare -i x` (typeset -i, local -i, declare -ix/-ri/-il...) makes every later assignment to x — `x=…`, `x+=…`,
// `read x`, `mapfile x`, `printf -v x`, `for x in …`, `declare -i x=$v` — evaluate the value as an expression, and a
// value `a[$(rm -rf sub)]` runs rm -rf. bash's own integer variables RANDOM, SRANDOM, OPTIND and HISTCMD do the same
// with no declare at all (`read OPTIND < f`, `OPTIND='a[$(…)]'`). Every word on these lines is a plain name, so
// parse-arith.ts / parse-arith-names.ts list nothing and the line runs in place under --yes.
//
// Reproduction (integ 54799dc5, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// f (the repository's) = 'a[$(rm -rf sub)]'):
//   $ codeward --yes exec --no-stage 'declare -i x; read x < f'           -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'x=$(<f); declare -i y=$x'           -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage "declare -i x; x='a[\$(rm -rf sub)]'" -> [exit 0], sub/ GONE (a literal: no data needed)
//   $ codeward --yes exec --no-stage 'read OPTIND < f'                    -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage "RANDOM='a[\$(rm -rf sub)]'"          -> [exit 0], sub/ GONE
//   control (held): `read x < f; echo "$x"` and `declare -i x=1; echo $x` run and keep the work.
// Expected: C241 (what runs is only known at run time) and the work kept.
// Fix location: src/shell/parse-arith-names.ts (evaluatedName) with parse-arith.ts: a declaration with an `i` flag
// (declare/typeset/local/readonly/export -…i…) makes its names integer variables; the line's assignments, read /
// mapfile / printf -v / getopts / for-loop names of such a variable — and of RANDOM, SRANDOM, OPTIND, HISTCMD —
// whose value is anything but number literals are run-time arithmetic (simplest: any `-i` declaration, or any
// assignment to those four names, with a non-literal value on the line is listed).
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const verdict = inPlaceVerdicts({ f: 'a[$(rm -rf sub)]\n' });

describe.skipIf(!bwrapWorks)("R40-b1 MAJOR: an assignment to an integer variable evaluates the repository's value as arithmetic", { timeout: 120_000 }, () => {
  it.each([
    'declare -i x; read x < f',
    'x=$(<f); declare -i y=$x',
    "declare -i x; x='a[$(rm -rf sub)]'",
    'typeset -i x; read x < f',
    'f1() { local -i x; read x < f; }; f1',
    'declare -i y; mapfile y < f',
    'declare -i y; printf -v y %s "$(<f)"',
    'x=$(<f); declare -ix y; y+=$x',
    'declare -i y; for y in "$(<f)"; do :; done',
    'read OPTIND < f',
    "RANDOM='a[$(rm -rf sub)]'",
    'SRANDOM=$(<f)',
    'HISTCMD=$(<f)',
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it.each(['read x < f; echo "$x"', 'declare -i x=1; echo $x'])('control: `%s` runs and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('ran');
  });
});
