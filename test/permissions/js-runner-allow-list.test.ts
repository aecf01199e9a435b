// Red team round 14 (issue 26), the JavaScript runners a hook reaches: R14-2 (an option or a configuration key
// that moves the runner to other folders or configurations: `vitest -r tools`, `cd tools && vitest`, vitest
// `projects:` and workspace files, mocha `--package` and `.mocharc` `extends`, jest `projects`), R14-12 (the
// configuration cascades: prettier, eslint, stylelint and commitlint read configurations in other folders and the
// files they name) and R14-10 (babel's and a prettier configuration's plugins given as paths, a config's own
// imports, transitively). One allow-list per runner (src/permissions/hook-js-runners.ts): anything else is
// unmodelled and the whole work tree is obeyed. Real repositories with an executable pre-commit hook, the
// in-process engine under --yes; every row but the controls fails on the old code.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookReached } from '../../src/permissions/obeyed-hooks.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { checkHookRow, type Row } from './hook-check.js';

let base: string;
let home: string;
beforeAll(async () => {
  base = await tempDir('cw-jsrun-');
  home = join(base, 'home');
  await writeFiles(home, { '.keep': '' });
});
afterAll(async () => removeDir(base));

let count = 0;
const check = async (row: Row): Promise<void> => checkHookRow(join(base, `r${++count}`), home, row);
const SETUP = "export default { test: { setupFiles: ['./s.ts'] } };\n";

describe('an option or a configuration key the runner model does not list: the whole work tree (R14-2)', () => {
  it.each<[string, Row]>([
    ['vitest -r', { hook: 'npx vitest run -r tools', files: { 'tools/vitest.config.ts': SETUP }, asks: ['tools/vitest.config.ts', 'tools/s.ts', 'src/a.ts'], free: [] }],
    ['vitest --mode', { hook: 'npx vitest run --mode ci', files: { 'README.md': '' }, asks: ['src/a.ts'], free: [] }],
    ['a custom reporter', { hook: 'npx vitest run --reporter ./tools/rep.ts', files: { 'README.md': '' }, asks: ['tools/rep.ts', 'src/a.ts'], free: [] }],
    ['a configuration only known at run time', { hook: 'npx jest --config "$CFG"', files: { 'README.md': '' }, asks: ['src/a.js'], free: [] }],
    ['vitest projects', { hook: 'npx vitest run', files: { 'vitest.config.ts': "export default { test: { projects: ['pkg/vitest.config.ts'] } };\n", 'pkg/vitest.config.ts': SETUP }, asks: ['pkg/s.ts', 'src/a.ts'], free: [] }],
    ['a vitest workspace file', { hook: 'npx vitest run', files: { 'vitest.workspace.ts': "export default ['pkg'];\n", 'pkg/vitest.config.ts': SETUP }, asks: ['pkg/s.ts', 'pkg/vitest.config.ts'], free: [] }],
    ['mocha --package', { hook: 'npx mocha --package other.json', files: { 'other.json': JSON.stringify({ mocha: { require: './cfg/r.js' } }) }, asks: ['cfg/r.js', 'other.json'], free: [] }],
    ['jest projects', { hook: 'npx jest', files: { 'jest.config.js': "module.exports = { projects: ['<rootDir>/pkg'] };\n", 'pkg/jest.config.js': "module.exports = { setupFiles: ['./s.js'] };\n" }, asks: ['pkg/jest.config.js', 'pkg/s.js'], free: [] }],
    ['a shorthand root', { hook: 'npx vitest run', files: { 'vitest.config.ts': "const root = 'tools';\nexport default { root };\n" }, asks: ['tools/vitest.config.ts', 'src/a.ts'], free: [] }],
    ['package.json\'s prettier field naming its configuration', { hook: 'npx prettier --check .', files: { 'package.json': JSON.stringify({ prettier: './tools/p.json' }) }, asks: ['tools/p.json', 'src/a.ts'], free: [] }],
  ])('%s', async (_name, row) => check(row));

  it('the reason names the runner and the option, or the configuration and the key', async () => {
    const root = join(base, 'why');
    await writeFiles(root, { '.git/hooks/pre-commit': '#!/bin/sh\nnpx vitest run -r tools\n', 'vitest.config.ts': "export default { test: { projects: ['a'] } };\n" });
    const { chmod } = await import('node:fs/promises');
    await chmod(join(root, '.git/hooks/pre-commit'), 0o755);
    expect(hookReached([join(root, '.git/hooks')], root, ['pre-commit']).unmodeled).toBe('.git/hooks/pre-commit runs `vitest -r` (an option of vitest codeward does not model)');
    await writeFiles(root, { '.git/hooks/pre-commit': '#!/bin/sh\nnpx vitest run\n' });
    expect(hookReached([join(root, '.git/hooks')], root, ['pre-commit']).unmodeled).toBe("vitest.config.ts: vitest's `projects` in vitest.config.ts (it names other folders or configurations)");
  });
});

