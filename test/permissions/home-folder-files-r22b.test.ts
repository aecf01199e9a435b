// Red team round 22b, R22b-3 (fixed by homenames25) (class R21-9, a bound that stops silently; R9-4's start-up files that source
// workspace files): the home scan reads what a start-up file's loop glob loads (`for f in ~/.bashrc.d/*.sh; do .
// "$f"; done`, fish's conf.d) through listFiles (src/permissions/home-sources.ts), which keeps the first 32
// files by name and drops the rest unread and untold. With 40 snippets, the one that sorts last (`zz.sh`) sourcing
// the workspace's tools/env.sh is never read, and the agent's write of tools/env.sh (run by every new shell) goes
// through under --yes. With 5 snippets the same write asks (the control).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { join } from 'node:path';
import { homeSourced } from '../../src/permissions/home-sources.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { homeWritten } from './home-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('rt22b-snippets-');
});
afterAll(async () => {
  await removeDir(base);
});

const snippets = (folder: string, count: number, ext: string): Record<string, string> =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [`${folder}/f${String(index).padStart(2, '0')}.${ext}`, `alias a${index}=ls\n`]));

// The home's last snippet sources the workspace's tools/env.sh.
const bashHome = (count: number): Record<string, string> => ({
  '.bashrc': 'for f in ~/.bashrc.d/*.sh; do . "$f"; done\n',
  ...snippets('.bashrc.d', count, 'sh'),
  '.bashrc.d/zz.sh': '. @WS@/tools/env.sh\n',
});

describe('R22b-3: a loaded folder past 32 files is cut silently', () => {
  test('~/.bashrc loops over 40 snippets; the last sources tools/env.sh: the write asks', async () => {
    expect(await homeWritten(base, { files: bashHome(40) }, 'tools/env.sh', 'id\n')).toBe('C241');
  }, 60_000);

  test('fish conf.d with 40 snippets; the last sources tools/env.fish: the write asks', async () => {
    expect(await homeWritten(base, { files: { ...snippets('.config/fish/conf.d', 40, 'fish'), '.config/fish/conf.d/zz.fish': 'source @WS@/tools/env.fish\n' } }, 'tools/env.fish', 'id\n')).toBe('C241');
  }, 60_000);

  test('control (held): 5 snippets, the last sources tools/env.sh: the write asks', async () => {
    expect(await homeWritten(base, { files: bashHome(5) }, 'tools/env.sh', 'id\n')).toBe('C241');
  }, 60_000);
});

// The class (homenames25): every file of a loaded folder is read, far above real use (the last of 100 snippets,
// past the old bound of 64 files read, named relatively so only the shell reader can see it); past the folder
// bound (1,000 files) the whole work tree is obeyed, naming the folder.
describe('R22b-3: the class, read by the shell reader itself', () => {
  const layout = async (count: number): Promise<{ home: string; root: string }> => {
    const home = join(base, `u${count}`), root = join(base, `ws${count}`);
    await writeFiles(root, { 'src/a.ts': '1\n' });
    await writeFiles(home, { '.bashrc': 'for f in ~/.bashrc.d/*.sh; do . "$f"; done\n', ...snippets('.bashrc.d', count, 'sh'), '.bashrc.d/zz.sh': `. ../ws${count}/tools/env.sh\n` });
    return { home, root };
  };

  test('100 snippets: the last one\'s relative source is found', async () => {
    const { home, root } = await layout(100);
    const { links } = homeSourced(home, [root]);
    expect(links.some((link) => link.rel === 'tools/env.sh' && link.sourced === '~/.bashrc')).toBe(true);
    // Not the whole tree (a relative name is also found from any folder of the workspace, R27-1: only that glob).
    expect(links.some((link) => link.rel === '' && link.glob === undefined)).toBe(false);
  }, 60_000);

  test('1,001 snippets: past the bound the whole work tree is obeyed, naming the folder', async () => {
    const { home, root } = await layout(1001);
    const { links } = homeSourced(home, [root]);
    expect(links.find((link) => link.rel === '')?.note).toContain('holds more than 1000 files');
  }, 60_000);

  test('fish conf.d with 1,001 files: the same, for a folder of the start-up table (never silently)', async () => {
    const home = join(base, 'fish-many'), root = join(base, 'fish-ws');
    await writeFiles(root, { 'src/a.ts': '1\n' });
    await writeFiles(home, snippets('.config/fish/conf.d', 1001, 'fish'));
    const { links } = homeSourced(home, [root]);
    // (The start-up files' own bound, 512, is met first here: it fails closed as well.)
    expect(links.find((link) => link.rel === '')?.note).toMatch(/~\/.config\/fish\/conf.d holds more than 1000 files|more than 512 start-up/);
  }, 60_000);
});
