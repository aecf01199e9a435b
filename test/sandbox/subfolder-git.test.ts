// Issue 28 F10: `codeward -C repo/pkg exec --cmd 'git status'` failed in the sandbox ("not a git
// repository": the view showed the workspace alone). The enclosing repository is shown read-only now
// (enclosing-git.ts): git status, diff, log and show work from the subfolder, the other folders of the
// working tree do not read as deleted (a skip-worktree copy of the index), and git add/commit fail on
// the read-only git folder with a warning naming why. Its hooks, credential stores (the default name and
// one a relative `store --file` names, which on the old code made EVERY exec there fail) and a config
// it includes holding a credential stay hidden; the remote URL's token is filtered. Real bwrap, real git,
// the real binary, staged and in place.
import { spawnSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';
import { shDriver } from '../helpers/sh-driver.js';

// Through a program the pre-run parse does not read (R34-6 reads a shell script run in place): the sandbox's view and
// after-run step are what is tested.

const IDENTITY = { GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@b', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@b' };
const SECRETS = ['ghp_REMOTE1234567', 'ghp_DEFAULTSTORE1', 'ghp_NAMEDSTORE12', 'ghp_INCLUDED1234', 'HOOK-SECRET'];
const gitWorks = spawnSync('git', ['--version']).status === 0;

let top: string;
let home: string;
const git = (...args: string[]): string => spawnSync('git', ['-C', top, ...args], { encoding: 'utf8', env: { ...process.env, ...IDENTITY, HOME: home } }).stdout;
const env = (): Record<string, string> => ({ HOME: home, CODEWARD_STATE_DIR: join(home, 'state'), GIT_CONFIG_NOSYSTEM: '1', ...IDENTITY });

beforeAll(async () => {
  top = await tempDir('codeward-subfolder-git-');
  home = await tempDir('codeward-subfolder-git-home-');
  // The probe is a script (the gate would ask about credential paths spelled on the command line).
  const probe = 'echo "== status"; git status --short; echo "== log"; git log --oneline; echo "== diff"; git diff; echo "== show"; git show HEAD:other/b.txt; echo "== remote"; git remote -v; echo "== secrets"; cat ../.git/credentials ../.git/creds-store ../.git/inc.cfg ../.git/hooks/pre-commit 2>&1; ls -A ../.git/hooks; grep -r "ghp_" ../.git; echo "== end"\n';
  await writeFiles(top, { 'pkg/a.txt': 'a\n', 'pkg/probe.sh': probe, 'pkg/probe.py': shDriver('probe.sh'), 'other/b.txt': 'b\n', 'other/.env': 'TOKEN=x\n' });
  for (const args of [['init', '-q', '-b', 'main'], ['add', 'pkg', 'other/b.txt'], ['commit', '-qm', 'first']]) git(...args);
  git('remote', 'add', 'origin', 'https://x-access-token:ghp_REMOTE1234567@github.com/o/r.git');
  git('config', 'credential.helper', 'store --file=.git/creds-store');
  git('config', 'include.path', 'inc.cfg');
  await writeFiles(join(top, '.git'), {
    credentials: 'https://u:ghp_DEFAULTSTORE1@github.com\n',
    'creds-store': 'https://u:ghp_NAMEDSTORE12@github.com\n',
    'inc.cfg': '[http]\n\textraHeader = Authorization: Bearer ghp_INCLUDED1234\n',
    'hooks/pre-commit': '#!/bin/sh\necho HOOK-SECRET\n',
  });
  chmodSync(join(top, '.git/hooks/pre-commit'), 0o755);
  await writeFiles(top, { 'pkg/a.txt': 'a\nchanged\n' });
});

afterAll(async () => {
  await removeDir(top);
  await removeDir(home);
});

describe.skipIf(!bwrapWorks || !gitWorks)(`git from a subfolder workspace in the sandbox (issue 28 F10)${bwrapWorks && gitWorks ? '' : ' — skipped: bwrap or git missing'}`, () => {
  for (const stage of ['--stage', '--no-stage']) {
    it(`status, log, diff and show work; the other folders are not "deleted"; hooks, credential stores and the included secret config stay hidden (${stage})`, () => {
      const before = { index: readFileSync(join(top, '.git/index')), listing: readdirSync(join(top, 'pkg')).sort() };
      const run = runCli(['--json', '-C', join(top, 'pkg'), 'exec', stage, '--cmd', 'python3 probe.py'], { cwd: top, env: env() });
      expect(run.json.ok, run.stdout + run.stderr).toBe(true);
      const out = (run.json as { data: { stdout: string } }).data.stdout;
      const section = (name: string): string => out.split(`== ${name}\n`)[1]!.split('\n== ')[0]!;
      expect(section('status').split('\n').filter(Boolean)).toEqual([' M a.txt']);
      expect(section('log')).toMatch(/^[0-9a-f]+ first$/m);
      expect(section('diff')).toContain('+changed');
      expect(section('show')).toBe('b');
      expect(section('remote')).toContain('origin\thttps://github.com/o/r.git (fetch)');
      expect(section('secrets').trim()).toBe('cat: ../.git/hooks/pre-commit: No such file or directory');
      for (const secret of SECRETS) expect(JSON.stringify(run.json)).not.toContain(secret);
      // Nothing of the repository changed, nothing left in the workspace.
      expect(readFileSync(join(top, '.git/index')).equals(before.index)).toBe(true);
      expect(readdirSync(join(top, 'pkg')).sort()).toEqual(before.listing);
      expect(git('status', '--porcelain').split('\n').filter(Boolean).sort()).toEqual([' M pkg/a.txt', '?? other/.env']);
    }, 60_000);
  }

  it('git add and commit cannot write the repository outside the workspace: they fail, saying why and what to do', () => {
    const head = git('rev-parse', 'HEAD');
    const index = readFileSync(join(top, '.git/index'));
    const run = runCli(['-C', join(top, 'pkg'), 'exec', '--cmd', 'git add a.txt && git commit -qm second'], { cwd: top, env: env() });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/git folder is read-only inside the sandbox: the workspace .* is a subfolder of /);
    expect(run.stderr).toContain(`(-C ${top})`);
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(readFileSync(join(top, '.git/index')).equals(index)).toBe(true);
    expect(readFileSync(join(top, '.git/hooks/pre-commit'), 'utf8')).toContain('HOOK-SECRET');
  }, 60_000);
});
