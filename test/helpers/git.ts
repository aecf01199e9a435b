import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';

// Runs git in `cwd` with a fixed identity and no system config; expects success and gives its stdout.
export const git = (cwd: string, ...args: string[]): string => {
  const result = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
};
