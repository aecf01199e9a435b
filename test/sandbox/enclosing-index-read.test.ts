// reach19 (issue 26, jail2 left 2): the copy of the enclosing repository's index (a subfolder workspace's view,
// enclosing-git.ts) was made with copyFileSync after an lstat: an index swapped for a FIFO in between (here by
// the `git ls-files` the copy waits for, a stand-in for any process of the repository's owner racing it)
// blocked the call for good. The index is now read through its git folder's jail: regular file, no link,
// non-blocking, bounded. Real git repositories; the `git` on PATH is a wrapper that swaps the index at ls-files.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enclosingGit } from '../../src/sandbox/enclosing-git.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { toolEnv } from '../helpers/tool-env.js';

const IDENTITY = { GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@b', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@b' };
const realGit = spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim();

let base: string;
beforeAll(async () => {
  base = await tempDir('cw-enclosing-index-');
});
afterAll(async () => removeDir(base));

// A repository with pkg/ and other/ committed, and a `git` wrapper that runs `swap` (sh) after ls-files.
async function place(name: string, swap: string): Promise<{ top: string; env: Record<string, string>; state: string }> {
  const top = join(base, name);
  const bin = join(base, `${name}-bin`);
  await writeFiles(top, { 'pkg/a.txt': 'a\n', 'other/b.txt': 'b\n' });
  for (const args of [['init', '-q'], ['add', '.'], ['commit', '-qm', 'first']]) spawnSync('git', ['-C', top, ...args], { env: { ...process.env, ...IDENTITY } });
  // The swap comes after git's own listing (git would block on the FIFO itself), before the copy is made.
  await writeFiles(bin, { git: `#!/bin/sh\ncase " $* " in *" ls-files "*) ${realGit} "$@"; status=$?; ${swap}; exit $status ;; esac\nexec ${realGit} "$@"\n` });
  chmodSync(join(bin, 'git'), 0o755);
  return { top, env: { PATH: `${bin}:${process.env['PATH'] ?? ''}`, HOME: join(base, 'home'), GIT_CONFIG_NOSYSTEM: '1' }, state: join(base, `${name}-state`) };
}

describe.skipIf(realGit === '')('the enclosing repository\'s index is read through the jail', () => {
  it('an index swapped for a FIFO while git lists the files: no copy, the call returns (the old copy blocked)', async () => {
    const { top, env, state } = await place('fifo', `rm -f "${'$'}SWAP_AT/index" && mkfifo "${'$'}SWAP_AT/index"`);
    const view = enclosingGit(join(top, 'pkg'), state, env['HOME'], toolEnv({ ...env, SWAP_AT: join(top, '.git') }));
    // No copy made: the FIFO is not an index (and the view refuses a repository whose index it cannot copy).
    expect(view).toBeUndefined();
    expect(spawnSync('test', ['-p', join(top, '.git/index')]).status).toBe(0);
  });

  it('an index swapped for a link to another file: not read through it', async () => {
    const { top, env, state } = await place('link', `cp "${'$'}SWAP_AT/index" "${'$'}SWAP_AT/../elsewhere" && rm "${'$'}SWAP_AT/index" && ln -s ../elsewhere "${'$'}SWAP_AT/index"`);
    expect(enclosingGit(join(top, 'pkg'), state, env['HOME'], toolEnv({ ...env, SWAP_AT: join(top, '.git') }))).toBeUndefined();
  });

  it('control: a plain index is copied, its other folders marked skip-worktree', async () => {
    const { top, env, state } = await place('plain', 'true');
    const view = enclosingGit(join(top, 'pkg'), state, env['HOME'], toolEnv(env));
    expect(view?.index?.[0]).toBe(join(top, '.git/index'));
    const copy = view!.index![1];
    expect(existsSync(copy)).toBe(true);
    const listed = spawnSync(realGit, ['-C', top, 'ls-files', '-v'], { env: { ...process.env, GIT_INDEX_FILE: copy }, encoding: 'utf8' }).stdout;
    expect(listed).toContain('S other/b.txt');
    expect(listed).toContain('H pkg/a.txt');
    expect(readFileSync(join(top, '.git/index')).length).toBeGreaterThan(0);
  });
});
