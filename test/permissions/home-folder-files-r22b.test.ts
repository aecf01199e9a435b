// Red team round 22b, R22b-3 (fixed by homenames25) (class R21-9, a bound that stops silently; R9-4's start-up files that source
// workspace files): the home scan reads what a start-up file's loop glob loads (`for f in ~/.bashrc.d/*.sh; do .
// "$f"; done`, fish's conf.d) through listFiles (src/permissions/home-sources.ts), which keeps the first 32
// files by name and drops the rest unread and untold. With 40 snippets, the one that sorts last (`zz.sh`) sourcing
// the workspace's tools/env.sh is never read, and the agent's write of tools/env.sh (run by every new shell) goes
// through under --yes. With 5 snippets the same write asks (the control).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { homeWritten } from './home-write-homenames25.js';

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
