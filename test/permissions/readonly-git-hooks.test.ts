// Red team (second pass): `git status` and `git diff` write the refreshed index, and git then runs the
// repository's post-index-change hook; reference-transaction and pre-auto-gc run from other listed
// commands. A repository that ships .git/hooks/post-index-change (or names a core.hooksPath folder
// holding one) ran it on an allowed, unasked `git status`, outside any sandbox under --sandbox off.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { CLI, runCli } from '../helpers/fixture.js';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.cleanup();
});

const git = (...args: string[]) => execFileSync('git', args, { cwd: box.root, env: { ...process.env, HOME: box.home, GIT_CONFIG_NOSYSTEM: '1' }, stdio: 'pipe' });

beforeEach(async () => {
  for (const name of ['.git', '.husky', 'hooks', 'PWN']) await rm(join(box.root, name), { recursive: true, force: true });
  git('init', '-q');
  await rm(join(box.root, '.git/hooks'), { recursive: true, force: true });
  await mkdir(join(box.root, '.git/hooks'));
});

async function decision(line: string): Promise<{ decision: string; reason: string }> {
  const result = await explain(await policyWith(box), `@coder exec ${line}`);
  return { decision: result.decision, reason: result.reason };
}

async function plant(path: string): Promise<void> {
  await mkdir(join(box.root, path, '..'), { recursive: true });
  await writeFile(join(box.root, path), '#!/bin/sh\ntouch "$PWD/PWN"\n');
  await chmod(join(box.root, path), 0o755);
}

describe('hooks a read-only git command runs', () => {
  test.each(['post-index-change', 'reference-transaction', 'pre-auto-gc'])('.git/hooks/%s makes git status / diff ask', async (hook) => {
    await plant(`.git/hooks/${hook}`);
    for (const line of ['git status', 'git diff', 'git log -1']) {
      const judged = await decision(line);
      expect(judged.decision, line).toBe('ask');
      expect(judged.reason).toContain(hook);
    }
  });

  test('a core.hooksPath folder in the workspace (relative, as husky sets it) holding post-index-change', async () => {
    git('config', 'core.hooksPath', '.husky/_');
    await plant('.husky/_/pre-commit');
    expect((await decision('git status')).decision).toBe('allow');
    await plant('.husky/_/post-index-change');
    expect((await decision('git status')).decision).toBe('ask');
  });

  test('a hooksPath named in an included config file, and one under ~ that cannot be read', async () => {
    await writeFile(join(box.root, 'inc.cfg'), '[core]\n\thooksPath = hooks\n');
    git('config', 'include.path', '../inc.cfg');
    await plant('hooks/post-index-change');
    expect((await decision('git diff')).decision).toBe('ask');
    await rm(join(box.root, 'hooks'), { recursive: true, force: true });
    git('config', '--unset', 'include.path');
    git('config', 'core.hooksPath', '~other/hooks');
    expect((await decision('git diff')).decision).toBe('ask');
  });

  test('hooks that no read-only command runs leave git status read-only', async () => {
    await plant('.git/hooks/pre-commit');
    await plant('.git/hooks/post-checkout');
    await writeFile(join(box.root, '.git/hooks/post-index-change.sample'), '#!/bin/sh\n');
    expect((await decision('git status')).decision).toBe('allow');
  });

  test.skipIf(!existsSync(CLI))('the real binary: git status with a planted post-index-change runs nothing unasked', async () => {
    await writeFile(join(box.root, 'f'), 'a\n');
    git('add', 'f');
    git('-c', 'user.email=a@b', '-c', 'user.name=a', 'commit', '-qm', 'i');
    await plant('.git/hooks/post-index-change');
    // An old mtime makes status refresh and write the index (the moment git runs the hook).
    await utimes(join(box.root, 'f'), new Date(1_600_000_000_000), new Date(1_600_000_000_000));
    const result = runCli(['--json', '--sandbox', 'off', 'exec', '--cmd', 'git status --short'], { cwd: box.root, env: { CODEWARD_STATE_DIR: box.home, HOME: box.home }, yes: false });
    expect(result.json.error?.code).toBe('C241');
    expect(existsSync(join(box.root, 'PWN'))).toBe(false);
  });
});
