// Red team round 21, R21-9 (class R19-9/R19-10/R20-25: "a bound must never stop silently"): the project env and
// package-manager files (home-sources.ts projectItems) are read with readGitMetadata(path, 256 KiB), which gives
// nothing for a larger file, and the loop then `continue`s without a word: an `.npmrc`, `.envrc`, `mise.toml` or
// `.cargo/config.toml` padded past 256 KiB with a comment is never read, so what it names is written unasked under
// --yes (npm, direnv, mise and cargo read the whole file). Also the depth bound (MAX_DEPTH = 3): an `.envrc`
// sourcing a -> b -> c reads c but does not follow what c names (silent `continue`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { cliWritten } from './cli-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('cw-r21-bounds-');
});
afterAll(async () => removeDir(base));

const pad = (comment: string): string => `${comment} ${'x'.repeat(100)}\n`.repeat(3000);

describe('R21-9: a project file past a bound', () => {
  it.each<[string, Record<string, string>, string]>([
    ['.npmrc over 256 KiB', { '.npmrc': `${pad(';')}script-shell=./tools/sh\n` }, 'tools/sh'],
    ['.envrc over 256 KiB', { '.envrc': `${pad('#')}export NODE_OPTIONS="--require ./tools/x.js"\n` }, 'tools/x.js'],
    ['mise.toml over 256 KiB', { 'mise.toml': `${pad('#')}[env]\nNODE_OPTIONS = "--require ./tools/x.js"\n` }, 'tools/x.js'],
    ['.cargo/config.toml over 256 KiB', { '.cargo/config.toml': `${pad('#')}[build]\nrustc-wrapper = "tools/w"\n` }, 'tools/w'],
    ['.envrc NODE_OPTIONS=--env-file of an env file over 64 KiB naming NODE_OPTIONS', { '.envrc': 'export NODE_OPTIONS="--env-file=.env.big"\n', '.env.big': `${pad('#')}NODE_OPTIONS=--require ./tools/x.js\n` }, 'tools/x.js'],
    ['control (held): .envrc NODE_OPTIONS="$(cat f)" with f over 4 KiB', { '.envrc': 'export NODE_OPTIONS="$(cat .nodeopts)"\n', '.nodeopts': `${' '.repeat(5000)}--require ./tools/x.js\n` }, 'tools/x.js'],
    ['.envrc source_env chain 4 deep', { '.envrc': 'source_env a.sh\n', 'a.sh': 'source_env b.sh\n', 'b.sh': 'source_env c.sh\n', 'c.sh': 'source_env tools/d.sh\n' }, 'tools/d.sh'],
  ])('%s: what it names asks (or the whole tree does)', async (_name, files, file) => {
    expect(await cliWritten(base, files, file)).toBe('C241');
  });

  it('control (held): the same .npmrc and env file under the bound ask', async () => {
    expect(await cliWritten(base, { '.npmrc': 'script-shell=./tools/sh\n' }, 'tools/sh')).toBe('C241');
    expect(await cliWritten(base, { '.envrc': 'export NODE_OPTIONS="--env-file=.env.big"\n', '.env.big': 'NODE_OPTIONS=--require ./tools/x.js\n' }, 'tools/x.js')).toBe('C241');
  });
});
