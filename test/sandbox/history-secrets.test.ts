// Red team round 6, R6-11: a secret file that is tracked no more but is in git's HISTORY (a .env committed
// once, then `git rm --cached` and ignored) was printed by allow-listed "read-only" git lines, unasked:
// the tracked-secret check looked at the index only. Now every path the history reachable from a ref,
// the stash or a reflog holds counts (read incrementally, by the refs' identity). Real binary.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

const IDENTITY = { GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@b', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@b' };
let root: string;
let home: string;
const git = (...args: string[]): void => void spawnSync('git', ['-C', root, ...args], { env: { ...process.env, ...IDENTITY } });

beforeAll(async () => {
  root = await tempDir('codeward-history-secret-');
  home = await tempDir('codeward-history-secret-home-');
  await writeFiles(root, { '.env': 'OLD_SECRET=committed-long-ago\n', 'a.txt': 'a\n' });
  git('init', '-q', '-b', 'main');
  git('add', '-f', '.env', 'a.txt');
  git('commit', '-qm', 'one');
  git('rm', '-q', '--cached', '.env');
  writeFileSync(join(root, '.gitignore'), '.env\n');
  git('add', '.gitignore');
  git('commit', '-qm', 'remove secret');
  writeFileSync(join(root, '.env'), 'NEW_SECRET=current\n');
});

afterAll(async () => {
  await removeDir(root);
  await removeDir(home);
});

describe('a secret in git history is not printed by a read-only git line (R6-11)', () => {
  const env = (): Record<string, string> => ({ HOME: home, CODEWARD_STATE_DIR: join(home, 'state'), ...IDENTITY });
  for (const line of ['git log -p --all', 'git show HEAD~1', 'git diff HEAD~1 HEAD', 'git grep SECRET HEAD~1']) {
    it(`${line}: asks (C241 with nobody to ask), nothing printed`, () => {
      const run = runCli(['--json', '-C', root, 'exec', '--cmd', line], { cwd: root, env: env(), yes: false });
      expect(run.stdout + run.stderr).not.toContain('committed-long-ago');
      expect(run.json.error?.code, run.stdout + run.stderr).toBe('C241');
    }, 60_000);
  }
  it('git status is not asked; inside the sandbox git\'s folder is hidden as for a tracked secret, and the warning says why', () => {
    const run = runCli(['--json', '-C', root, 'exec', '--cmd', 'git status --short'], { cwd: root, env: env(), yes: false });
    expect(run.json.error?.code, run.stdout + run.stderr).not.toBe('C241');
    expect(run.stdout + run.stderr).not.toContain('committed-long-ago');
    if (!run.json.ok) expect(run.json.warnings?.join('\n')).toMatch(/`\.env`, a non-accessible file/);
  }, 60_000);
  it('a later commit is read incrementally: a secret committed and removed after the first check counts too', () => {
    writeFileSync(join(root, 'id_rsa'), 'LATER-KEY\n');
    git('add', '-f', 'id_rsa');
    git('commit', '-qm', 'key');
    git('rm', '-q', '--cached', 'id_rsa');
    git('commit', '-qm', 'drop key');
    const run = runCli(['--json', '-C', root, 'exec', '--cmd', 'git show HEAD~1'], { cwd: root, env: env(), yes: false });
    expect(run.stdout + run.stderr).not.toContain('LATER-KEY');
    expect(run.json.error?.code, run.stdout + run.stderr).toBe('C241');
  }, 60_000);
});
