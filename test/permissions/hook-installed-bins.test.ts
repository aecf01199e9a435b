// Red team R14-8 (issue 26): a hook's `npx lint-staged` (or a bare `eslint` in a package.json script, which npm
// runs from node_modules/.bin) runs node_modules/.bin/<name> and the package it links to: written unasked, the
// commit ran it. Now node_modules/.bin/<name> (present or not) and the real package folder are obeyed, for each
// program a hook line starts; other installed packages stay free. Real repositories with an executable
// pre-commit hook, the in-process engine under --yes; the rows fail on the old code, the control does not.
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programsOf } from '../../src/permissions/hook-bins.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { checkHookRow } from './hook-check.js';

let base: string;
let home: string;
beforeAll(async () => {
  base = await tempDir('cw-bins-');
  home = join(base, 'home');
  await writeFiles(home, { '.keep': '' });
});
afterAll(async () => removeDir(base));

// An installed package with its bin link, as npm makes them.
async function installed(root: string, name: string): Promise<void> {
  await writeFiles(root, { [`node_modules/${name}/package.json`]: JSON.stringify({ name, bin: `bin/${name}.js` }), [`node_modules/${name}/bin/${name}.js`]: '#!/usr/bin/env node\n', [`node_modules/${name}/lib/run.js`]: '' });
  await symlink(`../${name}/bin/${name}.js`, join(root, 'node_modules/.bin', name));
}

describe('installed programs a hook runs (R14-8)', () => {
  it('npx lint-staged: its bin link and its whole package; not another package', async () => {
    const root = join(base, 'npx');
    await writeFiles(root, { 'package.json': '{}\n', 'node_modules/other/index.js': '', 'node_modules/.bin/.keep': '' });
    await installed(root, 'lint-staged');
    await checkHookRow(root, home, { hook: 'npx lint-staged', files: {}, asks: ['node_modules/.bin/lint-staged', 'node_modules/lint-staged/bin/lint-staged.js', 'node_modules/lint-staged/lib/run.js', 'node_modules/lint-staged/package.json'], free: ['node_modules/other/index.js', 'src/a.ts'] });
  });

  it('a bare program of a package.json script, a launcher\'s program not installed yet', async () => {
    const root = join(base, 'script');
    await writeFiles(root, { 'package.json': JSON.stringify({ scripts: { lint: 'eslint . && tsc --noEmit' } }), 'node_modules/.bin/.keep': '' });
    await installed(root, 'eslint');
    await checkHookRow(root, home, { hook: 'npm run lint\nnpx --yes prettier@3 --check .', files: {}, asks: ['node_modules/eslint/lib/run.js', 'node_modules/.bin/tsc', 'node_modules/prettier/index.js', 'node_modules/.bin/prettier'], free: ['node_modules/other/index.js', 'src/a.ts'] });
  });

  // Red team R15-7: the runner's own dependencies run at the hook too (node_modules/vite for vitest), transitively,
  // where node finds them (a nested node_modules first); a package nothing lists stays free.
  it('the packages the runner loads by name, transitively', async () => {
    const root = join(base, 'deps');
    await writeFiles(root, {
      'package.json': '{}\n', 'node_modules/.bin/.keep': '', 'node_modules/other/index.js': '',
      'node_modules/vite/package.json': JSON.stringify({ name: 'vite', dependencies: { rollup: '4' }, optionalDependencies: { fsevents: '2' } }),
      'node_modules/rollup/package.json': JSON.stringify({ name: 'rollup' }),
      'node_modules/vitest/node_modules/chai/package.json': JSON.stringify({ name: 'chai' }),
    });
    await installed(root, 'vitest');
    await writeFiles(root, { 'node_modules/vitest/package.json': JSON.stringify({ name: 'vitest', bin: 'bin/vitest.js', dependencies: { vite: '5', chai: '5' }, peerDependencies: { jsdom: '*' } }) });
    await checkHookRow(root, home, { hook: 'npx vitest run', files: {}, asks: ['node_modules/vite/index.js', 'node_modules/rollup/dist/x.js', 'node_modules/vitest/node_modules/chai/index.js', 'node_modules/jsdom/index.js', 'node_modules/fsevents/index.js'], free: ['node_modules/other/index.js', 'node_modules/chai/index.js', 'src/a.ts'] });
  });

  it('which words are programs', () => {
    expect(programsOf('FOO=1 npx --no -- lint-staged && yarn eslint . ; npm exec -- tsc; pnpm dlx @s/t@2 x').map((one) => one.name)).toEqual(['npx', 'lint-staged', 'yarn', 'eslint', 'npm', 'tsc', 'pnpm', '@s/t']);
  });
});

// Issue 26, brief item 6: lint-staged's configuration the walk does not read for commands (pnpm's package.yaml or
// package.json5, a YAML or JS rc, another folder's) makes the line unmodelled: the command it runs is obeyed.
describe('lint-staged configurations whose commands are not read', () => {
  it.each([
    ['package.yaml', { 'package.yaml': "name: x\nlint-staged:\n  '*.js': sh tools/ls.sh\n" }],
    ['package.json5', { 'package.json5': "{ name: 'x', 'lint-staged': { '*.js': 'sh tools/ls.sh' } }\n" }],
    ['a YAML .lintstagedrc', { '.lintstagedrc': "'*.js': sh tools/ls.sh\n" }],
    ['a JS configuration', { 'lint-staged.config.mjs': "export default { '*.js': 'sh tools/ls.sh' };\n" }],
    ['another folder\'s', { 'pkg/.lintstagedrc.json': JSON.stringify({ '*.js': 'sh tools/ls.sh' }) }],
  ])('%s', async (name, files) => {
    await checkHookRow(join(base, `ls-${name.replace(/\W/g, '')}`), home, { hook: 'npx lint-staged', files, asks: ['tools/ls.sh', 'pkg/tools/ls.sh', 'src/a.ts'], free: [] });
  });

  it('control: the top\'s JSON configuration is read, the rest stays free', async () => {
    await checkHookRow(join(base, 'ls-json'), home, { hook: 'npx lint-staged', files: { '.lintstagedrc.json': JSON.stringify({ '*.js': 'sh tools/ls.sh' }) }, asks: ['tools/ls.sh'], free: ['src/a.ts'] });
  });
});
