// unreachable-objects.ts on its own (real git, no sandbox): the unreachable loose objects moved into the
// quarantine (unreachable-quarantine.ts) that git outside still reads and the view hides whole, failing closed
// (a git that times out or fails, an object folder that is a link: the git folders are hidden, never nothing),
// the kept answer (read without git while the repository is unchanged), and a moved object staying out once a
// ref names it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rename, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir } from '../helpers/fixture.js';
import { repositoryOf } from '../../src/sandbox/tracked-secrets.js';
import { UnreachableObjects } from '../../src/sandbox/unreachable-objects.js';

let root: string;
let state: string;
const env = { PATH: process.env['PATH'] ?? '', HOME: '/nonexistent' };

function git(...args: string[]): string {
  const result = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd: root, encoding: 'utf8', env: { ...env, GIT_CONFIG_NOSYSTEM: '1' } });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.trim();
}

// A blob staged once and unstaged (its id).
async function dangle(text: string): Promise<string> {
  await writeFile(join(root, '.env'), text);
  git('add', '-f', '.env');
  const id = git('rev-parse', ':.env');
  git('rm', '-q', '--cached', '.env');
  return id;
}

const objectPath = (id: string): string => join(root, '.git', 'objects', id.slice(0, 2), id.slice(2));
const quarantined = (id: string): string => join(root, '.git', 'codeward-unreachable', 'objects', id.slice(0, 2), id.slice(2));
const QUARANTINE = { path: '', kind: 'dir' } as const;
const repository = () => repositoryOf(root)!;

// An environment whose first `git` on PATH runs `body` instead (findOnPath falls back to /usr/bin only after PATH).
async function fakeGit(body: string): Promise<Record<string, string>> {
  const bin = join(state, `bin-${Math.random().toString(36).slice(2)}`);
  await mkdir(bin);
  await writeFile(join(bin, 'git'), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return { ...env, PATH: `${bin}:${env.PATH}` };
}

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'codeward-unreach-')));
  state = await realpath(await mkdtemp(join(tmpdir(), 'codeward-unreach-state-')));
  await writeFile(join(root, 'a.txt'), 'a\n');
  git('init', '-q');
  git('add', 'a.txt');
  git('commit', '-qm', 'one');
});

afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

