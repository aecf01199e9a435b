// fix59 (issue 26, utf55's LEFT): the submodule rule of read-only git (readonly-git-submodules.ts) read the index's
// gitlinks as lossy strings: a submodule checked out at the Latin-1 path `s\xe9` was read as `s\uFFFD`, which names
// nothing, so its config's core.fsmonitor (run by a top-level `git status`) was never seen and the line was allowed.
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { gitlinks } from '../../src/permissions/readonly-git-submodules.js';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.cleanup();
});

const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@b', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@b' };
const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, env: { ...env, HOME: box.home }, stdio: 'pipe' }).toString();
const RAW = Buffer.from('s\xe9', 'latin1');
const at = (): Buffer => Buffer.concat([Buffer.from(`${box.root}/`), RAW]);

const decision = async (line: string): Promise<{ decision: string; reason: string }> => {
  const result = await explain(await policyWith(box), `@coder exec ${line}`);
  return { decision: result.decision, reason: result.reason };
};

describe('a submodule whose path is not UTF-8', () => {
  beforeAll(() => {
    git(box.root, 'init', '-q');
    const inner = join(box.root, 'inner');
    mkdirSync(inner);
    git(inner, 'init', '-q');
    writeFileSync(join(inner, 's'), 's\n');
    git(inner, 'add', 's');
    git(inner, 'commit', '-qm', 's');
    renameSync(inner, at());
    git(box.root, 'add', '-A');
  });

  test('is read with its bytes (carried), not as a lossy name', () => {
    expect(gitlinks(join(box.root, '.git'))).toEqual([`\0${RAW.toString('hex')}`]);
  });

  test('checked out with core.fsmonitor in its config: git status asks, naming it', async () => {
    writeFileSync(Buffer.concat([at(), Buffer.from('/.git/config')]), '[core]\n\tfsmonitor = ./x.sh\n', { flag: 'a' });
    const judged = await decision('git status');
    expect(judged.decision).toBe('ask');
    expect(judged.reason).toContain('s%E9');
  });

  test('not checked out (no .git in it: git enters nothing there): git status is allowed', async () => {
    rmSync(Buffer.concat([at(), Buffer.from('/.git')]), { recursive: true, force: true });
    const judged = await decision('git status');
    expect(judged.decision, judged.reason).toBe('allow');
  });
});
