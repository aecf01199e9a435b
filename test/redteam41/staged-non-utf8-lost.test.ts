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
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI);
let base: string;
let out = '';
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt41a-stagedb-');
  const ws = join(base, 'ws');
  spawnSync('git', ['init', '-q', ws]);
  writeFileSync(join(ws, 'a.txt'), 'old\n');
  mkdirSync(join(base, 'h'));
  if (!usable) return;
  const env = { HOME: join(base, 'h'), PATH: process.env['PATH'] ?? '/usr/bin:/bin', CODEWARD_STATE_DIR: join(base, 's') };
  const line = 'echo new > a.txt; mkdir "$(printf "d\\376")"; echo hi > "$(printf "d\\376")/f"';
  const result = spawnSync('node', [CLI, '--yes', 'exec', '--cmd', line], { cwd: ws, env, encoding: 'utf8', timeout: 60_000 });
  out = `${result.stdout}${result.stderr}`;
}, 90_000);
afterAll(async () => rm(base, { recursive: true, force: true }));

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
