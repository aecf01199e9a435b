// Red team (second pass): `git status` and `git diff` run git in every checked-out submodule (each gitlink
// of the index, in .gitmodules or not), with that repository's own config and hooks. A repository that
// ships a submodule whose config names core.fsmonitor (or whose hooks hold post-index-change) ran it on
// an allowed, unasked top-level `git status`.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { gitlinks } from '../../src/permissions/readonly-git-submodules.js';
import { CLI, runCli } from '../helpers/fixture.js';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.cleanup();
});

const env = { ...process.env, HOME: '', GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@b', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@b' };
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env: { ...env, HOME: box.home }, stdio: 'pipe' }).toString();

// A repository in `path` (below the workspace) with one commit, added to the parent as a gitlink.
async function embed(parent: string, path: string): Promise<string> {
  const dir = join(parent, path);
  await mkdir(dir, { recursive: true });
  git(dir, 'init', '-q');
  await writeFile(join(dir, 's'), 's\n');
  git(dir, 'add', 's');
  git(dir, 'commit', '-qm', 's');
  git(parent, 'add', path);
  return dir;
}

beforeEach(async () => {
  await rm(box.root, { recursive: true, force: true });
  await mkdir(box.root);
  git(box.root, 'init', '-q');
});

async function decision(line: string): Promise<{ decision: string; reason: string }> {
  const result = await explain(await policyWith(box), `@coder exec ${line}`);
  return { decision: result.decision, reason: result.reason };
}

describe('submodules git status and diff look into', () => {
  test('a gitlink with its own .git folder (not in .gitmodules) whose config names core.fsmonitor', async () => {
    const inner = await embed(box.root, 'inner');
    expect((await decision('git status')).decision).toBe('allow');
    git(inner, 'config', 'core.fsmonitor', './x.sh');
    for (const line of ['git status', 'git diff', 'cd inner && git status']) {
      const judged = await decision(line);
      expect(judged.decision, line).toBe('ask');
      expect(judged.reason).toContain('core.fsmonitor');
    }
  });

  test('a registered submodule absorbed into .git/modules, with post-index-change in its hooks', async () => {
    const sub = await embed(box.root, 'lib/sub');
    await writeFile(join(box.root, '.gitmodules'), '[submodule "sub"]\n\tpath = lib/sub\n\turl = ./nowhere\n');
    git(box.root, 'submodule', 'absorbgitdirs');
    expect(existsSync(join(box.root, '.git/modules'))).toBe(true);
    expect((await decision('git status')).decision).toBe('allow');
    const hook = join(box.root, '.git/modules/sub/hooks/post-index-change');
    await writeFile(hook, '#!/bin/sh\ntouch PWN\n');
    await chmod(hook, 0o755);
    expect((await decision('git status')).reason).toContain('post-index-change');
    await rm(hook);
    git(sub, 'config', 'diff.external', './x.sh');
    expect((await decision('git diff')).decision).toBe('ask');
  });

  test('a submodule of a submodule, and an index in version 4 (prefix-compressed paths)', async () => {
    const outer = await embed(box.root, 'a/outer');
    const deep = await embed(outer, 'b/deep');
    git(outer, 'commit', '-qm', 'deep');
    git(box.root, 'add', 'a/outer');
    git(box.root, 'update-index', '--index-version', '4');
    git(outer, 'update-index', '--index-version', '4');
    expect((await decision('git status')).decision).toBe('allow');
    git(deep, 'config', 'core.pager', 'sh -c x');
    expect((await decision('git status')).reason).toContain('submodule b/deep');
  });

  test('the index reader: gitlinks among ordinary entries; a split index is not read, so git status asks', async () => {
    await writeFile(join(box.root, 'f'), 'f\n');
    git(box.root, 'add', 'f');
    await embed(box.root, 'x/y');
    expect(gitlinks(join(box.root, '.git'))).toEqual(['x/y']);
    git(box.root, 'update-index', '--split-index');
    expect(gitlinks(join(box.root, '.git'))).toBeUndefined();
    expect((await decision('git status')).decision).toBe('ask');
  });

  // fix75 (fix72's LEFT): the walk stopped 4 submodules down (MAX_SUBMODULE_DEPTH); git status goes all the way. The
  // count bound (MAX_SUBMODULES, which asks past it) is the only bound now.
  test('a submodule 7 levels down whose config names core.fsmonitor', async () => {
    let parent = box.root;
    for (let level = 0; level < 7; level += 1) parent = await embed(parent, 'm');
    expect((await decision('git status')).decision).toBe('allow');
    git(parent, 'config', 'core.fsmonitor', './x.sh');
    const judged = await decision('git status');
    expect(judged.decision).toBe('ask');
    expect(judged.reason).toContain('core.fsmonitor');
  });

  test.skipIf(!existsSync(CLI))('the real binary: a planted submodule fsmonitor does not run on an unasked git status', async () => {
    const inner = await embed(box.root, 'inner');
    git(box.root, 'commit', '-qm', 'i');
    await writeFile(join(box.root, 'x.sh'), `#!/bin/sh\ntouch "${join(box.root, 'PWN')}"\n`);
    await chmod(join(box.root, 'x.sh'), 0o755);
    git(inner, 'config', 'core.fsmonitor', join(box.root, 'x.sh'));
    const result = runCli(['--json', '--sandbox', 'off', 'exec', '--cmd', 'git status --short'], { cwd: box.root, env: { CODEWARD_STATE_DIR: box.home, HOME: box.home }, yes: false });
    expect(result.json.error?.code).toBe('C241');
    expect(existsSync(join(box.root, 'PWN'))).toBe(false);
  });
});
