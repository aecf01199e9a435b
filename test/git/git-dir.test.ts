import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir } from '../helpers/fixture.js';
import { git, GIT_ENV, initRepo, isolateGitConfig, put } from '../commands/git-fixture.js';

// codeward's git tools must read only the workspace's repository. The attacker plants a `.git` file,
// a `.git` link, a `commondir`, alternates or a bare repository that send git to another repository on
// the machine (here `other/`, beside the workspace), whose files and history git would print. Each
// variant runs through the real binary; plain git is shown to follow the plant first, so the test
// could fail. Real worktrees and submodules, and a subfolder workspace, keep working.

const GIT_COMMANDS = ['git-status', 'git-diff', 'git-log', 'git-changed', 'git-branch'];
const SECRET_FILE = 'other-secret-plans.txt';
const SECRET_COMMIT = 'other repository private history';

beforeAll(() => isolateGitConfig());

let parent: string;
let other: string;
let ws: string;
let otherHead: string;

beforeEach(async () => {
  parent = await tempDir('codeward-git-dir-');
  other = join(parent, 'other');
  ws = join(parent, 'ws');
  await mkdir(other);
  await initRepo(other, { [SECRET_FILE]: 'secret\n' });
  git(other, 'commit', '-q', '--allow-empty', '-m', SECRET_COMMIT);
  otherHead = git(other, 'rev-parse', 'HEAD').trim();
  await mkdir(ws);
  await initRepo(ws, { 'a.txt': 'a\n', 'sub/deeper/b.txt': 'b\n' });
});
afterEach(async () => removeDir(parent));

const cli = (root: string, cmd: string, dir: string) => runCli(['-C', root, '--json', cmd, '--dir', dir], { env: { ...GIT_ENV, GIT_CEILING_DIRECTORIES: parent } });

// Plain git, from the folder codeward would start in, does show the other repository.
function plainGitFollows(cwd: string): void {
  expect(git(cwd, 'log', '--format=%s', '-1')).toContain(SECRET_COMMIT);
}

// Every command for the first variant; git-log (no work tree needed) and git-status (a work tree) take
// the two paths of src/git/repo.ts, and stand for all of them in the others (each CLI call is a process).
function refusedEverywhere(root: string, dir: string, commands = ['git-log', 'git-status']): void {
  for (const cmd of commands) {
    const result = cli(root, cmd, dir);
    expect(result.json.error?.code, `${cmd}: ${result.stdout}${result.stderr}`).toBe('C215');
    expect(result.json.error?.message).toMatch(/outside the workspace|lead out of the workspace/);
    expect(result.stdout + result.stderr).not.toContain(SECRET_COMMIT);
    expect(result.stdout + result.stderr).not.toContain(SECRET_FILE);
  }
}

