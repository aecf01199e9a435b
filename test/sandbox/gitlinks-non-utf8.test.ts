import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { neutraliseNestedGit } from '../../src/sandbox/nested-git.js';
import { TrackedSecretCheck, repositoryOf } from '../../src/sandbox/tracked-secrets.js';
import { toolEnv } from '../helpers/tool-env.js';

// utf55 item 1: the gitlinks of an index (read directly, or by `git ls-files -z` for a split index) carried as lossy
// UTF-8 strings: a submodule checked out at `d\xfe` named nothing, so its tracked `.env` and its planted config
// were never judged.
const base = mkdtempSync(join(tmpdir(), 'cw-utf55-gitlinks-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const FE = Buffer.from('d\xfe', 'latin1');
const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: base, GIT_CONFIG_NOSYSTEM: '1' };
const git = (cwd: string, ...args: string[]): void => {
  const result = spawnSync('git', ['-c', 'user.email=a@b', '-c', 'user.name=a', '-c', 'protocol.file.allow=always', ...args], { cwd, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
};

// A workspace whose index has the gitlink `d\xfe` (its checkout a repository tracking `.env`); `split`: a split index.
function workspace(name: string, split: boolean): string {
  const ws = join(base, name);
  mkdirSync(join(ws, 'inner'), { recursive: true });
  git(ws, 'init', '-q');
  git(join(ws, 'inner'), 'init', '-q');
  writeFileSync(join(ws, 'inner', '.env'), 'TOKEN=1\n');
  git(join(ws, 'inner'), 'add', '-A');
  git(join(ws, 'inner'), 'commit', '-qm', 'i');
  renameSync(join(ws, 'inner'), Buffer.concat([Buffer.from(`${ws}/`), FE]));
  git(ws, 'add', '-A');
  git(ws, 'commit', '-qm', 'o');
  if (split) git(ws, 'update-index', '--split-index');
  return ws;
}

describe.each([false, true])('a gitlink that is not UTF-8 (split index: %s)', (split) => {
  it('counts for the tracked-secret check: git is not trusted with it', () => {
    const ws = workspace(`tracked-${split}`, split);
    const check = new TrackedSecretCheck(['**/.env'], toolEnv(env));
    const found = check.reachable(repositoryOf(ws)!, ws).flatMap((each) => each.files);
    expect(found.length).toBeGreaterThan(0);
  });
  it('its checkout is set aside to its spelling and its planted config judged', () => {
    const ws = workspace(`nested-${split}`, split);
    const configPath = Buffer.concat([Buffer.from(`${ws}/`), FE, Buffer.from('/.git/config')]);
    writeFileSync(configPath, '[core]\n\tfsmonitor = touch pwned\n', { flag: 'a' });
    const warnings = neutraliseNestedGit(ws, toolEnv(env)).join('\n');
    expect(warnings).toContain('renamed to d%FE');
    expect(warnings).toMatch(/d%FE\/\.git \(the git folder of submodule d%FE: core\.fsmonitor/);
    expect(existsSync(join(ws, 'd%FE', '.git'))).toBe(false);
  });
});

describe('a folder under .git/modules that is not UTF-8', () => {
  it('is set aside to its spelling and its planted config judged', () => {
    const ws = join(base, 'modules');
    mkdirSync(ws, { recursive: true });
    git(ws, 'init', '-q');
    const odd = Buffer.from(`${ws}/.git/modules/m\xfe`, 'latin1');
    mkdirSync(odd, { recursive: true });
    writeFileSync(Buffer.concat([odd, Buffer.from('/HEAD')]), 'ref: refs/heads/main\n');
    writeFileSync(Buffer.concat([odd, Buffer.from('/config')]), '[core]\n\tfsmonitor = touch pwned\n');
    const warnings = neutraliseNestedGit(ws, toolEnv(env)).join('\n');
    expect(warnings).toContain('renamed to .git/modules/m%FE');
    expect(warnings).toMatch(/m%FE\/config \(core\.fsmonitor/);
  });
});
