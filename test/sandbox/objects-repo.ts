// The in-process harness of unreachable-objects.ts and objects-view.ts (real git, no sandbox; rev32 folded the
// copies of unreachable-objects-check.test.ts and objects-view.test.ts): a fresh repository with one commit of
// a.txt and a state folder beside it, per test.
import { spawnSync } from 'node:child_process';
import { mkdtemp, realpath, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import { removeDir } from '../helpers/fixture.js';

// What git and the checks run with (no user or system configuration).
export const env = { PATH: process.env['PATH'] ?? '', HOME: '/nonexistent' };

export interface ObjectsRepo {
  readonly root: string;
  readonly state: string;
  git(...args: string[]): string;
}

export function useObjectsRepo(prefix: string): ObjectsRepo {
  const at = { root: '', state: '' };
  const git = (...args: string[]): string => {
    const result = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd: at.root, encoding: 'utf8', env: { ...env, GIT_CONFIG_NOSYSTEM: '1' } });
    expect(result.status, result.stderr).toBe(0);
    return result.stdout.trim();
  };
  beforeEach(async () => {
    at.root = await realpath(await mkdtemp(join(tmpdir(), `${prefix}-`)));
    at.state = await realpath(await mkdtemp(join(tmpdir(), `${prefix}-state-`)));
    await writeFile(join(at.root, 'a.txt'), 'a\n');
    git('init', '-q');
    git('add', 'a.txt');
    git('commit', '-qm', 'one');
  });
  afterEach(async () => {
    await removeDir(at.root);
    await removeDir(at.state);
  });
  return {
    get root() {
      return at.root;
    },
    get state() {
      return at.state;
    },
    git,
  };
}
