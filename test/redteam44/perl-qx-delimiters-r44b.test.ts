// R44-b4 — CRITICAL (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask; nothing planted)
// — parse-code.ts reads perl's quote-like operators only with the delimiters `( { [ < / | ! #`
// (`/^(?:qx|qw|qq|q|%x|…)([({[</|!#])/`), but perl takes ANY non-space, non-word character (and a space before it):
// `qx"…"`, `qx'…'` (no interpolation, still a command), `qx,…,`, `qx:…:`, `qx%…%`, `qx~…~`, `qx=…=`, `qx "…"`. With
// one of those the command is tokenized as `qx` (code) + a plain string, so commandStrings sees no command and the
// inline reader judges `perl -e 'print qx"rm -rf ROOT/sub"'` as spawning nothing.
// Class: a quote-like operator's delimiter set; the same table drives q/qq/qw (a string the reader then misplaces:
// `qq"…"`, `qw,…,`) and ruby's %x/%w (ruby was not installed here to check; its `%x"…"` ran without effect).
// Repro (h-rt44b on integ b1bb7db3, default sandbox, --yes, --no-stage; sub/new.txt uncommitted):
//   $ codeward --yes exec --no-stage "perl -e 'print qx\"rm -rf ROOT/sub\"'"   -> ran, sub/ GONE
//   also `qx,…,` `qx:…:` `qx%…%` `qx~…~` `qx "…"` `qx'…'` `qx=…=`
// Held: qx( ) qx{ } qx[ ] qx< > qx! ! qx| | qx/ / qx# #, `qx \`…\``, backticks, readpipe("…"), php backticks.
// Fix place: parse-code.ts's quote-like scan (line ~96): after q/qq/qw/qx (not followed by a word character or `=>`,
// optional whitespace, not `#` after whitespace) any non-space delimiter opens the literal; brackets pair, any other
// delimiter closes with itself.
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const files = { 'ok.sh': '#!/bin/sh\necho fine\n' };

describe.skipIf(!bwrapWorks)('R44-b4 CRITICAL: perl qx with a delimiter outside ({[</|!# runs a command unread', { timeout: 120_000 }, () => {
  it.each([
    "perl -e 'print qx(rm -rf ROOT/sub)'",
    "perl -e 'print qx!rm -rf ROOT/sub!'",
  ])('control: `%s` asks (C241)', async (line) => {
    expect(await run(line, files)).toBe('C241');
  });
  it.each([
    "perl -e 'print qx\"rm -rf ROOT/sub\"'",
    "perl -e 'print qx \"rm -rf ROOT/sub\"'",
    "perl -e \"print qx'rm -rf ROOT/sub'\"",
    "perl -e 'print qx,rm -rf ROOT/sub,'",
    "perl -e 'print qx:rm -rf ROOT/sub:'",
    "perl -e 'print qx%rm -rf ROOT/sub%'",
    "perl -e 'print qx~rm -rf ROOT/sub~'",
    "perl -e 'print qx=rm -rf ROOT/sub='",
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, files)).toBe('C241');
  });
});
