// R28-2 (path30): held-back variants of the red team's row, read by the PATH assignment reader
// (home-sources-assign.ts: `+=`, `${V:+w}` with a nested `${V}`) and the start-up file walk (home-sources-shell.ts: the
// current folder by value is `.`; zsh's element and slice assignments; a function that puts its arguments on PATH,
// whatever its name and shape). Each: a shell opened in ~/proj (an editor's terminal) runs the file written there.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { homeWritten } from './home-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('path30-spell-');
});
afterAll(async () => {
  await removeDir(base);
});
const RC: Record<string, string> = { bash: '.bashrc', zsh: '.zshrc', fish: '.config/fish/config.fish' };
const written = (kind: string, text: string, file: string): Promise<string> =>
  homeWritten(base, { files: { [RC[kind]!]: `${text}\n` } }, file, '#!/bin/sh\ntouch /tmp/pwn\n', { inHome: true });

describe('relative PATH entries in more spellings ask', () => {
  test.each([
    ['bash', 'export PATH="${PATH:+${PATH}:}./bin"', 'bin/git'],
    ['bash', 'PATH=${PATH}${PATH:+:}./bin', 'sub/bin/tool'],
    ['bash', 'export PATH+=":./bin"', 'bin/git'],
    ['bash', 'export PATH="${PWD}/bin:$PATH"', 'bin/git'],
    ['bash', 'export PATH="$(pwd -P)/tools:$PATH"', 'tools/x'],
    ['bash', 'PATH=$PATH:$(pwd)', 'jq'],
    ['bash', 'PATH+=":$PWD/node_modules/.bin"', 'node_modules/.bin/git'],
    ['zsh', 'path+=./bin', 'bin/git'],
    ['zsh', 'path[$#path+1]=./bin', 'bin/git'],
    ['zsh', 'typeset -U path\npath[1,0]=(./bin)', 'bin/git'],
    ['bash', 'function add_path { export PATH="$1:$PATH"; }\nadd_path ./bin', 'bin/git'],
    ['bash', 'prepend() {\n  [ -d "$1" ] && PATH="$1${PATH:+:$PATH}"\n}\nprepend tools/bin', 'tools/bin/x'],
    ['bash', 'add_to_path() {\n  case ":$PATH:" in\n    *":$1:"*) ;;\n    *) PATH="$PATH:$1" ;;\n  esac\n}\nadd_to_path ./bin', 'bin/git'],
    ['bash', 'pathadd() { PATH="$1:$PATH"; }\npathadd "$PWD/scripts"', 'scripts/x'],
    ['fish', 'function addp\n  fish_add_path $argv\nend\naddp ./bin', 'bin/git'],
  ])('%s: %j -> %s asks under --yes', async (kind, text, file) => {
    expect(await written(kind, text, file)).toBe('C241');
  }, 120_000);
});

describe('controls (free)', () => {
  test.each([
    ['bash', 'PATH+=":$HOME/.local/bin"', 'bin/git'],
    ['bash', 'pathadd() { PATH="$1:$PATH"; }\npathadd "$HOME/.cargo/bin"', 'bin/git'],
    ['bash', 'export PATH="$PWD/bin:$PATH"', 'src/b.ts'],
    ['zsh', 'path+=$HOME/go/bin', 'bin/git'],
  ])('%s: %j -> %s is free', async (kind, text, file) => {
    expect(await written(kind, text, file)).toBe('ok');
  }, 120_000);
});
