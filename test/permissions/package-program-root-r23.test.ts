// Red team round 23, R23-12 (class R21-1/R22-2, taint23's scoped taint for the programs a hook runs): a package a
// hook's program loads (here a vitest configuration's plug-in) finds the PROJECT's top from its own location, not
// from the working folder or the environment: `__dirname.split("node_modules")[0]`, `__filename.replace(
// /node_modules.*/, "")`, `__dirname.slice(0, __dirname.indexOf("node_modules"))`, `path.dirname(path.dirname(
// __dirname))` (no `..` in the text), `module.paths[1].slice(0, -12)`, a helper applied twice. taint23 seeds only the
// working folder/environment (and `..` climbs), so these stay "inside the package". Each was checked with node 20
// (`node -r x -e 1` with the text in node_modules/x/index.js printed what tools/y.js prints).
// Was: tools/y.js written unasked under --yes and loaded by the next `git commit` (hook `npx vitest run`).
import { describe, it } from 'vitest';
import { moduleRows, pkg } from './module-rows.js';

const { check } = moduleRows('cw-rt23-pkg-root-');
const VITEST = { 'vitest.config.ts': 'import x from "vite-plugin-x";\nexport default { plugins: [x()] };\n', ...pkg('vite-plugin-x') };

describe('R23-12: a hook program\'s package loading a project file from the top it derives from its own path', () => {
  it.each<[string, string]>([
    ['__dirname.split("node_modules")[0]', 'require(__dirname.split("node_modules")[0] + "tools/y");\n'],
    ['__filename.replace(/node_modules.*/, "")', 'require(__filename.replace(/node_modules.*/, "") + "tools/y");\n'],
    ['__dirname.slice(0, indexOf("node_modules"))', 'const root = __dirname.slice(0, __dirname.indexOf("node_modules"));\nrequire(root + "tools/y");\n'],
    ['path.dirname twice', 'require(require("path").dirname(require("path").dirname(__dirname)) + "/tools/y");\n'],
    ['module.paths[1] cut', 'require(module.paths[1].slice(0, -12) + "tools/y");\n'],
    ['a dirname helper applied twice', 'const up = (d) => require("path").dirname(d);\nrequire(up(up(__dirname)) + "/tools/y");\n'],
  ])('%s: writing tools/y.js asks', async (_name, code) => {
    await check({ hook: 'npx vitest run', files: { ...VITEST, 'node_modules/vite-plugin-x/index.js': code }, asks: ['tools/y.js'], free: [] });
  });

  it('control (held): [__dirname, "..", ".."].join asks', async () => {
    await check({ hook: 'npx vitest run', files: { ...VITEST, 'node_modules/vite-plugin-x/index.js': 'require([__dirname, "..", "..", "tools", "y"].join("/"));\n' }, asks: ['tools/y.js'], free: [] });
  });
});