describe('a planted redirection out of the workspace is refused by every git tool', () => {
  it('a .git file with a relative gitdir', async () => {
    await writeFile(join(ws, 'sub/.git'), 'gitdir: ../../other/.git\n');
    plainGitFollows(join(ws, 'sub'));
    refusedEverywhere(ws, 'sub', GIT_COMMANDS);
  });

  it('a .git file with an absolute gitdir, reached from a folder below it (--dir sub/deeper)', async () => {
    await writeFile(join(ws, 'sub/.git'), `gitdir: ${join(other, '.git')}\n`);
    plainGitFollows(join(ws, 'sub/deeper'));
    refusedEverywhere(ws, 'sub/deeper');
  });

  it('a .git folder that is a symlink to another repository', async () => {
    await symlink(join(other, '.git'), join(ws, 'sub/.git'));
    plainGitFollows(join(ws, 'sub'));
    refusedEverywhere(ws, 'sub');
  });

  it('a git folder inside the workspace whose commondir points out', async () => {
    await put(ws, { 'sub/fake/HEAD': 'ref: refs/heads/main\n', 'sub/fake/commondir': `${join(other, '.git')}\n` });
    await writeFile(join(ws, 'sub/.git'), 'gitdir: fake\n');
    plainGitFollows(join(ws, 'sub'));
    refusedEverywhere(ws, 'sub');
  });

  it('a nested repository whose alternates borrow another repository\'s objects', async () => {
    await mkdir(join(ws, 'nested'));
    await initRepo(join(ws, 'nested'), { 'n.txt': 'n\n' });
    await put(ws, { 'nested/.git/objects/info/alternates': `${join(other, '.git/objects')}\n`, 'nested/.git/refs/heads/leak': `${otherHead}\n` });
    expect(git(join(ws, 'nested'), 'log', '--format=%s', '-1', 'leak')).toContain(SECRET_COMMIT);
    refusedEverywhere(ws, 'nested');
  });

  it('the workspace root\'s own .git file pointing at another repository', async () => {
    const root = join(parent, 'plain');
    await put(root, { 'x.txt': 'x\n' });
    await writeFile(join(root, '.git'), `gitdir: ${join(other, '.git')}\n`);
    plainGitFollows(root);
    refusedEverywhere(root, '.');
  });

  it('a bare repository planted as ordinary files, its objects a link to another repository', async () => {
    await put(ws, { 'bare/HEAD': 'ref: refs/heads/main\n', 'bare/refs/heads/main': `${otherHead}\n`, 'bare/config': '[core]\n\tbare = true\n' });
    await symlink(join(other, '.git/objects'), join(ws, 'bare/objects'));
    plainGitFollows(join(ws, 'bare'));
    for (const cmd of ['git-log', 'git-branch']) {
      const result = cli(ws, cmd, 'bare');
      expect(result.json.ok, cmd).toBe(false);
      expect(result.stdout + result.stderr).not.toContain(SECRET_COMMIT);
    }
  });
});

describe('what the user set up keeps working', () => {
  it('a workspace that is a subfolder of a repository', () => {
    const result = cli(join(ws, 'sub'), 'git-log', '.');
    expect(result.json.ok).toBe(true);
    expect(cli(join(ws, 'sub'), 'git-status', '.').json.ok).toBe(true);
  });

  it('a linked worktree inside the workspace, and the workspace being a linked worktree', async () => {
    git(ws, 'worktree', 'add', '-q', join(ws, 'sub/wt'));
    expect(cli(ws, 'git-status', 'sub/wt').json.ok).toBe(true);
    // The workspace is the subfolder `sub`: the worktree's git folder lies outside it and names it back.
    expect(cli(join(ws, 'sub'), 'git-log', 'wt').json.ok).toBe(true);
    expect(cli(join(ws, 'sub'), 'git-status', 'wt').json.ok).toBe(true);
    git(ws, 'worktree', 'add', '-q', join(parent, 'linked'));
    expect(cli(join(parent, 'linked'), 'git-status', '.').json.ok).toBe(true);
    expect(cli(join(parent, 'linked'), 'git-branch', '.').json.ok).toBe(true);
  });

  it('a real submodule, also when the workspace is the folder holding it', async () => {
    git(ws, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', join(other, '.git'), 'sub/mod');
    git(ws, 'commit', '-q', '-m', 'add submodule');
    expect(cli(ws, 'git-log', 'sub/mod').json.ok).toBe(true);
    const inside = cli(join(ws, 'sub'), 'git-log', 'mod');
    expect(inside.json.ok, inside.stdout).toBe(true);
    expect(cli(join(ws, 'sub'), 'git-status', 'mod').json.ok).toBe(true);
  });

  it('a .git link to a git folder inside the workspace', async () => {
    await mkdir(join(ws, 'inner'));
    await initRepo(join(ws, 'inner'), { 'i.txt': 'i\n' });
    git(ws, 'mv', 'sub', 'sub2');
    await mkdir(join(ws, 'view'));
    await symlink('../inner/.git', join(ws, 'view/.git'));
    expect(cli(ws, 'git-log', 'view').json.ok).toBe(true);
  });
});
