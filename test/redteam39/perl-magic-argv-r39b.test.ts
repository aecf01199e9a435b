// Parked: imports are written for the file moved to test/redteam39/<name>.test.ts (as round 38 moved its own).
// R39-b4 — MAJOR (seed 004's immune list: rm -r "however wrapped"; the joined-call class: a program that hands one of
// its words to a shell) — perl's `<>` (the -n/-p loop, and `<>`/`while(<>)` in -e code) opens each file operand with the
// TWO-argument open: an operand ending in `|` is a shell command perl runs (`rm -rf sub|`), one starting with `>` or
// `+>` is opened for writing (truncated). The inline code (`1`, `print`) is harmless and the operand is read as a file
// name, so `perl -pe 1 'rm -rf sub|'` deletes the tree under --yes, in place. The same for a script file's `<>`
// (`perl s.pl 'rm -rf sub|'`: LEFT R36-5 reads no perl script, but the operand is the line's own text).
//
// Reproduction (integ 507f8cca, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted):
//   $ codeward --yes exec --no-stage "perl -pe 1 'rm -rf sub|'"            -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage "perl -ne print 'rm -rf sub |'"       -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage "perl -e 'while(<>){}' 'rm -rf sub|'" -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage "perl -00 -ne 1 -- 'rm -rf sub|'"     -> [exit 0], sub/ GONE
//   control (held): `perl -e "use File::Path; rmtree('sub')"` -> C241; `sed -e '1e rm -rf sub' x` -> C241 (sed's `e`
//   command is read as a line); `awk '{system($0)}' x` -> C241.
// Expected: C241 and the work kept.
// ONE place for the class fix: the launch reader of perl (where `sed 'e CMD'` and awk's system() are already read as
// lines: parse-launch-*/immune-inline.ts): when perl reads `<>` (-n, -p, -i, or `<>`/`<ARGV>`/`readline` in -e code,
// or any script), every operand after the code whose trimmed text starts with `|`/ends with `|` is a shell line
// judged as one (rm -rf sub), one starting with `>`/`+<`/`+>` is a write of that path; or simply: such an operand
// is unknown (immune: nobody needs it in an agent's line).
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const verdict = inPlaceVerdicts({ x: 'a\n' }, { codes: 'raw' });

describe.skipIf(!bwrapWorks)("R39-b4 MAJOR: perl's two-argument <> runs a file operand ending in | as a shell command", { timeout: 120_000 }, () => {
  it.each(["perl -pe 1 'rm -rf sub|'", "perl -ne print 'rm -rf sub |'", "perl -e 'while(<>){}' 'rm -rf sub|'", "perl -00 -ne 1 -- 'rm -rf sub|'"])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it.each(["perl -e \"use File::Path; rmtree('sub')\"", "sed -e '1e rm -rf sub' x"])('control: `%s` asks', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it('control: `perl -pe 1 x` (a plain file operand) runs', async () => {
    expect(await verdict('perl -pe 1 x')).toBe('ran');
  });
});
