// Red team (second pass): exec runs `bash -c LINE` with the first bash of PATH's absolute folders. With a
// workspace folder on PATH (`$PROJECT/node_modules/.bin`), a repository's node_modules/.bin/bash ran every
// exec line, read-only ones included, before any judgement of what the line does.
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findShell, runProcess } from '../../src/shell/run.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

let root: string;
beforeAll(async () => {
  root = await tempDir('codeward-shellpath-');
  await mkdir(join(root, 'node_modules/.bin'), { recursive: true });
  await writeFile(join(root, 'node_modules/.bin/bash'), `#!/bin/sh\ntouch "${join(root, 'PWN')}"\nexec /bin/sh "$@"\n`);
  await chmod(join(root, 'node_modules/.bin/bash'), 0o755);
});
afterAll(async () => {
  await removeDir(root);
});

describe('the shell exec runs', () => {
  it('is never a bash inside the workspace', async () => {
    const env = { PATH: `${join(root, 'node_modules/.bin')}:/usr/bin:/bin` };
    expect(findShell(env, root)).not.toContain(root);
    const result = await runProcess({ command: 'echo hi', cwd: root, timeoutMs: 10_000, env, workspace: root });
    expect(result.stdout).toContain('hi');
    expect(existsSync(join(root, 'PWN'))).toBe(false);
  });

  it('is still taken from PATH outside the workspace', () => {
    expect(findShell({ PATH: `${join(root, 'node_modules/.bin')}:/usr/bin:/bin` })).toBe(join(root, 'node_modules/.bin/bash'));
  });
});
