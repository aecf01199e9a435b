// What a script a hook runs loads (src/permissions/hook-scripts.ts). R13-20 (CRITICAL by precondition): a hook's
// `node scripts/t.js` (directly or through `npm test`) ran what t.js requires, creatable by a --yes agent: its
// static relative requires and imports are obeyed now, transitively, existing or not (every name node tries); a computed require, eval, vm or child_process obeys the whole tree. R13-22 rest: a python
// script that puts a computed folder on sys.path obeys the whole tree; a literal folder is obeyed. R13-25 (HIGH):
// a real installed folder (node_modules beside package.json, a venv with pyvenv.cfg) is obeyed too while the whole
// tree is (an unknown runner may walk it: `go generate ./...` ran venv/x/gen.go).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { checkHookRow } from './hook-check.js';

let base: string;
let home: string;
beforeAll(async () => {
  base = await tempDir('cw-scripts-');
  home = join(base, 'home');
  await writeFiles(home, { '.keep': '' });
});
afterAll(async () => removeDir(base));

let count = 0;
const next = (): string => join(base, `r${++count}`);

describe('R13-20: a node script a hook runs', () => {
  it.each([
    ['node scripts/t.js', {}],
    ['npm test', { 'package.json': JSON.stringify({ scripts: { test: 'node scripts/t.js' } }) }],
  ])('%s: its static requires and imports (missing ones too, every extension and index node tries)', async (hook, extra) => {
    await checkHookRow(next(), home, {
      hook,
      files: {
        ...extra,
        'scripts/t.js': 'const h = require("./h");\nconst l = require("../lib/h");\nimport("../esm/m.mjs");\nrequire("fs");\n',
        'lib/h.js': 'module.exports = require("./deep");\n',
        'lib/deep/index.js': 'export * from "../../shared/s.js";\n',
      },
      asks: ['scripts/h.js', 'scripts/h/index.js', 'scripts/h.cjs', 'lib/h.js', 'lib/h.json', 'lib/deep/index.js', 'shared/s.js', 'esm/m.mjs'],
      free: ['lib/unrelated.js', 'scripts/other.js', 'src/app.js', 'test/a.test.js'],
    });
  });

  it.each([
    'const fs = require("fs");\nfor (const f of fs.readdirSync("lib")) require("../lib/" + f);\n',
    'const name = process.argv[2];\nrequire(name);\n',
    'import(`../lib/${x}.js`);\n',
    'eval(require("fs").readFileSync("lib/x.txt", "utf8"));\n',
    'require("child_process").execSync("sh lib/gen.sh");\n',
    'const vm = require("node:vm");\nvm.runInThisContext("1");\n',
  ])('a name or text only known at run time obeys the whole tree: %s', async (text) => {
    await checkHookRow(next(), home, { hook: 'node scripts/t.js', files: { 'scripts/t.js': text }, asks: ['lib/new.js', 'src/app.js', 'lib/gen.sh'], free: ['data/a.csv'] });
  });
});

// Red team R14-18: node's other entry points are not followed; the whole tree is obeyed.
describe('R14-18: node runs a folder, inline code or a subpath import', () => {
  it.each([
    ['node .', { 'package.json': JSON.stringify({ main: 'tools/x.js' }) }],
    ['node tools', { 'tools/.keep': '' }],
    ['node -e "require(\'./tools/x.js\')"', { 'README.md': 'x\n' }],
    ['node -pe 1', { 'README.md': 'x\n' }],
    ['npm test', { 'package.json': JSON.stringify({ scripts: { test: 'node --eval=1' } }) }],
    ['node scripts/t.js', { 'package.json': JSON.stringify({ imports: { '#x': './tools/x.js' } }), 'scripts/t.js': 'require("#x");\n' }],
  ])('%s', async (hook, files) => {
    await checkHookRow(next(), home, { hook, files, asks: ['tools/x.js', 'tools/index.js', 'src/app.js'], free: ['data/a.csv'] });
  });
});

describe('R13-22 rest: a python script that changes its import path', () => {
  it('a computed folder (`sys.path.insert(0, os.path.join(…))`) obeys the whole tree', async () => {
    await checkHookRow(next(), home, {
      hook: 'python3 tools/check.py',
      files: { 'tools/check.py': 'import os, sys\nsys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "lib"))\nimport helper\n' },
      asks: ['lib/helper.py', 'src/app.py'],
      free: ['data/a.csv'],
    });
  });

  it('a literal folder is obeyed like the script\'s own; the rest stays free', async () => {
    await checkHookRow(next(), home, {
      hook: 'python3 tools/check.py',
      files: { 'tools/check.py': 'import sys\nsys.path.append("vendor/lib")\nimport helper\n' },
      asks: ['vendor/lib/helper.py', 'tools/json.py'],
      free: ['src/app.py'],
    });
  });
});

describe('R13-25: a real installed folder is obeyed while the whole tree is', () => {
  it('go generate ./... over node_modules beside package.json and a venv with pyvenv.cfg', async () => {
    await checkHookRow(next(), home, {
      hook: 'go generate ./...',
      files: { 'package.json': '{}\n', 'node_modules/x/index.js': '', 'venv/pyvenv.cfg': 'home = /usr/bin\n', 'go.mod': 'module x\n' },
      asks: ['venv/x/gen.go', 'node_modules/x/gen.go', 'venv/lib/python3.12/site-packages/p/gen.go', 'src/a.go'],
      free: ['data/a.csv'],
    });
  });

  it('control: a modelled npm test hook leaves the installed packages to the package manager', async () => {
    await checkHookRow(next(), home, {
      hook: 'npm test',
      files: { 'package.json': JSON.stringify({ scripts: { test: 'vitest run' } }), 'node_modules/x/index.js': '' },
      asks: ['package.json'],
      free: ['node_modules/x/index.js', 'node_modules/y/package.json', 'src/a.ts'],
    });
  });
});

describe('R13-13: doctest runners run prose', () => {
  it.each([
    ['python3 -m doctest README.md docs/*.md', ['README.md', 'docs/new.md']],
    ['python3 -m pytest --doctest-glob="*.md"', ['README.md', 'docs/new.md', 'docs/sub/x.md']],
    ['pytest --doctest-glob "*.rst" tests', ['docs/index.rst']],
    ['rustdoc --test README.md', ['README.md']],
    ['mdbook test book', ['book/src/ch2.md']],
    ['sphinx-build -b doctest docs out', ['docs/index.rst']],
    ['cargo test --doc', ['README.md']],
  ])('%s', async (hook, asks) => {
    await checkHookRow(next(), home, {
      hook,
      files: { 'Cargo.toml': '[package]\nname = "x"\n', 'src/lib.rs': '#![doc = include_str!("../README.md")]\n' },
      asks,
      free: ['data/a.csv'],
    });
  });
});

describe('R13-13: pytest --doctest-glob in a configuration', () => {
  it('pytest.ini addopts names the prose pytest runs', async () => {
    await checkHookRow(next(), home, { hook: 'python3 -m pytest -q', files: { 'pytest.ini': '[pytest]\naddopts = --doctest-glob=*.md\n' }, asks: ['README.md', 'docs/new.md'], free: ['data/a.csv', 'docs/page.rst'] });
  });
});
