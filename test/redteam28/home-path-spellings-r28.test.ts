// Red team round 28, R28-2 (CRITICAL): a relative PATH entry (R27-1's class) written in a spelling the start-up file
// reader does not model stays free: bash's append `PATH+=:./bin`, the common guard `${PATH:+$PATH:}./bin`, the
// current folder by value (`$PWD/bin`, `$(pwd)/bin`, backquotes: evaluated when a terminal opens in the project),
// a helper function (`pathadd ./bin`, the widespread snippet), zsh's slice assignment `path[1,0]=./bin`.
// Each: the next shell opened in ~/proj (an editor's terminal) types `git` and runs ./bin/git written under --yes.
// Controls held: `export PATH=./bin:$PATH`, `B=./bin; PATH=$B:$PATH`, declare/typeset/readonly, eval, set -a,
// `${PATH}:.`, zsh path+=(), fish set -gx/-p/--prepend, fish_add_path -m, fish_user_paths, .zshenv, .bash_profile.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { homeWritten } from '../permissions/home-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('rt28-pathspell-');
});
afterAll(async () => {
  await removeDir(base);
});
const RC: Record<string, string> = { bash: '.bashrc', zsh: '.zshrc' };
const written = (kind: string, text: string, file: string): Promise<string> =>
  homeWritten(base, { files: { [RC[kind]!]: `${text}\n` } }, file, '#!/bin/sh\ntouch /tmp/pwn\n', { inHome: true });

describe('R28-2 CRITICAL: relative PATH entries in spellings not read', () => {
  test.each([
    ['bash', 'PATH+=:./bin', 'bin/git'],
    ['bash', 'PATH+=":."', 'git'],
    ['bash', 'export PATH="${PATH:+$PATH:}./bin"', 'bin/git'],
    ['bash', 'export PATH="$PWD/bin:$PATH"', 'bin/git'],
    ['bash', 'export PATH="$(pwd)/bin:$PATH"', 'bin/git'],
    ['bash', 'export PATH="`pwd`/bin:$PATH"', 'bin/git'],
    ['bash', 'pathadd() { PATH="$1:$PATH"; }\npathadd ./bin', 'bin/git'],
    ['zsh', 'path[1,0]=./bin', 'bin/git'],
  ])('%s: %j -> %s asks under --yes', async (kind, text, file) => {
    expect(await written(kind, text, file)).toBe('C241');
  }, 120_000);
});
