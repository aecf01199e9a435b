// R44-b7 — CRITICAL (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask; nothing planted)
// — parse-code.ts's tokenizer opens a string where perl does not, and the code inside that "string" is blanked
// before every spawn check: (a) a method NAMED q/qq/qw/qx (`main->q(…)`): the tokenizer only refuses `q(` after
// `[\w$@%]`, so after `->` it reads `q(system "rm -rf …")` as a q-string while perl evaluates the arguments (system
// runs) before it looks the method up (and dies); (b) perl's old package separator `'` (`$main'x` is `$main::x`,
// still parsed by perl 5.36): the tokenizer opens a '…' string at it and swallows the code up to the next `'`.
// Class: a string start the tokenizer reads where the language reads code (blanked code = unseen spawn). Likely
// more: `sub q {…}`-style names, `$h{q}`-like keys followed by a delimiter, `y`/`tr`/`s`/`m` with their own
// delimiters (`s{x}{system …}e` is code with /e; untested here), heredoc bodies.
// Repro (h-rt44b on integ b1bb7db3, default sandbox, --yes, --no-stage; sub/new.txt uncommitted):
//   $ codeward --yes exec --no-stage "perl -e 'main->q(system \"rm -rf ROOT/sub\")'"           -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage "perl -e \"print \$main'x; system qq(rm -rf ROOT/sub); print \$main'y\""
// Fix place: parse-code.ts (the quote-like branch and the `'` branch for perl): refuse a q-operator after `->`/`::`/
// `sub `/`{…}` key position, and a `'` right after an identifier character in perl; or, simpler and fail-closed,
// run the perl spawn regex on the code with strings KEPT as well (a spawn name inside any literal counts).
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const files = { 'ok.sh': '#!/bin/sh\necho fine\n' };

describe.skipIf(!bwrapWorks)('R44-b7 CRITICAL: perl code the tokenizer reads as a string is never judged', { timeout: 120_000 }, () => {
  it('control: `perl -e \'main->foo(system "rm -rf ROOT/sub")\'` asks (C241)', async () => {
    expect(await run("perl -e 'main->foo(system \"rm -rf ROOT/sub\")'", files)).toBe('C241');
  });
  it.each([
    "perl -e 'main->q(system \"rm -rf ROOT/sub\")'",
    "perl -e 'main->qw(system \"rm -rf ROOT/sub\")'",
    "perl -e \"print \\$main'x; system qq(rm -rf ROOT/sub); print \\$main'y\"",
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, files)).toBe('C241');
  });
});
