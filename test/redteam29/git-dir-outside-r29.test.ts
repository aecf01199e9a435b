// Red team round 29, R29-7 (CRITICAL in `--sandbox off`: a file outside the workspace written, and a program later
// obeyed): git's repository-selecting option `--git-dir=DIR` / `--git-dir DIR` / `GIT_DIR=DIR` (the call's own
// environment) pointing OUT of the workspace. `git --git-dir=../other.git config core.pager CMD` (or core.fsmonitor,
// core.hooksPath) writes that repository's config: the person's next `git log` there runs CMD; `git --git-dir=../o.git
// fetch . HEAD:master` / `remote add` / `symbolic-ref` rewrite its refs. `git -C ../o.git …`, `cd ../o.git && …`,
// `export GIT_DIR=…; git …`, `--git-dir=… gc` ask; the config class (immune-config-verbs.ts gitConfigOutside) knows
// --global/--system/--file only, and the outside-path reader does not take --git-dir / GIT_DIR as a place the line
// writes. (With the OS sandbox the outside repository is not in the view: C210.)
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { unconfinedRuns } from '../helpers/unconfined-runs.js';

const runs = unconfinedRuns('rt29-gitdir-');

const state = (bare: string): string => execFileSync('git', ['--git-dir', bare, 'for-each-ref'], { encoding: 'utf8' }) + execFileSync('git', ['config', '--file', join(bare, 'config'), '--list'], { encoding: 'utf8' });

// The workspace w<n> (one commit) and a bare repository o<n>.git beside it; `O` in the line is `../o<n>.git`.
async function run(line: string): Promise<{ code: string; changed: boolean }> {
  const place = await runs.place(true);
  const other = join(runs.base, `o${place.n}.git`);
  execFileSync('git', ['init', '-q', '--bare', other]);
  const before = state(other);
  const code = runs.exec(place, line.replaceAll('O', `../o${place.n}.git`));
  return { code, changed: state(other) !== before };
}

describe('R29-7 CRITICAL: --git-dir / GIT_DIR naming a repository outside the workspace writes it under --yes', () => {
  test.each([
    'git --git-dir=O config core.pager x',
    'git --git-dir=O config core.fsmonitor x',
    'GIT_DIR=O git config core.pager x',
    'git --work-tree=. --git-dir=O config core.hooksPath hooks',
    'git --git-dir O fetch . HEAD:refs/heads/z',
    'GIT_DIR=O git fetch . HEAD:refs/heads/z',
    'git --git-dir=O remote add o http://x',
    'git --git-dir=O symbolic-ref HEAD refs/heads/q',
  ])('`%s` asks and leaves the outside repository as it was', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', changed: false });
  }, 120_000);
});

describe('control (held)', () => {
  test.each(['git -C O config core.pager x', 'export GIT_DIR=O; git fetch . HEAD:refs/heads/z'])('`%s` asks', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', changed: false });
  }, 120_000);
});
