// Red team round 24, R24-2 (homeenv25's PLACES list, src/permissions/obeyed-env-homes.ts): variables exempted as
// "a place that is not configuration or code" whose folder DOES hold files a program obeys or runs:
// - CCACHE_DIR (CI: `CCACHE_DIR=$PWD/.ccache` for the cache action): ccache reads $CCACHE_DIR/ccache.conf on every
//   compile, and its compiler_check / prefix_command run a command (checked with ccache 4.8 + gcc: both ran).
// - CONDA_PREFIX (a project-local environment, `conda create -p ./env; conda activate ./env`): conda sources every
//   $CONDA_PREFIX/etc/conda/activate.d/*.sh on activation and deactivate.d/*.sh on `conda deactivate`, in the
//   person's shell (conda's "saving environment variables" documentation).
// - WORKON_HOME (virtualenvwrapper): $VIRTUALENVWRAPPER_HOOK_DIR (default $WORKON_HOME)/initialize is sourced by
//   virtualenvwrapper.sh at every shell start, postactivate on every `workon`, <env>/bin/postactivate too.
// Each is written under --yes, unasked. The caches of the same list stay free (control: a ccache object file).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { homeWritten } from './home-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('r24-places-');
});
afterAll(async () => {
  await removeDir(base);
});

// The write of `file` under --yes with `name` = WS/`value` in codeward's environment.
const written = (name: string, value: string, file: string): Promise<string> => homeWritten(base, {}, file, 'compiler_check = ./x.sh\n', { env: { [name]: `@WS@/${value}` } });

describe('R24-2: exempt places whose files a program obeys', () => {
  test.each([
    ['CCACHE_DIR', '.ccache', '.ccache/ccache.conf'],
    ['CONDA_PREFIX', 'env', 'env/etc/conda/activate.d/x.sh'],
    ['CONDA_PREFIX', 'env', 'env/etc/conda/deactivate.d/x.sh'],
    ['WORKON_HOME', '.venvs', '.venvs/initialize'],
    ['WORKON_HOME', '.venvs', '.venvs/postactivate'],
    ['WORKON_HOME', '.venvs', '.venvs/p/bin/postactivate'],
  ])('%s=WS/%s: writing %s asks', async (name, value, file) => {
    expect(await written(name, value, file)).toBe('C241');
  }, 60_000);

  test('control (held): a generic variable (PRE_COMMIT_HOME=WS/pc) makes pc/x ask', async () => {
    expect(await written('PRE_COMMIT_HOME', 'pc', 'pc/x')).toBe('C241');
  }, 60_000);

  test('control (held): CCACHE_DIR=WS/.ccache leaves its cache entries free', async () => {
    expect(await written('CCACHE_DIR', '.ccache', '.ccache/a/b/c.o')).toBe('ok');
  }, 60_000);

  test.each([
    ['CONDA_PREFIX', 'env', 'env/lib/python3.11/site-packages/pkg/mod.py'],
    ['WORKON_HOME', '.venvs', '.venvs/p/lib/python3.11/site-packages/pkg/mod.py'],
  ])('friction control: %s=WS/%s leaves the installed package %s free', async (name, value, file) => {
    expect(await homeWritten(base, {}, file, 'x = 1\n', { env: { [name]: `@WS@/${value}` } })).toBe('ok');
  }, 60_000);
});
