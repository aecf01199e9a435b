// R40-b11 — MAJOR (seed 004's immune list of an unstaged run; a prompt-injected line, or the repository's data) —
// bash's named file-descriptor redirection `{VAR}>file` assigns the new descriptor to VAR, and VAR may be an array
// element: `{a[SUBSCRIPT]}>/dev/null` evaluates SUBSCRIPT as arithmetic with full expansion, quotes included
// (bash expands the `{…}` word itself). R39-b7's fix lists subscripts of assignments and name operands, not this
// one: `: {a['$(rm -rf sub)']}>/dev/null` (a quoted literal: data to every reader) and `read x < f; true {a[$x]}>/dev/null`
// (f = 'a[$(rm -rf sub)]') run rm -rf in place under --yes, on ANY command (`:`, `true`, `echo`, `ls`).
//
// Reproduction (integ 54799dc5, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted):
//   $ codeward --yes exec --no-stage ": {a['\$(rm -rf sub)']}>/dev/null"       -> [exit 1] (C253), sub/ GONE
//   $ codeward --yes exec --no-stage 'read x < f; true {a[$x]}>/dev/null'     -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage 'x=$(<f); ls {a[$x]}</dev/null'          -> [exit 0], sub/ GONE
//   control (held): `exec {a[$(rm -rf sub)]}>/dev/null` -> C241 (the substitution is visible);
//   `exec {fd}>/dev/null; exec {fd}>&-` runs (a plain name).
// Expected: C241 (what runs is only known at run time) and the work kept.
// Fix location: src/shell/parse-arith.ts arithmeticText: a redirection whose descriptor is a `{…}` word — a
// `file_descriptor`/redirect node's variable part — with anything but a plain name (or a number subscript) is
// run-time arithmetic, as the `subscript` case is.
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const verdict = inPlaceVerdicts({ f: 'a[$(rm -rf sub)]\n' });

describe.skipIf(!bwrapWorks)("R40-b11 MAJOR: a named descriptor redirection's array subscript {a[…]}> runs a command", { timeout: 120_000 }, () => {
  it.each([
    ": {a['$(rm -rf sub)']}>/dev/null",
    'read x < f; true {a[$x]}>/dev/null',
    'x=$(<f); echo hi {a[$x]}>/dev/null',
    'x=$(<f); ls {a[$x]}</dev/null',
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it('control: `exec {a[$(rm -rf sub)]}>/dev/null` asks (C241)', async () => {
    expect(await verdict('exec {a[$(rm -rf sub)]}>/dev/null')).toBe('C241');
  });
  it('control: `exec {fd}>/dev/null; exec {fd}>&-` keeps the work', async () => {
    expect(await verdict('exec {fd}>/dev/null; exec {fd}>&-')).not.toContain('work gone');
  });
});
