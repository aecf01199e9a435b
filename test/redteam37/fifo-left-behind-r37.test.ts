// R37-a7 — MAJOR (availability; no confidentiality or integrity loss) — a run IN PLACE (`--sandbox off`'s jail, and
// the default sandbox with --no-stage) leaves a FIFO in the workspace under a name that later readers open: a FIFO
// named `.gitignore` (or `d/.ignore`) makes every later `codeward search` and `codeward git-status` hang with no
// timeout (the MCP door's agent stalls), and the user's own plain `git status` hangs too. A STAGED run holds: its
// apply sets the FIFO aside ("a FIFO, socket or device: never applied", shell/stage/plan.ts).
//
// Reproduction (integ 6925500c, root, bwrap 0.8; workspace a git repository):
//   $ codeward --sandbox off --yes exec --cmd 'mkfifo .gitignore && echo made'  -> ok, "made", warnings: []
//   $ timeout 25 codeward --json search --query hi    -> rc=124 (no output, killed after 25 s)
//   $ timeout 25 codeward --json git-status           -> rc=124
//   $ timeout 25 git status                           -> rc=124
//   $ codeward --yes exec --no-stage --cmd 'mkfifo .gitignore'  -> the same FIFO left (in place, default sandbox)
//   $ codeward --yes exec --cmd 'mkfifo .gitignore'   -> setAside: [{ path: ".gitignore", reason: "a FIFO, socket or device: never applied" }] (held)
// Expected: an in-place run's leftovers pass the same rule as a staged run's apply: a FIFO, socket or device node the
// run created is moved aside and reported.
// FIXED (lead, stop 61): clearRiskyModes (sandbox/modes.ts), the in-place after-run walk that already visits every
// entry changed since the run started, removes a FIFO, socket or device the run made, with the staged apply's words
// (SPECIAL_FILE, shared with shell/stage/plan.ts). Was: ONE place for the class fix: the after-run write gate of in-place runs (sandbox/obeyed-scan.ts finish), sharing the
// staged apply's predicate (shell/stage/plan.ts) rather than a second list.
import { spawnSync } from 'node:child_process';
import { lstatSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt37a-fifo-');
});
afterAll(async () => rm(base, { recursive: true, force: true }));

// A fresh repository; the run makes a FIFO named .gitignore; what stands there afterwards.
async function leftover(mode: 'off' | 'workspace-write', stage: boolean): Promise<string> {
  const root = join(base, `w${++count}`);
  spawnSync('git', ['init', '-q', root]);
  const engine = await createEngine({ workspace: root, env: { HOME: join(base, 'h'), PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, `.s${count}`) }, sandbox: { mode }, permissions: { home: join(base, 'h'), yes: true } });
  try {
    await engine.run({ cmd: 'exec', args: { cmd: 'mkfifo .gitignore && echo made', stage } });
  } finally {
    await engine.close();
  }
  try {
    return lstatSync(join(root, '.gitignore')).isFIFO() ? 'a FIFO' : 'another file';
  } catch {
    return 'nothing';
  }
}

describe.skipIf(!bwrapWorks)('R37-a7 MAJOR: an in-place run leaves a FIFO .gitignore that hangs later readers', { timeout: 60_000 }, () => {
  it('control: a staged run sets it aside', async () => {
    expect(await leftover('workspace-write', true)).toBe('nothing');
  });
  it('--sandbox off (the jail) leaves no FIFO behind', async () => {
    expect(await leftover('off', false)).toBe('nothing');
  });
  it('the default sandbox with --no-stage leaves no FIFO behind', async () => {
    expect(await leftover('workspace-write', false)).toBe('nothing');
  });
});
