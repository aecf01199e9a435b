// Red team round 30, R30-7 (CRITICAL: a program given as text runs unconfined under --yes, writing outside the
// workspace): with no OS sandbox (--sandbox off) the unconfined judge reads the program text of git's program
// options and asks as immune when it leaves the workspace (`git -c core.pager='tee ~/x' log`, `git difftool -x CMD`,
// `--upload-pack=CMD`, `--receive-pack`, `archive --exec`, `clone -u`, `submodule foreach`, `bisect run`,
// `rebase -x`: all C241). `git grep -O CMD` / `--open-files-in-pager=CMD` (any unique abbreviation: `--open-files`)
// runs CMD through the shell with the matching file names, and is only a plain "opens files in a program" ask,
// which --yes approves: `git grep -O"touch ~/x" needle` wrote ~/x. The docs promise "interpreter code given as
// text needs a person, never --yes" with the sandbox off. The same for coreutils' `split --filter=CMD` (runs CMD
// through the shell for each piece: `split --filter='touch ~/x' a.txt` wrote ~/x) and `sort --compress-program=CMD`
// (held back: runs only when sort spills to temporary files). git's own list of "command runners" (immune-git.ts:
// submodule foreach, rebase -x, bisect run, difftool -x, filter-branch) misses grep -O and daemon --access-hook.
// Held-back variants a fix must also cover (one reader of "a value that is a program to run" per option table,
// options/git*.ts, fed to the unconfined judge's text reader): `-O` glued or with `=`, abbreviations
// (`--open-f=`), `git -p grep -O…`, `git grep` inside `sh -c`, an alias `git -c alias.g='grep -O…' g` (held: -c),
// the same option in `git-grep` (git-core dashed form). Fix: src/permissions/unconfined*.ts (the program-text
// options table it reads), where git's other program options are already read.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { NO_JAIL } from '../helpers/unconfined-runs.js';

let base: string;
let top: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('rt30-grep-pager-');
  top = join(base, 'w');
  await writeFiles(top, { 'a.txt': 'needle\n' });
  const env = { ...process.env, GIT_AUTHOR_NAME: 'x', GIT_AUTHOR_EMAIL: 'x@x', GIT_COMMITTER_NAME: 'x', GIT_COMMITTER_EMAIL: 'x@x' };
  execFileSync('git', ['init', '-q', top]);
  execFileSync('git', ['-C', top, 'add', 'a.txt'], { env });
  execFileSync('git', ['-C', top, 'commit', '-qm', 'a'], { env });
});
afterAll(async () => {
  await removeDir(base);
});

// The line run with --sandbox off --yes and a fresh temporary home (named `~` in the rows: outside for the judge).
async function run(line: string): Promise<{ code: string; home: string[] }> {
  const home = join(base, `h${++count}`);
  await writeFiles(home, { '.keep': '' });
  const result = runCli(['--json', '--sandbox', 'off', '-C', top, 'exec', '--cmd', line], { env: { HOME: home, CODEWARD_NO_SERVE: '1', ...NO_JAIL }, yes: true });
  return { code: result.json.ok ? 'ran' : result.json.error?.code ?? result.stdout, home: readdirSync(home).filter((name) => name !== '.keep' && name !== '.cache') };
}

describe('R30-7 CRITICAL: a program-valued option (git grep -O, split --filter) runs unconfined under --yes', () => {
  test.each([
    'git grep -O"touch ~/pwned" needle',
    'git grep --open-files-in-pager="touch ~/pwned" needle',
    'git grep --open-files="touch ~/pwned" needle',
    "split --filter='touch ~/pwned' a.txt",
    "split --filt='touch ~/pwned' a.txt",
    // Held-back (fix30a): abbreviations, clusters, git's global flags, a shell string, an alias, split's options first.
    'git grep --open-f="touch ~/pwned" needle',
    'git grep -iO"touch ~/pwned" needle',
    'git -p grep -O"touch ~/pwned" needle',
    `sh -c 'git grep -O"touch ~/pwned" needle'`,
    `git -c alias.g='grep -O"touch ~/pwned"' g needle`,
    "split -l 1 --filter='touch ~/pwned' a.txt",
  ])('`%s` asks (C241) and writes nothing in the home', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', home: [] });
  }, 120_000);
});

// `git daemon --access-hook=CMD --export-all` is a long-running listener, so it is judged with `policy check`: a
// plain ask. Run under --sandbox off --yes it served the repository on port 9418 and ran CMD (`touch` outside the
// workspace) at the first network client's connection (reproduced by hand, `git ls-remote git://127.0.0.1/`).
describe('R30-7 CRITICAL: git daemon\'s access hook (a listener running a program per connection)', () => {
  test('`git daemon --access-hook=CMD --export-all` is safety-immune with the sandbox off', () => {
    const result = runCli(['--json', '--sandbox', 'off', '-C', top, 'policy', 'check', "@coder exec git daemon --access-hook='touch ~/pwned' --export-all"], { env: { CODEWARD_NO_SERVE: '1' }, yes: false });
    expect(result.json.data).toMatchObject({ source: 'immune' });
  }, 120_000);
});

describe('control (held)', () => {
  test.each(["git difftool -y -x 'touch ~/pwned' HEAD", "git -c core.pager='touch ~/pwned' -p log"])('`%s` asks', async (line) => {
    expect(await run(line)).toEqual({ code: 'C241', home: [] });
  }, 120_000);
});
