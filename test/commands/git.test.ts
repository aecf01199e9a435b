import { spawnSync } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/index.js';
import { engineFor, removeDir, runCli, tempDir } from '../helpers/fixture.js';
import { failure, git, initRepo, isolateGitConfig, ok, put } from './git-fixture.js';

// Real repositories with renames, spaces, unicode, a newline in a name and a detached HEAD.

const NEWLINE_NAME = 'nl\nname.txt';

beforeAll(() => isolateGitConfig());

let root: string;
let engine: Engine;
let first: string;
let second: string;

beforeEach(async () => {
  root = await tempDir('codeward-git-');
  await initRepo(root, {
    'keep.txt': 'keep\n',
    'mod.txt': 'one\n',
    'staged.txt': 'staged\n',
    'del.txt': 'delete me\n',
    'old name.txt': 'renamed content\nline 2\nline 3\n',
    'dir/a.txt': 'a\n',
  });
  first = git(root, 'rev-parse', 'HEAD').trim();
  await put(root, { 'mod.txt': 'one\ntwo\n' });
  git(root, 'commit', '-q', '-am', 'second change', '-m', 'A body line.\n\nAnother paragraph.');
  second = git(root, 'rev-parse', 'HEAD').trim();
  engine = await engineFor(root);
});
afterEach(async () => removeDir(root));

// The working changes every listing test looks at.
async function dirty(): Promise<void> {
  await put(root, { 'mod.txt': 'one\ntwo\nthree\n', 'staged.txt': 'staged\nmore\n' });
  git(root, 'add', 'staged.txt');
  await rm(join(root, 'del.txt'));
  git(root, 'mv', 'old name.txt', 'new name.txt');
  await put(root, { 'with space.txt': 's\n', 'ünïcode ñ.txt': 'u\n', [NEWLINE_NAME]: 'n\n', 'newdir/x.txt': 'x\n' });
}

describe('git-status', () => {
  it('a clean repository', async () => {
    const { data } = await ok(engine, 'git-status');
    expect(data).toEqual({ branch: { head: 'main', oid: second, detached: false }, files: [], clean: true });
    const text = runCli(['-C', root, 'git-status'], { env: { GIT_CONFIG_GLOBAL: '/dev/null' } });
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('## main');
    expect(text.stdout).toContain('nothing to commit, working tree clean');
  });

  it('modified, staged, deleted, renamed, untracked (spaces, unicode, a newline) with exact paths', async () => {
    await dirty();
    const { data } = await ok(engine, 'git-status');
    expect(data.clean).toBe(false);
    expect(data.branch.head).toBe('main');
    const byPath = new Map(data.files.map((entry: { path: string }) => [entry.path, entry]));
    expect(byPath.get('mod.txt')).toEqual({ path: 'mod.txt', index: '.', worktree: 'M', kind: 'changed' });
    expect(byPath.get('staged.txt')).toEqual({ path: 'staged.txt', index: 'M', worktree: '.', kind: 'changed' });
    expect(byPath.get('del.txt')).toEqual({ path: 'del.txt', index: '.', worktree: 'D', kind: 'changed' });
    expect(byPath.get('new name.txt')).toEqual({ path: 'new name.txt', origPath: 'old name.txt', index: 'R', worktree: '.', kind: 'renamed' });
    for (const path of ['with space.txt', 'ünïcode ñ.txt', NEWLINE_NAME, 'newdir/']) {
      expect(byPath.get(path)).toEqual({ path, index: '?', worktree: '?', kind: 'untracked' });
    }
    expect(data.files).toHaveLength(8);
    const envelope = await engine.run({ cmd: 'git-status', args: {} });
    const text = engine.registry.get('git-status').format((envelope as { data: unknown }).data);
    expect(text.split('\n')[0]).toBe('## main');
    expect(text).toContain(' M mod.txt');
    expect(text).toContain('M  staged.txt');
    expect(text).toContain('R  old name.txt -> new name.txt');
    expect(text).toContain('?? with space.txt');
  });

  it('a detached HEAD', async () => {
    git(root, 'checkout', '-q', '--detach');
    const { data } = await ok(engine, 'git-status');
    expect(data.branch).toEqual({ head: null, oid: second, detached: true });
    expect(engine.registry.get('git-status').format(data).split('\n')[0]).toBe('## HEAD (no branch)');
  });

  it('upstream, ahead and behind', async () => {
    const remote = await tempDir('codeward-git-remote-');
    try {
      git(remote, 'init', '-q', '--bare', '-b', 'main');
      git(root, 'remote', 'add', 'origin', remote);
      git(root, 'push', '-q', '-u', 'origin', 'main');
      await put(root, { 'keep.txt': 'changed\n' });
      git(root, 'commit', '-q', '-am', 'ahead');
      const { data } = await ok(engine, 'git-status');
      expect(data.branch).toEqual({ head: 'main', oid: git(root, 'rev-parse', 'HEAD').trim(), upstream: 'origin/main', ahead: 1, behind: 0, detached: false });
      expect(engine.registry.get('git-status').format(data).split('\n')[0]).toBe('## main...origin/main [ahead 1]');
    } finally {
      await removeDir(remote);
    }
  });

  it('a repository without commits', async () => {
    const empty = await tempDir('codeward-git-empty-');
    try {
      await initRepo(empty);
      await writeFile(join(empty, 'a.txt'), 'a\n');
      const { data } = await ok(await engineFor(empty), 'git-status');
      expect(data.branch).toEqual({ head: 'main', oid: null, detached: false });
      expect(data.files).toEqual([{ path: 'a.txt', index: '?', worktree: '?', kind: 'untracked' }]);
    } finally {
      await removeDir(empty);
    }
  });
});

