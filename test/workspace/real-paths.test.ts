// realPaths (src/workspace/realpath.ts): the one-question realpath memo the write gate's context and its kept
// answers' stamps use for thousands of package files. It must answer exactly as realpath(3) does, for every
// shape a planted tree can take: links on the way and at the end, dangling and looping links, a file used as a
// folder, unnormalised and relative spellings.
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realPaths } from '../../src/workspace/realpath.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

let base = '';
beforeAll(async () => {
  base = realpathSync(await tempDir('cw-real-paths-'));
  mkdirSync(join(base, 'a/b/c'), { recursive: true });
  mkdirSync(join(base, 'other/d'), { recursive: true });
  writeFileSync(join(base, 'a/b/f.txt'), '');
  writeFileSync(join(base, 'other/d/g.txt'), '');
  symlinkSync(join(base, 'other'), join(base, 'a/link'));
  symlinkSync('../other/d/g.txt', join(base, 'a/leaf'));
  symlinkSync(join(base, 'nowhere'), join(base, 'a/dangling'));
  symlinkSync('loop', join(base, 'a/loop'));
  symlinkSync('b', join(base, 'a/rel'));
});
afterAll(async () => removeDir(base));

const native = (path: string): string | undefined => {
  try {
    return realpathSync.native(path);
  } catch {
    return undefined;
  }
};

describe('realPaths answers as realpath(3)', () => {
  const paths = (): string[] => [
    base, '/', join(base, 'a/b/c'), join(base, 'a/b/f.txt'), join(base, 'a/link/d/g.txt'), join(base, 'a/link'), join(base, 'a/leaf'),
    join(base, 'a/dangling'), join(base, 'a/loop'), join(base, 'a/loop/x'), join(base, 'a/rel/c'), join(base, 'a/b/f.txt/x'),
    join(base, 'a/missing/x'), `${base}/a/../a/b`, `${base}/a/b/`, `${base}//a/b`, 'a/b', join(base, 'a/link/d/../d/g.txt'),
  ];
  it('for each shape, asked in any order, twice', () => {
    const realOf = realPaths();
    for (const path of [...paths(), ...paths().reverse()]) expect(realOf(path), path).toBe(native(path));
  });
});
