// Red team round 29, R29-3 (CRITICAL: a program later obeyed, planted without approval): R27-1/R28-2's class (a PATH
// entry that names the folder a terminal opens in) computed in spellings the start-up file reader does not evaluate:
// the folder by another command (`$(realpath .)`, `$(git rev-parse --show-toplevel)` — a common "project bin" line
// — zsh `path+=("$(git rev-parse …)/bin")`, fish `(pwd)/bin`), bash's `~+` (is $PWD), and PATH set by a builtin
// other than an assignment (`printf -v PATH`, `read -r PATH <<<`, a nameref `declare -n p=PATH`) or by a pattern
// substitution `${PATH/#/./bin:}`. Each: the next shell opened in ~/proj (an editor's terminal) types `git` and runs
// ~/proj/bin/git written under --yes. Held: `./bin:$PATH`, `$PATH:.`, `bin${PATH:+:$PATH}`, `${PATH}${PATH:+:}./bin`,
// `${PWD}/bin`, `$(pwd -P)/bin`, `$(pwd)/node_modules/.bin`, `PATH=…; export PATH`, zsh `path=(./bin $path)`,
// `path=($PWD/bin $path)`, fish_add_path --path ./bin, .profile, .bash_aliases, .envrc `$(pwd)/sub/bin`, PATH_add
// "$(git rev-parse --show-toplevel)/bin", load_prefix, layout node.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { homeWritten } from '../permissions/home-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('rt29-pathcomp-');
});
afterAll(async () => {
  await removeDir(base);
});
const written = (rc: string, text: string, file: string): Promise<string> =>
  homeWritten(base, { files: { [rc]: `${text}\n` } }, file, '#!/bin/sh\ntouch /tmp/pwn\n', { inHome: true });

describe('R29-3 CRITICAL: a PATH entry naming the terminal\'s folder, computed, leaves bin/git free', () => {
  test.each([
    ['.bashrc', 'export PATH="$(realpath .)/bin:$PATH"'],
    ['.bashrc', 'export PATH="$(git rev-parse --show-toplevel)/bin:$PATH"'],
    ['.bashrc', 'export PATH=~+/bin:$PATH'],
    ['.bashrc', 'printf -v PATH "%s:%s" ./bin "$PATH"'],
    ['.bashrc', 'read -r PATH <<< "./bin:$PATH"'],
    ['.bashrc', 'PATH=${PATH/#/./bin:}'],
    ['.bashrc', 'declare -n p=PATH; p="./bin:$PATH"'],
    ['.zshrc', 'path+=("$(git rev-parse --show-toplevel 2>/dev/null)/bin")'],
    ['.config/fish/config.fish', 'set -gx PATH (pwd)/bin $PATH'],
  ])('%s: %j -> bin/git asks under --yes', async (rc, text) => {
    expect(await written(rc, text, 'bin/git')).toBe('C241');
  }, 120_000);
});

// The same in a direnv `.envrc` the user allowed (`eval "$(direnv hook bash)"` in ~/.bashrc): a folder by `~+` or by
// command substitution in PATH_add / path_add. Held there: `$(realpath sub)/bin`, `$(git rev-parse …)/sub/bin`,
// PATH_add with a glob, `printf -v PATH`, `${PWD}/sub/bin`, source_env.
describe('R29-3 CRITICAL (.envrc): computed PATH entries leave sub/bin/git free', () => {
  test.each(['export PATH=~+/sub/bin:$PATH', 'PATH_add $(echo sub/bin)', 'path_add PATH $(echo sub/bin)'])('%j -> sub/bin/git asks under --yes', async (envrc) => {
    const code = await homeWritten(base, { files: { '.bashrc': 'eval "$(direnv hook bash)"\n' } }, 'sub/bin/git', '#!/bin/sh\ntouch /tmp/pwn\n', { inHome: true, workspace: { '.envrc': `${envrc}\n` } });
    expect(code).toBe('C241');
  }, 120_000);
});

describe('control (held)', () => {
  test.each([
    ['.bashrc', 'export PATH="$(pwd -P)/bin:$PATH"'],
    ['.zshrc', 'path=($PWD/bin $path)'],
  ])('%s: %j -> bin/git asks', async (rc, text) => {
    expect(await written(rc, text, 'bin/git')).toBe('C241');
  }, 120_000);
});
