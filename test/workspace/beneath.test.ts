// The handle walk every file act goes through (src/workspace/beneath.ts), from the attacker's side.
import { existsSync, lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Beneath, HANDLES_AVAILABLE } from '../../src/workspace/beneath.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

let base: string;
let root: string;
let outside: string;
let jail: Beneath;

beforeEach(async () => {
  base = await tempDir('codeward-beneath-');
  root = join(base, 'ws');
  outside = join(base, 'outside');
  await mkdir(join(root, 'a', 'b'), { recursive: true });
  await mkdir(outside);
  await writeFile(join(root, 'a', 'b', 'f.txt'), 'inside\n');
  await writeFile(join(outside, 'f.txt'), 'outside\n');
  await symlink(outside, join(root, 'a', 'link'));
  await symlink(join(outside, 'f.txt'), join(root, 'a', 'leaf'));
  jail = new Beneath(root);
});
afterEach(async () => {
  await removeDir(base);
});

describe('Beneath', () => {
  it('uses descriptor anchors on Linux x86-64/arm64', () => {
    if (process.platform === 'linux' && (process.arch === 'x64' || process.arch === 'arm64')) expect(HANDLES_AVAILABLE).toBe(true);
  });

  it('acts through the parent folder of a symlink-free path', async () => {
    expect(await jail.at(join(root, 'a', 'b', 'f.txt'), (at) => readFileSync(at, 'utf8'))).toBe('inside\n');
  });

  it('refuses a symlink anywhere on the way (C215), even one pointing inside', async () => {
    await symlink(join(root, 'a', 'b'), join(root, 'inner'));
    await expect(jail.at(join(root, 'a', 'link', 'f.txt'), (at) => readFileSync(at, 'utf8'))).rejects.toMatchObject({ code: 'C215' });
    await expect(jail.at(join(root, 'inner', 'f.txt'), (at) => readFileSync(at, 'utf8'))).rejects.toMatchObject({ code: 'C215' });
    expect(() => jail.openDir(join(root, 'a', 'link'))).toThrow(expect.objectContaining({ code: 'C215' }));
  });

  it('hands the leaf to the act unfollowed: unlink removes a link itself, never its target', async () => {
    await jail.at(join(root, 'a', 'leaf'), (at) => {
      expect(lstatSync(at).isSymbolicLink()).toBe(true);
    });
  });

  it('refuses paths outside the root, unnormalised paths and the root as a leaf', async () => {
    await expect(jail.at(join(outside, 'f.txt'), () => 1)).rejects.toMatchObject({ code: 'C215' });
    await expect(jail.at(`${root}/a/../../outside/f.txt`, () => 1)).rejects.toMatchObject({ code: 'C215' });
    await expect(jail.at(`${root}x/f.txt`, () => 1)).rejects.toMatchObject({ code: 'C215' });
    await expect(jail.at(root, () => 1)).rejects.toMatchObject({ code: 'C210' });
    expect(jail.contains(join(root, 'a'))).toBe(true);
    expect(jail.contains(`${root}/a/../b`)).toBe(false);
  });

  it('creates missing folders one at a time, never through a link', async () => {
    const created: string[] = [];
    await jail.at(join(root, 'n1', 'n2', 'f.txt'), (at) => writeFileSync(at, 'x'), { mkdirs: true, created });
    expect(created).toEqual([join(root, 'n1'), join(root, 'n1', 'n2')]);
    expect(readFileSync(join(root, 'n1', 'n2', 'f.txt'), 'utf8')).toBe('x');
    await expect(jail.at(join(root, 'a', 'link', 'new', 'f.txt'), (at) => writeFileSync(at, 'x'), { mkdirs: true })).rejects.toMatchObject({ code: 'C215' });
    expect(existsSync(join(outside, 'new'))).toBe(false);
  });

  it('names the real path, not the descriptor, in errors', async () => {
    const error = await jail.at(join(root, 'a', 'b', 'missing.txt'), (at) => readFileSync(at)).catch((caught: Error) => caught);
    expect(String((error as Error).message)).toContain(join(root, 'a', 'b', 'missing.txt'));
    expect(String((error as Error).message)).not.toContain('/proc/');
  });

  it('walks deep paths (200 folders) and closes every descriptor it opened', async () => {
    const deep = join(root, ...Array.from({ length: 200 }, () => 'd'));
    const fds = (): number => (existsSync('/proc/self/fd') ? readdirSync('/proc/self/fd').length : 0);
    const before = fds();
    await jail.at(join(deep, 'f.txt'), (at) => writeFileSync(at, 'deep'), { mkdirs: true });
    expect(await jail.at(join(deep, 'f.txt'), (at) => readFileSync(at, 'utf8'))).toBe('deep');
    await expect(jail.at(join(root, 'a', 'link', 'x', 'y'), () => 1)).rejects.toMatchObject({ code: 'C215' });
    expect(fds()).toBe(before);
  });

  it('openChild never opens a link, and lstat of a missing path is undefined', () => {
    const dir = jail.openDir(join(root, 'a'));
    try {
      expect(jail.openChild(dir, 'link')).toBeUndefined();
      const child = jail.openChild(dir, 'b');
      expect(child?.real).toBe(join(root, 'a', 'b'));
      child?.close();
    } finally {
      dir.close();
    }
    expect(jail.lstat(join(root, 'nope', 'x'))).toBeUndefined();
  });
});
