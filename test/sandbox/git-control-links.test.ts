// `.git/worktrees` or `.git/modules` planted as a link to a folder outside the workspace (a repository
// shipped as an archive with its `.git`, or left by a run under --sandbox off). The sandbox's view builders
// listed through it: repo-configs.ts read the outside `config` files to bind filtered copies over them (the
// sandbox saw an outside file the default-deny view hides; bwrap failed making the mount point, so every
// exec failed), and the nested-git scan listed the outside folder after each run. Now neither lists
// through a link; the outside files are neither shown nor touched.
import { spawnSync } from 'node:child_process';
import { mkdir, readdir, readFile, realpath, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir } from '../helpers/fixture.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
let base: string;

beforeAll(async () => {
  base = await realpath(await tempDir('git-control-links-'));
});
afterAll(async () => {
  await removeDir(base);
});

async function planted(name: 'worktrees' | 'modules'): Promise<{ ws: string; out: string }> {
  const ws = join(base, `ws-${name}`);
  const out = join(base, `out-${name}`);
  await mkdir(join(out, 'wt'), { recursive: true });
  await writeFile(join(out, 'wt', 'config'), '[user]\n\tname = outside-only-text\n[remote "o"]\n\turl = https://u:ghp_outsideToken123456@example.invalid/x\n');
  await writeFile(join(out, 'wt', 'HEAD'), 'ref: refs/heads/master\n');
  await mkdir(ws);
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1' };
  for (const args of [['init', '-q'], ['-c', 'user.name=t', '-c', 'user.email=t@e', 'commit', '-q', '--allow-empty', '-m', 'i']]) {
    expect(spawnSync('git', args, { cwd: ws, env }).status).toBe(0);
  }
  await symlink(out, join(ws, '.git', name));
  return { ws, out };
}

describe.skipIf(!bwrapWorks)('a `.git/worktrees` or `.git/modules` link to a folder outside', () => {
  it.each(['worktrees', 'modules'] as const)('.git/%s -> outside: exec runs, the outside config is not shown, the outside folder is untouched', async (name) => {
    const { ws, out } = await planted(name);
    const before = (await readdir(join(out, 'wt'))).sort();
    const result = runCli(['--json', 'exec', '--cmd', `cat .git/${name}/wt/config; echo done`], { cwd: ws });
    expect(result.stdout + result.stderr).not.toContain('outside-only-text');
    expect(result.json.ok, result.stdout + result.stderr).toBe(true);
    expect((await readdir(join(out, 'wt'))).sort()).toEqual(before);
    expect(await readFile(join(out, 'wt', 'config'), 'utf8')).toContain('outside-only-text');
  });
});
