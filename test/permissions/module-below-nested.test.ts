// reach19 (issue 26): nodereach2's left 3 and 5. (3) A bare NODE_OPTIONS name installed only in a package's own
// node_modules (node_modules/a/node_modules/x: node loads it when it runs in node_modules/a, a's install scripts)
// was not followed for its `main`: the workspace walk skipped folders inside node_modules, so a main pointing out
// of it left tools/y.js free. (5) The process environment's main paths became picomatch patterns unescaped: a
// main `../../tools/[ab].js` protected tools/a.js and left the file itself free. Real repositories, the
// in-process engine under --yes (hook-check.ts).
import { describe, it } from 'vitest';
import type { Row } from './hook-check.js';
import { moduleRows } from './module-rows.js';

const { check, withEnv } = moduleRows('cw-below-nested-');

// x installed only below package a, its main four folders up: the work tree's tools/y.js.
const NESTED = { 'node_modules/a/package.json': '{"name":"a"}', 'node_modules/a/node_modules/x/package.json': '{"name":"x","main":"../../../../tools/y.js"}', 'tools/y.js': 'require("./z");\n' };

describe('a package installed only in another package\'s node_modules (nodereach2 left 3)', () => {
  it.each<[string, Row]>([
    ['.envrc --require x', { hook: 'true', files: { '.envrc': 'export NODE_OPTIONS="--require x"\n', ...NESTED }, asks: ['tools/y.js', 'tools/z.js'], free: ['src/a.js'] }],
    ['mise [env]', { hook: 'true', files: { 'mise.toml': '[env]\nNODE_OPTIONS = "--require x"\n', ...NESTED }, asks: ['tools/y.js'], free: ['src/a.js'] }],
  ])('%s: its main out of the package is obeyed', async (_name, row) => check(row));

  it('the process environment\'s --require x', async () => withEnv('--require x', { hook: 'true', files: NESTED, asks: ['tools/y.js', 'tools/z.js'], free: ['src/a.js'] }));
});

describe('the process environment\'s main paths are paths, not patterns (nodereach2 left 5)', () => {
  it('a main named tools/[ab].js: that file asks, tools/a.js is free', async () =>
    withEnv('--require x', { hook: 'true', files: { 'node_modules/x/package.json': '{"name":"x","main":"../../tools/[ab].js"}', 'tools/[ab].js': '\n' }, asks: ['tools/[ab].js'], free: ['tools/a.js', 'src/a.js'] }));

  it('control: a scoped, plus-named main still matches itself', async () =>
    withEnv('--require x', { hook: 'true', files: { 'node_modules/x/package.json': '{"name":"x","main":"../../tools/@s/y+z.js"}' }, asks: ['tools/@s/y+z.js'], free: ['tools/@s/y.js', 'src/a.js'] }));
});