describe('git-changed', () => {
  it('lists exact paths (never the trimmed first character of the original), renames as the new path', async () => {
    await dirty();
    const { data } = await ok(engine, 'git-changed');
    expect(data.files).toEqual(['del.txt', 'mod.txt', 'new name.txt', 'newdir/x.txt', NEWLINE_NAME, 'staged.txt', 'with space.txt', 'ünïcode ñ.txt']);
    expect(data.renames).toEqual([{ from: 'old name.txt', to: 'new name.txt' }]);
    expect(data.staged).toBe(false);
    // Every path that still exists can be passed to read as it is.
    for (const file of data.files.filter((path: string) => path !== 'del.txt')) {
      const read = await engine.run({ cmd: 'read', args: { file } });
      expect(read.ok, file).toBe(true);
    }
  });

  it('--staged lists only staged changes', async () => {
    await dirty();
    const { data } = await ok(engine, 'git-changed', { staged: true });
    expect(data.files).toEqual(['new name.txt', 'staged.txt']);
    expect(data.renames).toEqual([{ from: 'old name.txt', to: 'new name.txt' }]);
  });

  it('a clean repository has no changed files; the text form says so', async () => {
    const { data } = await ok(engine, 'git-changed');
    expect(data.files).toEqual([]);
    expect(engine.registry.get('git-changed').format(data)).toBe('(no changes)');
  });

  it('the CLI prints one path per line', async () => {
    await put(root, { 'mod.txt': 'changed\n' });
    const result = runCli(['-C', root, 'git-changed'], { env: { GIT_CONFIG_GLOBAL: '/dev/null' } });
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe('mod.txt');
    const json = runCli(['-C', root, '--json', 'git-changed'], { env: { GIT_CONFIG_GLOBAL: '/dev/null' } });
    expect(json.json).toMatchObject({ ok: true, cmd: 'git-changed', data: { files: ['mod.txt'] } });
  });
});

