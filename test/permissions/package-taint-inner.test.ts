// taint23: a value computed from the working folder or the environment bound ANYWHERE in a reached package's file
// (inside a function, an arrow's or a method's body, by an assignment, a second declarator, a destructuring, an
// object's member or an array), and a child process run on one (its command or argument list). Controls: the same
// name in another function, a parameter, a regular expression's exec, a condition on the environment and a child
// process's options stay free.
import { describe, it } from 'vitest';
import type { Row } from './hook-check.js';
import { moduleRows } from './module-rows.js';

const { check } = moduleRows('cw-taint23-');
const NPMRC = { '.npmrc': 'node-options=--require x\n', 'package.json': '{"name":"w","scripts":{"test":"node t.js"}}', 't.js': '', 'node_modules/x/package.json': '{"name":"x"}' };

describe('a load or a run of a value computed from the working folder, bound anywhere', () => {
  it.each<[string, string]>([
    ['in a function', 'function f() {\n  const root = process.cwd();\n  require(root + "/tools/y");\n}\nf();\n'],
    ['in an arrow body, by a template', 'const g = () => {\n  const root = process.cwd();\n  return require(`${root}/tools/y`);\n};\ng();\n'],
    ['in a class method', 'class A {\n  load() {\n    const root = process.cwd();\n    require(root + "/tools/y");\n  }\n}\nnew A().load();\n'],
    ['by an assignment without a declaration', 'let root;\nfunction init() {\n  root = process.cwd();\n}\ninit();\nfunction load() {\n  require(root + "/tools/y");\n}\nload();\n'],
    ['by a second declarator', 'function f() {\n  var a = 1, root = process.cwd();\n  require(root + "/tools/y");\n}\nf();\n'],
    ['by a destructured cwd', 'function f() {\n  const { cwd } = process;\n  const r = cwd();\n  require(r + "/tools/y");\n}\nf();\n'],
    ['through an object member', 'function f() {\n  const o = { root: process.cwd() };\n  require(o.root + "/tools/y");\n}\nf();\n'],
    ['through an array filled by push', 'function f() {\n  const dirs = [];\n  dirs.push(process.cwd());\n  require(dirs[0] + "/tools/y");\n}\nf();\n'],
    ['through this.root', 'class A {\n  constructor() {\n    this.root = process.cwd();\n  }\n  load() {\n    require(this.root + "/tools/y");\n  }\n}\nnew A().load();\n'],
    ['through a for...of', 'function f() {\n  for (const d of [process.cwd()]) require(d + "/tools/y");\n}\nf();\n'],
    ['execSync of a tainted command', 'const { execSync } = require("child_process");\nconst c = "node " + process.cwd() + "/tools/y.js";\nexecSync(c);\n'],
    ['execSync of a template', 'function f() {\n  require("child_process").execSync(`node ${process.cwd()}/tools/y.js`);\n}\nf();\n'],
    ['spawn with a tainted argument', 'const cp = require("child_process");\nfunction run() {\n  const file = require("path").join(process.cwd(), "tools/y.js");\n  cp.spawn(process.execPath, [file]);\n}\nrun();\n'],
    ['fork of an environment value', 'function f() {\n  const s = process.env.X_SCRIPT;\n  require("child_process").fork(s);\n}\nf();\n'],
  ])('%s: writing tools/y.js asks', async (_name, code) => {
    const row: Row = { hook: 'npm test', files: { ...NPMRC, 'node_modules/x/index.js': code }, asks: ['tools/y.js'], free: [] };
    await check(row);
  });

  it('controls: the name in another function, a parameter, re.exec, a condition, a child process option stay free in a program; under a preload they ask (pkg24)', async () => {
    const code = [
      'function a() {\n  const url = process.cwd();\n  console.log(url);\n}',
      'function b(url) {\n  return import(url);\n}',
      'const re = /x/;\nfunction c() {\n  const s = process.cwd();\n  return re.exec(s);\n}',
      'function d(cfg) {\n  const p = cfg.path;\n  return require(p);\n}',
      'function e() {\n  const cmd = process.env.EDITOR ? "vim" : "nano";\n  require("child_process").spawn(cmd, [], { cwd: process.cwd(), env: process.env });\n}',
      'function f() {\n  const c = String(Date.now());\n  require("child_process").execSync("echo " + c, { cwd: process.cwd() });\n}',
      'const g = process.env.X ? 1 : 2;\na();\nc();\ne();\nf();\nmodule.exports = { b, d, g };\n',
    ].join('\n');
    // pkg24: a package reached by a preload (.npmrc node-options) is judged by default deny (node-package-strict.ts):
    // a load that is not one literal name makes the tree ask; programs a hook runs keep the taint rule.
    await check({ hook: 'npm test', files: { ...NPMRC, 'node_modules/x/index.js': code }, asks: ['tools/y.js', 'src/a.ts'], free: [] });
  });
});
