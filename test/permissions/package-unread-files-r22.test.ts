// Red team round 22, R22-8 (class R21-1, the reach of a package node loads): node's CommonJS loader runs ANY file it
// is pointed at as JavaScript (an extensionless file, `.txt`: unknown extensions are `.js`), reached by a relative
// require, by `main`, by `exports`, or by a sub-folder's own package.json `main`. The package reader only queues files
// matching NODE_SCRIPT (`.js/.cjs/.mjs/.ts/...`), so such a file is never read, and what it loads from the project is
// free. Each checked with node 20 (`node --require x -e 1` printed what tools/y.js prints). Under `.npmrc
// node-options=--require x` (every `npm test`) tools/y.js is written unasked under --yes.
import { describe, it } from 'vitest';
import { moduleRows } from './module-rows.js';

const { check } = moduleRows('cw-rt22-pkg-unread-');
const NPMRC = { '.npmrc': 'node-options=--require x\n', 'package.json': '{"name":"w","scripts":{"test":"node t.js"}}', 't.js': '', 'node_modules/x/package.json': '{"name":"x"}' };
const EVIL = 'require(process.cwd() + "/tools/y");\n';

describe('R22-8: a package file node runs as JavaScript that the reader never reads', () => {
  it.each<[string, Record<string, string>]>([
    ['an extensionless file required', { 'node_modules/x/index.js': 'require("./lib/x");\n', 'node_modules/x/lib/x': EVIL }],
    ['a .txt file required', { 'node_modules/x/index.js': 'require("./lib/x.txt");\n', 'node_modules/x/lib/x.txt': EVIL }],
    ['an extensionless main', { 'node_modules/x/package.json': '{"name":"x","main":"lib/main"}', 'node_modules/x/lib/main': EVIL }],
    ['a .txt main', { 'node_modules/x/package.json': '{"name":"x","main":"lib/main.txt"}', 'node_modules/x/lib/main.txt': EVIL }],
    ['an extensionless exports target', { 'node_modules/x/package.json': '{"name":"x","exports":{"require":"./lib/e"}}', 'node_modules/x/lib/e': EVIL }],
    ['a sub-folder whose package.json main is .txt', { 'node_modules/x/index.js': 'require("./sub");\n', 'node_modules/x/sub/package.json': '{"main":"m.txt"}', 'node_modules/x/sub/m.txt': EVIL }],
  ])('%s: writing tools/y.js asks', async (_name, files) => {
    await check({ hook: 'npm test', files: { ...NPMRC, ...files }, asks: ['tools/y.js'], free: [] });
  });

  it('control (held): the same code in lib/x.js asks', async () => {
    await check({ hook: 'npm test', files: { ...NPMRC, 'node_modules/x/index.js': 'require("./lib/x");\n', 'node_modules/x/lib/x.js': EVIL }, asks: ['tools/y.js'], free: [] });
  });
});
