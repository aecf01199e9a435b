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
    // (Its string keys: a symbol key carries the areas along for findOnPath.)
    expect(Object.fromEntries(Object.entries(outsidePath(env, root)))).toEqual({ PATH: '/usr/bin:/bin', HOME: '/h' });
  });

  // Red team R42-a6: a folder a run may write (sandboxWritable) is no place for codeward's own programs either, by any
  // spelling: a link into it, a link through it that leads out again (the run can repoint it), or a part not made yet.
  it('PATH loses every folder reached through a folder a run may write, whether it exists yet or not', async () => {
    const wr = join(root, 'wr');
    await mkdir(join(wr, 'bin'), { recursive: true });
    await symlink(wr, join(root, 'to-wr'));
    await symlink('/usr', join(wr, 'usr-link'));
    const out = await tempDir('codeward-planted-out-');
    try {
      await symlink(join(wr, 'usr-link'), join(out, 'via'));
      await symlink(join(wr, 'later'), join(out, 'later'));
      const dirs = [join(wr, 'bin'), join(root, 'to-wr', 'bin'), join(out, 'via', 'bin'), join(out, 'later', 'bin'), join(wr, 'missing', 'bin'), join(out, 'kept')];
      const env = { PATH: [...dirs, '/usr/bin'].join(':') };
      expect(Object.fromEntries(Object.entries(outsidePath(env, [join(root, 'ws'), wr])))).toEqual({ PATH: `${join(out, 'kept')}:/usr/bin` });
    } finally {
      await removeDir(out);
    }
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
