// R45-b6/b7 — CRITICAL (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask) — node reads
// `\u0065` in an identifier or a key as `e` (`{recursiv\u0065: true}` is `{recursive: true}`, which the recursive
// delete rule reads on the raw text), a computed member reaches a loader the spawn and dynamic lists name only with a
// dot (`process["getBuilt" + "inModule"]`), and Reflect.get is a member read by another name.
// Repro (h-r86 on main 2984db51, default sandbox, --yes, --no-stage; sub/new.txt uncommitted): every row below ran
// and sub/ was GONE. Fix: src/shell/inline-names*.ts (a closed name reader: every name known or the call asks).
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const files = { 'ok.sh': '#!/bin/sh\necho fine\n' };
const J = (code: string): string => `node -e '${code}'`;

describe.skipIf(!bwrapWorks)('R45-b6/b7 CRITICAL: node names outside the deny-lists', { timeout: 180_000 }, () => {
  it('control: `require("fs").rmSync("ROOT/sub", {recursive: true})` asks (C241)', async () => {
    expect(await run(J('require("fs").rmSync("ROOT/sub", {recursive: true})'), files)).toBe('C241');
  });
  it('control: `console.log(JSON.stringify(process.argv))` runs', async () => {
    expect(await run(J('console.log(JSON.stringify(process.argv))'), files)).toBe('ran');
  });
  it.each([
    J('require("fs").rmSync("ROOT/sub", {recursiv\\u0065: true})'),
    J('require("fs").rmSync("ROOT/sub", {recursiv\\u{65}: true})'),
    J('const m = process["getBuilt" + "inModule"]; const {execSync: run} = m("child_process"); run("rm -rf ROOT/sub")'),
    J('const fs = require("fs"); const f = Reflect.get(fs, "rm" + "Sync"); f("ROOT/sub", {recursive: true})'),
    J('const fs = require("fs"); Reflect.get(fs, "rm" + "Sync")("ROOT/sub", {recursive: true})'),
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, files)).toBe('C241');
  });
});
