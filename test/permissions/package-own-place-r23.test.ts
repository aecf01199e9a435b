// The class of red team R23-12 (pkgscan26): a package's file finds the PROJECT's top from its own place
// (`__dirname`, `__filename`, `module.paths`, `import.meta.url`) by cutting the text or climbing with dirname, with no
// `..` in the text. A computed load built from the own place other than by joining names onto it is a load leaving
// the package (the caller asks); joining names onto it (`path.join(__dirname, "lib/x.js")`, everywhere) stays free.
import { describe, expect, it } from 'vitest';
import { leaving } from './package-own-leaving.js';

describe('R23-12: a load built from the package\'s own place by cutting or climbing', () => {
  it.each([
    'require(__dirname.split("node_modules")[0] + "tools/y");',
    'require(__filename.replace(/node_modules.*/, "") + "tools/y");',
    'const root = __dirname.slice(0, __dirname.indexOf("node_modules"));\nrequire(root + "tools/y");',
    'const p = require("path");\nrequire(p.dirname(p.dirname(p.dirname(__dirname))) + "/tools/y");',
    'require(module.paths[1].slice(0, -12) + "tools/y");',
    'const up = (d) => require("path").dirname(d);\nrequire(up(up(__dirname)) + "/tools/y");',
    'const up = (d) => require("path").dirname(d);\nconst root = up(up(__dirname));\nrequire(root + "/tools/y");',
    'function root() { return __dirname.split("node_modules")[0]; }\nrequire(root() + "tools/y");',
    'const top = require("path").resolve(__dirname, "..", "..", "..");\nrequire(top + "/tools/y");',
    'const u = new URL("../../../tools/y.js", import.meta.url);\nimport(u.href);',
    'const { Worker } = require("worker_threads");\nnew Worker(__dirname.split("node_modules")[0] + "tools/y.js");',
  ])('%s: leaves', (code) => {
    expect(leaving(code)).toBeDefined();
  });
});

describe('R23-12 controls: names joined onto the own place stay free', () => {
  it.each([
    'const path = require("path");\nrequire(path.join(__dirname, "x.js"));',
    'require(require("path").resolve(__dirname, "./y"));',
    'require(__dirname + "/x");',
    'require(`${__dirname}/x.js`);',
    'const dir = require("path").dirname(__filename);\nrequire(require("path").join(dir, "x"));',
    'import { createRequire } from "node:module";\nconst require2 = createRequire(import.meta.url);\nrequire2("./x");',
    'import { fileURLToPath } from "node:url";\nimport { dirname, join } from "node:path";\nconst __dirname2 = dirname(fileURLToPath(import.meta.url));\nawait import(join(__dirname2, "x.js"));',
    'const root = require("path").join(__dirname, "..");\nrequire(require("path").join(root, "lib/x"));',
    'await import(new URL("./x.js", import.meta.url).href);',
    'require(require("path").join(__dirname, "plugins", name));',
  ])('%s: free', (code) => {
    expect(leaving(code)).toBeUndefined();
  });
});
