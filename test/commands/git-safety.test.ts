import { spawnSync } from 'node:child_process';
import { chmod, existsSync } from 'node:fs';
import { mkdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/index.js';
import { engineFor, REPO_ROOT, removeDir, runCli, tempDir } from '../helpers/fixture.js';
import { failure, git, GIT_ENV, initRepo, isolateGitConfig, ok, put } from './git-fixture.js';

// Flag injection, the workspace jail, "not a repository", and repository configuration that would
// run programs (fsmonitor hook, filter drivers, external diff, textconv).

const GIT_COMMANDS = ['git-status', 'git-diff', 'git-log', 'git-changed', 'git-branch'];

beforeAll(() => isolateGitConfig());

let parent: string;
let root: string;
let engine: Engine;

beforeEach(async () => {
  parent = await tempDir('codeward-git-safety-');
  root = join(parent, 'ws');
  await mkdir(root);
  await initRepo(root, { 'a.txt': 'a\n', 'b.txt': 'b\n' });
  await writeFile(join(parent, 'outside.txt'), 'outside\n');
  engine = await engineFor(root);
});
afterEach(async () => removeDir(parent));

describe('not a repository', () => {
  it('every git command answers C251', async () => {
    const plain = await tempDir('codeward-git-plain-');
    try {
      expect(plain.startsWith(REPO_ROOT)).toBe(false);
      // Make sure no folder above the temp dir is a repository either.
      const previous = process.env.GIT_CEILING_DIRECTORIES;
      process.env.GIT_CEILING_DIRECTORIES = dirname(plain);
      try {
        expect(spawnSync('git', ['rev-parse', '--git-dir'], { cwd: plain }).status).not.toBe(0);
        const outside = await engineFor(plain);
        for (const cmd of GIT_COMMANDS) {
          const error = await failure(outside, cmd);
          expect(error, cmd).toEqual({ code: 'C251', message: '. is not inside a git repository' });
        }
      } finally {
        if (previous === undefined) delete process.env.GIT_CEILING_DIRECTORIES;
        else process.env.GIT_CEILING_DIRECTORIES = previous;
      }
    } finally {
      await removeDir(plain);
    }
  });

  it('the CLI exits 1 with C251', async () => {
    const plain = await tempDir('codeward-git-plain-');
    try {
      const result = runCli(['-C', plain, '--json', 'git-status'], { env: { GIT_CEILING_DIRECTORIES: dirname(plain) } });
      expect(result.status).toBe(1);
      expect(result.json.error?.code).toBe('C251');
    } finally {
      await removeDir(plain);
    }
  });

  it('--dir must be a folder', async () => {
    expect((await failure(engine, 'git-status', { dir: 'a.txt' })).code).toBe('C210');
    expect((await failure(engine, 'git-status', { dir: 'missing' })).code).toBe('C211');
  });
});

describe('the workspace jail', () => {
  it('--dir outside the workspace is C215', async () => {
    for (const cmd of GIT_COMMANDS) {
      expect((await failure(engine, cmd, { dir: '..' })).code, cmd).toBe('C215');
      expect((await failure(engine, cmd, { dir: parent })).code, cmd).toBe('C215');
    }
  });

  it('--file outside the workspace is C215', async () => {
    expect((await failure(engine, 'git-diff', { file: '../outside.txt' })).code).toBe('C215');
    expect((await failure(engine, 'git-log', { file: '../outside.txt' })).code).toBe('C215');
  });

  it('a work tree configured outside the workspace is refused', async () => {
    const elsewhere = join(parent, 'elsewhere');
    await mkdir(elsewhere);
    git(root, 'config', 'core.worktree', elsewhere);
    expect((await failure(engine, 'git-status')).code).toBe('C215');
    expect((await failure(engine, 'git-diff')).code).toBe('C215');
  });

  it('GIT_DIR and GIT_WORK_TREE in the environment do not redirect git', async () => {
    const other = join(parent, 'other');
    await mkdir(other);
    await initRepo(other, { 'other-secret.txt': 'x\n' });
    await put(other, { 'other-secret.txt': 'changed\n' });
    await put(root, { 'a.txt': 'changed\n' });
    process.env.GIT_DIR = join(other, '.git');
    process.env.GIT_WORK_TREE = other;
    try {
      expect((await ok(engine, 'git-changed')).data.files).toEqual(['a.txt']);
    } finally {
      delete process.env.GIT_DIR;
      delete process.env.GIT_WORK_TREE;
    }
  });
});

describe('flag injection', () => {
  it('paths and refs starting with "-" are C210 before anything runs', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['git-diff', { file: '-p' }],
      ['git-diff', { file: '--output=/tmp/codeward-pwned' }],
      ['git-log', { file: '-p' }],
      ['git-log', { ref: '-p' }],
      ['git-log', { ref: '--output=/tmp/codeward-pwned' }],
      ['git-log', { ref: '--all' }],
    ];
    for (const [cmd, args] of cases) {
      const error = await failure(engine, cmd, args);
      expect(error.code, `${cmd} ${JSON.stringify(args)}`).toBe('C210');
      expect(error.message).toMatch(/looks like an option/);
    }
    const message = (await failure(engine, 'git-diff', { file: '-p' })).message;
    expect(message).toContain('--file: "-p" looks like an option; paths must not start with "-"');
    expect(existsSync('/tmp/codeward-pwned')).toBe(false);
  });

  it('the CLI treats it as a usage error (exit 2)', () => {
    const result = runCli(['-C', root, '--json', 'git-log', '--ref=-p']);
    expect(result.status).toBe(2);
    expect(result.json.error?.code).toBe('C210');
  });

  it('a file literally named like an option in a sub-folder is fine (only the leading "-" is refused)', async () => {
    await put(root, { 'sub/-p': 'x\n' });
    git(root, 'add', 'sub/-p');
    git(root, 'commit', '-q', '-m', 'odd name');
    await put(root, { 'sub/-p': 'y\n' });
    const { data } = await ok(engine, 'git-diff', { file: 'sub/-p' });
    expect(data.files).toEqual(['sub/-p']);
    expect(data.diff).toContain('+y');
  });

  it('file names with glob characters are matched literally', async () => {
    await put(root, { '*.txt': 'star\n' });
    git(root, 'add', '*.txt');
    git(root, 'commit', '-q', '-m', 'star');
    await put(root, { '*.txt': 'star 2\n', 'a.txt': 'changed\n' });
    expect((await ok(engine, 'git-diff', { file: '*.txt' })).data.files).toEqual(['*.txt']);
    expect((await ok(engine, 'git-log', { file: '*.txt' })).data.commits).toHaveLength(1);
  });
});

