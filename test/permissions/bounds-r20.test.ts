// Red team round 20, R20-25 (issue 26, class R19-9/R19-10): the workspace scan (obeyed-repos.ts scanWorkspace, 32
// folders deep, 200,000 folders and links) stopped silently, so an `.envrc`, `.npmrc` or `.cargo/config.toml` 33
// folders deep was never read and what it names was written unasked. walkFolders now tells every caller of a cut
// (WalkLimits.onCut), and a cut scan obeys the whole tree, naming the bound. Through the real binary under --yes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { cliWritten } from './cli-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('cw-bounds20-');
});
afterAll(async () => removeDir(base));

const deep = Array.from({ length: 33 }, (_, i) => String(i + 1)).join('/');

describe('R20-25: a file past the workspace scan\'s depth bound', () => {
  it.each([
    ['.npmrc script-shell', { [`${deep}/.npmrc`]: 'script-shell=./tools/sh\n' }, `${deep}/tools/sh`],
    ['.cargo/config.toml rustc-wrapper', { [`${deep}/.cargo/config.toml`]: '[build]\nrustc-wrapper = "tools/w"\n' }, `${deep}/tools/w`],
    ['mise.toml NODE_OPTIONS', { [`${deep}/mise.toml`]: '[env]\nNODE_OPTIONS = "--require ./tools/x.js"\n' }, `${deep}/tools/x.js`],
  ])('%s: what it names asks, and so does every file (the scan was cut)', async (_name, files, file) => {
    expect(await cliWritten(base, files, file)).toBe('C241');
    expect(await cliWritten(base, files, 'src/a.ts')).toBe('C241');
  });

  it('control: the same files within the bound are read, and an ordinary write stays free', async () => {
    const near = 'a/b/c';
    expect(await cliWritten(base, { [`${near}/.npmrc`]: 'script-shell=./tools/sh\n' }, `${near}/tools/sh`)).toBe('C241');
    expect(await cliWritten(base, { [`${near}/.npmrc`]: 'script-shell=./tools/sh\n' }, 'src/a.ts')).toBe('ok');
  });
});
