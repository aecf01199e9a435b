// Issue 29 (staging's part): a run whoever let it run was told is STAGED ("undo takes it back": the agent's
// auto-edit runs it unasked, a person's question says so) must not run in place when this run cannot be
// staged after all (its staging folder cannot be made at run time). Through the engine an agent uses: the
// overlay is found to work (the question's answer), then the state folder's staging area is broken.
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { bwrapWorks, overlayWorks } from './stage-helpers.js';

let root: string;
let state: string;

beforeEach(async () => {
  root = await tempDir('cw-stage-refuse-');
  state = await tempDir('cw-stage-refuse-state-');
});

afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

// The staging area (`stage/`) the probe made in the engine's state folder.
function stageFolder(dir: string, depth = 0): string | undefined {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!statSync(path).isDirectory()) continue;
    if (name === 'stage') return path;
    const found = depth < 3 ? stageFolder(path, depth + 1) : undefined;
    if (found) return found;
  }
  return undefined;
}

describe.skipIf(!bwrapWorks || !overlayWorks)('a run approved as staged that cannot be staged', { timeout: 120_000 }, () => {
  it('is refused with C216 naming the fix; nothing runs in place', async () => {
    const saved = process.env['CODEWARD_STATE_DIR'];
    process.env['CODEWARD_STATE_DIR'] = state;
    const engine = await createEngine({ workspace: root, sandbox: { mode: 'workspace-write' } });
    try {
      expect(await engine.sandbox?.stagingUnavailable()).toBeUndefined();
      const stage = stageFolder(state);
      expect(stage).toBeDefined();
      rmSync(stage!, { recursive: true, force: true });
      writeFileSync(stage!, 'not a folder\n');
      const result = await engine.run({ cmd: 'exec', args: { cmd: 'echo ran > ran.txt' } });
      expect(result).toMatchObject({ ok: false, error: { code: 'C216' } });
      expect(result.ok ? '' : result.error.message).toMatch(/nothing ran: the command was to run staged .* --no-stage/);
      expect(existsSync(join(root, 'ran.txt'))).toBe(false);
      // Asked explicitly for in place, it runs.
      const inPlace = await engine.run({ cmd: 'exec', args: { cmd: 'echo ran > ran.txt', stage: false } });
      expect(inPlace).toMatchObject({ ok: true, data: { inPlace: '--no-stage' } });
      expect(existsSync(join(root, 'ran.txt'))).toBe(true);
    } finally {
      await engine.close();
      if (saved === undefined) delete process.env['CODEWARD_STATE_DIR'];
      else process.env['CODEWARD_STATE_DIR'] = saved;
    }
  });
});
