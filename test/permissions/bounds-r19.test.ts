// Red team round 19, R19-9 and R19-10 (issue 26): two more bounds that stopped silently. The JS cascade search
// (eslint, prettier ... look up a configuration in every folder) stopped listing at its bound and obeyed a nested
// configuration past it by name only, so what it imports was written unasked; the start-up/env-file reader read 64
// files and dropped the rest, so seventy monorepo `mise.toml` files starved the `.cargo/config.toml` after them
// (the person's next plain `cargo build` ran the wrapper it names). A bound is now never silent: findInTree calls
// every caller back, and a file of the workspace past the env reader's bound obeys the whole tree, naming why.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeSourced } from '../../src/permissions/home-sources.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { cliWritten } from './cli-write.js';
import { hookVerdict } from './hook-check.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('cw-bounds19-');
});
afterAll(async () => removeDir(base));

let count = 0;
const deep = 'a/b/c/d/e/f/g/h/i/j';

describe('R19-9: the JS cascade listing fails closed past its bound', () => {
  it.each([
    ['eslint', 'npx eslint .', 'eslint.config.js', 'export default [];\n'],
    ['prettier', 'npx prettier --check .', '.prettierrc.json', '{"plugins":["./p.js"]}\n'],
  ])('%s: a nested configuration deeper than the listing reaches makes the line unmodelled', async (runner, hook, name, text) => {
    const found = await hookVerdict(join(base, `r${++count}`), hook, { [name]: text, [`${deep}/${name}`]: `import "./p.js";\n${text}`, [`${deep}/p.js`]: '' });
    expect(found.unmodeled, runner).toContain('larger than codeward lists');
  });

  it('a tree inside the bound stays modelled and follows the nested configuration', async () => {
    const found = await hookVerdict(join(base, `r${++count}`), 'npx eslint .', { 'eslint.config.js': 'export default [];\n', 'zz/eslint.config.js': 'import "./p.js";\nexport default [];\n', 'zz/p.js': '' });
    expect(found.unmodeled).toBeUndefined();
    expect(found.files).toContain(join(found.root, 'zz/p.js'));
  });
});

describe('R19-10: seventy env files do not starve the cargo configuration', () => {
  const monorepo = Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`pkg${i + 1}/mise.toml`, '[env]\nA = "1"\n']));
  const cargo = { '.cargo/config.toml': '[build]\nrustc-wrapper = "tools/w"\n', 'Cargo.toml': '[package]\nname = "w"\nversion = "0.1.0"\n' };

  it('the wrapper .cargo/config.toml names asks after 70 mise.toml files (the red team row)', async () => {
    expect(await cliWritten(base, { ...monorepo, ...cargo }, 'tools/w')).toBe('C241');
  });

  it('the same .envrc files (direnv) do not starve it either', async () => {
    const envrcs = Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`pkg${i + 1}/.envrc`, 'export A=1\n']));
    expect(await cliWritten(base, { ...envrcs, ...cargo }, 'tools/w')).toBe('C241');
  });

  it('an ordinary source write stays free in that monorepo', async () => {
    expect(await cliWritten(base, { ...monorepo, ...cargo }, 'src/a.ts')).toBe('ok');
  });
});

describe('R19-10: past the env reader\'s own bound the whole tree is obeyed, naming why', () => {
  it('520 .envrc files: the one not read obeys the work tree', async () => {
    const root = join(base, `r${++count}`), home = join(base, `home${count}`);
    const names = Array.from({ length: 520 }, (_, i) => `p${i}/.envrc`);
    await writeFiles(root, Object.fromEntries(names.map((name) => [name, 'export A=1\n'])));
    await writeFiles(home, { '.keep': '' });
    const { links } = homeSourced(home, [root], names);
    expect(links.find((link) => link.rel === '')?.note).toContain('more than 512');
  });
});
