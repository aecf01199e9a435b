// Red team round 29, R29-4 (CRITICAL: an immune-list command run without asking; a file outside the workspace
// written; `--sandbox off`): R28-8's class (the same program reading the same words under another NAME: `python -m
// pip` is pip) in the names the readers still do not map. git's builtins by their dashed file in git's exec-path
// (`/usr/lib/git-core/git-reset --hard` IS `git reset --hard`; 166 such files on Debian), pip by its versioned
// name (`pip3.11`; `pip3` is known) and by its module's own `__main__` (`python3 -m pip.__main__`). Under --yes each
// ran: git-reset --hard / git-clean -fdx / git-checkout -- . discarded uncommitted work; git-config --global and
// git-maintenance register wrote ~/.gitconfig; pip3.11 / pip.__main__ `config set` wrote ~/.config/pip/pip.conf.
// Held: `/usr/lib/git-core/git config --global` (the git binary by path), `"$(git --exec-path)"/git-config`,
// `/usr/bin/pip3`, `command pip`, `\pip`, `pip -v config set`, `python3 -m pip` with -X/-W/-E, `python3 -m conda|poetry`,
// `node …/npm-cli.js config set`, `git -c alias.x="reset --hard" x`, git reset --har/--ha, clean --forc, switch --disc.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { unconfinedRuns } from '../helpers/unconfined-runs.js';

const runs = unconfinedRuns('rt29-othername-');

const GIT_CORE = execFileSync('git', ['--exec-path'], { encoding: 'utf8' }).trim();

// A repository with one committed file changed and one untracked file; the line run with --sandbox off --yes.
async function run(line: string): Promise<{ code: string; kept: boolean; home: string[] }> {
  const place = await runs.place(true);
  const { top, home } = place;
  await writeFiles(top, { 'a.txt': 'CHANGED\n', 'u.txt': 'new\n' });
  const code = runs.exec(place, line.replaceAll('GITCORE', GIT_CORE));
  const kept = readFileSync(join(top, 'a.txt'), 'utf8') === 'CHANGED\n' && existsSync(join(top, 'u.txt'));
  return { code, kept, home: ['.gitconfig', '.config/pip/pip.conf', '.pip/pip.conf'].filter((file) => existsSync(join(home, file))) };
}

describe('R29-4 CRITICAL: a known program under another name runs an immune-list line under --yes', () => {
  test.each(['GITCORE/git-reset --hard', 'GITCORE/git-clean -fdx', 'GITCORE/git-checkout -- .'])('`%s` asks and keeps the uncommitted work', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', kept: true, home: [] });
  }, 120_000);
  test.each([
    'GITCORE/git-config --global core.pager x',
    'GITCORE/git-maintenance register',
    'pip3.11 config set global.index-url http://x',
    'python3 -m pip.__main__ config set global.index-url http://x',
  ])('`%s` asks and writes no configuration in the home', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', kept: true, home: [] });
  }, 120_000);
});

describe('control (held)', () => {
  test.each(['git reset --hard', 'GITCORE/git config --global core.pager x', 'python3 -m pip config set global.index-url http://x'])('`%s` asks', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', kept: true, home: [] });
  }, 120_000);
});
