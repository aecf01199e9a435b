// Red team R27-4, past the bound of one mask per object (unreachable-objects.ts, objects-view.ts): the sandbox
// sees `.git/objects` as a read-only view holding copies of the reachable loose objects only, so git status,
// log and diff work in a busy repository, while no unreachable object can be read (by git or by a script
// inflating the raw files), and the user's .git is left byte for byte as it was. Real git, bwrap, the CLI.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bwrapWorks, useObjectsHarness } from './objects-harness.js';

const SECRET = 'sk-live-UNREACHED-5521';
const h = useObjectsHarness('codeward-objview', { '.gitignore': '.env\n', 'a.txt': 'a\n' });
const { env, git, run, script } = h;

// Every entry of a folder: path, type, mode and bytes (a link's target), hashed.
function treeHash(folder: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const stats = lstatSync(path);
      hash.update(`${path}\0${stats.mode}\0${stats.size}\0`);
      if (stats.isDirectory()) walk(path);
      else if (stats.isSymbolicLink()) hash.update(readlinkSync(path));
      else hash.update(readFileSync(path));
    }
  };
  walk(folder);
  return hash.digest('hex');
}

// `count` dangling blobs holding the secret (written by git, named by no ref, reflog or index entry).
async function dangle(count: number): Promise<string[]> {
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    files.push(join(h.scripts, `blob-${i}`));
    await writeFile(files[i]!, `API_KEY=${SECRET}-${i}\n`);
  }
  return git('hash-object', '-w', ...files).split('\n');
}

const raw = (id: string): string => `.git/objects/${id.slice(0, 2)}/${id.slice(2)}`;


