// Red team round 24, R24-15 FRICTION (homenames25's bounds, src/permissions/home-mention-search.ts/-walk.ts): one
// text file larger than 4 MiB anywhere below the home's dot-folders — a browser extension's bundled script under
// ~/.config/google-chrome/Default/Extensions, a package manager's unpacked store that the skip list does not name
// (~/.conda/pkgs, ~/.nuget/packages, ~/.opam, ~/.julia, ~/.platformio, ~/.espressif, ~/.local/share/uv/python ...)
// — fails the mention search closed: "~/.* loads the workspace", every file of every project is obeyed and
// safety-immune, --yes cannot approve a plain src/a.ts edit. (The 200,000-entry bound does the same: 210,000 empty
// files in ~/.opam/default/lib made src/a.ts ask, the call taking ~19 s; not a test here, too heavy.) Expected: a
// downloaded store is skipped as installed content, and a large file that is not a configuration (by place or name)
// is not a reason to obey the whole work tree.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { homeWritten } from './home-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('r24-fric-bounds-');
});
afterAll(async () => {
  await removeDir(base);
});

// The write of src/a.ts under --yes, the workspace at ~/proj, the home holding `files`.
const written = (files: Record<string, string>): Promise<string> => homeWritten(base, { files: { '.bashrc': "alias ll='ls -l'\n", ...files } }, 'src/a.ts', 'export const a = 2;\n', { inHome: true });

// A 5 MB minified script (text, no workspace path in it).
const BUNDLE = `${'var a=function(b){return b+1};'.repeat(170_000)}\n`;

describe('R24-15 FRICTION: one large text file in the home\'s dot-folders', () => {
  test.each([
    '.config/google-chrome/Default/Extensions/nkbihfbeogaeaoehlefnkodbefgpgknn/11.0.0_0/background.js',
    '.conda/pkgs/plotly-5.9.0-py_0/site/plotly.min.js',
  ])('~/%s of 5 MB: src/a.ts is free under --yes', async (at) => {
    expect(await written({ [at]: BUNDLE })).toBe('ok');
  }, 120_000);

  test('control (held): the same home with a small script there leaves src/a.ts free', async () => {
    expect(await written({ '.config/google-chrome/Default/Extensions/x/1.0/background.js': 'var a=1;\n' })).toBe('ok');
  }, 60_000);
});
