// Red team round 23, R23-2 (issue 26, pkg24's reach of a preloaded package): a LITERAL bare name holding `..` segments
// (`require("x/../../tools/y")`, scoped, ESM import) is joined by node onto a node_modules folder and climbs out into
// the work tree; checked with node 20. The reach is now unknown, so writing tools/y.js asks.
import { describe, it } from 'vitest';
import { moduleRows } from './module-rows.js';

const { check } = moduleRows('cw-rt23-pkg-scan-');
const NPMRC = { '.npmrc': 'node-options=--require x\n', 'package.json': '{"name":"w","scripts":{"test":"node t.js"}}', 't.js': '', 'node_modules/x/package.json': '{"name":"x"}' };

describe('R23-2: a preloaded package loading a literal bare name that climbs out of node_modules', () => {
  it('require("x/../../tools/y"): writing tools/y.js asks', async () => {
    await check({ hook: 'npm test', files: { ...NPMRC, 'node_modules/x/index.js': 'require("x/../../tools/y");\n' }, asks: ['tools/y.js'], free: [] });
  });

  it('a scoped name, require("@s/x/../../../tools/y"): writing tools/y.js asks', async () => {
    await check({ hook: 'npm test', files: { '.npmrc': 'node-options=--require @s/x\n', 'package.json': '{"name":"w","scripts":{"test":"node t.js"}}', 't.js': '', 'node_modules/@s/x/package.json': '{"name":"@s/x"}', 'node_modules/@s/x/index.js': 'require("@s/x/../../../tools/y");\n' }, asks: ['tools/y.js'], free: [] });
  });

  it.each(['import "x/../../tools/y.js";\n', 'await import("x/../../tools/y.js");\n'])('an ES module (--import x): %s writing tools/y.js asks', async (code) => {
    await check({ hook: 'npm test', files: { '.npmrc': 'node-options=--import x\n', 'package.json': '{"name":"w","scripts":{"test":"node t.js"}}', 't.js': '', 'node_modules/x/package.json': '{"name":"x","type":"module","main":"index.js"}', 'node_modules/x/index.js': code }, asks: ['tools/y.js'], free: [] });
  });

  it('control (held): require("../../tools/y") asks', async () => {
    await check({ hook: 'npm test', files: { ...NPMRC, 'node_modules/x/index.js': 'require("../../tools/y");\n' }, asks: ['tools/y.js'], free: [] });
  });
});
