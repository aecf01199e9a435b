// R45-b10 — CRITICAL (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask) — `mv sub /tmp/x`
// asks (the work leaves the workspace), but the same move through python's or node's file API ran: shutil.move copies
// across file systems and deletes the source (the sandbox's /tmp is its own, so the work is gone). os.rename,
// os.replace, Path.rename and fs.rename(Sync) fail with EXDEV here only by luck of the mount layout: same class.
// Repro (h-r86 on main 2984db51, default sandbox, --yes, --no-stage; sub/new.txt uncommitted): the shutil.move row
// ran and sub/ was GONE; the others ran. Fix: src/shell/inline-names-moves.ts (a move whose target is not a plain
// relative literal asks, like `mv` out).
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const files = { 'ok.sh': '#!/bin/sh\necho fine\n' };
const P = (code: string): string => `python3 -c '${code}'`;
const J = (code: string): string => `node -e '${code}'`;

describe.skipIf(!bwrapWorks)('R45-b10 CRITICAL: an inline move of the workspace out of it', { timeout: 180_000 }, () => {
  it('control: `mv ROOT/sub /tmp/r45b10` asks (C241)', async () => {
    expect(await run('mv ROOT/sub /tmp/r45b10', files)).toBe('C241');
  });
  it('control: a move inside the workspace by relative names runs', async () => {
    expect(await run(P('import shutil; shutil.move("sub/new.txt", "sub/kept.txt"); shutil.move("sub/kept.txt", "sub/new.txt")'), files)).toBe('ran');
  });
  it.each([
    P('import shutil; shutil.move("ROOT/sub", "/tmp/r45b10a")'),
    P('import os; os.rename("ROOT/sub", "/tmp/r45b10b")'),
    P('import os; os.replace("ROOT/sub", "/tmp/r45b10c")'),
    P('import pathlib; pathlib.Path("ROOT/sub").rename("/tmp/r45b10d")'),
    J('require("fs").renameSync("ROOT/sub", "/tmp/r45b10e")'),
    J('require("fs").rename("ROOT/sub", "/tmp/r45b10f", () => {})'),
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, files)).toBe('C241');
  });
});
