// Red team round 25, R25-11 (pkg24's preload reach, node-package-reach.ts): a preloaded package's bare `require("z")`
// is followed into z only when x's package.json DECLARES z (dependencies); node resolves any bare name it finds in
// node_modules whatever the manifest says. With x's package.json `{"name":"x"}` and node_modules/z/index.js =
// `require("../../tools/y")` (also `require("module")._load(..)`, and z's `main` = "../../tools/y.js"), writing
// tools/y.js under --yes is written today while `.npmrc` node-options preloads x for the hook's `npm test`; the same
// z declared in x's dependencies asks (control). Checked with node 20: `node -r x -e 1` printed LOADED-Y.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-r25-undeclared-');
const NPMRC = { '.npmrc': 'node-options=--require x\n', 'package.json': '{"name":"w","scripts":{"test":"node t.js"}}', 't.js': '', 'node_modules/x/index.js': 'require("z");\n' };
const UNDECLARED = { 'node_modules/x/package.json': '{"name":"x"}' };
const DECLARED = { 'node_modules/x/package.json': '{"name":"x","dependencies":{"z":"1"}}' };

describe('R25-11: a preload\'s undeclared dependency', () => {
  it.each<[string, Record<string, string>]>([
    ['z/index.js requires ../../tools/y', { 'node_modules/z/package.json': '{"name":"z"}', 'node_modules/z/index.js': 'require("../../tools/y");\n' }],
    ['z/index.js Module._load of tools/y', { 'node_modules/z/package.json': '{"name":"z"}', 'node_modules/z/index.js': 'require("module")._load(require("path").resolve("tools/y"));\n' }],
    ['z/lib/index.js (main "lib") requires ../../../tools/y', { 'node_modules/z/package.json': '{"name":"z","main":"lib"}', 'node_modules/z/lib/index.js': 'require("../../../tools/y");\n' }],
    ['@s/z requires ../../../tools/y', { 'node_modules/@s/z/package.json': '{"name":"@s/z"}', 'node_modules/@s/z/index.js': 'require("../../../tools/y");\n', 'node_modules/x/index.js': 'require("@s/z");\n' }],
  ])('undeclared %s: writing tools/y.js asks', async (_name, files) => {
    await checkHookRow(place.next(), place.home, { hook: 'npm test', files: { ...NPMRC, ...UNDECLARED, ...files }, asks: ['tools/y.js'], free: [] });
  });

  it('control (held): the same z declared in x\'s dependencies asks', async () => {
    await checkHookRow(place.next(), place.home, { hook: 'npm test', files: { ...NPMRC, ...DECLARED, 'node_modules/z/package.json': '{"name":"z"}', 'node_modules/z/index.js': 'require("../../tools/y");\n' }, asks: ['tools/y.js'], free: [] });
  });
});
