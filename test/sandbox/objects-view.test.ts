// objects-view.ts with unreachable-objects.ts (real git, no sandbox): past maxMasks, with a view folder, the
// objects are named as a read-only view holding copies of the reachable loose objects only (the user's store
// untouched), brought in line when the repository changes, and rebuilt when the view is removed; without a view
// folder (seatbelt, no safe state folder) git is hidden as before.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { env, useObjectsRepo } from './objects-repo.js';
import { objectsViewOf } from '../../src/sandbox/objects-view.js';
import { repositoryOf } from '../../src/sandbox/tracked-secrets.js';
import { UnreachableObjects } from '../../src/sandbox/unreachable-objects.js';
import { toolEnv } from '../helpers/tool-env.js';

const repo = useObjectsRepo('codeward-objview');
const { git } = repo;
const limits = { timeoutMs: 10_000, maxMasks: 1 };

const objects = (): string => join(repo.root, '.git', 'objects');
const ids = (folder: string): string[] => readdirSync(folder).filter((name) => /^[0-9a-f]{2}$/.test(name)).flatMap((name) => readdirSync(join(folder, name)).map((rest) => name + rest)).sort();
const blob = (text: string): string => spawnSync('git', ['hash-object', '-w', '--stdin'], { cwd: repo.root, input: text, encoding: 'utf8' }).stdout.trim();

describe('the read-only objects view', () => {
  it('past maxMasks: binds of a view holding the reachable loose objects only; the store untouched', () => {
    const reached = ids(objects());
    const unreached = [blob('A=1\n'), blob('A=2\n')];
    const store = ids(objects());
    const views = join(repo.state, 'views');
    const view = new UnreachableObjects(toolEnv(env), join(repo.state, 'cache.json'), limits, views).view(repositoryOf(repo.root)!);
    expect(view.hide).toBeUndefined();
    expect(view.paths).toEqual([]);
    const folder = objectsViewOf(views, objects());
    expect(view.binds).toEqual([[objects(), folder], [join(objects(), 'pack'), join(objects(), 'pack')], [join(objects(), 'info'), join(objects(), 'info')]]);
    expect(view.readOnly).toMatch(/read-only inside exec here: it holds 2 loose objects/);
    expect(ids(folder)).toEqual(reached);
    for (const id of reached) expect(readFileSync(join(folder, id.slice(0, 2), id.slice(2)))).toEqual(readFileSync(join(objects(), id.slice(0, 2), id.slice(2))));
    for (const id of unreached) expect(existsSync(join(folder, id.slice(0, 2), id.slice(2)))).toBe(false);
    expect(ids(objects())).toEqual(store);
  });

  it('follows the repository: a new commit is copied, a view removed is made again; kept answer reused', async () => {
    blob('A=1\n');
    blob('A=2\n');
    const views = join(repo.state, 'views');
    const cache = join(repo.state, 'cache.json');
    new UnreachableObjects(toolEnv(env), cache, limits, views).view(repositoryOf(repo.root)!);
    await writeFile(join(repo.root, 'b.txt'), 'b\n');
    git('add', 'b.txt');
    git('commit', '-qm', 'two');
    const folder = objectsViewOf(views, objects());
    // A change within the file system's timestamp tick is not kept: the first call after it may ask git again.
    new UnreachableObjects(toolEnv(env), cache, limits, views).view(repositoryOf(repo.root)!);
    expect(ids(folder)).toContain(git('rev-parse', 'HEAD'));
    expect(ids(folder)).toContain(git('rev-parse', 'HEAD:b.txt'));
    rmSync(folder, { recursive: true });
    expect(new UnreachableObjects(toolEnv(env), cache, limits, views).view(repositoryOf(repo.root)!).binds?.[0]?.[1]).toBe(folder);
    expect(ids(folder)).toContain(git('rev-parse', 'HEAD'));
  });

  it('without a view folder, past maxMasks, git is hidden as before', () => {
    blob('A=1\n');
    blob('A=2\n');
    const view = new UnreachableObjects(toolEnv(env), undefined, limits).view(repositoryOf(repo.root)!);
    expect(view.hide).toMatch(/more than the 1/);
    expect(view.binds).toBeUndefined();
  });

  // rev32: the copies are read through the read jail below the common git folder. A linked folder in the store
  // (git never makes one) refuses the view, saying why: nothing it leads to is copied or packed into the view.
  it.each([
    ['fan-out folder (objects/ab)', (): string => join(objects(), git('rev-parse', 'HEAD').slice(0, 2))],
    ['objects folder (itself)', (): string => objects()],
  ])('a linked %s: no view is made, nothing outside is copied, git is hidden saying why', (_, linked) => {
    blob('A=1\n');
    blob('A=2\n');
    const folder = linked();
    const outside = join(repo.state, 'outside');
    renameSync(folder, outside);
    symlinkSync(outside, folder);
    // The commit's object, outside now: what the view would copy.
    const head = git('rev-parse', 'HEAD');
    const views = join(repo.state, 'views');
    const view = new UnreachableObjects(toolEnv(env), undefined, limits, views).view(repositoryOf(repo.root)!);
    expect(view.binds).toBeUndefined();
    expect(view.hide).toMatch(/is a symbolic link \(git never makes one\): a read-only view of the objects would copy what it leads to/);
    expect(existsSync(join(objectsViewOf(views, objects()), head.slice(0, 2), head.slice(2)))).toBe(false);
  });

  it('a linked pack folder with an unreachable packed object: no filtered pack is made from it', () => {
    writeFileSync(join(repo.root, '.env'), 'API_KEY=s\n');
    git('add', '-f', '.env');
    git('gc', '-q');
    git('reset', '-q', '.env');
    const outside = join(repo.state, 'outside-pack');
    renameSync(join(objects(), 'pack'), outside);
    symlinkSync(outside, join(objects(), 'pack'));
    const views = join(repo.state, 'views');
    const view = new UnreachableObjects(toolEnv(env), undefined, limits, views).view(repositoryOf(repo.root)!);
    expect(view.binds).toBeUndefined();
    expect(view.hide).toMatch(/pack is a symbolic link/);
    expect(existsSync(join(objectsViewOf(views, objects()), 'pack'))).toBe(false);
  });
});
