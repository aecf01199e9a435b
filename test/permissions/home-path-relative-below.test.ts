// R27-1 (path29): a relative PATH entry, an empty entry and a home file's relative load are searched from the person's
// current folder, any folder of the workspace: `X/*` below every folder (`**/X/*`), the shadowing names for `.`/empty/
// `node_modules/.bin` (home-sources-relpath.ts), the programs of the top's `X` read for what they load. Friction
// controls: ordinary writes, a package's own bin, nvm/pyenv/cargo/~/.local/bin lines stay free.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { homeWritten } from './home-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('path29-');
});
afterAll(async () => {
  await removeDir(base);
});
const written = (rc: string, file: string, workspace: Record<string, string> = {}): Promise<string> =>
  homeWritten(base, { files: { '.bashrc': `${rc}\n` } }, file, '#!/bin/sh\ntouch /tmp/pwn\n', { inHome: true, workspace });

describe('a relative PATH entry obeys that folder below every folder of the workspace', () => {
  test.each([
    ['export PATH="./bin:$PATH"', 'sub/deep/bin/git'],
    ['export PATH="bin:$PATH"', 'packages/a/bin/anything'],
    ['export PATH="scripts/bin:$PATH"', 'tools/scripts/bin/x'],
    ['export PATH=".:$PATH"', 'sub/make'],
    ['export PATH="$PATH:"', 'sub/git'],
    ['export PATH="/usr/bin::/bin"', 'npm'],
    ['export PATH="./node_modules/.bin:$PATH"', 'packages/a/node_modules/.bin/node'],
    ['. lib/env.sh', 'sub/lib/env.sh'],
  ])('%j -> %s asks', async (rc, file) => {
    expect(await written(rc, file)).toBe('C241');
  }, 120_000);

  // bin/tool, a program of the top's ./bin, sources tools/env.sh (absolute): that file is obeyed (read as a script).
  test('a program of the top copy of a relative PATH folder is read for what it loads', async () => {
    const tool = '#!/bin/sh\n. "$HOME/proj/tools/env.sh"\n';
    expect(await written('export PATH="./bin:$PATH"', 'tools/env.sh', { 'bin/tool': tool })).toBe('C241');
  }, 120_000);
});

describe('friction controls (free)', () => {
  test.each([
    ['export PATH=".:$PATH"', 'src/b.ts'],
    ['export PATH=".:$PATH"', 'sub/notes.md'],
    ['export PATH="./node_modules/.bin:$PATH"', 'node_modules/.bin/my-pkg-cli'],
    ['export PATH="./node_modules/.bin:$PATH"', 'src/a.ts'],
    ['export PATH="./bin:$PATH"', 'src/bin.ts'],
    ['export PATH="$HOME/.local/bin:$PATH"\nexport NVM_DIR="$HOME/.nvm"\n[ -s "$NVM_DIR/nvm.sh" ] && \\. "$NVM_DIR/nvm.sh"\n[ -s "$NVM_DIR/bash_completion" ] && \\. "$NVM_DIR/bash_completion"\nexport PYENV_ROOT="$HOME/.pyenv"\nexport PATH="$PYENV_ROOT/bin:$PATH"\neval "$(pyenv init -)"\n. "$HOME/.cargo/env"', 'src/b.ts'],
    ['export PATH="$HOME/.local/bin:$PATH"\n. "$HOME/.cargo/env"', 'bin/git'],
  ])('%j -> %s is free', async (rc, file) => {
    expect(await written(rc, file)).toBe('ok');
  }, 120_000);
});
