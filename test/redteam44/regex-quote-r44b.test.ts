// R44-b9 — CRITICAL (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask; nothing planted)
// — parse-code.ts knows no regex literals: a quote inside a JS regex (`/"/`) or a perl match (`$x =~ /"/`, `m{'}`)
// opens a "string" the tokenizer then closes at the next quote of the real code, so the code between two such regexes
// is blanked as string text and every spawn check misses it (`execSync(`, `system`).
// Class: a string start the tokenizer reads where the language reads a regex (also `tr/"//`, `y/'//`, `s/'/x/`, JS
// division ambiguity; the same family as R44-b7's false quote starts).
// Repro (h-rt44b on integ b1bb7db3, default sandbox, --yes, --no-stage; sub/new.txt uncommitted):
//   $ codeward --yes exec --no-stage "node -e 'x=/\"/; require(\"child_process\").execSync(\"rm -rf ROOT/sub\"); y=/\"/'"
//   $ codeward --yes exec --no-stage "perl -e '\$x = \"\"; \$x =~ /\"/; system \"rm -rf ROOT/sub\"; \$x =~ /\"/'"
//     -> each ran, sub/ GONE
// Fix place: parse-code.ts: read regex literals (JS after an operator/`(`/`,`/`=`/start; perl after `=~`/`!~`, `m`,
// `qr`, `s`, `tr`, `y`, split/grep's first argument) as their own non-string tokens whose text is kept for the spawn
// checks; or fail closed: in code whose quotes are unbalanced against a regex-aware scan, count as dynamic.
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const files = { 'ok.sh': '#!/bin/sh\necho fine\n' };

describe.skipIf(!bwrapWorks)('R44-b9 CRITICAL: a quote in a regex literal hides the code after it', { timeout: 120_000 }, () => {
  it.each([
    "node -e 'require(\"child_process\").execSync(\"rm -rf ROOT/sub\")'",
    "perl -e 'system \"rm -rf ROOT/sub\"'",
  ])('control: `%s` asks (C241)', async (line) => {
    expect(await run(line, files)).toBe('C241');
  });
  it.each([
    "node -e 'x=/\"/; require(\"child_process\").execSync(\"rm -rf ROOT/sub\"); y=/\"/'",
    "perl -e '$x = \"\"; $x =~ /\"/; system \"rm -rf ROOT/sub\"; $x =~ /\"/'",
    "perl -e '$x = \"\"; $x =~ m{\"}; system \"rm -rf ROOT/sub\"; $x =~ m{\"}'",
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, files)).toBe('C241');
  });
});
