// Red team round 14, R14-7 (issue 26): a loader variable set ON a hook line or in a runner's configuration
// (`NODE_OPTIONS='--require ./x.js' npm test`, `PYTHONPATH=tools pytest`, `RUBYOPT=-I./lib`, `PERL5OPT=-Mx`,
// `export BASH_ENV=…`, `.npmrc` `node-options=`) made the program load a work-tree file the walk did not obey.
// Now what such a value names is obeyed (a folder whole), and a value only known at run time, or one that
// names the whole folder, makes the walk unmodeled (src/permissions/hook-assigned.ts). Real repositories with an
// executable pre-commit hook; the rows fail on the old walk.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { checkHookRow, hookVerdict } from './hook-check.js';
import { nodeOptionsOf } from '../../src/permissions/hook-assigned.js';

let base: string;
let home: string;
beforeAll(async () => {
  base = await tempDir('cw-assigned-');
  home = join(base, 'home');
  await writeFiles(home, { '.keep': '' });
});
afterAll(async () => removeDir(base));

let count = 0;
const next = (): string => join(base, `r${++count}`);
const PKG = { 'package.json': JSON.stringify({ scripts: { test: 'vitest run' } }) };

const reached = async (hook: string, files: Record<string, string>): ReturnType<typeof hookVerdict> => hookVerdict(next(), hook, files);

