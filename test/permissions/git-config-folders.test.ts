import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

// A nested clone whose .git/config names a program (core.fsmonitor) that `git status` runs. With --sandbox
// off the gate is all that stands between an unasked read-only `git status` there and that program. The
// config check looked only at a plain `cd DIR` and the workspace root: `cd -P sub`, `cd -- sub` and
// `exec --dir sub` ran it (the program touched PWNED).

let ws: string;
let home: string;

const git = (cwd: string, ...args: string[]): void => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('GIT_')));
  expect(spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd, env: { ...env, GIT_CONFIG_NOSYSTEM: '1' } }).status).toBe(0);
};

beforeAll(async () => {
  ws = await tempDir('codeward-gitconfig-folders-');
  home = await tempDir('codeward-gitconfig-folders-home-');
  await writeFiles(ws, { 'a.txt': 'a\n', 'sub/x.txt': 'x\n' });
  git(ws, 'init', '-q');
  git(`${ws}/sub`, 'init', '-q');
  git(`${ws}/sub`, 'config', 'core.fsmonitor', `touch ${join(ws, 'PWNED')}; false`);
});

afterAll(async () => {
  await removeDir(ws);
  await removeDir(home);
});

const exec = (line: string, ...more: string[]): ReturnType<typeof runCli> => runCli(['-C', ws, '--sandbox', 'off', 'exec', ...more, '--cmd', line], { env: { HOME: home, CODEWARD_STATE_DIR: `${home}/state` }, yes: false });

describe('git status in a folder the line moves to, whose repository config names a program', () => {
  it.each(['cd sub && git status', 'cd -P sub && git status', 'cd -- sub && git status', 'cd "$D" && git status', 'pushd sub && git status'])('%s asks and runs nothing', (line) => {
    const result = exec(line);
    expect(result.stderr).toContain('C241');
    expect(existsSync(join(ws, 'PWNED'))).toBe(false);
  });

  it('exec --dir into the clone asks too; git status in the workspace itself still runs unasked', () => {
    const refused = exec('git status', '--dir', 'sub');
    expect(refused.stderr).toContain('C241');
    expect(refused.stderr).toContain('core.fsmonitor');
    expect(existsSync(join(ws, 'PWNED'))).toBe(false);
    const own = exec('git status');
    expect(own.status, own.stderr).toBe(0);
  });
});
