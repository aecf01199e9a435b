import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Workspace } from '../../src/workspace/workspace.js';
import { DEFAULT_NON_ACCESSIBLE_GLOBS } from '../../src/workspace/types.js';

// tree's walk asks once per folder (nonAccessibleIn) and then by name: the same answer as the per-path test,
// for the globs' every form, codeward's own state inside the root and the home's hidden paths.
describe('Workspace.nonAccessibleIn', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'cw-na-in-')));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('answers as isNonAccessibleEntry for each entry of each folder', async () => {
    const globs = [...DEFAULT_NON_ACCESSIBLE_GLOBS, '**/.aws/credentials', 'cfg/private/**', 'top.txt', '**/x*y'];
    const workspace = await Workspace.open(root, { nonAccessibleGlobs: globs, ownState: [join(root, 'state', 'cw')], hiddenPaths: [join(root, 'home', 'id_rsa')] });
    const paths = ['.env', 'a/.env.local', 'a/.env.example', 'k.pem', 'secrets', 'secrets/a', 'a/secrets/b', '.aws/credentials', 'h/.aws/credentials', 'h/aws/credentials',
      'cfg/private', 'cfg/private/k', 'cfg/public', 'top.txt', 'a/top.txt', 'xay', 'a/xzy', 'state', 'state/cw', 'state/cw/j', 'state/other', 'home/id_rsa', 'home/id', 'plain.txt'];
    for (const path of paths) {
      const cut = path.lastIndexOf('/');
      const folder = cut < 0 ? '' : path.slice(0, cut);
      for (const blocked of [false, true]) {
        const parentBlocked = blocked || (folder !== '' && workspace.isNonAccessible(folder));
        expect(workspace.nonAccessibleIn(folder, parentBlocked)(path.slice(cut + 1)), `${path} ${blocked}`).toBe(workspace.isNonAccessibleEntry(path, parentBlocked));
      }
    }
  });
});
