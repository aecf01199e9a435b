import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexGitlinks, neutraliseNestedGit } from '../../src/sandbox/nested-git.js';
import { tempDir, writeFiles } from '../helpers/fixture.js';
import { git } from '../helpers/git.js';
import { toolEnv } from '../helpers/tool-env.js';

// A repository with ordinary files (names of every length, so the padding varies), two gitlinks and an
// intent-to-add entry (extended flags, index v3).
async function repo(): Promise<string> {
  const root = await tempDir();
  git(root, 'init', '-q');
  const files: Record<string, string> = {};
  for (let length = 1; length <= 17; length += 1) files[`d/${'n'.repeat(length)}`] = `${length}\n`;
  await writeFiles(root, { ...files, 'later.txt': 'x\n' });
  git(root, 'add', 'd');
  git(root, 'add', '-N', 'later.txt');
  const sha = git(root, 'hash-object', '-w', '--stdin').trim() || '0'.repeat(40);
  git(root, 'update-index', '--add', '--cacheinfo', `160000,${sha},lib/sub-one`);
  git(root, 'update-index', '--add', '--cacheinfo', `160000,${sha},lib/sub-two`);
  return root;
}

describe('gitlinks read from the index', () => {
  it('finds the same gitlinks as git in index versions 2, 3 and 4', async () => {
    const root = await repo();
    for (const version of ['2', '3', '4']) {
      git(root, 'update-index', '--index-version', version);
      const links = indexGitlinks(await readFile(join(root, '.git', 'index')));
      expect(links, `v${version}`).toEqual(['lib/sub-one', 'lib/sub-two']);
    }
  });

  it('refuses what is not an index', () => {
    expect(indexGitlinks(Buffer.from('not an index'))).toBeUndefined();
  });
});

describe('a nested repository behind a gitlink', () => {
  it('is moved aside when its config names a program, left alone when it does not', async () => {
    const root = await repo();
    await writeFiles(root, { 'lib/sub-one/.git/config': '[core]\n\tFsMonitor = /x/evil.sh\n', 'lib/sub-two/.git/config': '[core]\n\tbare = false\n' });
    const warnings = neutraliseNestedGit(root, toolEnv(process.env));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('lib/sub-one');
    expect(spawnSync('test', ['-e', join(root, 'lib/sub-one/.git')]).status).toBe(1);
    expect(spawnSync('test', ['-e', join(root, 'lib/sub-two/.git')]).status).toBe(0);
  });

  it('treats a nested index it cannot read (a split index, a folder, too large) as planted', async () => {
    const root = await repo();
    await writeFiles(root, { 'lib/sub-one/.git/config': '[core]\n\tbare = false\n', 'lib/sub-one/.git/index/x': '' });
    expect(neutraliseNestedGit(root, toolEnv(process.env)).join('\n')).toMatch(/an index this cannot read.*lib\/sub-one\/\.git was moved/);
  });

  it('follows a gitdir: file to the planted folder', async () => {
    const root = await repo();
    await writeFiles(root, { 'lib/sub-one/.git': 'gitdir: ../../planted\n', 'planted/config': '[include]\n\tpath = /x\n' });
    expect(neutraliseNestedGit(root, toolEnv(process.env))).toHaveLength(1);
  });
});

describe('a git config without its secrets', () => {
  it('drops token URLs, extra headers, credential lines and passwords, keeps the rest', async () => {
    const { withoutSecrets } = await import('../../src/sandbox/git-identity.js');
    const text = '[user]\n\tname = T\n[url "https://ghp_x@github.com/"]\n\tinsteadOf = https://github.com/\n[http]\n\textraHeader = Authorization: Bearer y\n[credential]\n\thelper = store\n[core]\n\teditor = vim\n';
    const clean = withoutSecrets(text)!;
    expect(clean).toContain('name = T');
    expect(clean).toContain('editor = vim');
    for (const secret of ['ghp_x', 'Bearer', 'helper', '[credential']) expect(clean).not.toContain(secret);
    expect(withoutSecrets('[user]\n\tname = T\n')).toBeUndefined();
  });
});

