// Red team round 12, R12-5 (issue 26): a runner's configuration names the code it loads the way node resolves
// it, without an extension (`setupFiles: ['./cfg/setup']` is cfg/setup.ts; `import r from './rules'` is
// rules/index.js or what rules/package.json names; mocha's `"require": "cfg2/r"`): those files were written
// unasked under a hook that runs the runner, and the next commit ran them. Only names in a loading position
// are resolved so: an alias to './src' leaves src/index.ts the person's code. Real repositories with an
// executable .git/hooks/pre-commit, the in-process engine under --yes.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { checkHookRow } from './hook-check.js';

let base: string;
let home: string;
beforeAll(async () => {
  base = await tempDir('cw-cfgnames-');
  home = join(base, 'home');
  await writeFiles(home, { '.keep': '' });
});
afterAll(async () => removeDir(base));

const check = (name: string, hook: string, files: Record<string, string>, asks: readonly string[], free: readonly string[]): Promise<void> => checkHookRow(join(base, name), home, { hook, files, asks, free });

describe('modules a runner configuration loads, named without an extension, ask before they are written (--yes)', () => {
  it('vitest setupFiles and an imported plugin; an alias folder stays free', async () => {
    await check('vitest', 'npx vitest run', { 'vitest.config.ts': "import p from './cfg/plugin';\nexport default { plugins: [p()], resolve: { alias: { '@': './src' } }, test: { setupFiles: ['./cfg/setup'] } };\n", 'cfg/setup.ts': '', 'src/index.ts': '' },
      ['cfg/setup.ts', 'cfg/plugin.ts', 'cfg/plugin/index.js'], ['src/index.ts', 'cfg/other.ts']);
  });

  it('an eslint config importing a folder; mocha require without ./', async () => {
    await check('eslint', 'npx eslint . && npx mocha', { 'eslint.config.js': "import r from './rules';\nexport default [r];\n", '.mocharc.json': '{ "require": "cfg2/r" }\n' },
      // `./rules` does not exist yet: whatever it becomes (a file, a folder with an index or a package.json main) is
      // what eslint loads, so the name is obeyed whole (the JS runners' allow-list, red team R14-10).
      ['rules/index.js', 'rules/package.json', 'rules/notes.js', 'cfg2/r.js'], ['cfg2/other.js']);
  });
});
