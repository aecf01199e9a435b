import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repositoryConfigFiles } from '../../src/sandbox/repo-configs.js';
import { repositoryLoadedSecrets } from '../../src/sandbox/repo-loaded.js';
import { SecretFinder } from '../../src/sandbox/secret-files.js';
import { notLinks } from '../../src/sandbox/walked-configs.js';

// fix72 (red team R43-a2): the view filters every git config `read` refuses. The secret walk lists each folder's
// git configs by read's rule (below a `.git`, or git-shaped); the repository's modules walk has an entry budget, no
// depth cap, and lists modules' worktrees.
const base = realpathSync(mkdtempSync(join(tmpdir(), 'cw-fix72-listing-')));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: base, GIT_CONFIG_NOSYSTEM: '1' };

function file(path: string, text: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}

function workspace(name: string): string {
  const ws = join(base, name);
  spawnSync('git', ['init', '-q', ws], { env });
  for (const module of ['a/b', 'a/b/c/d/e/f/g/h']) file(join(ws, '.git/modules', module, 'HEAD'), 'ref: refs/heads/main\n');
  file(join(ws, '.git/modules/a/b/c/d/e/f/g/h/config'), '[core]\n');
  file(join(ws, '.git/modules/sub/HEAD'), 'ref: refs/heads/main\n');
  file(join(ws, '.git/modules/sub/worktrees/w/HEAD'), 'ref: refs/heads/w\n');
  file(join(ws, '.git/modules/sub/worktrees/w/config.worktree'), '[core]\n');
  return ws;
}

describe('the git configs the view filters', () => {
  const ws = workspace('ws');
  spawnSync('git', ['init', '-q', join(ws, 'vendor/lib')], { env });
  spawnSync('git', ['init', '-q', '--bare', join(ws, 'fixtures/repo.git')], { env });
  file(join(ws, 'src/config'), 'not git\n');
  it('the secret walk finds a nested clone, a bare repository, a deep module and a module worktree, not a plain config', () => {
    const finder = new SecretFinder(ws, []);
    finder.find();
    const found = finder.gitConfigs().map((path) => path.slice(ws.length + 1)).sort();
    expect(found).toEqual(['.git/config', '.git/modules/a/b/c/d/e/f/g/h/config', '.git/modules/sub/worktrees/w/config.worktree', 'fixtures/repo.git/config', 'vendor/lib/.git/config']);
  });
  it("the repository's modules walk: 8 deep and a module's worktree", () => {
    const { files, over } = repositoryConfigFiles(ws);
    expect(files).toContain(join(ws, '.git/modules/a/b/c/d/e/f/g/h/config'));
    expect(files).toContain(join(ws, '.git/modules/sub/worktrees/w/config.worktree'));
    expect(over).toEqual([]);
  });
  it('past the entry budget: the modules folder is hidden whole', () => {
    expect(repositoryConfigFiles(ws, [], [], 3).over).toEqual([join(ws, '.git/modules')]);
  });
});

describe('a config that is a link', () => {
  it('is listed (git loads its target: R44-a3) but gets no filtered copy (a bind would land on the target)', () => {
    const ws = join(base, 'linked');
    spawnSync('git', ['init', '-q', join(ws, 'vendor/lib')], { env });
    writeFileSync(join(ws, 'notes.txt'), 'notes\n');
    rmSync(join(ws, 'vendor/lib/.git/config'));
    symlinkSync('../../../notes.txt', join(ws, 'vendor/lib/.git/config'));
    const finder = new SecretFinder(ws, []);
    finder.find();
    expect(finder.gitConfigs()).toEqual([join(realpathSync(ws), 'vendor/lib/.git/config')]);
    expect(notLinks(finder.gitConfigs())).toEqual([]);
  });
  it("hides the target of a linked config and what a nested clone's config includes, when they hold a credential", () => {
    const ws = realpathSync(join(base, 'linked'));
    writeFileSync(join(ws, 'notes.txt'), '[remote "o"]\n\turl = https://a:ghp_abcdefgh12345678@github.com/x/y\n');
    spawnSync('git', ['init', '-q', join(ws, 'vendor/two')], { env });
    writeFileSync(join(ws, 'vendor/two/.git/config'), '[include]\n\tpath = ../../../out.inc\n\tpath = ../../../plain.inc\n');
    writeFileSync(join(ws, 'out.inc'), '[http]\n\textraHeader = AUTHORIZATION: basic QUJDREVGR0hJSktM\n');
    writeFileSync(join(ws, 'plain.inc'), '[core]\n\tbare = false\n');
    const finder = new SecretFinder(ws, []);
    finder.find();
    expect(repositoryLoadedSecrets(ws, finder.gitConfigs(), undefined).map((entry) => entry.path).sort()).toEqual([join(ws, 'notes.txt'), join(ws, 'out.inc')]);
  });
});
