// dirname27's LEFT rows of R23-12 (dirname28): what a package's functions RETURN is followed whatever their body
// (several statements, several returns: one cut return makes the function cut), also a class's static method or
// getter, an object literal's method or getter, and a function put in a member (`A.root()`, `o.r`); another package's
// place (`require.resolve("x")`, `import.meta.resolve("x")`) cut or climbed out of is a seed like the file's own place.
// Each leaving row was free before (the load reached outside the package unasked).
import { describe, expect, it } from 'vitest';
import { CUT, leaving } from './package-own-leaving.js';

describe('row 1: a function with several statements returning a cut place', () => {
  it.each([
    ['a name bound in the body', 'function f() { const d = __dirname; return d.split("node_modules")[0]; }\nrequire(f() + "x");'],
    ['the brief\'s text (no semicolon)', 'function f() { const d = __dirname; return d.split("node_modules")[0] }\nrequire(f() + "x")'],
    ['one of two returns', `function top(ok) {\n  if (ok) return require("path").join(__dirname, "a");\n  const r = ${CUT};\n  return r;\n}\nrequire(top(false) + "tools/y");`],
    ['a function expression bound to a const', `const top = function () {\n  const here = __filename;\n  return here.slice(0, here.indexOf("node_modules"));\n};\nrequire(top() + "tools/y");`],
    ['an arrow with a block body', `const top = async () => {\n  const d = __dirname;\n  return d.replace(/node_modules.*/, "");\n};\nimport(await top() + "tools/y.js");`],
    ['a return spread over lines', `function top() {\n  const d = __dirname;\n  return d\n    .split("node_modules")[0];\n}\nrequire(top() + "tools/y");`],
    ['bound to a name, then loaded', `function top() {\n  let d = __dirname;\n  d = d.split("node_modules")[0];\n  return d;\n}\nconst root = top();\nrequire(root + "tools/y");`],
    ['a return longer than the bound', `function top() {\n  const d = __dirname;\n  return (${'0 + '.repeat(700)}0, d.split("node_modules")[0]);\n}\nrequire(top() + "tools/y");`],
  ])('%s: leaves', (_name, code) => {
    expect(leaving(code)).toBeDefined();
  });
});

describe('row 2: methods, getters, object literal members returning a cut place', () => {
  it.each([
    ['a class\'s static method', `class A { static root() { const d = __dirname; return d.split("node_modules")[0]; } }\nrequire(A.root() + "/x");`],
    ['a class\'s static method (one statement)', `class A { static root() { return ${CUT}; } }\nrequire(A.root() + "tools/y");`],
    ['an instance method called on this', `class A {\n  root() { return ${CUT}; }\n  load() { return require(this.root() + "tools/y"); }\n}`],
    ['an instance method called on an instance', `class A { root() { return ${CUT}; } }\nconst a = new A();\nrequire(a.root() + "tools/y");`],
    ['a getter of a class', `class A { get root() { return ${CUT}; } }\nrequire(new A().root + "tools/y");`],
    ['an object literal\'s getter', `const o = { get r() { const d = __dirname; return d.split("node_modules")[0]; } };\nrequire(o.r + "tools/y");`],
    ['an object literal\'s method', `const o = { r() { return ${CUT}; } };\nrequire(o.r() + "tools/y");`],
    ['an object literal\'s function member', `const o = { r: function () { const d = __dirname; return d.split("node_modules")[0]; } };\nrequire(o.r() + "tools/y");`],
    ['a function put in a member', `const o = {};\no.r = () => { const d = __dirname; return d.split("node_modules")[0]; };\nrequire(o.r() + "tools/y");`],
    ['a method bound to a name then loaded', `class A { static root() { return ${CUT}; } }\nconst top = A.root();\nrequire(top + "tools/y");`],
  ])('%s: leaves', (_name, code) => {
    expect(leaving(code)).toBeDefined();
  });
});

describe('row 3: another package\'s place cut or climbed out of', () => {
  it.each([
    ['require.resolve cut', 'require(require.resolve("x").split("node_modules")[0] + "tools/y");'],
    ['require.resolve cut through a name', 'const root = require.resolve("vite").split("node_modules")[0];\nrequire(root + "tools/y");'],
    ['dirname of require.resolve climbed', 'const path = require("path");\nconst d = path.dirname(require.resolve("x"));\nconst top = path.join(d, "..", "..");\nrequire(top + "/tools/y");'],
    ['dirname twice', 'const path = require("path");\nconst top = path.dirname(path.dirname(path.dirname(require.resolve("x"))));\nrequire(top + "/tools/y");'],
    ['resolve with a climb', 'const path = require("path");\nconst top = path.resolve(require.resolve("x"), "../../..");\nrequire(path.join(top, "tools/y"));'],
    ['import.meta.resolve cut', 'const u = import.meta.resolve("x");\nawait import(u.slice(0, u.indexOf("node_modules")) + "tools/y.js");'],
    ['new URL climbing out of import.meta.resolve', 'const u = new URL("../../tools/y.js", import.meta.resolve("x"));\nawait import(u.href);'],
    ['require.resolve.paths', 'const up = require.resolve.paths("x")[1];\nrequire(up.slice(0, -12) + "tools/y");'],
    ['require.resolve of a cut own place', `require(require.resolve(${CUT} + "tools/y"));`],
  ])('%s: leaves', (_name, code) => {
    expect(leaving(code)).toBeDefined();
  });
});

describe('controls: functions, methods and other packages\' places that stay in a package', () => {
  it.each([
    ['a function joining onto the folder', 'function here(name) {\n  const d = __dirname;\n  return require("path").join(d, "plugins");\n}\nrequire(here() + "/x.js");'],
    ['a method returning the folder, joined', 'class A { static dir() { const d = __dirname; return d; } }\nrequire(require("path").join(A.dir(), "x.js"));'],
    ['a getter returning the folder', 'const o = { get dir() { return __dirname; } };\nrequire(o.dir + "/x.js");'],
    ['a function whose returns name no place', 'function pick(n) {\n  if (n) return "./a";\n  return "./b";\n}\nrequire(pick(1));'],
    ['another package\'s file loaded', 'require(require.resolve("x"));'],
    ['another package\'s folder joined', 'const path = require("path");\nrequire(path.join(path.dirname(require.resolve("typescript/package.json")), "lib", "typescript.js"));'],
    ['a relative require.resolve', 'require(require.resolve("./lib/x.js"));'],
    ['a createRequire on another package', 'import { createRequire } from "node:module";\nconst r = createRequire(import.meta.resolve("vite"));\nr("x");'],
    ['a member of the same name not a method', 'const cfg = load();\nrequire(cfg.root + "/x");'],
  ])('%s: free', (_name, code) => {
    expect(leaving(code)).toBeUndefined();
  });
});
