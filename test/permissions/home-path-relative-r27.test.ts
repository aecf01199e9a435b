// Red team round 27, R27-1 (home28's PATH project folders, home-sources.ts): a start-up file that puts a RELATIVE
// folder on PATH (`./bin`, `./node_modules/.bin`, `.`, an empty entry `:$PATH`) makes the shell search that folder of
// whatever folder the user stands in: in the project, `git` runs ./bin/git (bash, zsh and fish all search a
// relative PATH entry against the current folder; an empty entry is the current folder, POSIX). The classic
// binstubs/npm advice line. Written today under --yes: the user's next plain `git status` in ~/proj runs it.
// The same for a relative `.`/`source` operand in a start-up file (`[ -f .bashrc.local ] && . .bashrc.local`,
// `. ./env.sh`): a shell opened in the project (an editor's terminal, a tmux pane, `cd ~/proj && bash`) loads the
// project's file (checked: `cd ~/proj && HOME=.. bash -ic true` printed LOADED-LOCAL and LOADED-ENV).
// Controls: the same folder named absolutely (`$HOME/proj/bin`) asks; `. venv/bin/activate` asks.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { homeWritten } from '../permissions/home-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('rt27-relpath-');
});
afterAll(async () => {
  await removeDir(base);
});
const RC: Record<string, string> = { bash: '.bashrc', zsh: '.zshrc', fish: '.config/fish/config.fish', profile: '.profile' };
const written = (kind: string, text: string, file: string): Promise<string> =>
  homeWritten(base, { files: { [RC[kind]!]: `${text}\n` } }, file, '#!/bin/sh\ntouch /tmp/pwn\n', { inHome: true });

describe('R27-1 CRITICAL: a relative PATH entry in a start-up file leaves the project folder it names free', () => {
  test.each([
    ['bash', 'export PATH="./bin:$PATH"', 'bin/git'],
    ['bash', 'export PATH=bin:$PATH', 'bin/git'],
    ['bash', 'export PATH="./node_modules/.bin:$PATH"', 'node_modules/.bin/git'],
    ['bash', 'export PATH=".:$PATH"', 'git'],
    ['profile', 'PATH=:$PATH', 'git'],
    ['zsh', 'path=(./bin $path)', 'bin/git'],
    ['fish', 'fish_add_path --path ./bin', 'bin/git'],
    ['bash', '[ -f .bashrc.local ] && . .bashrc.local', '.bashrc.local'],
    ['bash', '. ./env.sh 2>/dev/null', 'env.sh'],
    ['zsh', 'source local.zsh', 'local.zsh'],
  ])('%s: %j -> %s asks under --yes', async (kind, text, file) => {
    expect(await written(kind, text, file)).toBe('C241');
  }, 120_000);
});

describe('controls (held)', () => {
  test.each([
    ['bash', 'export PATH="$HOME/proj/bin:$PATH"', 'bin/git', 'C241'],
    ['bash', 'export PATH="./bin:$PATH"', 'src/b.ts', 'ok'],
    ['bash', '[ -f venv/bin/activate ] && . venv/bin/activate', 'venv/bin/activate', 'C241'],
  ])('%s: %j -> %s is %s', async (kind, text, file, expected) => {
    expect(await written(kind, text, file)).toBe(expected);
  }, 120_000);
});
