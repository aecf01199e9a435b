// Red team round 34, R34-4 (minor, friction that pushes people to --sandbox off; fixed by the lead in
// src/sandbox/obeyed-scan.ts start): in a workspace holding an ordinary virtual environment (`python3 -m venv .venv`: `.venv/bin/python
// -> python3 -> /usr/bin/python3`), EVERY in-place sandboxed run fails before it starts: `exec --no-stage true` ->
// C253 "bwrap: Can't create file at …/.venv/bin/python: No such file or directory". The write gate's walk
// (obeyed-scan.ts) finds `.venv/bin/python` (the catalogue's IN_VENV row) and binds it read-only over itself; the
// path is a symlink, so bwrap follows it to place the mount and fails. A staged run does not walk, so it is only
// seen with --no-stage, a sandboxWritable folder, or where no overlay mounts. (`--copies` venvs work.)
// Expected: `true` runs; the link stays protected (watched, as guards.ts `existing` does for a protected symlink:
// checked after the run and moved aside when replaced).
// Fix: ONE place, where the walk's tops become read-only binds (obeyed-scan.ts start / sandbox.ts protectedFiles): a
// symlink is watched, never bound over.
import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let base: string;
let root: string;
let home: string;
beforeAll(async () => {
  base = await tempDir('cw-rt34-venvlink-');
  root = join(base, 'w');
  home = join(base, 'h');
  execFileSync('mkdir', ['-p', root, home]);
  execFileSync('/usr/bin/python3', ['-m', 'venv', '--without-pip', join(root, '.venv')]);
});
afterAll(async () => removeDir(base));

describe.skipIf(!bwrapWorks)('R34-4 minor: a venv with a linked python breaks every in-place sandboxed run', { timeout: 120_000 }, () => {
  it('`exec --no-stage true` runs', async () => {
    const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, 'state') }, sandbox: { mode: 'workspace-write' }, permissions: { home, yes: true } });
    try {
      const result = await engine.run({ cmd: 'exec', args: { cmd: 'true', stage: false } });
      expect(result.ok, JSON.stringify(result)).toBe(true);
    } finally {
      await engine.close();
    }
  });

  it('a run that points the link elsewhere has it moved aside (watched, not bound)', async () => {
    const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, 'state') }, sandbox: { mode: 'workspace-write' }, permissions: { home, yes: true } });
    try {
      const result = await engine.run({ cmd: 'exec', args: { cmd: `python3 -c "import os; p='.venv/bin/python'; os.remove(p); os.symlink('../../evil', p)"`, stage: false } });
      expect(result.ok, JSON.stringify(result)).toBe(true);
      expect(readlinkOr(join(root, '.venv/bin/python'))).not.toBe('../../evil');
      expect(JSON.stringify(result.ok ? result.warnings : [])).toContain('.venv/bin/python');
    } finally {
      await engine.close();
    }
  });
});

function readlinkOr(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    return undefined;
  }
}
