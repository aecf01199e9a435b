// R44-b8 — CRITICAL (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask; nothing planted)
// — parse-inline.ts blanks every string token before its spawn checks (DYNAMIC_APIS, inline-imports.ts, SPAWN_APIS
// call sites), but three languages run CODE inside a string literal: python f-strings (`f'{…}'`), JavaScript
// template literals (`` `${…}` ``) and perl's interpolated `"@{[ … ]}"` / `"${\ … }"`. Code there is never judged:
// `__import__`, `execSync(`, `system` inside the braces are blanked with the string.
// Class: interpolated code in a string token (also likely ruby `"#{…}"` — ruby not installed here — and php
// `"{$x(…)}"`, shell-like `$(…)` in perl/ruby backticks is already a command).
// Repro (h-rt44b on integ b1bb7db3, default sandbox, --yes, --no-stage; sub/new.txt uncommitted):
//   $ codeward --yes exec --no-stage "python3 -c \"f'{__import__(\\\"os\\\").system(\\\"rm -rf ROOT/sub\\\")}'\""
//   $ codeward --yes exec --no-stage 'node -e '"'"'console.log(`${require("child_process").execSync("rm -rf ROOT/sub")}`)'"'"
//   $ codeward --yes exec --no-stage "perl -e 'print \"@{[ system q(rm -rf ROOT/sub) ]}\"'"
//     -> each ran, sub/ GONE
// Held: `s/x/system(…)/e` (perl: s/// is not tokenized, its code is seen); the same code outside a string asks.
// Fix place: parse-code.ts: tokenize the interpolation holes of f-strings (prefix f/F/rf/fr…), template literals
// and perl "…" (`@{[ ]}`, `${\ }`, `${ code }`) as CODE tokens (nesting aware), or fail closed: a string of these
// kinds holding a hole with anything but a plain name/attribute counts as dynamic.
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const files = { 'ok.sh': '#!/bin/sh\necho fine\n' };

describe.skipIf(!bwrapWorks)('R44-b8 CRITICAL: code inside an interpolated string is blanked before judging', { timeout: 120_000 }, () => {
  it.each([
    "python3 -c \"__import__('os').system('rm -rf ROOT/sub')\"",
    "perl -e 'print system q(rm -rf ROOT/sub)'",
  ])('control: `%s` asks (C241)', async (line) => {
    expect(await run(line, files)).toBe('C241');
  });
  it('control: `python3 -c "x = 1; print(f\'{x}\')"` runs', async () => {
    expect(await run("python3 -c \"x = 1; print(f'{x}')\"", files)).toBe('ran');
  });
  it.each([
    "python3 -c \"f'{__import__(\\\"os\\\").system(\\\"rm -rf ROOT/sub\\\")}'\"",
    "node -e 'console.log(`${require(\"child_process\").execSync(\"rm -rf ROOT/sub\")}`)'",
    "perl -e 'print \"@{[ system q(rm -rf ROOT/sub) ]}\"'",
    "perl -e 'print \"${\\ system q(rm -rf ROOT/sub) }\"'",
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, files)).toBe('C241');
  });
});
