// Red team round 4, H3: the configuration of a repository NESTED in the workspace (a submodule's
// .git/modules/NAME/config, a linked worktree's config.worktree, a clone made inside it) was not read by the
// file tools' write gate: `write sub/.githooks/pre-commit` (sub's core.hooksPath) or a move of an
// executable onto it ran under --yes, and `git -C sub commit` then ran the hook outside any sandbox; the
// same for sub's core.fsmonitor, which a plain `git status` of the superproject runs. From the attacker's
// side through the real binary: each asks now (the old build wrote them all); an ordinary file there does not.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { git } from './git-run.js';


describe('the configuration of repositories nested in the workspace is obeyed by the file tools\' gate', () => {
  let base: string;
  let root: string;
  beforeAll(async () => {
    base = await tempDir();
    root = join(base, 'sm');
    git(base, 'init', '-q', 'subsrc');
    git(join(base, 'subsrc'), 'commit', '-q', '--allow-empty', '-m', 's');
    git(base, 'init', '-q', 'sm');
    git(root, '-c', 'protocol.file.allow=always', 'submodule', '-q', 'add', '../subsrc', 'sub');
    git(root, 'commit', '-qm', 'x');
    git(join(root, 'sub'), 'config', 'core.hooksPath', '.githooks');
    git(join(root, 'sub'), 'config', 'core.fsmonitor', '.tools/mon.sh');
    git(root, 'worktree', 'add', '-q', 'wt2');
    git(root, 'config', 'extensions.worktreeConfig', 'true');
    git(join(root, 'wt2'), 'config', '--worktree', 'core.hooksPath', '.hk');
    git(root, 'init', '-q', 'vendor/clone');
    git(join(root, 'vendor/clone'), 'config', 'core.hooksPath', 'hooks-here');
    await writeFiles(root, { 'build.sh': '#!/bin/sh\ntouch PWNED\n' });
    execFileSync('chmod', ['755', join(root, 'build.sh')]);
  });
  afterAll(async () => {
    await removeDir(base);
  });

  it.each(['sub/.githooks/pre-commit', 'sub/.tools/mon.sh', 'wt2/.hk/pre-commit', 'vendor/clone/hooks-here/post-checkout'])('write %s asks (safety-immune)', (file) => {
    const run = runCli(['--json', '-C', root, 'write', '--file', file, '--content', '#!/bin/sh\ntouch PWNED\n']);
    expect(run.json.error?.code, run.stdout).toBe('C241');
    expect(run.json.error?.message).toMatch(/safety-immune/);
    expect(existsSync(join(root, file))).toBe(false);
  });

  it('a move of an executable onto the submodule\'s hook asks, and so does a shell copy', () => {
    const move = runCli(['--json', '-C', root, 'move', '--from', 'build.sh', '--to', 'sub/.githooks/pre-commit']);
    expect(move.json.error?.code, move.stdout).toBe('C241');
    const copy = runCli(['--json', '-C', root, 'exec', '--no-stage', '--cmd', 'mkdir -p sub/.githooks && cp build.sh sub/.githooks/pre-commit']);
    expect(copy.json.error?.code, copy.stdout).toBe('C241');
    expect(existsSync(join(root, 'sub/.githooks/pre-commit'))).toBe(false);
    expect(existsSync(join(root, 'build.sh'))).toBe(true);
  });

  it('an ordinary file of the submodule is written under --yes', () => {
    const run = runCli(['--json', '-C', root, 'write', '--file', 'sub/notes.txt', '--content', 'x\n']);
    expect(run.json.ok, run.stdout).toBe(true);
  });
});
