// Red team R7-10: a `.env` staged once then unstaged stays in the object store as a blob no ref reaches (and
// a tree or commit made from it, a dropped stash). No history read can name its path, so a git reader given
// an object id, ids on stdin or arguments only known at run time asks; revisions a ref or reflog reaches
// stay read-only. Real repositories, the real gate.
import { mkdir, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { git } from './git-run.js';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

let box: Sandbox;
const ids = { blob: '', tree: '', commit: '', head: '', amended: '', stash: '' };

beforeAll(async () => {
  box = await sandbox();
  await rm(box.root, { recursive: true, force: true });
  await mkdir(join(box.root, 'sub'), { recursive: true });
  const run = (...args: string[]): string => git(box.root, ...args).trim();
  run('init', '-q');
  await writeFiles(box.root, { 'a.txt': 'a\n', '.gitignore': '.env\n', 'sub/b.txt': 'b\n' });
  run('add', '-A');
  run('commit', '-qm', 'one');
  ids.amended = run('rev-parse', 'HEAD');
  run('commit', '-q', '--amend', '-m', 'one again');
  await writeFiles(box.root, { '.env': 'DANGLING_SECRET=never-committed\n' });
  run('add', '-f', '.env');
  ids.tree = run('write-tree');
  ids.commit = run('commit-tree', ids.tree, '-p', 'HEAD', '-m', 'never referenced');
  run('reset', '-q', '.env');
  ids.blob = run('hash-object', '.env');
  ids.head = run('rev-parse', 'HEAD');
  await writeFiles(box.root, { 'a.txt': 'changed\n' });
  run('stash', 'push', '-q', '--all');
  ids.stash = run('rev-parse', 'stash@{0}');
  run('stash', 'drop', '-q');
  run('fsck', '--lost-found');
  await writeFiles(box.root, { 'objects/x.txt': 'x\n' });
  await symlink('.git', join(box.root, 'g'));
  // A file named as the blob: git show refuses the ambiguity, git cat-file and a peeled name read the object.
  await writeFiles(box.root, { [ids.blob.slice(0, 8)]: 'x\n' });
});
afterAll(async () => {
  await box.cleanup();
});

async function decision(line: string): Promise<{ decision: string; reason: string }> {
  const result = await explain(await policyWith(box), `@coder exec ${line}`);
  return { decision: result.decision, reason: result.reason };
}

const short = (id: string): string => id.slice(0, 7);

// A test body: the line `make()` gives is decided `want`.
const decides = (want: 'ask' | 'allow') => async (_name: string, make: () => string): Promise<void> => {
  const result = await decision(make());
  expect(result.decision, result.reason).toBe(want);
};

describe('objects no ref reaches', () => {
  const asks: [string, () => string][] = [
    ['the whole store on stdout', () => 'git cat-file --batch-all-objects --batch'],
    ['--batch-command by a prefix', () => 'git cat-file --batch-all-objects --batch-comm'],
    ['a blob id', () => `git show ${ids.blob}`],
    ['a short blob id', () => `git show ${short(ids.blob)}`],
    ['cat-file -p', () => `git cat-file -p ${ids.blob}`],
    ['cat-file blob', () => `git cat-file blob ${short(ids.blob)}`],
    ['cat-file with a file of its name', () => `git cat-file -p ${ids.blob.slice(0, 8)}`],
    ['peeled, with a file of its name', () => `git show ${ids.blob.slice(0, 8)}^{blob}`],
    ['a peeled blob', () => `git show ${ids.blob}^{blob}`],
    ['a diff of blobs', () => `git diff ${short(ids.head)}:a.txt ${ids.blob}`],
    ['a path of a dangling tree', () => `git show ${ids.tree}:.env`],
    ['grep in a dangling tree', () => `git grep -e DANGLING ${ids.tree}`],
    ['grep with a pattern first', () => `git grep DANGLING ${short(ids.tree)}`],
    ['a dangling commit', () => `git log -p ${ids.commit}`],
    ['a range ending in it', () => `git log -p HEAD..${short(ids.commit)}`],
    ['an ancestor of it', () => `git show ${ids.commit}~0`],
    ['a dropped stash', () => `git show ${ids.stash}^3:.env`],
    ['stash show of it', () => `git stash show -p ${ids.stash}`],
    ['blame at it', () => `git blame ${ids.commit} -- .env`],
    ['from another folder', () => `cd sub && git show ${ids.blob}`],
    ['with -C', () => `git -C sub show ${ids.blob}`],
    ['ids on stdin', () => `git rev-list --all | git log --stdin -p`],
    ['xargs', () => 'git rev-list --all --objects | cut -c1-40 | xargs git show'],
    ['a substitution', () => 'git show $(git rev-list --all | head -1)'],
    ['a variable', () => `X=${ids.blob}; git show $X`],
  ];
  test.each(asks)('%s asks', decides('ask'));

  test('the reason says why', async () => {
    const { reason } = await decision(`git show ${ids.blob}`);
    expect(reason).toContain('may name an object no ref or reflog reaches');
    expect(reason).toContain('staged once');
  });

  const allowed: [string, () => string][] = [
    ['HEAD', () => 'git show HEAD'],
    ['the HEAD id', () => `git show ${ids.head}`],
    ['a path of a reachable commit by short id', () => `git show ${short(ids.head)}:a.txt`],
    ['a commit only the reflog reaches', () => `git show ${ids.amended}`],
    ['a range', () => `git log -p ${short(ids.amended)}..HEAD`],
    ['ids, types and sizes only', () => 'git cat-file --batch-all-objects --batch-check'],
    ['a hex-looking grep pattern', () => 'git grep cafe'],
    ['a hex-looking path after --', () => 'git log -p -- deadbeef'],
    ['a log without revisions', () => 'git log --oneline'],
    ['many paths without --', () => 'git log -p a.txt sub sub/b.txt .gitignore a.txt sub a.txt sub a.txt'],
  ];
  test.each(allowed)('%s stays read-only', decides('allow'));
});

describe('other readers of an object store', () => {
  const loose = (): string => `.git/objects/${ids.blob.slice(0, 2)}/${ids.blob.slice(2)}`;
  const asks: [string, () => string][] = [
    ['cat of a loose object', () => `cat ${loose()}`],
    ['a redirection', () => `head -c 999 < ${loose()}`],
    ['lost-found (objects as they were)', () => `cat .git/lost-found/other/${ids.blob}`],
    ['from inside .git', () => `cd .git && cat lost-found/other/*`],
    ['a recursive reader of .git', () => 'grep -r DANGLING .git'],
    ['a glob over .git', () => 'cat .g*/objects/*/*'],
    ['through a link', () => 'cat g/objects/*/*'],
    ['git diff --no-index of lost-found', () => `git diff --no-index /dev/null .git/lost-found/other/${ids.blob}`],
  ];
  test.each(asks)('%s asks', decides('ask'));
  test.each(['cat .git/HEAD', 'cat a.txt', 'ls objects', 'cat objects/x.txt'].map((line) => [line, () => line]))('`%s` stays read-only', decides('allow'));
});
