// Red team R42-a6's class for the git a line runs with git's folder writable (run-call.ts gitForRun): the first git
// on PATH is the system's only outside the workspace and every folder a sandboxed run may write (sandboxWritable),
// by any spelling; a git an earlier run left in a sandboxWritable bin would otherwise be trusted with git's folder.
import { existsSync } from 'node:fs';
import { chmod, mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemGit } from '../../src/shell/git-alone-repo.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

const git = ['/usr/bin', '/bin'].find((dir) => existsSync(join(dir, 'git')));
let base: string;
beforeAll(async () => {
  base = await tempDir('codeward-system-git-');
  await mkdir(join(base, 'ws'));
  await mkdir(join(base, 'wr', 'bin'), { recursive: true });
  await writeFile(join(base, 'wr', 'bin', 'git'), '#!/bin/sh\nexit 0\n');
  await chmod(join(base, 'wr', 'bin', 'git'), 0o755);
  await mkdir(join(base, 'out'));
  await symlink(join(base, 'wr', 'bin', 'git'), join(base, 'out', 'git'));
});
afterAll(async () => removeDir(base));

describe.skipIf(git === undefined)('systemGit', () => {
  it('control: a git outside the workspace and every writable folder is the system git', () => {
    expect(systemGit(`${git}`, join(base, 'ws'), [join(base, 'ws'), join(base, 'wr')])).toBe(true);
    expect(systemGit(`${join(base, 'wr', 'bin')}:${git}`, join(base, 'ws'), [join(base, 'ws')])).toBe(true);
  });
  it('a git first on PATH in a sandboxWritable folder, or linked there, is not', () => {
    const areas = [join(base, 'ws'), join(base, 'wr')];
    expect(systemGit(`${join(base, 'wr', 'bin')}:${git}`, join(base, 'ws'), areas)).toBe(false);
    expect(systemGit(`${join(base, 'out')}:${git}`, join(base, 'ws'), areas)).toBe(false);
  });
});
