import { spawnSync } from 'node:child_process';
import { chmod, mkdir, readFile, rename, rm, symlink } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, removeDir, runCli, tempDir } from '../helpers/fixture.js';

// Red team (undo): undo, redo and restore declare only the workspace to the gate, so the files they write
// were never judged. A step recorded for x/hooks/pre-commit (an ordinary file), with x swapped for a link
// to .git since, planted an executable git hook under --yes (undo --force followed the link). No file
// they write may be safety-immune, by its recorded name or where it resolves now.
describe.skipIf(!existsSync(CLI))('undo, redo and restore never write a safety-immune file', () => {
  let root: string;
  let state: string;
  beforeEach(async () => {
    root = await tempDir();
    state = await tempDir('codeward-undo-state-');
    spawnSync('git', ['init', '-q'], { cwd: root });
  });
  afterEach(async () => {
    await removeDir(root);
    await removeDir(state);
  });
  const cli = (...args: string[]) => runCli(['-C', root, '--json', ...args], { env: { HOME: state, CODEWARD_STATE_DIR: state } });
  const hook = () => join(root, '.git/hooks/pre-commit');

  async function twoSteps(): Promise<void> {
    expect(cli('write', '--file', 'x/hooks/pre-commit', '--content', '#!/bin/sh\necho planted\n').json).toMatchObject({ ok: true });
    await chmod(join(root, 'x/hooks/pre-commit'), 0o755);
    expect(cli('write', '--file', 'x/hooks/pre-commit', '--content', 'second\n').json).toMatchObject({ ok: true });
  }
  async function linkToGit(): Promise<void> {
    await rename(join(root, 'x'), join(root, 'x.old'));
    await symlink('.git', join(root, 'x'));
  }

  it.each([['undo', '--force'], ['restore', '--to', '2', '--force']])('%s through a folder now linked to .git is C241 and plants nothing', async (...args) => {
    await twoSteps();
    await linkToGit();
    const result = cli(...args);
    expect(result.json).toMatchObject({ ok: false, error: { code: 'C241' } });
    expect(result.json.error?.message).toContain('.git/hooks/pre-commit');
    expect(existsSync(hook())).toBe(false);
  });

  it('redo through a folder now linked to .git is C241 and plants nothing', async () => {
    await twoSteps();
    expect(cli('undo', '--steps', '2').json).toMatchObject({ ok: true });
    await rm(join(root, 'x'), { recursive: true, force: true });
    await mkdir(join(root, 'x.old'));
    await symlink('.git', join(root, 'x'));
    const result = cli('redo', '--force');
    expect(result.json).toMatchObject({ ok: false, error: { code: 'C241' } });
    expect(existsSync(hook())).toBe(false);
  });

  // Issue 26 (one write gate): the folder core.hooksPath names is a hooks folder like .git/hooks.
  it('undo of a step for hooks/pre-commit after core.hooksPath = hooks was set is C241 and writes nothing', async () => {
    expect(cli('write', '--file', 'hooks/pre-commit', '--content', '#!/bin/sh\necho planted\n').json).toMatchObject({ ok: true });
    expect(cli('write', '--file', 'hooks/pre-commit', '--content', 'second\n').json).toMatchObject({ ok: true });
    expect(spawnSync('git', ['config', 'core.hooksPath', 'hooks'], { cwd: root }).status).toBe(0);
    const result = cli('undo');
    expect(result.json).toMatchObject({ ok: false, error: { code: 'C241' } });
    expect(result.json.error?.message).toContain('hooks/pre-commit');
    expect(await readFile(join(root, 'hooks/pre-commit'), 'utf8')).toBe('second\n');
  });

  it('the same undo with the real folder back restores it', async () => {
    await twoSteps();
    expect(cli('undo').json).toMatchObject({ ok: true });
    expect(await readFile(join(root, 'x/hooks/pre-commit'), 'utf8')).toBe('#!/bin/sh\necho planted\n');
  });
});
