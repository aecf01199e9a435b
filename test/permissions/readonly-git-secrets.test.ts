// THREAT-MODEL invariant 6 at the gate: when the repository tracks a non-accessible file, a git command
// that prints what git stores (the object database holds the secret `read` refuses) is not auto-approved
// as read-only, whatever the sandbox does; commands that print no file content stay allowed.
import { execFileSync } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { runCli, writeFiles } from '../helpers/fixture.js';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.cleanup();
});

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd, env: { ...process.env, HOME: box.home, GIT_CONFIG_NOSYSTEM: '1' }, stdio: 'pipe' });

beforeEach(async () => {
  await rm(box.root, { recursive: true, force: true });
  await mkdir(box.root, { recursive: true });
  git(box.root, 'init', '-q');
  await writeFiles(box.root, { '.env': 'SECRET=x\n', 'a.txt': 'a\n', 'sub/b.txt': 'b\n' });
  git(box.root, 'add', '-A');
  git(box.root, 'commit', '-qm', 'init');
});

// The secret gone from the index AND from history (R6-11: a commit that held it keeps asking): the only
// commit amended without it, its old version expired and pruned.
const forget = (cwd: string, ...files: string[]): void => {
  git(cwd, 'rm', '-q', '--cached', ...files);
  git(cwd, 'commit', '-q', '--amend', '--allow-empty', '-m', 'init');
  git(cwd, 'reflog', 'expire', '--expire=now', '--all');
  git(cwd, 'gc', '-q', '--prune=now');
};

async function decision(line: string): Promise<{ decision: string; reason: string }> {
  const result = await explain(await policyWith(box), `@coder exec ${line}`);
  return { decision: result.decision, reason: result.reason };
}

const READERS = [
  'git diff', 'git diff --cached', 'git diff HEAD~0', 'git show', 'git show HEAD', 'git show HEAD:.env', 'git -P show HEAD', 'git --no-pager log -p',
  'git log -p', 'git log --patch', 'git log -1 -u', 'git log -pn1', 'git log -S SECRET', 'git log -G SEC', 'git log -L1,1:.env', 'git log --stat',
  'git log HEAD:.env', 'git log --cc', 'git log --find-object=abc', 'git whatchanged', 'git grep SECRET', 'git grep --cached SECRET', 'git blame .env',
  'git annotate .env', 'git cat-file -p HEAD:.env', 'git cat-file --batch-all-objects --batch', 'git archive HEAD', 'git format-patch -1 --stdout',
  'git stash show -p', 'git stash list -p', 'git diff-tree -p HEAD', 'git rev-list --objects --all', 'git status -v', 'git status -sv', 'git status --verbose',
  'git branch --format=%(contents)', 'git branch --form=%(contents)', 'git status --ver', 'git for-each-ref --format=%(contents)', 'git tag -l --format=%(contents)', 'git notes show', 'git range-diff HEAD HEAD',
  'git shortlog -p', 'git reflog -p', 'git show-branch', 'git verify-pack -v x', 'git -c color.ui=never show HEAD',
  'cd sub && git show HEAD', 'git --no-pager -P show HEAD:./.env | cat',
];

describe('the repository tracks .env', () => {
  test.each(READERS)('`%s` asks', async (line) => {
    const result = await decision(line);
    expect(result.decision).toBe('ask');
  });

  test('the reason names the file and the doors that leave it out', async () => {
    const { reason } = await decision('git diff');
    expect(reason).toContain('the repository tracks `.env`');
    expect(reason).toContain('`git diff` can print what git stores');
    expect(reason).toContain('git-diff');
  });

  test.each(['git status', 'git status --short -b', 'git status --porcelain=v2', 'git log --oneline -5', 'git log -n 3 --format=%s', 'git log --graph --decorate --all', 'git branch -a', 'git branch -vv', 'git rev-parse HEAD', 'git ls-files', 'git remote -v'])(
    '`%s` prints no file content: still read-only',
    async (line) => {
      expect((await decision(line)).decision).toBe('allow');
    },
  );

  test('no longer tracked (git rm --cached) but in history: asks (R6-11); gone from history too: read-only; tracked again: asks again', async () => {
    git(box.root, 'rm', '-q', '--cached', '.env');
    expect((await decision('git log -p')).decision).toBe('ask');
    git(box.root, 'add', '-f', '.env');
    forget(box.root, '.env');
    expect((await decision('git log -p')).decision).toBe('allow');
    git(box.root, 'add', '-f', '.env');
    expect((await decision('git log -p')).decision).toBe('ask');
  });

  test('a nested clone that tracks a secret, entered with cd: asks', async () => {
    const clean = join(box.root, 'clean');
    await mkdir(clean);
    git(clean, 'init', '-q');
    forget(box.root, '.env');
    expect((await decision('cd clean && git show HEAD')).decision).toBe('allow');
    const nested = join(box.root, 'vendor');
    await mkdir(nested);
    git(nested, 'init', '-q');
    await writeFiles(nested, { 'id.pem': 'KEY\n' });
    git(nested, 'add', '-A');
    expect((await decision('cd vendor && git show HEAD')).decision).toBe('ask');
  });
});

describe('other readers of the git folder, whose objects hold the secret compressed', () => {
  test.each(['cat .git/objects/aa/bb', 'xxd .git/index', 'strings .git/objects/pack/x.pack', 'od -c .g*/objects/aa/bb', 'head -c 99 ./.[g]it/packed-refs', 'cd .git && cat objects/aa/bb', 'cat < .git/ORIG_HEAD', 'cat link/objects/aa/bb', 'cat vendor/.git/objects/aa/bb'])(
    '`%s` asks',
    async (line) => {
      const { symlink } = await import('node:fs/promises');
      await symlink('.git', join(box.root, 'link'));
      const nested = join(box.root, 'vendor');
      await mkdir(nested);
      git(nested, 'init', '-q');
      await writeFiles(nested, { 'id.pem': 'KEY\n' });
      git(nested, 'add', '-A');
      const result = await decision(line);
      expect(result.decision).toBe('ask');
      expect(result.reason).toContain('git folder, whose objects hold it');
    },
  );

  test.each(['cat a.txt', 'ls -la', 'cat * | head', 'wc -l sub/*'])('`%s` is still read-only', async (line) => {
    expect((await decision(line)).decision).toBe('allow');
  });

  test('without a tracked secret, cat .git/HEAD stays read-only', async () => {
    forget(box.root, '.env');
    expect((await decision('cat .git/HEAD')).decision).toBe('allow');
  });
});

describe('a repository without tracked secrets', () => {
  test('an untracked, ignored .env leaves git diff and git log -p read-only', async () => {
    forget(box.root, '.env');
    await writeFiles(box.root, { '.gitignore': '.env\n' });
    for (const line of ['git diff', 'git log -p', 'git show HEAD']) expect((await decision(line)).decision, line).toBe('allow');
  });
});

describe("the project config's own globs", () => {
  test('`codeward policy check` judges git log -p with them (a tracked *.custom asks)', async () => {
    forget(box.root, '.env');
    await writeFiles(box.root, { 'x.custom': 'KEY\n', '.codeward/config.json': '{"nonAccessibleGlobs": ["**/*.custom"]}\n' });
    git(box.root, 'add', 'x.custom');
    const result = runCli(['-C', box.root, 'policy', 'check', "exec --cmd 'git log -p'"], { yes: false, env: { HOME: box.home } });
    expect(result.stdout).toContain('the repository tracks `x.custom`');
    expect(result.stdout).toMatch(/^ask:/);
  });
});
