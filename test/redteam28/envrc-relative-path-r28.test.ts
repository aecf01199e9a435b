// Red team round 28, R28-12 (CRITICAL: a program later obeyed, planted without approval): R27-1's class (a RELATIVE
// PATH entry is searched from whatever folder the person stands in) in a direnv `.envrc` the user allowed: `export
// PATH="./bin:$PATH"` / `"bin:$PATH"` exports the entry as written (only PATH_add makes it absolute), so after
// `cd sub` the person's `git` runs sub/bin/git. With `eval "$(direnv hook bash)"` in ~/.bashrc, `write sub/bin/git`
// is free under --yes. Held: the same `.envrc` with `.:$PATH` or `:$PATH` (sub/git and even sub/jq ask: the whole
// tree), `PATH_add bin`, `path_add PATH bin`, `$PWD/bin`; top-level bin/git asks.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { homeWritten } from '../permissions/home-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('rt28-envrc-');
});
afterAll(async () => {
  await removeDir(base);
});
const written = (envrc: string, file: string): Promise<string> =>
  homeWritten(base, { files: { '.bashrc': 'eval "$(direnv hook bash)"\n' } }, file, '#!/bin/sh\ntouch /tmp/pwn\n', { inHome: true, workspace: { '.envrc': `${envrc}\n` } });

describe('R28-12 CRITICAL: a relative PATH entry exported by .envrc leaves bin/ below the top free', () => {
  test.each([
    ['export PATH="./bin:$PATH"', 'sub/bin/git'],
    ['export PATH="bin:$PATH"', 'sub/bin/git'],
  ])('%j -> %s asks under --yes', async (envrc, file) => {
    expect(await written(envrc, file)).toBe('C241');
  }, 120_000);
});

describe('control (held)', () => {
  test('the top-level bin/git asks', async () => {
    expect(await written('export PATH="./bin:$PATH"', 'bin/git')).toBe('C241');
  }, 120_000);
  test.each([
    ['export PATH="./bin:$PATH"', 'sub/src/x.ts'],
    ['export PATH="./bin:$PATH"', 'sub/bin.md'],
    ['PATH_add bin', 'sub/bin/git'],
  ])('%j -> %s stays free (not a folder a relative entry names; PATH_add is absolute)', async (envrc, file) => {
    expect(await written(envrc, file)).toBe('ok');
  }, 120_000);
});
