import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

// A nested clone tracks .env; the workspace's own repository tracks no secret. With --sandbox off the
// gate is all that stands between `git log -p` in that clone and the secret. The tracked-secret check
// took only a plain `cd DIR` (first word) and the workspace root: `cd -P sub`, `cd -- sub`,
// `cd "$PWD/sub"`, `cd s*`, a loop variable, `cd ~+/sub` and `exec --dir sub` all printed K=nested.

let ws: string;
let home: string;

const git = (cwd: string, ...args: string[]): void => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('GIT_')));
  expect(spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd, env: { ...env, GIT_CONFIG_NOSYSTEM: '1' } }).status).toBe(0);
};

beforeAll(async () => {
  ws = await tempDir('codeward-gitfolders-');
  home = await tempDir('codeward-gitfolders-home-');
  await writeFiles(ws, { 'a.txt': 'a\n', 'sub/.env': 'K=nested\n', 'sub/x.txt': 'x\n' });
  git(ws, 'init', '-q');
  git(ws, 'add', 'a.txt');
  git(ws, 'commit', '-qm', 'root');
  git(`${ws}/sub`, 'init', '-q');
  git(`${ws}/sub`, 'add', '-A');
  git(`${ws}/sub`, 'commit', '-qm', 'nested');
});

afterAll(async () => {
  await removeDir(ws);
  await removeDir(home);
});

const exec = (line: string, ...more: string[]): ReturnType<typeof runCli> => runCli(['-C', ws, '--sandbox', 'off', 'exec', ...more, '--cmd', line], { env: { HOME: home, CODEWARD_STATE_DIR: `${home}/state` }, yes: false });

describe('git commands that print stored content, in a folder the line moves to', () => {
  it.each([
    'cd sub && git log -p',
    'cd -P sub && git log -p',
    'cd -- sub && git log -p',
    'cd "$PWD/sub" && git log -p',
    'cd s* && git log -p',
    'cd $(echo sub) && git log -p',
    'for d in sub; do cd $d; git log -p; done',
    'cd ~+/sub && git log -p',
  ])('%s asks and prints nothing', (line) => {
    const result = exec(line);
    expect(result.stderr).toContain('C241');
    expect(result.stdout).not.toContain('K=nested');
  });

  it('exec --dir into the clone asks too; --dir itself works (it failed with an internal C216)', () => {
    const refused = exec('git log -p', '--dir', 'sub');
    expect(refused.stderr).toContain('C241');
    expect(refused.stdout).not.toContain('K=nested');
    const listed = exec('ls', '--dir', 'sub');
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('x.txt');
  });

  it('what prints no content, or a repository without a secret, still runs unasked', () => {
    expect(exec('git log -p').status).toBe(0);
    expect(exec('cd sub && git status').status).toBe(0);
    // A folder change the gate cannot follow asks even for status: the repository's config there is
    // unknown (git-config-folders.test.ts).
    expect(exec('cd "$PWD" && git status').stderr).toContain('C241');
    expect(exec('git log --oneline', '--dir', 'sub').status).toBe(0);
  });
});
