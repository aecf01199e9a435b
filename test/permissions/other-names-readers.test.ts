// Every reader that decides by a program's name sees the same readings (program-aliases.ts programCalls): git's
// transport veto reads `/usr/lib/git-core/git-fetch origin` as `git fetch origin` (a remote whose ext:: URL runs
// a program the line does not show), the deny rules read `git-push` as `git push`, the unconfined reader reads
// `pip3.11 install --user` and `git-config --global`, the line-wide discard readers see `git-diff -R | git-apply`. An extra reading only adds a question: `git-status` runs.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { unconfinedRuns } from '../helpers/unconfined-runs.js';

const runs = unconfinedRuns('other-names-readers-');

const GIT_CORE = execFileSync('git', ['--exec-path'], { encoding: 'utf8' }).trim();

// A repository whose origin is an ext:: URL that touches `pwned` (protocol.ext.allow always in its own config),
// the line run with --sandbox off --yes plus `extra`.
async function run(line: string, extra: string[] = []): Promise<{ code: string; pwned: boolean; home: string[]; kept: boolean }> {
  const place = await runs.place(true);
  const { top, home } = place, pwned = join(runs.base, `pwned${place.n}`);
  execFileSync('git', ['-C', top, 'config', 'remote.origin.url', `ext::sh -c touch% ${pwned}`]);
  execFileSync('git', ['-C', top, 'config', 'protocol.ext.allow', 'always']);
  await writeFiles(top, { 'a.txt': 'CHANGED\n' });
  const code = runs.exec(place, line.replaceAll('GITCORE', GIT_CORE), { extra });
  return { code, pwned: existsSync(pwned), home: ['.gitconfig', '.local', '.config/pip/pip.conf'].filter((file) => existsSync(join(home, file))), kept: readFileSync(join(top, 'a.txt'), 'utf8') === 'CHANGED\n' };
}

describe('gitTransportVeto reads every name of git', () => {
  test.each(['GITCORE/git-fetch origin', 'GITCORE/git-pull origin', 'GITCORE/git-ls-remote origin', 'git-fetch origin'])('`%s` asks and runs no transport', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', pwned: false, home: [], kept: true });
  }, 120_000);
  test('control: `git fetch origin` asks', async () => {
    expect(await run('git fetch origin')).toEqual({ code: 'C241', pwned: false, home: [], kept: true });
  }, 120_000);
});

describe('deny rules read every name of git', () => {
  test.each(['git push origin x', 'git-push origin x', 'GITCORE/git-push origin x'])('`%s` is denied by `git push*`', async (line) => {
    expect(await run(line, ['--deny', '@coder exec git push*'])).toEqual({ code: 'C240', pwned: false, home: [], kept: true });
  }, 120_000);
});

describe('the unconfined reader reads every name', () => {
  test.each(['pip3.11 install --user foo', 'GITCORE/git-config --global a.b c', 'git-config --global a.b c'])('`%s` asks under --sandbox off', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', pwned: false, home: [], kept: true });
  }, 120_000);
});

describe('the line-wide discard readers (reversed diff applied, a version written over a file) read every name', () => {
  test.each(['GITCORE/git-diff -R | git apply', 'git diff -R | GITCORE/git-apply', 'git-diff -R | git-apply', 'GITCORE/git-show HEAD:a.txt > a.txt', 'git-cat-file -p HEAD:a.txt | tee a.txt'])('`%s` asks and keeps the edit', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', pwned: false, home: [], kept: true });
  }, 120_000);
});

describe('an extra reading adds no question', () => {
  test.each(['GITCORE/git-status', 'GITCORE/git-log --oneline', 'GITCORE/git-diff | cat'])('`%s` runs', async (line) => {
    expect(await run(line)).toEqual({ code: 'ran', pwned: false, home: [], kept: true });
  }, 120_000);
});
