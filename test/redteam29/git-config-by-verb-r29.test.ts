// Red team round 29, R29-1 (CRITICAL: a file outside the workspace written; `--sandbox off`): R12-14/R28-7's class
// (a program writes the person's OWN git configuration through a verb) in git's other writers of the global file.
// `git maintenance register` is `git config --global --add maintenance.repo <repo>`; `--config-file=PATH` makes it
// write ANY path; `scalar register` writes `[scalar] repo` there the same way (then fails starting the scheduler,
// after the write). immune-config-verbs.ts knows `git config` only: under --yes each line ran and wrote the file
// outside the workspace. Held: `git config --glo`, `git -c alias.m="maintenance register" m` (asks), `git
// maintenance start|unregister|run`, `git lfs install`, `gh auth setup-git`, crontab, systemctl --user.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { unconfinedRuns } from '../helpers/unconfined-runs.js';

const runs = unconfinedRuns('rt29-gitverb-');

// `HOME` in the line stands for the home folder's absolute path.
async function run(line: string): Promise<{ code: string; wrote: boolean }> {
  const place = await runs.place();
  const code = runs.exec(place, line.replaceAll('HOME', place.home));
  return { code, wrote: existsSync(join(place.home, '.gitconfig')) || existsSync(join(place.home, 'x')) };
}

describe('R29-1 CRITICAL: git verbs that write the global git configuration (or any --config-file) run under --yes', () => {
  test.each([
    'git maintenance register',
    'git -C . maintenance register',
    'git maintenance register --config-file=HOME/x',
    'git maintenance register --config-file HOME/x',
    'scalar register',
    'scalar register .',
  ])('`%s` asks and writes nothing outside', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', wrote: false });
  }, 120_000);
});

describe('control (held)', () => {
  test('`git config --global core.pager x` asks', async () => {
    expect(await run('git config --global core.pager x')).toEqual({ code: 'C241', wrote: false });
  }, 120_000);
});