describe('git-diff', () => {
  beforeEach(dirty);

  it('unstaged by default, --staged for the index (with the rename)', async () => {
    const unstaged = await ok(engine, 'git-diff');
    expect(unstaged.data.files).toEqual(['del.txt', 'mod.txt']);
    expect(unstaged.data.diff).toContain('diff --git a/mod.txt b/mod.txt');
    expect(unstaged.data.diff).toContain('+three');
    expect(unstaged.data.diff).not.toContain('staged.txt');
    expect(unstaged.data.truncated).toBe(false);
    const staged = await ok(engine, 'git-diff', { staged: true });
    expect(staged.data.files).toEqual(['new name.txt', 'staged.txt']);
    expect(staged.data.diff).toContain('rename from old name.txt');
    expect(staged.data.diff).toContain('rename to new name.txt');
    expect(staged.data.diff).toContain('+more');
    expect(staged.data.diff).not.toContain('+three');
  });

  it('--name-only and --stat', async () => {
    const names = await ok(engine, 'git-diff', { nameOnly: true, staged: true });
    expect(names.data.diff).toBe('new name.txt\nstaged.txt');
    const stat = await ok(engine, 'git-diff', { stat: true });
    expect(stat.data.diff).toMatch(/mod\.txt\s+\|\s+1 \+/);
    expect(stat.data.diff).toMatch(/2 files changed/);
    expect(stat.data.diff).not.toContain('@@');
    // Both together (ChatCLI passes both to git): the names win, as in git.
    const both = await ok(engine, 'git-diff', { stat: true, nameOnly: true, staged: true });
    expect(both.data.diff).toBe('new name.txt\nstaged.txt');
  });

  it('--context sets the lines around each change; --file narrows to one file', async () => {
    const lines = Array.from({ length: 30 }, (_, index) => `line ${index + 1}`);
    await put(root, { 'long.txt': `${lines.join('\n')}\n` });
    git(root, 'add', 'long.txt');
    git(root, 'commit', '-q', '-m', 'long');
    lines[14] = 'CHANGED';
    await put(root, { 'long.txt': `${lines.join('\n')}\n` });
    const none = await ok(engine, 'git-diff', { file: 'long.txt', context: 0 });
    expect(none.data.files).toEqual(['long.txt']);
    expect(none.data.diff).toContain('@@ -15 +15 @@');
    expect(none.data.diff).not.toContain('\n line 14\n');
    const wide = await ok(engine, 'git-diff', { file: 'long.txt', context: 5 });
    expect(wide.data.diff).toContain('\n line 10\n');
    expect(wide.data.diff).not.toContain('\n line 9\n');
    expect((await ok(engine, 'git-diff', { file: '.' })).data.files).toEqual(['del.txt', 'long.txt', 'mod.txt']);
    expect((await ok(engine, 'git-diff', { file: 'dir' })).data.files).toEqual([]);
    const normal = await ok(engine, 'git-diff', { file: 'long.txt' });
    expect(normal.data.diff).toContain('\n line 12\n');
    expect(normal.data.diff).not.toContain('\n line 11\n');
  });

  it('caps a large diff and says so', async () => {
    await put(root, { 'mod.txt': `${'x'.repeat(100)}\n`.repeat(5000) });
    const { data, warnings } = await ok(engine, 'git-diff', { maxBytes: 10_000 });
    expect(data.truncated).toBe(true);
    expect(data.diff.length).toBeLessThanOrEqual(10_000);
    expect(data.diff.endsWith('\n')).toBe(true);
    expect(warnings.join(' ')).toContain('cut');
  });

  it('names a changed non-accessible file but leaves its content out', async () => {
    await put(root, { '.env': 'TOKEN=old\n' });
    git(root, 'add', '-f', '.env');
    git(root, 'commit', '-q', '-m', 'env');
    await put(root, { '.env': 'TOKEN=new-secret\n' });
    const { data, warnings } = await ok(engine, 'git-diff');
    expect(data.files).toContain('.env');
    expect(data.diff).not.toContain('secret');
    expect(data.diff).toContain('mod.txt');
    expect(warnings.join(' ')).toContain('.env');
    expect((await failure(engine, 'git-diff', { file: '.env' })).code).toBe('C211');
  });
});

