// Red team round 24, R24-12 FRICTION (home-sources.ts / obeyed-home-links.ts homeLoads, the R12-9b structural rule,
// and homenames25's mentions): a normal ~/.bashrc that only NAMES the project — `alias p='cd ~/proj'`, a function
// that cd's there, `export CDPATH=.:~/proj`, `export PROJ=~/proj` — is read as "~/.bashrc loads the workspace", so
// every file of the work tree is obeyed and safety-immune: a plain `src/a.ts` edit asks and --yes cannot approve it.
// None of these lines runs a workspace file (a cd runs what the directory's own files make run, which the catalogue
// obeys already: .envrc, .nvmrc, git's config). Expected: free, as with a .bashrc without the project (control).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { homeWritten } from './home-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('rt24-fric-rc-');
});
afterAll(async () => {
  await removeDir(base);
});

// The write of src/a.ts under --yes, the workspace at ~/proj, ~/.bashrc = `rc` (and `more`: other home files).
const written = (rc: string, more: Record<string, string> = {}): Promise<string> =>
  homeWritten(base, { files: { '.bashrc': `# ~/.bashrc\n[ -z "$PS1" ] && return\nalias ll='ls -l'\n${rc}\n`, ...more } }, 'src/a.ts', 'export const a = 2;\n', { inHome: true });

describe('R24-12 FRICTION: a ~/.bashrc that names the project without loading it', () => {
  test.each([
    "alias p='cd ~/proj'",
    'work() { cd ~/proj && git status; }',
    'export CDPATH=.:~/proj',
    'export PROJ=~/proj',
  ])('%s: src/a.ts is free under --yes', async (rc) => {
    expect(await written(rc)).toBe('ok');
  }, 60_000);

  test.each([
    ['.config/Code/User/settings.json', '{"git.scanRepositories": ["~/proj"]}\n'],
    ['.tmux.conf', 'new-session -s p -c ~/proj\n'],
    ['.config/fish/config.fish', "alias p 'cd ~/proj'\n"],
  ])('~/%s naming the project root (%j): src/a.ts is free under --yes', async (file, text) => {
    expect(await written("alias gs='git status'", { [file]: text })).toBe('ok');
  }, 60_000);

  test('control (held): a .bashrc without the project leaves src/a.ts free', async () => {
    expect(await written("alias gs='git status'")).toBe('ok');
  }, 60_000);
});