describe.skipIf(!bwrapWorks)('past the bound of masks, the objects are a read-only view without the unreachable ones', () => {
  it('100 dangling blobs: git status and log work; git and a zlib script read none of them; .git unchanged', async () => {
    const ids = await dangle(100);
    await writeFile(join(h.root, 'a.txt'), 'a\nb\n');
    const before = treeHash(join(h.root, '.git'));
    for (const line of ['git --no-optional-locks status --short', 'git log --oneline', 'git --no-optional-locks diff --stat']) {
      const done = await run(line);
      expect(done.ok, `${line}: ${done.out}`).toBe(true);
      expect(done.out).not.toMatch(/unavailable|not a git repository/);
    }
    expect((await run('git log --oneline')).out).toContain('one');
    const reads = await script([
      `git cat-file -p ${ids[0]!} && echo READ-OK || echo READ-FAILED`,
      'git cat-file --batch-all-objects --batch || true',
      `cat ${ids.slice(0, 20).map(raw).join(' ')} 2>&1 | wc -c`,
      `python3 ${h.scripts}/z.py`,
    ]);
    expect(reads.out).not.toContain(SECRET);
    expect(reads.out).toContain('READ-FAILED');
    expect(reads.out).not.toContain('READ-OK');
    // The reachable loose objects are there (the commit, its tree, two blobs).
    expect(reads.out).toContain('inflated 4');
    expect(treeHash(join(h.root, '.git'))).toBe(before);
  }, 180_000);

  it('a write of objects fails with a message and leaves the store whole; a commit made outside is seen next run', async () => {
    await dangle(40);
    await writeFile(join(h.root, 'a.txt'), 'a\nb\n');
    const objects = treeHash(join(h.root, '.git', 'objects'));
    const added = await run('git add a.txt');
    expect(added.ok).toBe(false);
    expect(added.out).toMatch(/object store is read-only inside exec here/);
    expect(treeHash(join(h.root, '.git', 'objects'))).toBe(objects);
    expect(spawnSync('git', ['fsck', '--no-dangling'], { cwd: h.root, env: env() }).status).toBe(0);
    git('commit', '-qam', 'two');
    const log = await run('git log --oneline');
    expect(log.ok, log.out).toBe(true);
    expect(log.out).toContain('two');
    expect((await run('git show --stat HEAD')).out).toContain('a.txt');
  }, 180_000);

  it('a reachable loose object replaced by a link to a file outside is not followed into the view', async () => {
    await dangle(40);
    await writeFile(join(h.scripts, 'outside'), `${SECRET}-outside\n`);
    // a.txt's blob, reached by HEAD: rev-list lists it without reading it, so git still answers.
    const blob = git('rev-parse', 'HEAD:a.txt');
    spawnSync('rm', ['-f', join(h.root, raw(blob))]);
    expect(spawnSync('ln', ['-s', join(h.scripts, 'outside'), join(h.root, raw(blob))]).status).toBe(0);
    const read = await script([`cat ${raw(blob)} 2>&1 || true`, 'git log --oneline || true', `python3 ${h.scripts}/z.py || true`]);
    expect(read.out).toContain('one');
    expect(read.out).not.toContain(`${SECRET}-outside`);
  }, 180_000);
  it("every root is kept in the view: another worktree's detached HEAD and index, and the stash", async () => {
    const other = join(h.home, 'other');
    git('worktree', 'add', '-q', '--detach', other);
    const inOther = (...args: string[]): string => {
      const result = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd: other, encoding: 'utf8', env: env() });
      expect(result.status, result.stderr).toBe(0);
      return result.stdout.trim();
    };
    await writeFile(join(other, 'b.txt'), 'only the other worktree HEAD\n');
    inOther('add', 'b.txt');
    inOther('commit', '-qm', 'detached');
    const detached = inOther('rev-parse', 'HEAD');
    await writeFile(join(other, 'c.txt'), 'only the other worktree index\n');
    inOther('add', 'c.txt');
    const staged = inOther('rev-parse', ':c.txt');
    await writeFile(join(h.root, 'a.txt'), 'stashed change\n');
    git('stash', '-q');
    await dangle(40);
    const before = treeHash(join(h.root, '.git'));
    const read = await script([`git cat-file -p ${detached}`, `git cat-file -p ${staged}`, 'git stash show -p', 'git --no-optional-locks status --short']);
    expect(read.ok, read.out).toBe(true);
    expect(read.out).toContain('only the other worktree index');
    expect(read.out).toContain('stashed change');
    expect(read.out).toContain('detached');
    expect(read.out).not.toContain(SECRET);
    expect(treeHash(join(h.root, '.git'))).toBe(before);
  }, 180_000);
  it('an unreachable secret in a pack: a filtered pack stands for it; git reads, the secret is in no pack shown', async () => {
    await writeFile(join(h.root, '.env'), `API_KEY=${SECRET}\n`);
    git('add', '-f', '.env');
    const secret = git('rev-parse', ':.env');
    git('gc', '-q');
    git('reset', '-q', '.env');
    await writeFile(join(h.root, 'a.txt'), 'a\nb\n');
    const before = treeHash(join(h.root, '.git'));
    const read = await script([
      'git --no-optional-locks status --short',
      'git log --oneline',
      `git cat-file -p ${secret} && echo READ-OK || echo READ-FAILED`,
      'git cat-file --batch-all-objects --batch || true',
    ]);
    expect(read.ok, read.out).toBe(true);
    expect(read.out).toContain('M a.txt');
    expect(read.out).toContain('one');
    expect(read.out).toContain('READ-FAILED');
    expect(read.out).not.toContain(SECRET);
    // Every object of every pack shown: the secret's id is not among them (the commit, its tree, two blobs are).
    const packs = await script(['for idx in .git/objects/pack/*.idx; do git verify-pack -v "$idx"; done', 'ls .git/objects/pack']);
    expect(packs.ok, packs.out).toBe(true);
    expect(packs.out).not.toContain(secret);
    expect(packs.out).toContain(git('rev-parse', 'HEAD'));
    expect(treeHash(join(h.root, '.git'))).toBe(before);
    const added = await run('git add a.txt');
    expect(added.ok).toBe(false);
    expect(added.out).toMatch(/read-only inside exec here: it holds objects no ref, reflog or index reaches in a pack/);
    expect(treeHash(join(h.root, '.git'))).toBe(before);
  }, 180_000);
});