describe('git-log', () => {
  it('commits newest first, with hash, author, ISO date, subject and body', async () => {
    const { data } = await ok(engine, 'git-log');
    expect(data.commits).toHaveLength(2);
    expect(data.commits[0]).toEqual({
      hash: second,
      shortHash: expect.stringMatching(/^[0-9a-f]{7,}$/),
      author: 'Test Author',
      email: 'author@example.com',
      date: '2024-01-02T03:04:05+00:00',
      subject: 'second change',
      body: 'A body line.\n\nAnother paragraph.',
    });
    expect(second.startsWith(data.commits[0].shortHash)).toBe(true);
    expect(data.commits[1]).toMatchObject({ hash: first, subject: 'initial' });
    expect(data.commits[1].body).toBeUndefined();
    const text = engine.registry.get('git-log').format(data);
    expect(text).toContain(`commit ${second}`);
    expect(text).toContain('Author: Test Author <author@example.com>');
    expect(text).toContain('    A body line.');
  });

  it('--limit, --oneline, --file and --ref', async () => {
    const limited = await ok(engine, 'git-log', { limit: 1, oneline: true });
    expect(limited.data.commits.map((commit: { hash: string }) => commit.hash)).toEqual([second]);
    expect(engine.registry.get('git-log').format(limited.data)).toBe(`${limited.data.commits[0].shortHash} second change`);
    const byFile = await ok(engine, 'git-log', { file: 'keep.txt' });
    expect(byFile.data.commits.map((commit: { hash: string }) => commit.hash)).toEqual([first]);
    const spaced = await ok(engine, 'git-log', { file: 'old name.txt' });
    expect(spaced.data.commits.map((commit: { hash: string }) => commit.hash)).toEqual([first]);
    const byRef = await ok(engine, 'git-log', { ref: 'HEAD~1' });
    expect(byRef.data.commits.map((commit: { hash: string }) => commit.hash)).toEqual([first]);
    const range = await ok(engine, 'git-log', { ref: `${first}..${second}` });
    expect(range.data.commits.map((commit: { hash: string }) => commit.hash)).toEqual([second]);
  });

  it('caps --limit at 1000 with a warning; an unknown ref is C251', async () => {
    const { data, warnings } = await ok(engine, 'git-log', { limit: 5000 });
    expect(data.commits).toHaveLength(2);
    expect(warnings.join(' ')).toContain('1000');
    const unknown = await failure(engine, 'git-log', { ref: 'no-such-branch' });
    expect(unknown.code).toBe('C251');
    expect(unknown.message).toMatch(/no-such-branch/);
  });

  it('a repository without commits has an empty history', async () => {
    const empty = await tempDir('codeward-git-empty-');
    try {
      await initRepo(empty);
      const { data } = await ok(await engineFor(empty), 'git-log');
      expect(data.commits).toEqual([]);
    } finally {
      await removeDir(empty);
    }
  });
});

describe('git-branch', () => {
  it('local branches, the current one and a detached HEAD', async () => {
    git(root, 'branch', 'feature');
    const { data } = await ok(engine, 'git-branch');
    expect(data).toEqual({
      current: 'main',
      detached: false,
      head: second,
      branches: [
        { name: 'feature', current: false, remote: false, commit: second },
        { name: 'main', current: true, remote: false, commit: second },
      ],
    });
    expect(engine.registry.get('git-branch').format(data)).toBe('  feature\n* main');
    git(root, 'checkout', '-q', '--detach', 'HEAD~1');
    const detached = await ok(engine, 'git-branch');
    expect(detached.data).toMatchObject({ current: null, detached: true, head: first });
    expect(detached.data.branches.every((branch: { current: boolean }) => !branch.current)).toBe(true);
    expect(engine.registry.get('git-branch').format(detached.data).split('\n')[0]).toBe(`* (HEAD detached at ${first.slice(0, 7)})`);
  });

  it('--all adds remote-tracking branches (a bare remote, pushed and fetched), with upstreams', async () => {
    const remote = await tempDir('codeward-git-remote-');
    try {
      git(remote, 'init', '-q', '--bare', '-b', 'main');
      git(root, 'remote', 'add', 'origin', remote);
      git(root, 'branch', 'feature');
      git(root, 'push', '-q', '-u', 'origin', 'main', 'feature');
      git(root, 'fetch', '-q', 'origin');
      const local = await ok(engine, 'git-branch');
      expect(local.data.branches.map((branch: { name: string }) => branch.name)).toEqual(['feature', 'main']);
      expect(local.data.branches[1]).toMatchObject({ name: 'main', upstream: 'origin/main', current: true });
      const all = await ok(engine, 'git-branch', { all: true });
      const remotes = all.data.branches.filter((branch: { remote: boolean }) => branch.remote);
      expect(remotes.map((branch: { name: string }) => branch.name)).toEqual(['origin/feature', 'origin/main']);
      expect(engine.registry.get('git-branch').format(all.data)).toContain('  remotes/origin/main');
    } finally {
      await removeDir(remote);
    }
  });

  it('before the first commit the current branch is still known', async () => {
    const empty = await tempDir('codeward-git-empty-');
    try {
      await initRepo(empty);
      const { data } = await ok(await engineFor(empty), 'git-branch');
      expect(data).toEqual({ current: 'main', detached: false, head: null, branches: [] });
    } finally {
      await removeDir(empty);
    }
  });
});

