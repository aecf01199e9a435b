// Issue 26, red team 18 FRICTION F3 and F4: a pre-commit hook running `pyright`, `pylint src`, `isort --check . &&
// flake8 src`, `npm run lint` with `"lint": "next lint"`, `npx biome check .` or `npx knip` made EVERY source write
// ask under --yes (programs with no row: the whole tree obeyed). Each has a row now (hook-runner-rows-more.ts and
// its reader): the checked sources are written unasked (none of them runs them), while the configuration files and
// what they make the tool load ask (C241): pylint's load-plugins modules and init-hook import folders, flake8's
// local plug-ins and their `paths`, pyright's `extends` and virtual environment, next.config and the ESLint
// configuration, biome's GritQL plug-ins and extended files, knip.ts with its imports and the tools' JS
// configurations knip runs (vite.config.ts and what it imports). What a row cannot read obeys the whole tree.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const rows = rowPlace('cw-py-js18-');
const PY = { 'pyproject.toml': '[project]\nname = "x"\n', 'src/a.py': 'x = 1\n', 'tests/test_a.py': '', 'pyrightconfig.json': '{ "strict": ["src"] }\n', '.pylintrc': '[MAIN]\njobs = 2\n', '.flake8': '[flake8]\nmax-line-length = 100\n' };
const PY_FREE = ['src/a.py', 'src/new.py', 'tests/test_a.py'];

describe('F3: pyright, pylint, isort + flake8', () => {
  it.each([
    ['pyright', ['pyrightconfig.json', 'pyproject.toml']],
    ['pyright --outputjson src', ['pyrightconfig.json']],
    // A project FOLDER is read for its configuration, not obeyed whole.
    ['pyright -p . src', ['pyrightconfig.json', 'pyproject.toml']],
    // A configuration file named on the line is read as one, not judged as a shell script (`{` is no program).
    ['pyright -p pyrightconfig.json src', ['pyrightconfig.json']],
    ['pylint --rcfile .pylintrc src', ['.pylintrc']],
    ['flake8 --config .flake8 src', ['.flake8']],
    ['pylint src', ['pylintrc', '.pylintrc', 'pyproject.toml', 'setup.cfg', 'tox.ini', 'pkg/.pylintrc', 'native/x.so']],
    ['pylint --disable=C0114 -j 2 --output-format=colorized src tests', ['.pylintrc']],
    ['isort --check . && flake8 src', ['.flake8', 'setup.cfg', 'tox.ini']],
    ['flake8 --max-line-length=100 --extend-ignore=E203 src', ['.flake8']],
    // `python -m X` runs a module of the working folder first: a shadowing pylint.py / flake8/__main__.py asks.
    ['python3 -m pylint src', ['.pylintrc', 'pylint.py', 'pylint/__main__.py']],
    ['python -m flake8 src', ['.flake8', 'flake8.py', 'flake8/__main__.py']],
  ])('%s: the sources are free, the configuration asks', async (hook, asks) => {
    await checkHookRow(rows.next(), rows.home, { hook, files: PY, asks, free: PY_FREE, content: '# ok\n' });
  });

  it.each([
    ['pyright: extends and the virtual environment', 'pyright', { 'pyrightconfig.json': '{\n  // base settings\n  "extends": "./cfg/base.json",\n  "venvPath": ".",\n  "venv": "env2",\n}\n', 'cfg/base.json': '{ "extends": "deeper.json" }\n' }, ['cfg/base.json', 'cfg/deeper.json', 'env2/bin/python']],
    ['pylint: load-plugins and the init-hook import folder', 'pylint src', { '.pylintrc': '[MAIN]\ninit-hook = \'import sys; sys.path.append("lint")\'\nload-plugins = myplug, tools.checker\n' }, ['lint/myplug.py', 'myplug.py', 'tools/checker.py', 'tools/__init__.py']],
    ['pylint: pyproject [tool.pylint.main]', 'pylint src', { 'pyproject.toml': '[project]\nname = "x"\n\n[tool.pylint.main]\nload-plugins = ["plugs.p1"]\n' }, ['plugs/p1.py', 'plugs/__init__.py']],
    ['pylint --load-plugins on the line, found in the folder the configuration\'s init-hook adds', 'pylint --load-plugins=lineplug,pylint_django src', { '.pylintrc': '[MAIN]\ninit-hook = "import sys; sys.path.insert(0, \'lint\')"\n' }, ['lint/lineplug.py', 'lineplug.py', 'pylint_django.py', 'pylint_django/__init__.py']],
    ['pylint --rcfile', 'pylint --rcfile=ci/pylintrc src', { 'ci/pylintrc': '[MASTER]\nload-plugins=ciplug\n' }, ['ci/pylintrc', 'ci/ciplug.py']],
    ['flake8: local plug-ins and their paths', 'flake8 src', { 'setup.cfg': '[flake8]\nmax-line-length = 100\n\n[flake8:local-plugins]\nextension =\n  MC1 = mychecks:Check\nreport =\n  R1 = rep.x:Rep\npaths = ./lintplug\n' }, ['lintplug/mychecks.py', 'lintplug/other.py', 'lintplug/rep/x.py', 'mychecks.py']],
    ['flake8 --config', 'flake8 --config ci/flake8.ini src', { 'ci/flake8.ini': '[flake8:local-plugins]\nextension = X1 = ciplug:P\n' }, ['ci/flake8.ini', 'ci/ciplug.py']],
  ])('%s', async (_name, hook, files, asks) => {
    await checkHookRow(rows.next(), rows.home, { hook, files: { ...PY, ...files }, asks, free: PY_FREE, content: '# ok\n' });
  });

  it.each([
    ['pyright --pythonpath ./py src', {}],
    ['pyright', { 'pyrightconfig.json': '{ "venv": [1] ' }],
    ['pylint src', { '.pylintrc': '[MAIN]\ninit-hook = exec(open("tools/boot.py").read())\n' }],
    ['pylint src', { '.pylintrc': '[MAIN]\nevaluation = __import__("os").system("sh x")\n' }],
    ['pylint src', { '.pylintrc': '[MAIN]\noutput-format = tools.rep.Reporter\n' }],
    ['pylint --output-format=tools.rep.Reporter src', {}],
    ['pylint --init-hook="exec(open(\'x.py\').read())" src', {}],
    ['pylint --load-plugins=$P src', {}],
    ['flake8 src', { '.flake8': '[flake8:local-plugins]\nextension = X = $MOD:P\n' }],
  ])('fail closed: %s %j', async (hook, files) => {
    await checkHookRow(rows.next(), rows.home, { hook, files: { ...PY, ...files }, asks: ['src/a.py', 'tests/test_a.py'], free: ['data/a.csv'] });
  });
});

