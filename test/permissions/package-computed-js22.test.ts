// js22 row 1 (issue 26, class of R19-13/R20-19): a reached package's computed load that starts from the working folder
// through ANOTHER NAME of the process object (an alias, a destructured field, globalThis's, the `process` module,
// Reflect.get, a function returning it) or runs code read from there (createRequire, new Function, vm) is unknown:
// the whole tree asks. A harmless field of it (`platform`, `arch`) stays modelled. Real repositories, the engine
// under --yes; the real closure of /work/main's node_modules (690 packages) keeps the same 7 unknown as before.
import { describe, it } from 'vitest';
import { moduleRows } from './module-rows.js';

const { check } = moduleRows('cw-pkg-js22-');
const NPMRC = { '.npmrc': 'node-options=--require x\n', 'package.json': '{"name":"w","scripts":{"test":"node t.js"}}', 't.js': '', 'node_modules/x/package.json': '{"name":"x"}' };

describe('the process object by another name', () => {
  it.each<[string, string]>([
    ['an alias, a computed member', 'const p = process; require(p["cw" + "d"]() + "/tools/y");\n'],
    ['an alias of an alias', 'const p = process; const q = p; require(q.cwd() + "/tools/y");\n'],
    ['destructured', 'const { cwd } = process; require(cwd() + "/tools/y");\n'],
    ['destructured and renamed, multi-line', 'const {\n  cwd: here,\n} = process;\nrequire(\n  here() + "/tools/y"\n);\n'],
    ['globalThis by a computed member', 'const g = globalThis; require(g["pro" + "cess"]["cw" + "d"]() + "/tools/y");\n'],
    ['import of node:process', 'import p from "node:process";\nawait import(p.cwd() + "/tools/y.js");\n'],
    ['import * as of process', 'import * as p from "process";\nawait import(p.cwd() + "/tools/y.js");\n'],
    ['named import of process', 'import { cwd as c } from "node:process";\nawait import(c() + "/tools/y.js");\n'],
    ['require("process")', 'const q = require("process"); require(q.cwd() + "/tools/y");\n'],
    ['Reflect.get', 'require(Reflect.get(process, "cw" + "d")() + "/tools/y");\n'],
    ['Reflect.get bound', 'const c = Reflect.get(process, "cwd"); require(c() + "/tools/y");\n'],
    ['a function returning it', 'function g() { return process }\nrequire(g().cwd() + "/tools/y");\n'],
    ['env by an alias of an alias', 'const p = process; const e = p.env; require(e.npm_config_local_prefix + "/tools/y");\n'],
    ['createRequire of a computed path', 'require("module").createRequire(process.cwd() + "/")("./tools/y");\n'],
    ['new Function over a file read from the working folder', 'const fs = require("fs"); new Function("module", fs.readFileSync(process.cwd() + "/tools/y.js", "utf8"))({});\n'],
    ['vm over a file read from the working folder', 'require("vm").runInThisContext(require("fs").readFileSync(require("path").join(process.cwd(), "tools/y.js"), "utf8"));\n'],
  ])('%s: the whole tree asks', async (_name, code) => {
    await check({ hook: 'npm test', files: { ...NPMRC, 'node_modules/x/index.js': code }, asks: ['tools/y.js', 'src/a.js'], free: [] });
  });

  it('control: a harmless field by another name (a native binary picked by platform) stays modelled in a program; under a preload it asks (pkg24)', async () => {
    const code = 'const { platform } = process; const p = process;\nrequire("./bin-" + platform + "-" + p.arch + ".node");\nnew Function("a", "return process.version")(1);\n';
    // pkg24: a package reached by a preload (.npmrc node-options) is judged by default deny (node-package-strict.ts):
    // a load that is not one literal name makes the tree ask; programs a hook runs keep the taint rule.
    await check({ hook: 'npm test', files: { ...NPMRC, 'node_modules/x/index.js': code }, asks: ['src/a.js', 'tools/y.js'], free: [] });
  });
});
