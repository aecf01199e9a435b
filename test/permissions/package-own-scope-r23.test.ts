// R23-12 (dirname27): a name bound to a value cut or climbed from the package's own place (`__dirname`,
// `__filename`, `import.meta.url`, `module.paths`) leaves the package where that binding is seen: its block (a
// `let`/`const`), its function (a `var`), the file (the top), through other names; a bundle's other functions that
// reuse the name (vite's `specifier`, a parameter of the same name) are not judged by it. Literal parts joined onto
// the own place are evaluated on the file's real folder (`__dirname + "/../bin/x"` inside the package stays free).
import { describe, expect, it } from 'vitest';
import { CUT, leaving } from './package-own-leaving.js';

describe('R23-12: a cut own place through names, per block', () => {
  it.each([
    ['in the same function', `function f() {\n  const root = ${CUT};\n  return require(root + "tools/y");\n}`],
    ['a var in an inner block of the function', `function f() {\n  if (ok) { var root = ${CUT}; }\n  return require(root + "tools/y");\n}`],
    ['bound at the top, loaded in a function', 'const root = __filename.replace(/node_modules.*/, "");\nfunction f() { return import(root + "tools/y.js"); }'],
    ['through another name', 'const a = __dirname.slice(0, -20);\nconst b = a;\nrequire(b + "/y");'],
    ['an assignment to an outer let', `let root;\nfunction init() { root = ${CUT}; }\nfunction load() { return require(root + "tools/y"); }`],
    ['dirname of the ESM folder twice', 'import { dirname } from "node:path";\nimport { fileURLToPath } from "node:url";\nconst dir = dirname(fileURLToPath(import.meta.url));\nawait import(dirname(dirname(dir)) + "/tools/y.js");'],
    ['joined with .. out of the package', 'import { dirname, join } from "node:path";\nimport { fileURLToPath } from "node:url";\nconst here = dirname(fileURLToPath(import.meta.url));\nconst top = join(here, "..", "..", "..");\nawait import(join(top, "tools/y.js"));'],
    ['a worker on a cut name', `const { Worker } = require("worker_threads");\nconst root = ${CUT};\nnew Worker(require("path").join(root, file));`],
    ['a function returning the cut', `const top = () => ${CUT};\nrequire(top() + "tools/y");`],
    ['module.paths bound', 'const up = module.paths[1];\nrequire(up + "tools/y");'],
  ])('%s: leaves', (_name, code) => {
    expect(leaving(code)).toBeDefined();
  });
});

describe('R23-12 controls: another function\'s name, joining onto the own place', () => {
  it.each([
    ['a bundle reusing a name in another function', `function a() {\n  const specifier = ${CUT};\n  return specifier.length;\n}\nfunction b(specifier, id) {\n  return import(specifier + query(id));\n}`],
    ['a sibling function\'s own const', `function a() {\n  const dir = ${CUT};\n  log(dir);\n}\nfunction b() {\n  const dir = pick();\n  return import(dir + "/x.js");\n}`],
    ['rollup\'s import.meta.url shim in CommonJS', 'const __filename$1 = url.fileURLToPath((typeof document === \'undefined\' ? new (require(\'u\' + \'rl\').URL)(\'file:\' + __filename).href : (document.currentScript && document.currentScript.src || new URL(\'x.cjs\', document.baseURI).href)));\nconst __dirname$1 = path.dirname(__filename$1);\nconst require$1 = module$1.createRequire(__dirname$1 + "/");\nrequire$1(name);'],
    ['a climb that stays in the package', 'var bin = __dirname + "/../bin/x";\nrequire(bin);'],
    ['resolve with a literal climb then a template', 'const formatterPath = path.resolve(__dirname, "../", "formatters", `${name}.js`);\nawait import(pathToFileURL(formatterPath));'],
    ['a worker URL joined onto the folder', 'const workerURL = pathToFileURL(path.join(__dirname, "./worker.js"));\nnew Worker(workerURL, {});'],
    ['the ESM folder joined', 'const __filename = fileURLToPath(import.meta.url);\nconst __dirname = path.dirname(__filename);\nawait import(path.join(__dirname, "plugins", name + ".js"));'],
  ])('%s: free', (_name, code) => {
    expect(leaving(code)).toBeUndefined();
  });
});
