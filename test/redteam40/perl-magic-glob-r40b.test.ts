// Parked: imports are written for the file moved to test/redteam40/<name>.test.ts (as round 39 moved its own).
// R40-b8 — MAJOR (seed 004's immune list of an unstaged run; a malicious cloned repository, an ordinary-looking line) —
// R39-b4's fix reads perl's `<>` operands as code when a LITERAL operand word ends in `|`; an operand that is a GLOB,
// a run-time word or xargs' input is not looked at. The repository holds a file NAMED `rm -rf sub|`; the model runs the
// most ordinary perl line there is — `perl -ne 'print if /TODO/' *` — the glob expands to that name, perl's two-argument
// `<>` opens it as a pipe and rm -rf runs in place under --yes. Same for `perl -pe 1 -- *`, `**`, `*.txt *`,
// `perl -Mstrict -ne 1 *`, `ls | xargs -d '\n' perl -ne 1`, and `perl -ne 1 "$(printf 'rm -rf sub|')"`.
// (`perl -pi -e … *` holds: -i opens its files another way; `./*` holds: the name becomes `./rm …`.)
//
// Reproduction (integ 54799dc5, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// a.txt = 'hello', and a file named 'rm -rf sub|'):
//   $ codeward --yes exec --no-stage "perl -ne 'print if /h/' *"     -> hello, [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'perl -pe 1 -- *'              -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage "ls | xargs -d '\n' perl -ne 1" -> [exit 0], sub/ GONE
//   control (held): `perl -ne print 'rm -rf sub|'` -> C241; `perl -pi -e 's/hello/bye/' *` runs and keeps the work.
// Expected: C241 (operands only known at run time reach a magic open) and the work kept.
// Fix location: the perl launch reader of d542f117 (R39-b4, src/shell/parse-launch-*.ts / parse-inline.ts): when perl
// reads `<>` (-n, -p without -i, `<>`/`<ARGV>` in the code), EVERY operand that is not a static word — a glob
// (judged against the workspace's names, as immuneByGlob does for argument-sensitive programs, or simply unknown), a
// run-time word, xargs-supplied words — is unknown; a static one is judged as now.
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const verdict = inPlaceVerdicts({ 'a.txt': 'hello\n', 'rm -rf sub|': 'x\n' });

describe.skipIf(!bwrapWorks)("R40-b8 MAJOR: a repository file named 'rm -rf sub|' runs through perl -n's <> when the operand is a glob", { timeout: 120_000 }, () => {
  it.each([
    "perl -ne 'print if /h/' *",
    'perl -pe 1 -- *',
    "perl -ne 'print if /TODO/' **",
    "perl -lne 'print $ARGV' *.txt *",
    'perl -Mstrict -ne 1 *',
    "ls | xargs -d '\\n' perl -ne 1",
    "perl -ne 1 \"$(printf 'rm -rf sub|')\"",
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it("control: `perl -ne print 'rm -rf sub|'` asks (C241)", async () => {
    expect(await verdict("perl -ne print 'rm -rf sub|'")).toBe('C241');
  });
  it("control: `perl -ne 'print if /h/' a.txt` runs", async () => {
    expect(await verdict("perl -ne 'print if /h/' a.txt")).toBe('ran');
  });
  it.each(["perl -ne 'print if /h/' ./*.txt", "perl -pi -e 's/hello/bye/' *"])('control: `%s` runs (a glob that cannot start with a mode nor end in |, or -i)', async (line) => {
    expect(await verdict(line)).toBe('ran');
  });
});
