// bounds22 (class R19-9/R19-10/R20-25/R21-9): a file codeward must read to judge a write, padded past the reader's
// bound, was read as "absent" (`readGitMetadata(...) ?? ''`): what it names was written unasked under --yes. And
// cargo22's left 1: a script an `.envrc` `source`s runs in the `.envrc`'s folder, so its own relative `source`
// names are found from there (direnv), not from the script's folder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { cliWritten } from './cli-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('cw-r22-bounds-');
});
afterAll(async () => removeDir(base));

const pad = (bytes: number): string => `${' '.repeat(bytes)}`;

describe('bounds22: a file past a reader bound asks', () => {
  it.each<[string, Record<string, string>, string]>([
    ['control (held on old too): .envrc NODE_OPTIONS="$(cat f)" with f over 64 KiB (obeyed-env-runtime)', { '.envrc': 'export NODE_OPTIONS="$(cat .nodeopts)"\n', '.nodeopts': `${pad(70 * 1024)}--require ./tools/x.js\n` }, 'tools/x.js'],
    ['.envrc running a script over 64 KiB (home-sources-envrc-scripts)', { '.envrc': './env.sh\n', 'env.sh': `#!/bin/sh\n${'#'.repeat(70 * 1024)}\nexport NODE_OPTIONS="--require ./tools/x.js"\n` }, 'tools/x.js'],
    ['direnv: a sourced script sources relative to the .envrc folder', { '.envrc': 'source tools/a.sh\n', 'tools/a.sh': 'source tools/b.sh\n' }, 'tools/b.sh'],
  ])('%s', async (_name, files, file) => {
    expect(await cliWritten(base, files, file)).toBe('C241');
  });

  it('control: an ordinary source write beside a small .envrc is free', async () => {
    expect(await cliWritten(base, { '.envrc': 'source tools/a.sh\n', 'tools/a.sh': 'export X=1\n' }, 'src/main.ts')).not.toBe('C241');
  });
});
