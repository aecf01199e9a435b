// FIXED (walk58: stage/upper.ts lists by bytes; the one entry is not applied, with a reason). R41-a8 — MINOR (availability: a staged run's whole result is lost) — R40-a2's staged half, not fixed by utf50 and not
// in its LEFT list: the stage plan reads the upper folder by lossy UTF-8 names, so a run that writes ANY entry whose
// name is not UTF-8 (a test fixture, an unzip of a Latin-1 archive, a build of a Latin-1 tree) loses every change it
// made: "the command's changes could not be read (ENOENT … lstat '…/upper/d\uFFFD'); nothing was applied", [exit 0].
// A repository can arrange it for every run that builds (a generator that writes one such name), so the agent's work
// never lands while the run "succeeds".
// Class: R40-a2's (paths as lossy strings); the walk of the staged change set is another reader of upper/ that should
// go through byte-names.ts (list by bytes, set aside the one name, apply the rest).
// Repro (integ 85b3ba45, root, bwrap, overlay):
//   $ codeward --yes exec --cmd 'echo new > a.txt; mkdir "$(printf "d\376")"; echo hi > "$(printf "d\376")/f"'
//   -> "warning: the command's changes could not be read (ENOENT …); nothing was applied"; a.txt unchanged.
// Fix (shell/stage plan's reader of upper/): list by bytes; a non-UTF-8 entry is applied under its spelling (or kept
// aside with a warning) and the rest of the change set is applied.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareBase, bareExec, removeBare } from '../helpers/bare-cli.js';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI);
let base: string;
let out = '';
beforeAll(async () => {
  base = await bareBase('cw-rt41a-stagedb-', { files: { 'a.txt': 'old\n' } });
  if (!usable) return;
  out = bareExec(base, 'echo new > a.txt; mkdir "$(printf "d\\376")"; echo hi > "$(printf "d\\376")/f"', true);
}, 90_000);
afterAll(() => removeBare(base));

describe.skipIf(!usable)('R41-a8 MINOR: one non-UTF-8 name loses a staged run\'s whole change set', () => {
  it('control: the run ran', () => {
    expect(out).toContain('[exit 0]');
  });
  it('the UTF-8 change is applied', () => {
    expect(out).not.toMatch(/nothing was applied/);
    expect(readFileSync(join(base, 'ws', 'a.txt'), 'utf8')).toBe('new\n');
  });
  it('the non-UTF-8 entry alone is left out, and said', () => {
    expect(out).toMatch(/its name is not UTF-8 \(bytes 64fe\)[^\n]*not applied/);
  });
});
