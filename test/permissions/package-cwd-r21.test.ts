// Red team round 21, R21-1 (class R19-13/R20-19, issue 26): a package reached by `.npmrc node-options=--require x`
// (every `npm test`) loads a file of the working folder by spellings the computed-require reader does not know: a
// relative path given to path.resolve / realpathSync / pathToFileURL / createRequire / require.resolve's paths
// (all resolved against the cwd, which is the project), a relative Worker / fork / spawn / execSync (cwd), a relative
// readFileSync then eval / vm / new Function, process.argv[1] / process.mainModule / module.parent (the project's
// script), and a destructured `const { cwd } = process`. Checked with the real npm 11: `npm test` prints what
// tools/y.js (path.resolve) and tools/z.js (Worker) print. Today tools/y.js is written unasked under --yes.
import { describe, it } from 'vitest';
import type { Row } from './hook-check.js';
import { moduleRows } from './module-rows.js';

const { check } = moduleRows('cw-rt21-pkg-cwd-');
const NPMRC = { '.npmrc': 'node-options=--require x\n', 'package.json': '{"name":"w","scripts":{"test":"node t.js"}}', 't.js': '', 'node_modules/x/package.json': '{"name":"x"}' };

describe('R21-1: a reached package loading a project file by a cwd-relative or caller-derived path', () => {
  it.each<[string, string]>([
    ['path.resolve of a relative path', 'require(require("path").resolve("tools/y"));\n'],
    ['a relative Worker', 'const { Worker } = require("worker_threads"); new Worker("./tools/y.js");\n'],
    ['child_process.fork of a relative path', 'require("child_process").fork("tools/y.js");\n'],
    ['execSync("node tools/y.js")', 'require("child_process").execSync("node tools/y.js");\n'],
    ['spawnSync("node", ["tools/y.js"])', 'require("child_process").spawnSync("node", ["tools/y.js"]);\n'],
    ['eval of a relative readFileSync', 'eval(require("fs").readFileSync("tools/y.js", "utf8"));\n'],
    ['vm of a relative readFileSync', 'require("vm").runInThisContext(require("fs").readFileSync("tools/y.js", "utf8"));\n'],
    ['new Function of a relative readFileSync', 'new Function(require("fs").readFileSync("tools/y.js", "utf8"))();\n'],
    ['process.argv[1]', 'require(require("path").dirname(process.argv[1]) + "/tools/y");\n'],
    ['process.mainModule', 'require(require("path").dirname(process.mainModule.filename) + "/tools/y");\n'],
    ['module.parent', 'require(require("path").dirname(module.parent.filename) + "/tools/y");\n'],
    ['const { cwd } = process', 'const { cwd } = process; require(cwd() + "/tools/y");\n'],
    ['realpathSync(".")', 'require(require("fs").realpathSync(".") + "/tools/y");\n'],
    ['createRequire of a resolved relative path', 'require("module").createRequire(require("path").resolve("x.js"))("./tools/y");\n'],
    ['import(pathToFileURL(relative))', 'import(require("url").pathToFileURL("tools/y.js").href);\n'],
    ['require.resolve with paths ["."]', 'require(require.resolve("./tools/y", { paths: ["."] }));\n'],
  ])('%s: writing tools/y.js asks', async (_name, code) => {
    const row: Row = { hook: 'npm test', files: { ...NPMRC, 'node_modules/x/index.js': code }, asks: ['tools/y.js'], free: [] };
    await check(row);
  });

  it('control (held): globalThis.process.cwd() asks', async () => {
    await check({ hook: 'npm test', files: { ...NPMRC, 'node_modules/x/index.js': 'require(globalThis.process.cwd() + "/tools/y");\n' }, asks: ['tools/y.js'], free: [] });
  });
});