const NEXT = {
  'package.json': '{ "name": "app", "scripts": { "lint": "next lint" }, "devDependencies": { "next": "15.0.0", "eslint": "9.0.0" } }\n',
  'next.config.mjs': 'export default { reactStrictMode: true };\n',
  '.eslintrc.json': '{ "extends": "next/core-web-vitals" }\n',
  'src/a.ts': 'export const a = 1;\n',
  'app/page.tsx': 'export default function P() { return null; }\n',
};
const JS_FREE = ['src/a.ts', 'app/page.tsx', 'components/B.tsx'];

describe('F4: next lint, biome, knip', () => {
  it.each(['npm run lint', 'npx next lint', 'next lint --dir src --max-warnings 0'])('%s: the sources are free, the configurations ask', async (hook) => {
    await checkHookRow(rows.next(), rows.home, { hook, files: NEXT, asks: ['next.config.mjs', '.eslintrc.json', 'eslint.config.mjs', 'package.json'], free: JS_FREE, content: '// ok\n' });
  });

  it('next lint: a plug-in the ESLint configuration names by path, a module next.config imports', async () => {
    const files = { ...NEXT, '.eslintrc.json': '{ "plugins": ["./tools/eslint-local"] }\n', 'next.config.mjs': 'import x from "./tools/cfg.mjs";\nexport default x;\n', 'tools/cfg.mjs': 'export default {};\n' };
    await checkHookRow(rows.next(), rows.home, { hook: 'npm run lint', files, asks: ['tools/cfg.mjs', 'tools/eslint-local.js', 'tools/eslint-local/index.js'], free: JS_FREE, content: '// ok\n' });
  });

  const BIOME = { 'package.json': '{ "name": "app" }\n', 'biome.json': '{\n  // settings\n  "linter": { "enabled": true },\n}\n', 'src/a.ts': 'export const a = 1;\n' };
  it.each(['npx biome check .', 'npx @biomejs/biome check --write .', 'biome ci', 'biome lint src && biome format src'])('%s: the sources are free, biome.json asks', async (hook) => {
    await checkHookRow(rows.next(), rows.home, { hook, files: BIOME, asks: ['biome.json', 'biome.jsonc', 'pkg/biome.json', 'rules/x.grit'], free: ['src/a.ts', 'src/b.tsx', 'lib/c.js'], content: '// ok\n' });
  });

  it.each(['npx biome check --config-path=. .', 'npx biome check --config-path cfg src', 'npx biome check --config-path biome.json .'])('%s: a configuration folder is read, not obeyed whole', async (hook) => {
    const files = { ...BIOME, 'cfg/biome.json': '{ "plugins": ["./cfg.grit"] }\n' };
    await checkHookRow(rows.next(), rows.home, { hook, files, asks: ['biome.json', ...(hook.includes('cfg') ? ['cfg/biome.json', 'cfg/cfg.grit'] : [])], free: ['src/a.ts', 'cfg/x.ts'], content: '// ok\n' });
  });

  it('biome: plug-ins and extended configurations (a nested one too)', async () => {
    const files = { ...BIOME, 'biome.json': '{ "extends": ["./cfg/base.jsonc"], "plugins": ["./lint/no-x.grit"] }\n', 'cfg/base.jsonc': '{ "plugins": ["more.grit"] }\n', 'pkg/biome.json': '{ "extends": "//", "plugins": ["pkg.gritql"] }\n' };
    await checkHookRow(rows.next(), rows.home, { hook: 'npx biome check .', files, asks: ['lint/no-x.grit', 'cfg/base.jsonc', 'cfg/more.grit', 'pkg/pkg.gritql'], free: ['src/a.ts', 'pkg/src/x.ts'], content: '// ok\n' });
  });

  const KNIP = { 'package.json': '{ "name": "app", "devDependencies": { "knip": "5.0.0", "vitest": "2.0.0" } }\n', 'knip.json': '{ "entry": ["src/index.ts"], "project": ["src/**/*.ts"] }\n', 'src/index.ts': 'export const a = 1;\n', 'vite.config.ts': 'import p from "./tools/vite-plugin";\nexport default { plugins: [p()] };\n', 'tools/vite-plugin.ts': 'export default () => ({});\n', 'pkg/package.json': '{ "name": "pkg" }\n' };
  it.each(['npx knip', 'knip --production --no-progress'])('%s: the sources are free, knip and the configurations it runs ask', async (hook) => {
    await checkHookRow(rows.next(), rows.home, { hook, files: KNIP, asks: ['knip.json', 'knip.ts', '.knip.jsonc', 'vite.config.ts', 'tools/vite-plugin.ts', 'vitest.config.mts', 'pkg/eslint.config.js', '.storybook/main.ts', 'vitest.workspace.ts', 'codegen.ts', 'pkg/gatsby-node.js', '.vitepress/config.ts', 'pkg/.dependency-cruiser.js'], free: ['src/index.ts', 'src/new.ts', 'lib/c.js', 'pkg/src/x.ts'], content: '// ok\n' });
  });

  it('knip: a present file at a workspace root (a tool configuration knip has no name for) is followed with its imports', async () => {
    const files = { ...KNIP, 'pkg/gatsby-node.js': 'require("./scripts/pages");\n', 'pkg/scripts/pages.js': '' };
    await checkHookRow(rows.next(), rows.home, { hook: 'npx knip', files, asks: ['pkg/gatsby-node.js', 'pkg/scripts/pages.js'], free: ['pkg/src/x.ts', 'src/index.ts'], content: '// ok\n' });
  });

  it('knip: knip.ts with its imports, a plug-in configuration named in knip.json', async () => {
    const files = { ...KNIP, 'knip.ts': 'import base from "./tools/knip-base";\nexport default base;\n', 'tools/knip-base.ts': 'export default {};\n', 'knip.json': '{ "entry": ["src/index.ts"], "vitest": { "config": ["config/vt.ts"] } }\n', 'config/vt.ts': 'import "./vt-setup";\nexport default {};\n', 'config/vt-setup.ts': '' };
    await checkHookRow(rows.next(), rows.home, { hook: 'npx knip', files, asks: ['tools/knip-base.ts', 'config/vt.ts', 'config/vt-setup.ts'], free: ['src/index.ts'], content: '// ok\n' });
  });

  it.each([
    ['npx next lint --rulesdir tools', NEXT],
    ['npx biome check --unknown-flag .', BIOME],
    ['npx biome check .', { ...BIOME, 'biome.json': '{ "extends": ["some-shared-config"] }\n', 'node_modules/some-shared-config/package.json': '{ "name": "some-shared-config" }\n' }],
    ['npx biome check .', { ...BIOME, 'biome.json': '{ "linter": ' }],
    ['npx knip --reporter ./tools/rep.ts', KNIP],
    ['npx knip', { ...KNIP, 'vite.config.ts': 'export default await import(process.env.CFG);\n' }],
  ])('fail closed: %s', async (hook, files) => {
    await checkHookRow(rows.next(), rows.home, { hook, files, asks: ['src/a.ts', 'src/index.ts'].filter((one) => one in files), free: ['data/a.csv'] });
  });
});
