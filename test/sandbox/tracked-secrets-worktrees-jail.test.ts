// Read jail for the other worktrees' indexes (rev31): `.git/worktrees`, a worktree's folder and its index are
// listed and read through the jail's handles below the common git folder. A planted link there (to /etc, or to a
// sibling repository whose worktree tracks a secret) is never followed: it counts as an index that cannot be read
// (git stays hidden: fails closed), and nothing the sibling's index names shows up. A `gitdir` file pointing
// outside only names the worktree: nothing is read where it points.
import { spawnSync } from 'node:child_process';
import { mkdir, realpath, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otherIndexes, otherNames } from '../../src/sandbox/tracked-secrets-worktrees.js';
import { TrackedSecretCheck, UNREADABLE } from '../../src/sandbox/tracked-secrets.js';
import { DEFAULT_NON_ACCESSIBLE_GLOBS } from '../../src/workspace/types.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let base: string;
let count = 0;
const git = (cwd: string, ...args: string[]): void => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('GIT_')));
  const result = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd, encoding: 'utf8', env: { ...env, GIT_CONFIG_NOSYSTEM: '1' } });
  expect(result.status, result.stderr).toBe(0);
};

// A repository (optionally with a linked worktree `wt`), its `.git` the common folder.
async function repo(name: string, linked: boolean, secret?: string): Promise<{ top: string; gitDir: string }> {
  const top = join(base, `${name}${++count}`);
  await writeFiles(top, { 'a.txt': 'a\n' });
  git(top, 'init', '-q');
  git(top, 'add', '-A');
  git(top, 'commit', '-qm', 'one');
  if (linked) {
    const wt = `${top}-wt`;
    git(top, 'worktree', 'add', '-q', '--detach', wt);
    if (secret !== undefined) {
      await writeFiles(wt, { [secret]: 'API_KEY=sk-live-sibling\n' });
      git(wt, 'add', '-f', secret);
    }
  }
  return { top, gitDir: join(top, '.git') };
}

const names = (gitDir: string, top: string): { label: string; names: string[] | undefined }[] => {
  const others = otherIndexes(gitDir, gitDir, top);
  expect(others).not.toBe('too-many');
  return otherNames(others as Exclude<typeof others, 'too-many'>);
};

beforeAll(async () => {
  base = await realpath(await tempDir('rev31-wtjail-'));
});
afterAll(async () => {
  await removeDir(base);
});

describe('the other worktrees are read through the jail', () => {
  it('a `.git/worktrees` link to a sibling repository\'s worktrees: refused (unreadable), the sibling\'s secret not read', async () => {
    const sibling = await repo('sib', true, 'sibling-secret.env');
    const { top, gitDir } = await repo('main', false);
    await symlink(join(sibling.gitDir, 'worktrees'), join(gitDir, 'worktrees'));
    const found = names(gitDir, top);
    expect(JSON.stringify(found)).not.toContain('sibling-secret');
    expect(found).toEqual([{ label: 'worktrees', names: undefined }]);
    const tracked = new TrackedSecretCheck([...DEFAULT_NON_ACCESSIBLE_GLOBS, '*.env']).tracked({ worktree: top, gitDir, commonDir: gitDir }, top);
    expect(tracked).toContain(`worktrees/${UNREADABLE}`);
    expect(tracked.join('\n')).not.toContain('sibling-secret');
  });

  it('a `.git/worktrees` link to /etc: nothing listed there', async () => {
    const { top, gitDir } = await repo('etc', false);
    await symlink('/etc', join(gitDir, 'worktrees'));
    expect(otherIndexes(gitDir, gitDir, top)).toEqual([{ root: gitDir, index: undefined, label: 'worktrees' }]);
  });

  it('a worktree folder that is a link to a sibling\'s worktree folder: refused, fails closed', async () => {
    const sibling = await repo('sib', true, 'sibling-secret.env');
    const { top, gitDir } = await repo('main', true);
    const own = join(gitDir, 'worktrees', `main${count}-wt`);
    await rm(own, { recursive: true });
    await symlink(join(sibling.gitDir, 'worktrees', `sib${count - 1}-wt`), own);
    const found = names(gitDir, top);
    expect(JSON.stringify(found)).not.toContain('sibling-secret');
    expect(found).toEqual([{ label: `worktrees/main${count}-wt`, names: undefined }]);
  });

  it('a worktree\'s index that is a link to a sibling\'s index: refused, the sibling\'s names not read', async () => {
    const sibling = await repo('sib', true, 'sibling-secret.env');
    const { top, gitDir } = await repo('main', true);
    const index = join(gitDir, 'worktrees', `main${count}-wt`, 'index');
    await rename(index, `${index}.old`);
    await symlink(join(sibling.gitDir, 'worktrees', `sib${count - 1}-wt`, 'index'), index);
    const found = names(gitDir, top);
    expect(JSON.stringify(found)).not.toContain('sibling-secret');
    expect(found).toEqual([{ label: `../main${count}-wt`, names: undefined }]);
  });

  it('a `gitdir` file pointing at a sibling repository: only names the worktree, its index is the one read', async () => {
    const sibling = await repo('sib', true, 'sibling-secret.env');
    const { top, gitDir } = await repo('main', true);
    await writeFile(join(gitDir, 'worktrees', `main${count}-wt`, 'gitdir'), `${sibling.gitDir}\n`);
    const found = names(gitDir, top);
    expect(JSON.stringify(found)).not.toContain('sibling-secret');
    expect(found).toEqual([{ label: `../sib${count - 1}`, names: ['a.txt'] }]);
  });

  it('control: a real linked worktree with a staged secret is still read', async () => {
    const { top, gitDir } = await repo('main', true, 'own-secret.env');
    await mkdir(join(gitDir, 'worktrees', 'stray-file-folder'), { recursive: true });
    const found = names(gitDir, top);
    expect(found).toContainEqual({ label: `../main${count}-wt`, names: ['a.txt', 'own-secret.env'] });
  });
});
