// Red team round 15 (issue 26), module names resolved the way the runner resolves them: R15-6 (a configuration
// key the row does not list naming a module without its extension: vitest `test.diff`, jest
// `testResultsProcessor`/`filter`/`prettierPath`, mocha's alias `r`), R15-21 (YAML configurations' unquoted
// values), R15-7 (a configuration's bare imports and package names: node_modules/<package>), R15-12 (prettier
// `--parser PATH`, lint-staged `--shell [PATH]`). One key reader (src/permissions/hook-js-keys.ts: a key on the
// row is resolved, a key known inert ignored, any other key naming a path fails closed) and one resolver
// (src/permissions/node-resolve.ts). Real repositories with an executable pre-commit hook, the in-process engine
// under --yes; every row but the controls fails on the old code.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { checkHookRow, type Row } from './hook-check.js';

let base: string;
let home: string;
beforeAll(async () => {
  base = await tempDir('cw-modres-');
  home = join(base, 'home');
  await writeFiles(home, { '.keep': '' });
});
afterAll(async () => removeDir(base));

let count = 0;
const check = async (row: Row): Promise<void> => checkHookRow(join(base, `r${++count}`), home, row);
const pkg = (name: string, dependencies: Record<string, string> = {}): Record<string, string> => ({ [`node_modules/${name}/package.json`]: JSON.stringify({ name, main: 'index.js', dependencies }) });

describe('a configuration key naming a module: resolved like node, or unmodelled (R15-6)', () => {
  it.each<[string, Row]>([
    ['vitest test.diff', { hook: 'npx vitest run', files: { 'vitest.config.ts': 'export default { test: { diff: "./tools/diff" } };\n' }, asks: ['tools/diff.js', 'tools/diff/index.ts'], free: ['src/a.ts'] }],
    ['jest testResultsProcessor', { hook: 'npx jest', files: { 'jest.config.json': '{"testResultsProcessor":"./tools/proc"}' }, asks: ['tools/proc.js'], free: ['src/a.js'] }],
    ['jest filter with <rootDir>', { hook: 'npx jest', files: { 'jest.config.json': '{"filter":"<rootDir>/tools/filt"}' }, asks: ['tools/filt.js'], free: ['src/a.js'] }],
    ['jest prettierPath', { hook: 'npx jest', files: { 'jest.config.json': '{"prettierPath":"<rootDir>/tools/pp"}' }, asks: ['tools/pp.cjs'], free: ['src/a.js'] }],
    ['mocha alias r', { hook: 'npx mocha', files: { '.mocharc.json': '{"r": "./tools/r"}' }, asks: ['tools/r.js'], free: ['src/a.js'] }],
    ['a key no row lists, naming a path', { hook: 'npx vitest run', files: { 'vitest.config.ts': 'export default { test: { futureHook: "./tools/f" } };\n' }, asks: ['tools/f.js', 'src/a.ts'], free: [] }],
    ['a key no row lists, in JSON', { hook: 'npx jest', files: { 'jest.config.json': '{"someLoader":"tools/l"}' }, asks: ['tools/l.js', 'src/a.js'], free: [] }],
  ])('%s', async (_name, row) => check(row));

  it('control: keys known to hold globs, folders and data stay inert', () => check({
    hook: 'npx vitest run && npx jest',
    files: {
      'vitest.config.ts': "export default { test: { include: ['src/**/*.test.ts'], coverage: { reportsDirectory: './coverage', include: ['src/**'] }, outputFile: { junit: './reports/j.xml' } } };\n",
      'jest.config.json': JSON.stringify({ testMatch: ['<rootDir>/src/**/*.test.js'], coverageDirectory: './cov', moduleNameMapper: { '^@/(.*)$': '<rootDir>/src/$1' }, roots: ['<rootDir>/src'] }),
    },
    asks: ['vitest.config.ts', 'jest.config.json'], free: ['src/a.ts', 'src/a.js', 'reports/j.xml'],
  }));
});