describe('what a variable set for a hook line\'s program names is obeyed', () => {
  it.each([
    ['NODE_OPTIONS=\'--require ./tools/x.js\' npm test', PKG, 'tools/x.js'],
    ['env NODE_OPTIONS=--import=./tools/y.mjs npm test', PKG, 'tools/y.mjs'],
    ['PYTHONPATH=tools python3 -m pytest', { 'tools/keep.txt': '' }, 'tools'],
    ['RUBYOPT=-I./lib ruby t.rb', { 't.rb': '' }, 'lib'],
    ['PERL5OPT=-Mtools::x perl t.pl', { 't.pl': '' }, 'tools/x.pm'],
    ['export BASH_ENV=./tools/env.sh\nbash t.sh', { 't.sh': '' }, 'tools/env.sh'],
    ['GIT_EXTERNAL_DIFF=./tools/d.sh git diff', {}, 'tools/d.sh'],
    ['npm test', { ...PKG, '.npmrc': 'save-exact=true\nnode-options=--require ./tools/n.js\n' }, 'tools/n.js'],
  ])('%s', async (hook, files, obeyed) => {
    const found = await reached(hook, files);
    expect(found.unmodeled).toBeUndefined();
    expect(found.files).toContain(join(found.root, obeyed));
  });

  it.each([
    ['NODE_OPTIONS="--require $(cat tools/f)" npm test', PKG, 'NODE_OPTIONS'],
    ['NODE_OPTIONS="--require $(pwd)/x.js" PYTHONPATH=$(pwd) npm test', PKG, 'PYTHONPATH'],
    ['PYTHONPATH=. python3 -m pytest', {}, 'whole folder'],
    ['HOME=. git log -1', {}, 'HOME'],
    ['X=$(cat tools/f) ; NODE_OPTIONS="--require $X" npm test', PKG, 'NODE_OPTIONS'],
    ['LOADER="./tools/$(cat n)" npm test', PKG, 'LOADER'],
    ['npm test', { ...PKG, '.npmrc': 'script-shell=./tools/sh\n' }, 'script-shell'],
  ])('%s: unmodeled, naming the variable', async (hook, files, why) => {
    const found = await reached(hook, files);
    expect(found.unmodeled).toContain(why);
  });

  // Red team R15-10, R15-14: node resolves `--require` like require(): `./tools/x` is tools/x.js, a bare `x`
  // node_modules/x.js or the package folder node_modules/x; R15-18: npm's config given as options on its line.
  it.each([
    ['NODE_OPTIONS="--require ./tools/x" npm test', PKG, 'tools/x.js'],
    ['NODE_OPTIONS="--require x" npm test', PKG, 'node_modules/x.js'],
    ['export NODE_OPTIONS="-r x"\nnpm test', PKG, 'node_modules/x'],
    ['NODE_OPTIONS="--import @s/y/register" npm test', PKG, 'node_modules/@s/y'],
    ['npm test', { ...PKG, '.npmrc': 'node-options=--require x\n' }, 'node_modules/x.js'],
    ['npm test', { ...PKG, '.npmrc': 'node-options=--require ./tools/x\n' }, 'tools/x/index.js'],
    ['cd pkg && npm test', { 'pkg/package.json': PKG['package.json'], 'pkg/.npmrc': 'node-options=--require x\n' }, 'node_modules/x'],
    ['npm test --node-options=--require=./tools/x', PKG, 'tools/x.cjs'],
    ['npm --node-options "--require x" test', PKG, 'node_modules/x'],
    ['node -r ./tools/x t.js', { 't.js': '' }, 'tools/x.js'],
    ['node --import x t.mjs', { 't.mjs': '' }, 'node_modules/x'],
    ['node --require=./tools/x t.js --flag', { 't.js': '' }, 'tools/x.json'],
  ])('%s: what node resolves is obeyed (%#)', async (hook, files, obeyed) => {
    const found = await reached(hook, files);
    expect(found.unmodeled).toBeUndefined();
    expect(found.files).toContain(join(found.root, obeyed));
  });

  it.each([
    ['npm test --script-shell=./tools/sh', PKG],
    ['npm run test --script-shell ./tools/sh', PKG],
    ['npm --script-shell=tools/sh test', PKG],
    ['npm --script-sh tools/sh test', PKG],
    ['npm test --userconfig ./tools/rc', PKG],
  ])('%s: npm config on the line naming a program is unmodelled (R15-18)', async (hook, files) => {
    const found = await reached(hook, files);
    expect(found.unmodeled).toMatch(/script-sh|userconfig/);
  });

  it('node\'s loading options are read up to its script; the script\'s own arguments are not node\'s', () => {
    expect(nodeOptionsOf(['FOO=1', 'node', '--max-old-space-size=4096', '-r', 'x', '--import=./y', 't.js', '-r', 'z'])).toEqual(['NODE_OPTIONS=--max-old-space-size=4096 -r x --import=./y']);
    // tsx's --tsconfig names the configuration it reads: as its variable (R24-19, assignedWhy: not followed).
    expect(nodeOptionsOf(['tsx', '--tsconfig=./a.json', '-r', 'x', '--env-file=./e', 't.ts'])).toEqual(['TSX_TSCONFIG_PATH=./a.json', 'NODE_OPTIONS=-r x', 'NODE_OPTIONS=--env-file ./e']);
    expect(nodeOptionsOf(['npm', 'test'])).toEqual([]);
  });

  it('end to end: the file NODE_OPTIONS requires asks (--yes), an ordinary file is written', async () => {
    await checkHookRow(next(), home, { hook: 'NODE_OPTIONS="--require ./tools/x.js" npm test', files: { ...PKG, 'tools/x.js': '' }, asks: ['tools/x.js'], free: ['src/notes.txt'] });
  });

  it('plain data and the person\'s environment change nothing', async () => {
    const found = await reached('CI=true NODE_ENV=test npm test\nexport PATH="$PATH:/usr/local/bin"\nFORCE_COLOR=1 npx lint-staged\nNODE_OPTIONS=--max-old-space-size=4096 npm test', {
      ...PKG, '.npmrc': '//registry.npmjs.org/:_authToken=${NPM_TOKEN}\nregistry=https://registry.npmjs.org/\nsave-exact=true\n',
    });
    expect(found.unmodeled).toBeUndefined();
    expect(found.files.filter((file) => !/package\.json$|\.npmrc$|config|lintstaged|lint-staged|workspace|\/node_modules\//.test(file))).toEqual([]);
  });
});