describe('--dir and the workspace', () => {
  it('a repository in a sub-folder of the workspace: paths stay workspace-relative', async () => {
    const parent = await tempDir('codeward-git-parent-');
    try {
      const repo = join(parent, 'repo');
      await mkdir(repo);
      await initRepo(repo, { 'a.txt': 'a\n' });
      await put(repo, { 'a.txt': 'b\n', 'new file.txt': 'n\n' });
      const outer = await engineFor(parent);
      expect((await ok(outer, 'git-changed', { dir: 'repo' })).data.files).toEqual(['repo/a.txt', 'repo/new file.txt']);
      expect((await ok(outer, 'git-status', { dir: 'repo' })).data.files.map((entry: { path: string }) => entry.path)).toEqual(['repo/a.txt', 'repo/new file.txt']);
      const diff = await ok(outer, 'git-diff', { dir: 'repo' });
      expect(diff.data.files).toEqual(['repo/a.txt']);
      expect(diff.data.diff).toContain('--- a/repo/a.txt');
      expect((await ok(outer, 'git-log', { dir: 'repo', file: 'repo/a.txt' })).data.commits).toHaveLength(1);
      // The workspace root is not a repository.
      const notRepo = await failure(outer, 'git-status');
      expect(notRepo).toMatchObject({ code: 'C251' });
    } finally {
      await removeDir(parent);
    }
  });

  it('a workspace inside a repository sees only its own part, with paths relative to itself', async () => {
    await put(root, { 'dir/a.txt': 'changed\n', 'dir/b.txt': 'new\n', 'mod.txt': 'outside the workspace\n' });
    const inner = await engineFor(join(root, 'dir'));
    expect((await ok(inner, 'git-changed')).data.files).toEqual(['a.txt', 'b.txt']);
    expect((await ok(inner, 'git-status')).data.files.map((entry: { path: string }) => entry.path)).toEqual(['a.txt', 'b.txt']);
    const diff = await ok(inner, 'git-diff');
    expect(diff.data.files).toEqual(['a.txt']);
    expect(diff.data.diff).toContain('diff --git a/a.txt b/a.txt');
    expect(diff.data.diff).not.toContain('mod.txt');
    expect((await ok(inner, 'git-branch')).data.current).toBe('main');
  });

  it('--dir may point to a sub-folder; paths are still relative to the workspace root', async () => {
    await put(root, { 'dir/a.txt': 'changed\n', 'mod.txt': 'changed\n' });
    expect((await ok(engine, 'git-changed', { dir: 'dir' })).data.files).toEqual(['dir/a.txt', 'mod.txt']);
  });
});

describe('git missing', () => {
  it('is C251 "git is not installed"', async () => {
    const path = process.env.PATH;
    process.env.PATH = join(root, 'no-bin');
    try {
      const error = await failure(engine, 'git-status');
      expect(error).toEqual({ code: 'C251', message: 'git is not installed (or not on PATH)' });
    } finally {
      process.env.PATH = path;
    }
  });
});

describe('test set-up', () => {
  it('git is available', () => {
    expect(spawnSync('git', ['--version']).status).toBe(0);
  });
});
