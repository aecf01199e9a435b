// The kept listing's racy rule (workspace/kept-listing.ts): a path is stamped as changed within the racy window by
// the later of its mtime and ctime. A process can set a folder's mtime back after adding a file (utimes, `touch -d`),
// never its ctime: judged by mtime alone, such a folder was kept although it may change again in the same tick.
import { mkdir, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isRacy, pushStamp, RACY_MS } from '../../src/workspace/kept-listing.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

let root: string;
beforeEach(async () => {
  root = await tempDir('codeward-racy-');
});
afterEach(async () => {
  await removeDir(root);
});

describe('kept listing: the racy window', () => {
  it.each<[string, number, number, boolean]>([
    ['both old', -60_000, -60_000, false],
    ['mtime new', -10, -60_000, true],
    ['ctime new, mtime set back', -60_000, -10, true],
    ['ctime just past the window', -60_000, -RACY_MS, false],
    ['times after the clock (changed after a walk began)', 500, 500, true],
  ])('%s', (_, mtime, ctime, racy) => {
    const now = 1_000_000_000;
    expect(isRacy(now + mtime, now + ctime, now)).toBe(racy);
  });

  it('a folder given a file, its mtime set back with utimes, is stamped as changed just now', async () => {
    const folder = join(root, 'd');
    await mkdir(folder);
    await writeFile(join(folder, 'added.ts'), 'x\n');
    const past = new Date(Date.now() - 60_000);
    await utimes(folder, past, past);
    for (const bigint of [false, true]) {
      const numbers: number[] = [];
      pushStamp(numbers, await stat(folder, { bigint }), Date.now());
      expect(numbers[3]).toBe(-1);
    }
  });
});