describe('UnreachableObjects', () => {
  it('a clean repository: nothing hidden, nothing made', () => {
    expect(new UnreachableObjects(env).view(repository())).toEqual({ paths: [] });
    expect(existsSync(join(root, '.git', 'codeward-unreachable'))).toBe(false);
  });

  it('each dangling loose blob is moved into the quarantine, hidden as one folder; git outside still reads it', async () => {
    const one = await dangle('A=1\n');
    const two = await dangle('A=2\n');
    const view = new UnreachableObjects(env).view(repository());
    expect(view).toEqual({ paths: [{ ...QUARANTINE, path: join(root, '.git', 'codeward-unreachable') }] });
    for (const id of [one, two]) {
      expect(existsSync(objectPath(id))).toBe(false);
      expect(existsSync(quarantined(id))).toBe(true);
    }
    expect(await readFile(join(root, '.git', 'objects', 'info', 'alternates'), 'utf8')).toBe('../codeward-unreachable/objects\n');
    expect(git('cat-file', '-p', one)).toBe('A=1');
    expect(git('fsck', '--no-progress', '--dangling')).toContain(`dangling blob ${two}`);
  });

  it('more than 512 dangling loose objects: still one folder, git not hidden', async () => {
    const ids: string[] = [];
    // 600 blobs written loose in one git call (hash-object -w --stdin-paths).
    for (let n = 0; n < 600; n++) await writeFile(join(state, `b${n}`), `SECRET=${n}\n`);
    const listed = spawnSync('git', ['hash-object', '-w', '--stdin-paths'], { cwd: root, input: Array.from({ length: 600 }, (_, n) => join(state, `b${n}`)).join('\n'), encoding: 'utf8', env: { ...env, GIT_CONFIG_NOSYSTEM: '1' } });
    ids.push(...listed.stdout.trim().split('\n'));
    expect(ids).toHaveLength(600);
    const view = new UnreachableObjects(env).view(repository());
    expect(view).toEqual({ paths: [{ ...QUARANTINE, path: join(root, '.git', 'codeward-unreachable') }] });
    expect(ids.filter((id) => existsSync(objectPath(id)))).toEqual([]);
    expect(git('cat-file', '-p', ids[599]!)).toBe('SECRET=599');
  });

  it('an existing alternates file keeps its lines (ours is added once)', async () => {
    const other = join(state, 'other-objects');
    await mkdir(other);
    await mkdir(join(root, '.git', 'objects', 'info'), { recursive: true });
    await writeFile(join(root, '.git', 'objects', 'info', 'alternates'), `${other}`);
    await dangle('A=1\n');
    new UnreachableObjects(env).view(repository());
    await dangle('A=2\n');
    new UnreachableObjects(env).view(repository());
    expect(await readFile(join(root, '.git', 'objects', 'info', 'alternates'), 'utf8')).toBe(`${other}\n../codeward-unreachable/objects\n`);
  });

  it('git timing out or failing hides the git folders (and is not kept)', async () => {
    await dangle('A=1\n');
    const file = join(state, 'kept.json');
    expect(new UnreachableObjects(await fakeGit('sleep 5'), file, { timeoutMs: 300 }).view(repository()).hide).toMatch(/could not list/);
    expect(new UnreachableObjects(await fakeGit('exit 1'), file).view(repository()).hide).toMatch(/could not list/);
    expect(new UnreachableObjects(env, file).view(repository()).hide).toBeUndefined();
  });

  it('the answer is kept while the repository is unchanged (read without git), and redone when it changes', async () => {
    const one = await dangle('A=1\n');
    const file = join(state, 'kept.json');
    // The first answer moves the object (the object folders change: not kept); the second one is kept once past
    // the file system's timestamp tick (a change within it could go unseen).
    new UnreachableObjects(env, file).view(repository());
    expect(existsSync(quarantined(one))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const hidden = { paths: [{ ...QUARANTINE, path: join(root, '.git', 'codeward-unreachable') }] };
    expect(new UnreachableObjects(env, file).view(repository())).toEqual(hidden);
    const noGit = await fakeGit('exit 1');
    expect(new UnreachableObjects(noGit, file).view(repository())).toEqual(hidden);
    await dangle('A=2\n');
    expect(new UnreachableObjects(noGit, file).view(repository()).hide).toMatch(/could not list/);
  });

  it('an object moved out stays out once a ref or the index names it', async () => {
    const one = await dangle('A=1\n');
    const file = join(state, 'kept.json');
    new UnreachableObjects(env, file).view(repository());
    git('update-index', '--add', '--cacheinfo', `100644,${one},b.txt`);
    git('commit', '-qm', 'two');
    expect(new UnreachableObjects(env, file).view(repository()).hide).toBeUndefined();
    expect(existsSync(objectPath(one))).toBe(false);
    expect(existsSync(quarantined(one))).toBe(true);
  });

  it('a pack holding an unreachable blob: its reachable objects repacked, the pack moved aside; a multi-pack index hides git', async () => {
    await writeFile(join(root, '.env'), 'A=1\n');
    git('add', '-f', '.env');
    const blob = git('rev-parse', ':.env');
    git('gc', '-q');
    git('reset', '-q', '.env');
    expect(new UnreachableObjects(env).view(repository())).toEqual({ paths: [{ ...QUARANTINE, path: join(root, '.git', 'codeward-unreachable') }] });
    expect(spawnSync('sh', ['-c', 'ls .git/codeward-unreachable/objects/pack/*.idx .git/objects/pack/*.idx'], { cwd: root }).stdout.toString().split('\n').filter(Boolean)).toHaveLength(2);
    expect(git('cat-file', '-p', blob)).toBe('A=1');
    expect(git('cat-file', '-p', 'HEAD:a.txt')).toBe('a');
    // Kept across runs: the moved pack is known (not "an object outside the repository's own packs").
    expect(new UnreachableObjects(env).view(repository()).hide).toBeUndefined();
    await writeFile(join(root, '.env'), 'A=2\n');
    git('add', '-f', '.env');
    git('repack', '-q', '-d');
    git('reset', '-q', '.env');
    git('multi-pack-index', 'write');
    expect(new UnreachableObjects(env).view(repository()).hide).toMatch(/multi-pack index/);
  });

  it('a lost-found folder (git fsck --lost-found) is hidden', async () => {
    await dangle('A=1\n');
    git('fsck', '--lost-found');
    const view = new UnreachableObjects(env).view(repository());
    expect(view.paths).toContainEqual({ path: join(root, '.git', 'lost-found'), kind: 'dir' });
  });

  // Review (git30): the object folders are listed through the jail's handles, never through a link.
  it('a .git/objects that is a symbolic link leading outside: refused (git hidden), nothing moved there', async () => {
    const one = await dangle('A=1\n');
    const outside = join(state, 'objects-elsewhere');
    await rename(join(root, '.git', 'objects'), outside);
    await symlink(outside, join(root, '.git', 'objects'));
    expect(git('cat-file', '-p', one)).toBe('A=1');
    const view = new UnreachableObjects(env).view(repository());
    expect(view.hide).toMatch(/symbolic link/);
    expect(existsSync(join(outside, one.slice(0, 2), one.slice(2)))).toBe(true);
  });

  it('a planted codeward-unreachable link is refused (git hidden), nothing moved through it', async () => {
    const one = await dangle('A=1\n');
    const outside = join(state, 'public');
    await mkdir(outside);
    await symlink(outside, join(root, '.git', 'codeward-unreachable'));
    const view = new UnreachableObjects(env).view(repository());
    expect(view.hide).toBeDefined();
    expect(existsSync(objectPath(one))).toBe(true);
    expect(spawnSync('find', [outside, '-type', 'f']).stdout.toString()).toBe('');
  });
});
