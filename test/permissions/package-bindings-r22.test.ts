// Red team round 22, R22-2 (class R21-1, the top-level taint rule, issue 26): a reached package (`.npmrc
// node-options=--require x`, every `npm test`) binds the working folder to a name the taint rule does not see: the
// second declarator of one `const`, a minified file (one line, declarations not at a line start), a `let` assigned
// later, a top-level block `{ const b = ..; }` (not a function), `with (process)`, `Function("return process")()`,
// a class field, `Object.assign`, `path.resolve()` with no argument. Each was checked with node 20 (`node --require x
// -e 1` printed what tools/y.js prints). Today tools/y.js is written unasked under --yes.
import { describe, it } from 'vitest';
import { moduleRows } from './module-rows.js';

const { check } = moduleRows('cw-rt22-pkg-bind-');
const NPMRC = { '.npmrc': 'node-options=--require x\n', 'package.json': '{"name":"w","scripts":{"test":"node t.js"}}', 't.js': '', 'node_modules/x/package.json': '{"name":"x"}' };

describe('R22-2: a reached package binding the working folder where the taint rule does not look', () => {
  it.each<[string, string]>([
    ['the second declarator', 'const a = 1, b = process.cwd();\nrequire(b + "/tools/y");\n'],
    ['a minified file', '"use strict";const b=process.cwd();require(b+"/tools/y");\n'],
    ['a let assigned later', 'let b = "";\nb = process.cwd();\nrequire(b + "/tools/y");\n'],
    ['a top-level block', '{\n  const b = process.cwd();\n  require(b + "/tools/y");\n}\n'],
    ['with (process)', 'with (process) require(cwd() + "/tools/y");\n'],
    ['Function("return process")()', 'const p = Function("return process")();\nrequire(p.cwd() + "/tools/y");\n'],
    ['a class field', 'class A { r = process.cwd(); }\nrequire(new A().r + "/tools/y");\n'],
    ['Object.assign', 'const o = {};\nObject.assign(o, { r: process.cwd() });\nrequire(o.r + "/tools/y");\n'],
    ['path.resolve() with no argument', 'require(require("path").resolve() + "/tools/y");\n'],
    ['a default parameter', 'function f(d = process.cwd()) { return require(d + "/tools/y"); }\nf();\n'],
  ])('%s: writing tools/y.js asks', async (_name, code) => {
    await check({ hook: 'npm test', files: { ...NPMRC, 'node_modules/x/index.js': code }, asks: ['tools/y.js'], free: [] });
  });

  it('control (held): an object property bound at the top asks', async () => {
    await check({ hook: 'npm test', files: { ...NPMRC, 'node_modules/x/index.js': 'const o = { r: process.cwd() };\nrequire(o.r + "/tools/y");\n' }, asks: ['tools/y.js'], free: [] });
  });
});
