// unreachable-objects.ts on its own (real git, no sandbox): the masks it names, its bounds failing closed
// (past maxMasks, a git that times out or fails: the git folders are hidden, never nothing), the kept
// answer (read without git while the repository is unchanged), and a suspect object staying masked once a
// ref names it.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { env, useObjectsRepo } from './objects-repo.js';
import { repositoryOf } from '../../src/sandbox/tracked-secrets.js';
import { UnreachableObjects } from '../../src/sandbox/unreachable-objects.js';
import { toolEnv } from '../helpers/tool-env.js';

const repo = useObjectsRepo('codeward-unreach');
const { git } = repo;

// A blob staged once and unstaged (its id).
async function dangle(text: string): Promise<string> {
  await writeFile(join(repo.root, '.env'), text);
  git('add', '-f', '.env');
  const id = git('rev-parse', ':.env');
  git('rm', '-q', '--cached', '.env');
  return id;
}

const objectPath = (id: string): string => join(repo.root, '.git', 'objects', id.slice(0, 2), id.slice(2));
const repository = () => repositoryOf(repo.root)!;

// An environment whose first `git` on PATH runs `body` instead (findOnPath falls back to /usr/bin only after PATH).
async function fakeGit(body: string): Promise<Record<string, string>> {
  const bin = join(repo.state, `bin-${Math.random().toString(36).slice(2)}`);
  await mkdir(bin);
  await writeFile(join(bin, 'git'), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return { ...env, PATH: `${bin}:${env.PATH}` };
}

describe('UnreachableObjects', () => {
  it('a clean repository: nothing masked, nothing hidden', () => {
    expect(new UnreachableObjects(toolEnv(env)).view(repository())).toEqual({ paths: [] });
  });

  it('each dangling loose blob is masked; past maxMasks the git folders are hidden, naming git gc --prune=now', async () => {
    const one = await dangle('A=1\n');
    const two = await dangle('A=2\n');
    const view = new UnreachableObjects(toolEnv(env)).view(repository());
    expect(view.hide).toBeUndefined();
    expect(view.paths.map((entry) => entry.path).sort()).toEqual([objectPath(one), objectPath(two)].sort());
    const bounded = new UnreachableObjects(toolEnv(env), undefined, { timeoutMs: 10_000, maxMasks: 1 }).view(repository());
    expect(bounded.hide).toMatch(/2 loose objects .*more than the 1 .*git gc --prune=now/);
  });

  it('git timing out or failing hides the git folders (and is not kept)', async () => {
    await dangle('A=1\n');
    const file = join(repo.state, 'kept.json');
    expect(new UnreachableObjects(toolEnv(await fakeGit('sleep 5')), file, { timeoutMs: 300, maxMasks: 512 }).view(repository()).hide).toMatch(/could not list/);
    expect(new UnreachableObjects(toolEnv(await fakeGit('exit 1')), file).view(repository()).hide).toMatch(/could not list/);
    expect(new UnreachableObjects(toolEnv(env), file).view(repository()).hide).toBeUndefined();
  });

  it('the answer is kept while the repository is unchanged (read without git), and redone when it changes', async () => {
    const one = await dangle('A=1\n');
    const file = join(repo.state, 'kept.json');
    // Past the file system's timestamp tick (a change within it could go unseen: not kept).
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(new UnreachableObjects(toolEnv(env), file).view(repository()).paths).toEqual([{ path: objectPath(one), kind: 'file' }]);
    const noGit = await fakeGit('exit 1');
    expect(new UnreachableObjects(toolEnv(noGit), file).view(repository())).toEqual({ paths: [{ path: objectPath(one), kind: 'file' }] });
    await dangle('A=2\n');
    expect(new UnreachableObjects(toolEnv(noGit), file).view(repository()).hide).toMatch(/could not list/);
  });

  it('an object seen unreachable stays masked once a ref or the index names it (while loose)', async () => {
    const one = await dangle('A=1\n');
    const file = join(repo.state, 'kept.json');
    expect(new UnreachableObjects(toolEnv(env), file).view(repository()).paths).toHaveLength(1);
    git('update-index', '--add', '--cacheinfo', `100644,${one},b.txt`);
    git('commit', '-qm', 'two');
    expect(new UnreachableObjects(toolEnv(env), file).view(repository()).paths).toEqual([{ path: objectPath(one), kind: 'file' }]);
    // Packed (git gc outside codeward): no longer loose, no longer masked.
    git('gc', '-q');
    expect(new UnreachableObjects(toolEnv(env), file).view(repository())).toEqual({ paths: [] });
  });

  it('a lost-found folder (git fsck --lost-found) is hidden', async () => {
    await dangle('A=1\n');
    git('fsck', '--lost-found');
    const view = new UnreachableObjects(toolEnv(env)).view(repository());
    expect(view.paths).toContainEqual({ path: join(repo.root, '.git', 'lost-found'), kind: 'dir' });
  });
});
