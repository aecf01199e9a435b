// Red team R27-4 (unreachable-objects.ts): objects no ref, reflog or index reaches are masked in the sandbox
// view (loose) or hide git (packed, a ref naming a blob itself, past the bound, git failing). Controls: git's
// everyday work inside the sandbox still works in a repository holding such objects, and a normal
// repository's objects are shown. Real git, real bwrap, the real CLI.
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bwrapWorks, useObjectsHarness } from './objects-harness.js';

const SECRET = 'sk-live-UNREACHED-4417';
const h = useObjectsHarness('codeward-unreached', { '.gitignore': '.env\n', 'a.txt': 'a\n', '.env': `API_KEY=${SECRET}\n` });
const { git, run, script } = h;

// `.env` staged once and unstaged: a dangling blob (its id).
function dangle(): string {
  git('add', '-f', '.env');
  const blob = git('rev-parse', ':.env');
  git('reset', '-q', '.env');
  return blob;
}

describe.skipIf(!bwrapWorks)('unreachable loose objects are masked', () => {
  it('git and a zlib script print no dangling blob; git status, diff, log, add, commit and stash still work', async () => {
    const blob = dangle();
    const reads = await script([`git cat-file --batch-all-objects --batch || true`, `git cat-file -p ${blob} || true`, `git show ${blob} || true`, `python3 ${h.scripts}/z.py`, `cat .git/objects/${blob.slice(0, 2)}/${blob.slice(2)} | wc -c`]);
    expect(reads.out).not.toContain(SECRET);
    expect(reads.out).toMatch(/inflated [1-9]/);
    await writeFile(join(h.root, 'a.txt'), 'a\nb\n');
    // A line of git alone may write .git (a line running more makes it read-only: R13-8).
    for (const line of ['git status --short', 'git diff --stat', 'git add a.txt', 'git -c user.name=t -c user.email=t@e commit -qm two', 'git log -p', 'git branch other', 'git log --all --oneline']) {
      const done = await run(line);
      expect(done.ok, `${line}: ${done.out}`).toBe(true);
      expect(done.out).not.toContain(SECRET);
    }
    await writeFile(join(h.root, 'a.txt'), 'a\nb\nc\n');
    for (const line of ['git stash -q', 'git stash pop -q']) expect((await run(line)).ok, line).toBe(true);
    expect(git('log', '--format=%s')).toBe('two\none');
    expect(git('diff', '--stat')).toContain('a.txt');
  }, 120_000);

  it('a ref or an index entry a run writes naming a masked blob does not unmask it next run', async () => {
    const blob = dangle();
    for (const line of [`git update-ref refs/tags/leak ${blob}`, `git update-index --add --cacheinfo 100644,${blob},b.txt`, 'git cat-file -p leak', 'git show :b.txt']) {
      expect((await run(line)).out).not.toContain(SECRET);
    }
    expect((await script(['git cat-file -p leak || true', 'git show :b.txt || true', `python3 ${h.scripts}/z.py`])).out).not.toContain(SECRET);
  }, 120_000);

  it('a normal repository: every loose object is shown (no mask, git available)', async () => {
    const read = await script([`python3 ${h.scripts}/z.py`, 'git cat-file --batch-all-objects --batch-check | wc -l', 'git status --short']);
    // one commit: its tree, the commit, .gitignore and a.txt.
    expect(read.out).toContain('inflated 4');
    expect(read.out).not.toContain('unavailable');
  }, 120_000);
});

describe.skipIf(!bwrapWorks)('what cannot be masked one by one: a filtered pack (git31), or git hidden with a message naming the fix', () => {
  it('an unreachable object in a regular pack (`git add -f .env; git gc; git reset .env`)', async () => {
    git('add', '-f', '.env');
    git('gc', '-q');
    git('reset', '-q', '.env');
    const read = await script(['git cat-file --batch-all-objects --batch || true', 'cat .git/objects/pack/*.pack | wc -c', 'git status']);
    expect(read.out).not.toContain(SECRET);
    // git31: a filtered pack of the reachable objects stands for the real one (objects-pack-view.ts): git works.
    expect(read.out).toContain('On branch');
    expect(read.out).not.toMatch(/unavailable|not a git repository/);
  }, 120_000);

  it('a cruft pack', async () => {
    dangle();
    git('repack', '-q', '-d', '--cruft');
    expect(spawnSync('sh', ['-c', 'ls .git/objects/pack/*.mtimes'], { cwd: h.root }).status).toBe(0);
    const read = await script(['git cat-file --batch-all-objects --batch || true', 'ls .git/objects/pack', 'git status']);
    expect(read.out).not.toContain(SECRET);
    // git31: the cruft pack is not in the view (a filtered pack of the reachable objects is): git works.
    expect(read.out).not.toContain('.mtimes');
    expect(read.out).toContain('On branch');
  }, 120_000);

  it('a tag naming a blob itself (its path unknown)', async () => {
    const blob = dangle();
    git('tag', 'loose', blob);
    const read = await script(['git cat-file -p loose || true', `python3 ${h.scripts}/z.py || true`, 'git status']);
    expect(read.out).not.toContain(SECRET);
    expect(read.out).toContain('a tree or blob a ref or reflog names itself');
  }, 120_000);
});
