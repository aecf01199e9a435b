// Red team round 23, R23-8 (class R21-1, taint23's scoped taint for the programs a hook runs, and pkg24): the package
// files a hook's program loads (here a vitest configuration's plug-in package) are judged on their code with only
// COMMENTS blanked (node-package-blocks.ts `stripped`), the preloads on strings/templates/regexes blanked too. Where
// the scanner sees a comment node does not, a load is blanked away from both: `if (1) /\/*/; require(..); //*/` (a
// regex after `if (..)` read as a division, whose `/*` then opens a "comment" closed by `//*/`), a hashbang line or an
// HTML-like comment `<!--` ending in `/*`. Each was checked with node 20 (`node -r x -e 1` printed what tools/y.js
// prints, for the same text). Today tools/y.js is written unasked under --yes and run by the next `git commit`.
import { describe, it } from 'vitest';
import { moduleRows, pkg } from './module-rows.js';

const { check } = moduleRows('cw-rt23-pkg-prog-');
const VITEST = { 'vitest.config.ts': 'import x from "vite-plugin-x";\nexport default { plugins: [x()] };\n', ...pkg('vite-plugin-x') };
const NPMRC = { '.npmrc': 'node-options=--require x\n', 'package.json': '{"name":"w","scripts":{"test":"node t.js"}}', 't.js': '', 'node_modules/x/package.json': '{"name":"x"}' };
const HIDDEN: [string, string][] = [
  ['a regex after `if (..)` whose `/*` the scanner takes for a comment', 'if (1) /\\/*/; require(process.cwd() + "/tools/y"); //*/\n'],
  ['a hashbang line ending in `/*`', '#!/usr/bin/env node /*\nrequire(process.cwd() + "/tools/y");\n// */\n'],
  ['an HTML-like comment ending in `/*`', '<!-- /*\nrequire(process.cwd() + "/tools/y");\n<!-- */\n'],
  ['a literal climbing path behind the regex', 'if (1) /\\/*/; require("../../tools/y"); //*/\n'],
];

describe('R23-8: a load the comment blanking hides, in a package a hook\'s program loads (vitest plug-in)', () => {
  it.each(HIDDEN)('%s: writing tools/y.js asks', async (_name, code) => {
    await check({ hook: 'npx vitest run', files: { ...VITEST, 'node_modules/vite-plugin-x/index.js': code }, asks: ['tools/y.js'], free: [] });
  });

  it('control (held): the same require not hidden asks', async () => {
    await check({ hook: 'npx vitest run', files: { ...VITEST, 'node_modules/vite-plugin-x/index.js': 'require(process.cwd() + "/tools/y");\n' }, asks: ['tools/y.js'], free: [] });
  });
});

describe('R23-8: the same in a preloaded package (pkg24 default deny)', () => {
  it.each(HIDDEN)('%s: writing tools/y.js asks', async (_name, code) => {
    await check({ hook: 'npm test', files: { ...NPMRC, 'node_modules/x/index.js': code }, asks: ['tools/y.js'], free: [] });
  });
});
