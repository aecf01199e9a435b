// Red team (second pass): codeward looked up bwrap and git on PATH's absolute folders, workspace folders
// included. With `$PROJECT/node_modules/.bin` (or a direnv `PATH_add bin`) on PATH, a repository's own
// `bwrap` stood in for the sandbox on every exec (it can run the line unconfined), and its `git` ran after
// every sandboxed run (the nested-repository scan). Both now come from PATH without the workspace's folders.
import { existsSync } from 'node:fs';
import { chmod, mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outsidePath } from '../../src/sandbox/which.js';
import { removeDir, runCli, tempDir } from '../helpers/fixture.js';

const bwrap = existsSync('/usr/bin/bwrap');
let root: string;
let alias: string;
beforeAll(async () => {
  root = await tempDir('codeward-planted-tools-');
  alias = `${root}-alias`;
  await symlink(root, alias);
  await mkdir(join(root, 'bin'));
  for (const name of ['bwrap', 'git']) {
    // Records that it ran, then behaves like the real program so nothing else notices.
    await writeFile(join(root, 'bin', name), `#!/bin/sh\ntouch "${join(root, `RAN-${name}`)}"\nexec /usr/bin/${name} "$@"\n`);
    await chmod(join(root, 'bin', name), 0o755);
  }
  await writeFile(join(root, 'a.txt'), 'hi\n');
});
afterAll(async () => {
  await removeDir(root);
  await removeDir(alias);
});

describe('programs codeward starts around a workspace', () => {
  it('PATH loses relative entries and every folder inside the workspace, also spelled through a link', () => {
    const env = { PATH: ['node_modules/.bin', '', join(root, 'bin'), join(alias, 'bin'), '/usr/bin', '/bin'].join(':'), HOME: '/h' };
    expect(outsidePath(env, root)).toEqual({ PATH: '/usr/bin:/bin', HOME: '/h' });
  });

  it.skipIf(!bwrap)('exec under the sandbox never runs a bwrap or git planted in a workspace folder on PATH', () => {
    for (const dir of [join(root, 'bin'), join(alias, 'bin')]) {
      const result = runCli(['-C', root, '--json', 'exec', '--cmd', 'cat a.txt'], { env: { PATH: `${dir}:${process.env['PATH'] ?? '/usr/bin:/bin'}` } });
      expect(result.json).toMatchObject({ ok: true, data: { stdout: 'hi\n' } });
      expect(existsSync(join(root, 'RAN-bwrap'))).toBe(false);
      expect(existsSync(join(root, 'RAN-git'))).toBe(false);
    }
  });
});
