// issue 26 (fix71's LEFT, R43-a3's class): outsidePath (sandbox/which.ts) drops a PATH folder that lies in an area a run
// may write, but a program FILE on a kept folder can itself lead there: /usr/local/bin/bwrap -> $WS/tools/bwrap (a
// link the person made to a tool the workspace builds), or a hard link of a file the person made writable to runs.
// The run rewrites the target; the next exec starts it outside every sandbox. The file is judged as its folder is:
// by each spelling on the way and by the device:inode of its real path and every folder above it.
import { existsSync, linkSync } from 'node:fs';
import { chmod, mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOnPath, outsidePath } from '../../src/sandbox/which.js';
import { findBwrap } from '../../src/search/confine.js';
import { removeDir, runCli, tempDir } from '../helpers/fixture.js';

const realBwrap = ['/usr/bin/bwrap', '/bin/bwrap'].find((path) => existsSync(path));
let ws: string;
let out: string;
const bin = (): string => join(out, 'bin');
beforeAll(async () => {
  ws = await tempDir('codeward-path-file-ws-');
  out = await tempDir('codeward-path-file-out-');
  await mkdir(join(ws, 'tools'));
  await mkdir(bin());
  for (const name of ['bwrap', 'git']) {
    // Records that it ran, then behaves like the real program so nothing else notices.
    await writeFile(join(ws, 'tools', name), `#!/bin/sh\ntouch "${join(out, `RAN-${name}`)}"\nexec /usr/bin/${name} "$@"\n`);
    await chmod(join(ws, 'tools', name), 0o755);
    await symlink(join(ws, 'tools', name), join(bin(), name));
  }
  await writeFile(join(ws, 'a.txt'), 'hi\n');
});
afterAll(async () => {
  await removeDir(ws);
  await removeDir(out);
});

describe('a program file on a kept PATH folder that leads into an area a run may write', () => {
  it('is skipped: the folder is kept, the linked file is not what is found', () => {
    const env = outsidePath({ PATH: `${bin()}:/usr/bin:/bin` }, [ws]);
    expect(env.PATH).toBe(`${bin()}:/usr/bin:/bin`);
    expect(findOnPath('bwrap', env)).not.toBe(join(bin(), 'bwrap'));
    expect(findOnPath('git', env)).not.toBe(join(bin(), 'git'));
    expect(findBwrap(env)).not.toBe(join(bin(), 'bwrap'));
  });

  it('a hard link of a file the person made writable to runs (sandboxWritable names the file) is skipped too', async () => {
    const shared = await tempDir('codeward-path-file-hard-');
    try {
      await writeFile(join(shared, 'tool'), '#!/bin/sh\n');
      await chmod(join(shared, 'tool'), 0o755);
      linkSync(join(shared, 'tool'), join(shared, 'other'));
      const env = outsidePath({ PATH: shared }, [join(shared, 'tool')]);
      expect(env.PATH).toBe(shared);
      expect(findOnPath('other', env)).not.toBe(join(shared, 'other'));
    } finally {
      await removeDir(shared);
    }
  });

  it.skipIf(realBwrap === undefined)('exec neither sandboxes with nor runs git from such a file, and says which it skipped', () => {
    const result = runCli(['-C', ws, 'exec', '--cmd', 'cat a.txt'], { env: { PATH: `${bin()}:${process.env['PATH'] ?? '/usr/bin:/bin'}` } });
    expect(result.stdout).toContain('hi');
    expect(existsSync(join(out, 'RAN-bwrap'))).toBe(false);
    expect(existsSync(join(out, 'RAN-git'))).toBe(false);
    expect(`${result.stdout}${result.stderr}`).toContain(join(bin(), 'bwrap'));
  });
});
