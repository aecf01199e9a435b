// Issue 31 (cold exec): a staged run that wrote a file had its change set judged with an obeyed context
// built from nothing (a FolderListings of its own, no kept file), so every repository the workspace holds
// and each linked worktree was walked again after the run, though the gate had kept each repository's
// context in the state folder before it (~1 s of CPU for `echo hi > o.txt` in a repository with 33
// worktrees). The plan now reads the same kept file, whose entries hold while every file they were read from
// keeps its stamp. The wrapper below only records the arguments; the real obeyedContext answers.
import { execFileSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { obeyedContext } from '../../src/permissions/obeyed-context.js';
import { keptFileFor } from '../../src/permissions/kept-across.js';
import { planContext } from '../../src/shell/stage/plan-context.js';
import { stateDirFor } from '../../src/engine/state-dir.js';
import { FolderListings } from '../../src/workspace/listings.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { bwrapWorks, overlayWorks } from './stage-helpers.js';

vi.mock('../../src/permissions/obeyed-context.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/permissions/obeyed-context.js')>();
  return { ...real, obeyedContext: vi.fn(real.obeyedContext) };
});

let root: string;
let state: string;
beforeEach(async () => {
  root = realpathSync(await tempDir('codeward-plan-kept-'));
  state = realpathSync(await tempDir('codeward-plan-kept-state-'));
  await writeFiles(root, { 'src/a.ts': 'export {};\n', 'tools/hk/.keep': '' });
  execFileSync('git', ['init', '-q'], { cwd: root });
  execFileSync('git', ['config', 'core.hooksPath', 'tools/hk'], { cwd: root });
  vi.mocked(obeyedContext).mockClear();
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

// The kept files each obeyedContext call was given (undefined: none, everything read again).
const keptFilesAsked = (): (string | undefined)[] => vi.mocked(obeyedContext).mock.calls.map((call) => call[2]?.keptFile);

describe('the stage plan judges with the kept repository contexts', () => {
  it('planContext reads the kept file it is given, and answers as a context built from nothing', () => {
    const kept = join(state, 'home-scan.json');
    const fresh = obeyedContext(root, undefined, new FolderListings(kept));
    vi.mocked(obeyedContext).mockClear();
    const planned = planContext(root, kept);
    expect(keptFilesAsked()).toEqual([kept]);
    expect(planned.gitPaths).toEqual(fresh.gitPaths);
    expect(planned.gitPaths).toEqual(expect.arrayContaining(['tools/hk', '.git']));
    expect(planned.whole).toEqual(fresh.whole);
  });

  it.skipIf(!bwrapWorks || !overlayWorks)('a staged run that wrote a file: its plan reads the state folder\'s kept file', { timeout: 120_000 }, async () => {
    const before = process.env['CODEWARD_STATE_DIR'];
    process.env['CODEWARD_STATE_DIR'] = state;
    try {
      const { createEngine } = await import('../../src/index.js');
      const engine = await createEngine({ workspace: root, sandbox: { mode: 'workspace-write' } });
      try {
        const result = await engine.run({ cmd: 'exec', args: { cmd: 'echo hi > out.txt', stage: true } });
        expect(result.ok, JSON.stringify(result)).toBe(true);
        expect((result.data as { changes: { created: number } }).changes.created).toBe(1);
      } finally {
        await engine.close();
      }
      expect(readFileSync(join(root, 'out.txt'), 'utf8')).toBe('hi\n');
      const kept = keptFileFor(root, stateDirFor(root), []);
      expect(kept).toBeDefined();
      // The plan's (after the run; the gate's too, when it judged a written path): none from nothing.
      expect(keptFilesAsked().length).toBeGreaterThanOrEqual(1);
      expect(keptFilesAsked().every((file) => file === kept), JSON.stringify(keptFilesAsked())).toBe(true);
    } finally {
      if (before === undefined) delete process.env['CODEWARD_STATE_DIR'];
      else process.env['CODEWARD_STATE_DIR'] = before;
    }
  });
});