describe('the folder a `cd` moves to, the configuration cascades and what a configuration loads (R14-2, R14-12, R14-10)', () => {
  it.each<[string, Row]>([
    ['.mocharc extends', { hook: 'npx mocha', files: { '.mocharc.json': JSON.stringify({ extends: './cfg/base.json' }), 'cfg/base.json': JSON.stringify({ require: './cfg/r.js' }) }, asks: ['cfg/base.json', 'cfg/r.js'], free: ['src/a.ts'] }],
    ['.eslintrc extends a path', { hook: 'npx eslint .', files: { '.eslintrc.json': JSON.stringify({ extends: ['./tools/base'] }), 'tools/base.js': 'module.exports = {};\n' }, asks: ['tools/base.js'], free: ['src/a.ts'] }],
    ['commitlint extends a path', { hook: 'npx commitlint --edit "$1"', files: { 'commitlint.config.js': "module.exports = { extends: ['./tools/cl'] };\n" }, asks: ['tools/cl.js'], free: ['src/a.ts'] }],
    ['cd tools && vitest', { hook: 'cd tools && npx vitest run', files: { 'tools/vitest.config.ts': SETUP }, asks: ['tools/vitest.config.ts', 'tools/s.ts'], free: ['src/a.ts'] }],
    ['cd on a line of its own', { hook: 'cd tools\nnpx jest', files: { 'tools/jest.config.js': "module.exports = { setupFiles: ['./s.js'] };\n" }, asks: ['tools/jest.config.js', 'tools/s.js'], free: ['src/a.js'] }],
    ['prettier: every folder\'s .prettierrc (made later too)', { hook: 'npx prettier --check .', files: { '.prettierrc': '{}' }, asks: ['src/.prettierrc', 'src/deep/.prettierrc.json', 'pkg/prettier.config.mjs'], free: ['src/a.ts'] }],
    ['prettier: a nested configuration\'s plugin', { hook: 'npx prettier --write .', files: { 'src/.prettierrc.json': JSON.stringify({ plugins: ['./tools/pp.mjs'] }), 'src/tools/pp.mjs': "import './helper.mjs';\n" }, asks: ['src/tools/pp.mjs', 'src/tools/helper.mjs'], free: ['src/a.ts'] }],
    ['eslint: nested flat and legacy configurations', { hook: 'npx eslint . --fix', files: { 'eslint.config.js': 'export default [];\n' }, asks: ['pkg/eslint.config.js', 'pkg/.eslintrc.js', 'a/b/.eslintrc.yml'], free: ['src/a.ts'] }],
    ['eslint: a configuration\'s imports, transitively', { hook: 'npx eslint .', files: { 'eslint.config.js': "import b from './tools/base.js';\nexport default [b];\n", 'tools/base.js': "import r from './rules.js';\nexport default r;\n", 'tools/rules.js': 'export default {};\n' }, asks: ['tools/base.js', 'tools/rules.js'], free: ['src/a.ts'] }],
    ['eslint: a computed load in a configuration', { hook: 'npx eslint .', files: { 'eslint.config.js': "export default [await import(process.env.X)];\n" }, asks: ['src/a.ts'], free: [] }],
    ['stylelint: nested configurations', { hook: 'npx stylelint "**/*.css"', files: { 'README.md': '' }, asks: ['web/.stylelintrc.json', 'web/stylelint.config.cjs'], free: ['src/a.css'] }],
    ['package.json\'s prettier field: a configuration it extends, and what that one names', { hook: 'npx prettier --check .', files: { 'package.json': JSON.stringify({ prettier: { extends: './tools/p.json' } }), 'tools/p.json': JSON.stringify({ plugins: ['./tools/pp.mjs'] }) }, asks: ['tools/p.json', 'tools/pp.mjs'], free: ['src/a.ts'] }],
    ['commitlint: .commitlintrc', { hook: 'npx commitlint --edit "$1"', files: { '.commitlintrc.json': JSON.stringify({ plugins: ['./tools/cp.js'] }) }, asks: ['.commitlintrc.json', 'tools/cp.js'], free: ['src/a.ts'] }],
    ['babel for jest: .babelrc plugins, every folder\'s .babelrc', { hook: 'npx jest', files: { '.babelrc': JSON.stringify({ plugins: ['./tools/bp.js'] }), 'tools/bp.js': "module.exports = require('./inner');\n" }, asks: ['.babelrc', 'tools/bp.js', 'tools/inner.js', 'babel.config.js', 'src/.babelrc'], free: ['src/a.js'] }],
    ['babel presets computed', { hook: 'npx jest', files: { 'babel.config.js': "module.exports = { presets: [require(process.env.P)] };\n" }, asks: ['src/a.js'], free: [] }],
  ])('%s', async (_name, row) => check(row));

  it('controls: the ordinary spellings stay modelled and keep the rest of the work tree free', async () => {
    const files = { 'package.json': JSON.stringify({ scripts: { test: 'vitest run --reporter=dot -t unit', lint: 'eslint . --max-warnings 0 --cache && prettier -c . && stylelint "**/*.css" --fix' } }), 'vitest.config.ts': "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { environment: 'node', root: '.', globals: true } });\n", 'eslint.config.js': "import js from '@eslint/js';\nexport default [js.configs.recommended, { files: ['**/*.ts'], rules: {} }];\n", '.prettierrc': '{ "semi": false }\n', '.eslintrc.json': JSON.stringify({ root: true, extends: ['eslint:recommended', 'plugin:react/recommended'] }) };
    await check({ hook: 'npm test && npm run lint\nnpx --no -- commitlint --edit "$1"\nnpx mocha -c --recursive --reporter spec', files, asks: ['vitest.config.ts', 'eslint.config.js', '.prettierrc', 'src/.prettierrc'], free: ['src/a.ts', 'README.md'] });
  });
});

// Red team R14b-6: a configuration imports the workspace's own package by its name (node's self-reference
// through package.json `exports`): the file `exports` maps to, a pattern with its match (R19-5: node-self-reference.ts).
describe('the workspace\'s own package by its name (R14b-6)', () => {
  it.each<[string, Row]>([
    ['a literal exports subpath', { hook: 'npx eslint .', files: { 'package.json': JSON.stringify({ name: 'mypkg', exports: { './tools': { import: './tools/x.js' } } }), 'eslint.config.js': "import x from 'mypkg/tools';\nexport default [x];\n", 'tools/x.js': "import './y.js';\nexport default {};\n" }, asks: ['tools/x.js', 'tools/y.js'], free: ['src/a.ts', 'tools/z.js'] }],
    ['an exports pattern', { hook: 'npx eslint .', files: { 'package.json': JSON.stringify({ name: 'mypkg', exports: { './*': './lib/*.js' } }), 'eslint.config.js': "import x from 'mypkg/tools';\nexport default [x];\n" }, asks: ['lib/tools.js', 'lib/tools.ts'], free: ['src/a.ts', 'lib/other.js', 'node_modules/x/index.js'] }],
  ])('%s', async (_name, row) => check(row));
});