describe('a YAML configuration\'s unquoted values (R15-21)', () => {
  it.each<[string, Row]>([
    ['mocha require ./tools/r', { hook: 'npx mocha', files: { '.mocharc.yml': 'require: ./tools/r\n' }, asks: ['tools/r.js'], free: ['src/a.js'] }],
    ['mocha require tools/r', { hook: 'npx mocha', files: { '.mocharc.yml': 'require: tools/r\n' }, asks: ['tools/r.js'], free: ['src/a.js'] }],
    ['mocha require list', { hook: 'npx mocha', files: { '.mocharc.yaml': 'require:\n  - tools/r\n' }, asks: ['tools/r.js'], free: ['src/a.js'] }],
    ['mocha reporter and ui', { hook: 'npx mocha', files: { '.mocharc.yml': 'reporter: tools/rep\nui: ./tools/ui\n' }, asks: ['tools/rep.js', 'tools/ui.js'], free: ['src/a.js'] }],
    ['eslint parser', { hook: 'npx eslint .', files: { '.eslintrc.yml': 'parser: ./tools/parser\n' }, asks: ['tools/parser.js'], free: ['src/a.js'] }],
    ['stylelint customSyntax', { hook: 'npx stylelint "**/*.css"', files: { '.stylelintrc.yml': 'customSyntax: ./tools/syn\n' }, asks: ['tools/syn.js'], free: ['src/a.js'] }],
    ['commitlint formatter', { hook: 'npx commitlint --edit "$1"', files: { '.commitlintrc.yml': 'formatter: ./tools/fmt\n' }, asks: ['tools/fmt.js'], free: ['src/a.js'] }],
    // Red team R17-1: the same as a flow mapping (valid YAML, loaded by every runner alike).
    ['mocha flow mapping', { hook: 'npx mocha', files: { '.mocharc.yml': '{require: ./tools/r, spec: test}\n' }, asks: ['tools/r.js'], free: ['src/a.js'] }],
    ['eslint flow mapping', { hook: 'npx eslint .', files: { '.eslintrc.yml': '{parser: ./tools/parser, root: true}\n' }, asks: ['tools/parser.js'], free: ['src/a.js'] }],
    ['a YAML file no parser reads fails closed', { hook: 'npx mocha', files: { '.mocharc.yml': 'require: [./tools/r\n  bad: {\n' }, asks: ['tools/r.js', 'src/a.js'], free: [] }],
    // Red team R17-2: a computed key in JS text names what only the running code knows.
    ['mocha computed key', { hook: 'npx mocha', files: { '.mocharc.js': 'module.exports = { ["req"+"uire"]: "./tools/r", spec: "test" };\n' }, asks: ['tools/r.js', 'src/a.js'], free: [] }],
  ])('%s', async (_name, row) => check(row));
});

describe('a bare module name: the package folder in node_modules, whole (R15-7)', () => {
  it.each<[string, Row]>([
    ['a vitest config\'s bare import', { hook: 'npx vitest run', files: { 'vitest.config.ts': 'import react from "@vitejs/plugin-react";\nexport default { plugins: [react()] };\n', ...pkg('@vitejs/plugin-react', { '@babel/core': '7' }), ...pkg('@babel/core'), ...pkg('other') }, asks: ['node_modules/@vitejs/plugin-react/index.js', 'node_modules/@vitejs/plugin-react/package.json', 'node_modules/@babel/core/lib/x.js'], free: ['src/a.ts', 'node_modules/other/index.js'] }],
    ['an eslint plugin by its short name', { hook: 'npx eslint .', files: { '.eslintrc.json': '{"plugins":["react"],"extends":["plugin:import/recommended"]}', ...pkg('eslint-plugin-react') }, asks: ['node_modules/eslint-plugin-react/index.js', 'node_modules/eslint-plugin-import/lib/x.js'], free: ['src/a.js'] }],
    ['a jest preset by package name, not installed yet', { hook: 'npx jest', files: { 'jest.config.json': '{"preset":"ts-jest"}' }, asks: ['node_modules/ts-jest/jest-preset.js', 'node_modules/ts-jest.js'], free: ['src/a.js'] }],
    ['a babel preset (jest\'s transform)', { hook: 'npx jest', files: { '.babelrc': '{"presets":["env"]}' }, asks: ['node_modules/babel-preset-env/index.js', 'node_modules/@babel/preset-env/lib/index.js'], free: ['src/a.js'] }],
  ])('%s', async (_name, row) => check(row));
});

describe('a runner option whose value is a module or a program (R15-12)', () => {
  it.each<[string, Row]>([
    ['prettier --parser PATH', { hook: 'npx prettier --parser ./tools/p --check .', files: { 'README.md': '' }, asks: ['tools/p.js', 'src/a.js'], free: [] }],
    ['lint-staged --shell PATH', { hook: 'npx lint-staged --shell ./tools/sh', files: { '.lintstagedrc.json': '{"*.js":"eslint"}' }, asks: ['tools/sh', 'src/a.js'], free: [] }],
    ['lint-staged -x PATH', { hook: 'npx lint-staged -x tools/sh', files: { '.lintstagedrc.json': '{"*.js":"eslint"}' }, asks: ['tools/sh', 'src/a.js'], free: [] }],
    ['lint-staged --shell=PATH', { hook: 'npx lint-staged --shell=tools/sh', files: { '.lintstagedrc.json': '{"*.js":"eslint"}' }, asks: ['tools/sh', 'src/a.js'], free: [] }],
    ['control: a built-in parser, a shell flag alone', { hook: 'npx prettier --parser typescript --check .\nnpx lint-staged --shell', files: { '.lintstagedrc.json': '{"*.js":"eslint"}' }, asks: ['.lintstagedrc.json'], free: ['src/a.js', 'tools/sh'] }],
  ])('%s', async (_name, row) => check(row));
});
