// Red team round 22, R22-1 (class R21-1/R21-11, issue 26): a package reached by `.npmrc node-options=--require x`
// (every `npm test`) loads a project file through a LOAD the computed-require reader does not count as one: require
// called through `.call`/`Reflect.apply`/an alias, `Module._load`, `module._compile` of a relative readFileSync,
// `require.extensions[".js"]`, `module.register` of a loader with the cwd as parent, `process.dlopen`, `eval` handed
// as a value to a promise. Each was checked with node 20 (`node --require x -e 1` printed what tools/y.js prints).
// Today tools/y.js is written unasked under --yes and run by the next `npm test`.
import { describe, it } from 'vitest';
import { moduleRows } from './module-rows.js';

const { check } = moduleRows('cw-rt22-pkg-loads-');
const NPMRC = { '.npmrc': 'node-options=--require x\n', 'package.json': '{"name":"w","scripts":{"test":"node t.js"}}', 't.js': '', 'node_modules/x/package.json': '{"name":"x"}' };

describe('R22-1: a reached package loading a cwd-relative project file through a load it is not seen as', () => {
  it.each<[string, string, string?]>([
    ['require.call', 'require.call(null, require("path").resolve("tools/y"));\n'],
    ['Reflect.apply(require, ..)', 'Reflect.apply(require, null, [require("path").resolve("tools/y")]);\n'],
    ['an alias of require', 'const r = require;\nr(require("path").resolve("tools/y"));\n'],
    ['Module._load', 'require("module")._load(require("path").resolve("tools/y"));\n'],
    ['module._compile of a relative readFileSync', 'module._compile(require("fs").readFileSync("tools/y.js", "utf8"), __filename);\n'],
    ['require.extensions[".js"]', 'require.extensions[".js"](module, require("path").resolve("tools/y.js"));\n'],
    ['module.register with the cwd as parent', 'require("module").register("./tools/y.js", require("url").pathToFileURL("./"));\n'],
    ['process.dlopen of a resolved relative path', 'process.dlopen(module, require("path").resolve("tools/y.node"));\n', 'tools/y.node'],
    ['eval handed to a promise of a relative read', 'require("fs/promises").readFile("tools/y.js", "utf8").then(eval);\n'],
    ['eval in a readFile callback', 'require("fs").readFile("tools/y.js", "utf8", (e, s) => eval(s));\n'],
  ])('%s: writing the file asks', async (_name, code, file = 'tools/y.js') => {
    await check({ hook: 'npm test', files: { ...NPMRC, 'node_modules/x/index.js': code }, asks: [file], free: [] });
  });

  it('control (held): module.require of a resolved relative path asks', async () => {
    await check({ hook: 'npm test', files: { ...NPMRC, 'node_modules/x/index.js': 'module.require(require("path").resolve("tools/y"));\n' }, asks: ['tools/y.js'], free: [] });
  });
});

describe('pkg24: a preload whose every load is a literal stays free (default deny keeps ordinary packages free)', () => {
  it.each<[string, Record<string, string>]>([
    ['literal requires, module.exports, process.env', { 'node_modules/x/index.js': '"use strict";\n// require(process.cwd())\nconst fs = require("fs");\nconst { join } = require("node:path");\nconst lib = require("./lib/a");\nif (typeof require === "function" && typeof module !== "undefined") module.exports = { lib, debug: process.env.DEBUG, at: join(__dirname, "x"), s: `${fs.sep}` };\n', 'node_modules/x/lib/a.js': 'exports.a = require.resolve("./b");\n', 'node_modules/x/lib/b.js': 'module.exports = 1;\n' }],
    ['an ES module with static imports and a literal import()', { 'node_modules/x/package.json': '{"name":"x","type":"module","exports":"./index.js"}', 'node_modules/x/index.js': 'import { readFileSync } from "node:fs";\nexport { join } from "node:path";\nexport const url = import.meta.url;\nexport const lazy = () => import("./lazy.js");\nexport const read = readFileSync;\n', 'node_modules/x/lazy.js': 'export default class A { constructor() { this.n = this.constructor.name; } }\n' }],
  ])('%s: writing tools/y.js is free', async (_name, files) => {
    await check({ hook: 'npm test', files: { ...NPMRC, ...files }, asks: [], free: ['tools/y.js'] });
  });
});
