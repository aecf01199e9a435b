// The harness of the red-team tests that run one line in-process, unconfined (`--sandbox off`) under --yes, in a
// repository with uncommitted work, and look whether the work survived (test/redteam31 make-remakes-makefile,
// npmrc-workspace, and the package-picking rows: fix32a folded their copies). One base folder per file; per run a
// fresh workspace w<n> (a git repository holding `files` and a.txt, committed) and an empty home h<n>.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir, writeFiles } from './fixture.js';

const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 'x', GIT_AUTHOR_EMAIL: 'x@x', GIT_COMMITTER_NAME: 'x', GIT_COMMITTER_EMAIL: 'x@x' };

export interface YesRuns {
  // `line` run with --sandbox off --yes after a.txt's committed text was changed (`before`: called on the workspace
  // after the commit, before the change): 'ran' or the error's code, and whether the change is still there.
  run(files: Readonly<Record<string, string>>, line: string, before?: (root: string) => void): Promise<{ code: string; kept: boolean }>;
}

export function yesRuns(prefix: string): YesRuns {
  const at = { base: '', count: 0 };
  beforeAll(async () => {
    at.base = await tempDir(prefix);
  });
  afterAll(async () => {
    await removeDir(at.base);
  });
  return {
    async run(files, line, before) {
      const root = join(at.base, `w${++at.count}`), home = join(at.base, `h${at.count}`);
      await writeFiles(root, { 'a.txt': 'a\n', ...files });
      await writeFiles(home, { '.keep': '' });
      execFileSync('git', ['init', '-q', root]);
      execFileSync('git', ['-C', root, 'add', '-A'], { env: GIT_ENV });
      execFileSync('git', ['-C', root, 'commit', '-qm', 'a'], { env: GIT_ENV });
      before?.(root);
      await writeFiles(root, { 'a.txt': 'CHANGED\n' });
      const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '' }, sandbox: { mode: 'off' as const }, permissions: { home, yes: true } });
      try {
        const result = await engine.run({ cmd: 'exec', args: { cmd: line } });
        return { code: result.ok ? 'ran' : result.error.code, kept: readFileSync(join(root, 'a.txt'), 'utf8') === 'CHANGED\n' };
      } finally {
        await engine.close();
      }
    },
  };
}
