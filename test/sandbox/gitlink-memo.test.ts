import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GitlinkMemo } from '../../src/sandbox/gitlink-memo.js';
import { nestedGitState, neutraliseNestedGit } from '../../src/sandbox/nested-git.js';
import { tempDir, writeFiles } from '../helpers/fixture.js';
import { git } from '../helpers/git.js';
import { toolEnv } from '../helpers/tool-env.js';

// Issue 31: the nested git scan before a run and the one after it read an unchanged index once (it was
// parsed whole by each scan); a changed index is read again.

async function repo(): Promise<string> {
  const root = await tempDir();
  git(root, 'init', '-q');
  await writeFiles(root, { 'a.txt': 'a\n' });
  git(root, 'add', 'a.txt');
  git(root, 'update-index', '--add', '--cacheinfo', `160000,${'1'.repeat(40)},lib/sub-one`);
  return root;
}

const settled = (): boolean => false;

describe('gitlinks remembered by the index identity', () => {
  it('reads an unchanged index once for the scans before and after a run, answering as without the memo', async () => {
    const root = await repo();
    const env = { PATH: process.env['PATH'] };
    const memo = new GitlinkMemo(settled);
    const before = nestedGitState(root, toolEnv(env), memo);
    expect(neutraliseNestedGit(root, toolEnv(env), before, memo)).toEqual(neutraliseNestedGit(root, toolEnv(env), nestedGitState(root, toolEnv(env))));
    expect(memo.reads).toBe(1);
    expect(memo.gitlinks(join(root, '.git', 'index'), 1 << 30)).toEqual(['lib/sub-one']);
    expect(memo.reads).toBe(1);
  });

  it('reads a changed index again (a gitlink added between two calls is seen)', async () => {
    const root = await repo();
    const index = join(root, '.git', 'index');
    const memo = new GitlinkMemo(settled);
    expect(memo.gitlinks(index, 1 << 30)).toEqual(['lib/sub-one']);
    git(root, 'update-index', '--add', '--cacheinfo', `160000,${'2'.repeat(40)},lib/sub-two`);
    expect(memo.gitlinks(index, 1 << 30)).toEqual(['lib/sub-one', 'lib/sub-two']);
    expect(memo.reads).toBe(2);
    git(root, 'update-index', '--force-remove', 'lib/sub-one');
    expect(memo.gitlinks(index, 1 << 30)).toEqual(['lib/sub-two']);
  });

  it('keeps no index changed within the racy window (the kernel clock could hide a second change)', async () => {
    const root = await repo();
    const memo = new GitlinkMemo();
    memo.gitlinks(join(root, '.git', 'index'), 1 << 30);
    memo.gitlinks(join(root, '.git', 'index'), 1 << 30);
    expect(memo.reads).toBe(2);
  });

  it('answers undefined for an index it cannot read or that is missing', async () => {
    const root = await tempDir();
    await writeFiles(root, { 'index': 'not an index' });
    const memo = new GitlinkMemo(settled);
    expect(memo.gitlinks(join(root, 'index'), 1 << 30)).toBeUndefined();
    expect(memo.gitlinks(join(root, 'missing'), 1 << 30)).toBeUndefined();
  });

  it('keeps what it read between processes in its state file, rechecked by identity at every call', async () => {
    const root = await repo();
    const index = join(root, '.git', 'index');
    const file = join(await tempDir(), 'gitlinks.json');
    // Each memo stands for one process (one CLI call).
    const first = new GitlinkMemo(settled, file);
    expect(first.gitlinks(index, 1 << 30)).toEqual(['lib/sub-one']);
    first.save();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = new GitlinkMemo(settled, file);
    expect(second.gitlinks(index, 1 << 30)).toEqual(['lib/sub-one']);
    expect(second.reads).toBe(0);
    // A gitlink added between two calls: the next call reads the index again and keeps the new answer.
    git(root, 'update-index', '--add', '--cacheinfo', `160000,${'2'.repeat(40)},lib/sub-two`);
    const third = new GitlinkMemo(settled, file);
    expect(third.gitlinks(index, 1 << 30)).toEqual(['lib/sub-one', 'lib/sub-two']);
    expect(third.reads).toBe(1);
    third.save();
    const fourth = new GitlinkMemo(settled, file);
    expect(fourth.gitlinks(index, 1 << 30)).toEqual(['lib/sub-one', 'lib/sub-two']);
    expect(fourth.reads).toBe(0);
    // The same answers as a memo without a state file (a cold call).
    expect(new GitlinkMemo(settled).gitlinks(index, 1 << 30)).toEqual(['lib/sub-one', 'lib/sub-two']);
  });

  it('uses no state file another build wrote, nor one it cannot trust, and keeps nothing in the racy window', async () => {
    const root = await repo();
    const index = join(root, '.git', 'index');
    const file = join(await tempDir(), 'gitlinks.json');
    const first = new GitlinkMemo(settled, file);
    first.gitlinks(index, 1 << 30);
    first.save();
    // A file naming another build, with a planted answer: read again.
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { v: string; entries: Record<string, { gitlinks: string[] }> };
    kept.entries[index]!.gitlinks = [];
    writeFileSync(file, JSON.stringify({ ...kept, v: 'another build' }), { mode: 0o600 });
    const second = new GitlinkMemo(settled, file);
    expect(second.gitlinks(index, 1 << 30)).toEqual(['lib/sub-one']);
    expect(second.reads).toBe(1);
    // Recently changed: neither kept in memory nor in the file.
    const other = join(await tempDir(), 'gitlinks.json');
    const racy = new GitlinkMemo(undefined, other);
    racy.gitlinks(index, 1 << 30);
    racy.save();
    expect(existsSync(other)).toBe(false);
  });
});