describe('a git config read the way git reads it', () => {
  it('finds a program in every spelling git accepts', async () => {
    const { configRunsProgram } = await import('../../src/sandbox/nested-git.js');
    const planted = [
      '[core] fsmonitor = /ws/ev.sh',
      '[core]fsmonitor=/x',
      '[CORE]\n\tFsMonitor = "/a b" # c\n',
      '\uFEFF[core]\r\n\tfsmonitor = /x\r\n',
      '[core]\n\tfsmonitor = \\\n/x\n',
      '[user] [core] hooksPath = /h',
      '[core]\n\thooksPath=.husky',
      '[include]\n\tpath = ../x.cfg',
      '[includeIf "gitdir:/"] path = /x',
      '[filter "lfs"]\n\tsmudge = x',
      '[diff "d"]\n\tcommand = x',
      '[merge "m"]\n\tdriver = x',
      '[submodule "s"]\n\tupdate = !sh -c x',
      '[remote "o"]\n\tuploadpack = /x',
      '[core]\n\tsshCommand = /x',
      '[credential]\n\thelper = /x',
      '[trace2]\n\teventTarget = /home/u/.bashrc',
      '[protocol "ext"]\n\tallow = always',
      '[remote "o"]\n\turl = ext::sh -c x',
      '[lfs "customtransfer.x"]\n\tpath = /x',
      '[interactive]\n\tdiffFilter = /x',
      '[core ]\n\tbare = false', // git refuses the file: so does the check
    ];
    for (const text of planted) expect(configRunsProgram(text), text).toBeDefined();
  });

  it('accepts what git writes for a submodule', async () => {
    const { configRunsProgram } = await import('../../src/sandbox/nested-git.js');
    const clean = '[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n\tworktree = ../../../lib\n\tfsmonitor = false\n[remote "origin"]\n\turl = https://example.com/x.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[branch "main"]\n\tremote = origin\n\tmerge = refs/heads/main\n';
    expect(configRunsProgram(clean)).toBeUndefined();
  });
});

describe('submodules of submodules', () => {
  it('checks every level, and treats a chain deeper than the bound as planted (no silent stop)', async () => {
    const root = await tempDir();
    git(root, 'init', '-q');
    // 10 levels: n/n/n/..., each recorded only in its parent's index; the deepest names a program.
    const levels: string[] = [root];
    for (let depth = 1; depth <= 10; depth += 1) levels.push(join(levels[depth - 1]!, 'n'));
    for (const level of levels.slice(1)) git(level.slice(0, -2), 'init', '-q', 'n');
    await writeFiles(levels[10]!, { '.git/config': '[core] fsmonitor = /x/ev.sh\n' });
    for (let depth = 9; depth >= 0; depth -= 1) {
      git(levels[depth + 1]!, 'commit', '-q', '--allow-empty', '-m', 'c');
      const sha = git(levels[depth + 1]!, 'rev-parse', 'HEAD').trim();
      git(levels[depth]!, 'update-index', '--add', '--cacheinfo', `160000,${sha},n`);
    }
    const warnings = neutraliseNestedGit(root, toolEnv(process.env));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/nested more than 8 deep/);
    // Three levels only: the program at the bottom is found itself.
    const shallow = await tempDir();
    git(shallow, 'init', '-q');
    git(shallow, 'init', '-q', 'a');
    git(join(shallow, 'a'), 'init', '-q', 'b');
    git(join(shallow, 'a', 'b'), 'commit', '-q', '--allow-empty', '-m', 'c');
    await writeFiles(shallow, { 'a/b/.git/config': '[core]\n\tfsMonitor = /x/ev.sh\n' });
    git(join(shallow, 'a'), 'update-index', '--add', '--cacheinfo', `160000,${git(join(shallow, 'a', 'b'), 'rev-parse', 'HEAD').trim()},b`);
    git(join(shallow, 'a'), 'commit', '-q', '--allow-empty', '-m', 'c');
    git(shallow, 'update-index', '--add', '--cacheinfo', `160000,${git(join(shallow, 'a'), 'rev-parse', 'HEAD').trim()},a`);
    const found = neutraliseNestedGit(shallow, toolEnv(process.env));
    expect(found.join('\n')).toMatch(/a\/b\/\.git was moved to a\/b\/\.git\.planted-by-sandbox-/);
  });
});

