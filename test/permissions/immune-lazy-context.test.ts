// Issue 31 (cold exec): the shell line's immune check built the write gate's obeyed context (a walk of the
// workspace, every repository it holds and their linked worktrees, the hook walk) before looking at the
// line, so `exec --cmd true` paid for it (~90 ms of a cold call in a repository with 33 worktrees). Only a
// written path is judged against that context: it is built when the first one is, once per line, and a
// line an unknown program starts from its words shares the outer line's.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { immuneShell } from '../../src/permissions/decide-path-loaded.js';
import { isReadOnlyName } from '../../src/permissions/readonly.js';
import { ShellParser } from '../../src/shell/parse.js';
import { FolderListings } from '../../src/workspace/listings.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

// A cache owner that counts what is asked of it: the obeyed context's walk and its kept entries go through it.
class CountedListings extends FolderListings {
  asked = 0;
  override of(...args: Parameters<FolderListings['of']>): ReturnType<FolderListings['of']> {
    this.asked++;
    return super.of(...args);
  }
  override known(path: string): ReturnType<FolderListings['known']> {
    this.asked++;
    return super.known(path);
  }
  override recall<T>(key: string): T | undefined {
    this.asked++;
    return super.recall<T>(key);
  }
}

let root: string;
const parser = new ShellParser();
beforeAll(async () => {
  root = await tempDir('codeward-immune-lazy-');
  await writeFiles(root, { 'tools/hk/.keep': '', 'src/a.ts': 'export {};\n' });
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: root };
  expect(spawnSync('git', ['init', '-q'], { cwd: root, env }).status).toBe(0);
  // Only the repository's configuration makes tools/hk obeyed (no catalogue entry names it).
  expect(spawnSync('git', ['config', 'core.hooksPath', 'tools/hk'], { cwd: root, env }).status).toBe(0);
});
afterAll(async () => {
  await removeDir(root);
});

async function judge(line: string): Promise<{ immune: string | undefined; asked: number }> {
  const listings = new CountedListings();
  const found = immuneShell(await parser.parseShell(line), isReadOnlyName, { root, runDir: root, listings });
  return { immune: found?.name, asked: listings.asked };
}

describe('the obeyed context is built only when a written path is judged', () => {
  it.each(['true', 'echo hi', 'cat src/a.ts', 'ls -la tools/hk', 'grep -r x src'])('%s: not built', async (line) => {
    expect(await judge(line)).toEqual({ immune: undefined, asked: 0 });
  });

  it.each(['echo x > tools/hk/pre-commit', 'touch tools/hk/pre-commit', 'cp src/a.ts tools/hk/post-checkout'])('%s: built, and the write asks', async (line) => {
    const { immune, asked } = await judge(line);
    expect(immune).toBe('obeyed-later');
    expect(asked).toBeGreaterThan(0);
  });

  it('a line started from an unknown program\'s words is judged with the outer line\'s context', async () => {
    expect((await judge('ifne touch tools/hk/pre-commit')).immune).toBe('obeyed-later');
    expect((await judge('setarch x86_64 sh -c "echo x > tools/hk/pre-push"')).immune).toBe('obeyed-later');
  });

  it('an ordinary write is not immune', async () => {
    expect((await judge('touch src/b.ts')).immune).toBeUndefined();
  });
});
