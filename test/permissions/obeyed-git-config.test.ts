// Issue 26, class 4, with the real binary: the folder core.hooksPath names and the fsmonitor script were
// read-only in the sandbox but ordinary files for the file tools (--yes planted an executable hook), and
// a workspace that is a subfolder of a repository did not know that repository's configuration. The write
// gate's predicate now takes what the git configuration names (its own repository or the enclosing one):
// a write there is safety-immune (only a person approves it, never --yes or an allow rule).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { obeyedContext } from '../../src/permissions/obeyed-context.js';
import { CLI, removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let repo: string;
let state: string;
const git = (cwd: string, ...args: string[]): void => {
  expect(spawnSync('git', args, { cwd, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: state } }).status).toBe(0);
};
const cli = (workspace: string, ...args: string[]) => runCli(['-C', workspace, '--json', '--sandbox', 'off', ...args], { env: { HOME: state, CODEWARD_STATE_DIR: state, GIT_CONFIG_NOSYSTEM: '1' } });

beforeEach(async () => {
  repo = await tempDir('codeward-obeyed-git-');
  state = await tempDir('codeward-obeyed-git-state-');
  git(repo, 'init', '-q');
  await writeFiles(repo, { 'sub/src/a.ts': 'export {};\n' });
});
afterEach(async () => {
  await removeDir(repo);
  await removeDir(state);
});

describe('what the git configuration names, for the file tools', () => {
  it('context: the hooks folder, the fsmonitor script, relative to the workspace; the enclosing repository too', () => {
    git(repo, 'config', 'core.hooksPath', 'sub/hooks');
    git(repo, 'config', 'core.fsmonitor', 'sub/tools/fsmon.sh');
    expect(obeyedContext(repo, state).gitPaths).toEqual(expect.arrayContaining(['sub/hooks', 'sub/tools/fsmon.sh', '.git']));
    expect(obeyedContext(join(repo, 'sub'), state).gitPaths).toEqual(expect.arrayContaining(['hooks', 'tools/fsmon.sh']));
  });

  it.skipIf(!existsSync(CLI))('--yes cannot write hooks/pre-commit under core.hooksPath = hooks, nor the fsmonitor script', () => {
    git(repo, 'config', 'core.hooksPath', 'hooks');
    git(repo, 'config', 'core.fsmonitor', './tools/fsmon.sh');
    for (const file of ['hooks/pre-commit', './hooks/post-checkout', 'tools/fsmon.sh']) {
      const result = cli(repo, 'write', '--file', file, '--content', '#!/bin/sh\ntouch /tmp/pwned\n');
      expect(result.json, file).toMatchObject({ ok: false, error: { code: 'C241' } });
      expect(result.json.error?.message).toMatch(/safety-immune/);
    }
    const shell = cli(repo, 'exec', '--cmd', 'mkdir -p hooks && cp sub/src/a.ts hooks/pre-commit');
    expect(shell.json).toMatchObject({ ok: false, error: { code: 'C241' } });
    expect(existsSync(join(repo, 'hooks/pre-commit'))).toBe(false);
    expect(existsSync(join(repo, 'tools/fsmon.sh'))).toBe(false);
    // An allow rule does not change it either.
    const allowed = runCli(['-C', repo, '--json', '--allow', '@coder write *', 'write', '--file', 'hooks/pre-push', '--content', 'x\n'], { env: { HOME: state, CODEWARD_STATE_DIR: state } });
    expect(allowed.json).toMatchObject({ ok: false, error: { code: 'C241' } });
  });

  it.skipIf(!existsSync(CLI))('a subfolder workspace: the enclosing repository\'s hooks folder inside it is immune; ../.git/hooks is outside the jail', async () => {
    git(repo, 'config', 'core.hooksPath', 'sub/hooks');
    const sub = join(repo, 'sub');
    await mkdir(join(sub, 'hooks'));
    const planted = cli(sub, 'write', '--file', 'hooks/pre-commit', '--content', '#!/bin/sh\ntouch /tmp/pwned\n');
    expect(planted.json).toMatchObject({ ok: false, error: { code: 'C241' } });
    expect(cli(sub, 'write', '--file', '../.git/hooks/pre-commit', '--content', 'x\n').json).toMatchObject({ ok: false, error: { code: 'C215' } });
    expect(existsSync(join(sub, 'hooks/pre-commit'))).toBe(false);
    expect(existsSync(join(repo, '.git/hooks/pre-commit'))).toBe(false);
    // An ordinary file of the subfolder is still written under --yes.
    expect(cli(sub, 'write', '--file', 'src/b.ts', '--content', 'export {};\n').json).toMatchObject({ ok: true });
  });
});
