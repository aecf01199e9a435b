// home28's LEFT of red team R26-4: a loader function defined in a start-up file the walk reads AFTER the file that
// calls it (`.bashrc` sources `.bash_aliases`, which defines `myload`, then calls `myload ~/proj/rc.d`: bash has the
// function when the call runs; the walk reads `.bashrc` first). Writing rc.d/init.sh under --yes was written; every
// file read before a function was known is now read again with all of them (home-sources.ts readLoaders).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { homeWritten } from './home-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('home-later-');
});
afterAll(async () => {
  await removeDir(base);
});

const WORKSPACE = { 'rc.d/init.sh': 'Y=1\n', 'src/a.ts': 'export {};\n' };
const written = (files: Record<string, string>, file: string): Promise<string> => homeWritten(base, { files }, file, 'Z=1\n', { inHome: true, workspace: WORKSPACE });

describe('a loader function defined in a file read later', () => {
  test.each([
    [{ '.bashrc': '. ~/.bash_aliases\nmyload ~/proj/rc.d\n', '.bash_aliases': 'myload() { . "$1"/init.sh; }\n' }],
    [{ '.bashrc': 'source ~/.bash_functions\nloadall ~/proj/rc.d\n', '.bash_functions': 'loadall() {\n  for f in "$1"/*.sh; do . "$f"; done\n}\n' }],
  ])('%j: writing rc.d/init.sh asks', async (files) => {
    expect(await written(files, 'rc.d/init.sh')).toBe('C241');
  }, 120_000);
  test('control: a function that only changes folder, defined later, leaves the tree free', async () => {
    expect(await written({ '.bashrc': '. ~/.bash_aliases\nmkcd ~/proj/tmp\n', '.bash_aliases': 'mkcd() { mkdir -p "$1" && cd "$1"; }\n' }, 'src/a.ts')).toBe('ok');
  }, 120_000);
});
