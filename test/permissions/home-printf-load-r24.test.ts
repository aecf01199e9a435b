// friction27's LEFT (R24-12): `printf -v F '%s/rc.d/a.sh' ~/proj` NL `. "$F"` in ~/.bashrc loads a workspace file
// through a variable printf sets; friction27's whole-tree rule (home-sources-computed.ts) first missed it (rc.d/a.sh
// was written under --yes, unasked), the lead's printf -v taint (SETS) closed it. spell28 keeps the repro, with the
// file itself and more printf spellings; the friction controls (a printf -v that names nothing loaded) stay free.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { homeWritten } from './home-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('s28-printf-');
});
afterAll(async () => {
  await removeDir(base);
});

const WORKSPACE = { 'rc.d/a.sh': 'Y=1\n', 'src/a.ts': 'export const a = 1;\n' };
const written = (text: string, file: string): Promise<string> =>
  homeWritten(base, { files: { '.bashrc': `${text}\n` } }, file, file.endsWith('.ts') ? 'export const a = 2;\n' : 'echo pwned\n', { inHome: true, workspace: WORKSPACE });

describe('friction27 LEFT: a start-up file loading a path printf -v builds from the workspace', () => {
  test.each([
    ["printf -v F '%s/rc.d/a.sh' ~/proj NL . \"$F\"", `printf -v F '%s/rc.d/a.sh' ~/proj\n. "$F"`],
    ['printf -v "F" -- "%s/rc.d/%s" "$HOME/proj" a.sh NL source $F', 'printf -v "F" -- "%s/rc.d/%s" "$HOME/proj" a.sh\nsource $F'],
    ["builtin printf -v F '%s' ~/proj/rc.d/a.sh; . \"$F\" (one line)", `builtin printf -v F '%s' ~/proj/rc.d/a.sh; . "$F"`],
  ])('%s: writing rc.d/a.sh asks', async (_label, text) => {
    expect(await written(text, 'rc.d/a.sh')).toBe('C241');
  }, 60_000);
});

describe('what stays free', () => {
  test.each([
    ["printf -v D '%s' ~/proj NL alias p=\"cd $D\"", `printf -v D '%s' ~/proj\nalias p="cd $D"`],
    ["printf -v N '%s' ~/proj/rc.d/a.sh (nothing loads it)", `printf -v N '%s' ~/proj/rc.d/a.sh\necho "$N"`],
  ])('%s: writing src/a.ts is free', async (_label, text) => {
    expect(await written(text, 'src/a.ts')).toBe('ok');
  }, 60_000);
});