describe('repository configuration never runs a program', () => {
  const marker = (name: string) => join(parent, name);

  async function script(name: string, body: string): Promise<string> {
    const path = join(parent, name);
    await writeFile(path, `#!/bin/sh\n${body}\n`);
    await promisify(chmod)(path, 0o755);
    return path;
  }

  it('core.fsmonitor: plain git status runs the hook, git-status, git-diff and git-changed do not', async () => {
    const hook = await script('fsmonitor.sh', `touch "${marker('fsmonitor-ran')}"`);
    git(root, 'config', 'core.fsmonitor', hook);
    await put(root, { 'a.txt': 'changed\n' });
    // The set-up is real: git itself runs the hook.
    spawnSync('git', ['status', '--porcelain'], { cwd: root, env: { ...process.env, ...GIT_ENV } });
    expect(existsSync(marker('fsmonitor-ran'))).toBe(true);
    await rm(marker('fsmonitor-ran'));
    expect((await ok(engine, 'git-status')).data.files).toHaveLength(1);
    expect((await ok(engine, 'git-diff')).data.files).toEqual(['a.txt']);
    expect((await ok(engine, 'git-changed')).data.files).toEqual(['a.txt']);
    expect((await ok(engine, 'git-log')).data.commits).toHaveLength(1);
    expect(existsSync(marker('fsmonitor-ran'))).toBe(false);
  });

  it('filter drivers, diff.external, textconv and a post-index-change hook do not run', async () => {
    const evil = await script('evil.sh', `touch "${marker('evil-ran')}"; cat`);
    git(root, 'config', 'filter.evil.clean', evil);
    git(root, 'config', 'filter.evil.smudge', evil);
    git(root, 'config', 'filter.odd.name.process', evil);
    git(root, 'config', 'diff.external', evil);
    git(root, 'config', 'diff.conv.textconv', evil);
    await put(root, { '.gitattributes': '*.txt filter=evil diff=conv\n' });
    await mkdir(join(root, '.git/hooks'), { recursive: true });
    await writeFile(join(root, '.git/hooks/post-index-change'), `#!/bin/sh\ntouch "${marker('evil-ran')}"\n`, { mode: 0o755 });
    await put(root, { 'a.txt': 'changed\n' });
    // The set-up is real: git's own diff runs the configured programs.
    spawnSync('git', ['diff'], { cwd: root, env: { ...process.env, ...GIT_ENV } });
    expect(existsSync(marker('evil-ran'))).toBe(true);
    await rm(marker('evil-ran'));
    const diff = await ok(engine, 'git-diff');
    expect(diff.data.diff).toContain('+changed');
    await ok(engine, 'git-diff', { stat: true });
    await ok(engine, 'git-status');
    await ok(engine, 'git-changed');
    await ok(engine, 'git-log', { file: 'a.txt' });
    expect(existsSync(marker('evil-ran'))).toBe(false);
  });

  it('a filter driver named with `=` (not switched off by `-c`): git-status / git-diff refuse, the filter never runs', async () => {
    const evil = await script('evil.sh', `touch "${marker('evil-ran')}"; cat`);
    git(root, 'config', 'filter.a=b.clean', evil);
    await put(root, { '.gitattributes': '*.txt filter=a=b\n', 'a.txt': 'changed\n' });
    for (const cmd of ['git-status', 'git-diff', 'git-changed']) {
      const error = await failure(engine, cmd);
      expect(error.code, cmd).toBe('C251');
      expect(error.message, cmd).toContain('cannot be switched off');
    }
    expect(existsSync(marker('evil-ran'))).toBe(false);
  });

  it('git-status and git-changed never write the index (GIT_OPTIONAL_LOCKS=0), even when its stat cache is stale', async () => {
    const index = join(root, '.git/index');
    await utimes(join(root, 'a.txt'), new Date('2030-01-01'), new Date('2030-01-01'));
    const before = await readFile(index);
    expect((await ok(engine, 'git-status')).data.clean).toBe(true);
    expect((await ok(engine, 'git-changed')).data.files).toEqual([]);
    expect((await readFile(index)).equals(before)).toBe(true);
    // A lock held by another git process does not get in the way.
    await writeFile(join(root, '.git/index.lock'), '');
    await put(root, { 'a.txt': 'changed\n' });
    expect((await ok(engine, 'git-status')).data.files).toHaveLength(1);
    expect((await ok(engine, 'git-diff')).data.files).toEqual(['a.txt']);
  });
});
