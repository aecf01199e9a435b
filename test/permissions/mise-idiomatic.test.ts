// Red team R18-16 (issue 26): mise reads idiomatic version files (.nvmrc, .node-version, .python-version, ...) with
// the same version parser as `[tools]`, so `path:DIR` puts DIR/bin first on PATH on the person's next `cd`. The file
// itself asked, what it named was free. Now they go through the `[tools]` row whatever the person's mise settings
// (not visible here): `path:` obeys DIR, `ref:` is not understood (the whole tree), a release name stays free.
// Through the real binary under --yes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { miseLoads } from '../../src/permissions/home-sources-mise.js';
import { IDIOMATIC } from '../../src/permissions/mise-files.js';
import { isObeyedLater } from '../../src/permissions/obeyed.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { cliWritten } from './cli-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('cw-mise-idiomatic-');
});
afterAll(async () => removeDir(base));

describe('R18-16: idiomatic version files go through the [tools] version row', () => {
  it.each([
    ['.nvmrc path:./tt', { '.nvmrc': 'path:./tt\n' }, 'tt/bin/node'],
    ['.node-version path:./tt (another program of the folder)', { '.node-version': 'path:./tt\n' }, 'tt/bin/git'],
    ['.python-version path:./pp', { '.python-version': 'path:./pp\n' }, 'pp/bin/python'],
    ['nested pkg/.ruby-version', { 'pkg/.ruby-version': 'path:./rr\n' }, 'pkg/rr/bin/ruby'],
    ['.sdkmanrc java=path:./jj', { '.sdkmanrc': '# sdkman\njava=path:./jj\n' }, 'jj/bin/java'],
    ['.terraform-version', { '.terraform-version': 'path:tf\n' }, 'tf/bin/terraform'],
    ['the enclosing repository\'s .go-version, for a subfolder workspace', { '.go-version': 'path:./sub/gg\n' }, 'gg/bin/go', 'sub'],
    ['ref: (built from source): the whole tree', { '.nvmrc': 'ref:v20.1.0\n' }, 'src/a.ts'],
  ])('%s asks', async (_name, files, file, sub?: string) => {
    expect(await cliWritten(base, files, file, sub)).toBe('C241');
  });

  it.each([
    ['.nvmrc lts/iron', { '.nvmrc': 'lts/iron\n' }],
    ['.nvmrc v20.11.1 with a comment', { '.nvmrc': '# pinned\nv20.11.1\n' }],
    ['.python-version two versions and a pyenv virtualenv', { '.python-version': '3.12.1\n3.11.9\n3.12.1/envs/tools\n' }],
    ['.node-version 20', { '.node-version': '20\n' }],
  ])('%s: a source write stays free', async (_name, files) => {
    expect(await cliWritten(base, files, 'src/b.ts')).toBe('ok');
  });

  it('every idiomatic file is protected by the write gate', () => {
    for (const name of Object.keys(IDIOMATIC)) expect(isObeyedLater(`pkg/${name}`), name).toBeDefined();
  });

  it('the parse: the file\'s tool, path: as a folder, ref: not understood', () => {
    expect(miseLoads('path:tt\n', new Map(), '/w/.nvmrc')).toEqual([{ path: '/w/tt', folder: true }]);
    expect(miseLoads('lts/*\n', new Map(), '/w/.nvmrc')).toEqual([]);
    expect(JSON.stringify(miseLoads('ref:main\n', new Map(), '/w/.python-version'))).toMatch(/\[tools\] python.*version form/);
  });
});
