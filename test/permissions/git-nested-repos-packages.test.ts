// Red team R42-b7: when git's folder is only known at run time (`git -C node_modules/p/s* status`), every repository
// of the workspace is judged (git-nested-repos.ts). A repository anywhere inside a node_modules package (not only at
// a package's top, where an honest package manager puts a clone) is one git may run in: the walk finds it, within its
// bound; beyond the bound the answer is unknown.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nestedRepositories } from '../../src/permissions/git-nested-repos.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
beforeAll(async () => {
  root = await tempDir('cw-nested-pkg-');
  await writeFiles(root, {
    'node_modules/p/package.json': '{"name":"p"}\n',
    'node_modules/p/sub/.git/HEAD': 'ref: refs/heads/main\n',
    'node_modules/@s/q/lib/deep/.git': 'gitdir: ../../../../../elsewhere\n',
    'node_modules/p/node_modules/r/x/.git/HEAD': 'ref: refs/heads/main\n',
  });
});
afterAll(async () => removeDir(root));

describe('nestedRepositories walks inside node_modules packages', () => {
  it('finds a repository below a package top, a scoped package and a nested node_modules package', () => {
    const { folders, unknown } = nestedRepositories(root);
    const rel = folders.map((folder) => folder.slice(folder.indexOf('node_modules')));
    expect(rel).toEqual(expect.arrayContaining(['node_modules/p/sub', 'node_modules/@s/q/lib/deep', 'node_modules/p/node_modules/r/x']));
    expect(unknown).toBeUndefined();
  });
  it('a walk cut by its depth bound is unknown', () => {
    let deep = join(root, 'node_modules/p/d');
    for (let i = 0; i < 26; i++) deep = join(deep, 'd');
    mkdirSync(deep, { recursive: true });
    expect(nestedRepositories(root).unknown).toBeDefined();
  });
});
