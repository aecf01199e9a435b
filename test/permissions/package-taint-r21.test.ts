// js22 LEFT / R21-1 / R21-11: a VALUE computed from the working folder, the environment, the caller or a project file
// and bound at the file's top (`const root = process.cwd()`), followed through simple assignments and templates; only a
// LOAD of it counts. Controls: a platform-named template and a value only printed stay free.
import { describe, it } from 'vitest';
import type { Row } from './hook-check.js';
import { moduleRows } from './module-rows.js';

const { check } = moduleRows('cw-r21-pkg-taint-');
const NPMRC = { '.npmrc': 'node-options=--require x\n', 'package.json': '{"name":"w","scripts":{"test":"node t.js"}}', 't.js': '', 'node_modules/x/package.json': '{"name":"x"}' };

describe('a load of a value computed from the working folder', () => {
  it.each<[string, string]>([
    ['const root = process.cwd()', 'const root = process.cwd();\nrequire(root + "/tools/y");\n'],
    ['through a second name and a template', 'const root = process.cwd();\nlet dir = root;\nrequire(`${dir}/tools/y`);\n'],
    ['from the environment', 'const d = process.env.X_PATH;\nrequire(d);\n'],
    ['from path.resolve of a relative literal', 'const path = require("path");\nconst t = path.resolve("tools");\nrequire(t + "/y");\n'],
    ['a relative Worker', 'const { Worker } = require("worker_threads");\nnew Worker("tools/y.js");\n'],
  ])('%s: writing tools/y.js asks', async (_name, code) => {
    const row: Row = { hook: 'npm test', files: { ...NPMRC, 'node_modules/x/index.js': code }, asks: ['tools/y.js'], free: [] };
    await check(row);
  });

  it('controls: a platform template in the package, a printed cwd, a Worker by __dirname stay free in a program; under a preload they ask (pkg24)', async () => {
    const code = 'const root = process.cwd();\nconsole.log(root);\nconst p = process.platform;\nrequire(`./lib/${p}`);\nconst { Worker } = require("worker_threads");\nnew Worker(__dirname + "/w.js");\nrequire("child_process").execSync("git status");\n';
    // pkg24: a package reached by a preload (.npmrc node-options) is judged by default deny (node-package-strict.ts):
    // a load that is not one literal name makes the tree ask; programs a hook runs keep the taint rule.
    await check({ hook: 'npm test', files: { ...NPMRC, 'node_modules/x/index.js': code, 'node_modules/x/lib/linux.js': '' }, asks: ['tools/y.js', 'src/a.ts'], free: [] });
  });
});