describe('what git itself creates', () => {
  it('leaves a linked worktree (commondir back to the main git folder, whose hooks run) alone', async () => {
    const root = await tempDir();
    git(root, 'init', '-q');
    git(root, 'commit', '-q', '--allow-empty', '-m', 'c');
    await writeFiles(root, { '.git/hooks/pre-commit': '#!/bin/sh\nexit 0\n' });
    spawnSync('chmod', ['+x', join(root, '.git/hooks/pre-commit')]);
    git(root, 'worktree', 'add', '-q', join(root, 'wt'));
    expect(neutraliseNestedGit(root, toolEnv(process.env))).toEqual([]);
    // A gitlink added to the worktree's own index, to a nested repository that runs a program.
    git(join(root, 'wt'), 'init', '-q', 'm');
    git(join(root, 'wt', 'm'), 'commit', '-q', '--allow-empty', '-m', 'c');
    await writeFiles(root, { 'wt/m/.git/config': '[core] fsmonitor = /x/ev.sh\n' });
    git(join(root, 'wt'), 'update-index', '--add', '--cacheinfo', `160000,${git(join(root, 'wt', 'm'), 'rev-parse', 'HEAD').trim()},m`);
    expect(neutraliseNestedGit(root, toolEnv(process.env)).join('\n')).toMatch(/wt\/m\/\.git was moved/);
    // The same folder with a planted config.worktree is not.
    await writeFiles(root, { '.git/worktrees/wt/config.worktree': '[core] hooksPath = /x\n' });
    expect(neutraliseNestedGit(root, toolEnv(process.env)).join('\n')).toMatch(/\.git\/worktrees\/wt\/config\.worktree was moved/);
    // A module git folder named like a git data folder (`git submodule update --init` reuses it).
    await writeFiles(root, { '.git/modules/objects/HEAD': 'ref: refs/heads/main\n', '.git/modules/objects/config': '[core]\n\tfsmonitor = /x\n' });
    expect(neutraliseNestedGit(root, toolEnv(process.env)).join('\n')).toMatch(/\.git\/modules\/objects\/config was moved/);
    // A symlink there (git never makes one): whatever it leads to is not followed, the link goes.
    await writeFiles(root, { 'elsewhere/HEAD': 'ref: refs/heads/main\n' });
    spawnSync('ln', ['-s', join(root, 'elsewhere'), join(root, '.git/modules/linked')]);
    expect(neutraliseNestedGit(root, toolEnv(process.env)).join('\n')).toMatch(/\.git\/modules\/linked \(a symlink/);
  });
});

describe('a linked worktree whose checkout lies outside the workspace (rev32: read only through the jail)', () => {
  // The worktree's index names a gitlink `m` whose git folder runs a program: a checkout in the workspace is
  // scanned (above); one outside it, or a planted `gitdir` naming any folder, is not read at all.
  it.each([
    ['a worktree added outside', 'added'],
    ['a planted gitdir pointer to an outside folder', 'planted'],
    ['a checkout in the workspace reached through a link out of it', 'linked'],
  ])('%s: nothing there is read or reported', async (_, how) => {
    const root = await tempDir();
    const outside = await tempDir();
    git(root, 'init', '-q');
    git(root, 'commit', '-q', '--allow-empty', '-m', 'c');
    git(root, 'worktree', 'add', '-q', join(outside, 'wt'));
    const checkout = join(outside, 'wt');
    git(checkout, 'init', '-q', 'm');
    git(join(checkout, 'm'), 'commit', '-q', '--allow-empty', '-m', 'c');
    await writeFiles(checkout, { 'm/.git/config': '[core] fsmonitor = /x/ev.sh\n' });
    git(checkout, 'update-index', '--add', '--cacheinfo', `160000,${git(join(checkout, 'm'), 'rev-parse', 'HEAD').trim()},m`);
    if (how === 'planted') {
      await writeFiles(outside, { 'elsewhere/m/.git/config': '[core] fsmonitor = /x/ev.sh\n' });
      await writeFiles(root, { '.git/worktrees/wt/gitdir': `${join(outside, 'elsewhere', '.git')}\n` });
    }
    if (how === 'linked') {
      spawnSync('ln', ['-s', checkout, join(root, 'co')]);
      await writeFiles(root, { '.git/worktrees/wt/gitdir': `${join(root, 'co', '.git')}\n` });
    }
    expect(neutraliseNestedGit(root, toolEnv(process.env))).toEqual([]);
    expect(spawnSync('test', ['-e', join(checkout, 'm/.git/config')]).status).toBe(0);
  });
});

describe('files that would block a reader', () => {
  it('moves aside a FIFO planted as a nested config or index without reading it', async () => {
    const root = await repo();
    await writeFiles(root, { 'lib/sub-one/.git/HEAD': 'ref: refs/heads/main\n', 'lib/sub-two/.git/HEAD': 'ref: refs/heads/main\n' });
    expect(spawnSync('mkfifo', [join(root, 'lib/sub-one/.git/config'), join(root, 'lib/sub-two/.git/index')]).status).toBe(0);
    const warnings = neutraliseNestedGit(root, toolEnv(process.env)).join('\n');
    expect(warnings).toMatch(/not a regular file.*lib\/sub-one\/\.git was moved/);
    expect(warnings).toMatch(/an index this cannot read.*lib\/sub-two\/\.git was moved/);
  });
});
