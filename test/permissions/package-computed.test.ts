// Red team R19-13 (nodereach2 left 1, issue 26): a package reached by a NODE_OPTIONS name (`.npmrc node-options=--require
// x`) that computes a path out of its folder (`require(path.join(__dirname, "../../tools/y"))`) loaded tools/y.js, which
// was written unasked. Such a computed name is not read, so the package's reach is unknown (the tree asks); other
// computed names (a plugin by name) stay as they were. Real repositories, the engine under --yes.
import { describe, it } from 'vitest';
import type { Row } from './hook-check.js';
import { moduleRows } from './module-rows.js';

const { check } = moduleRows('cw-pkg-computed-');
const NPMRC = { '.npmrc': 'node-options=--require x\n', 'package.json': '{"name":"w","scripts":{"test":"node t.js"}}', 't.js': '', 'node_modules/x/package.json': '{"name":"x"}' };

describe('a computed require leaving the package', () => {
  it.each<[string, string]>([
    ['path.join(__dirname, "../../tools/y")', 'require(require("path").join(__dirname, "../../tools/y"));\n'],
    ['a template literal', 'require(`${__dirname}/../../tools/y`);\n'],
    ['process.cwd()', 'import(require("path").resolve(process.cwd(), "tools/y.js"));\n'],
    ['a template whose literal start climbs out of the package', 'require(`../../tools/${name}.js`);\n'],
    ['a literal start inside the package, then `..` in the rest', 'require(`./lib/${a}/../../../tools/y.js`);\n'],
    // R20-19: the working folder or the environment by other spellings, a file's contents, the lookup moved.
    ['process.env.PWD', 'try { require(process.env.PWD + "/tools/y") } catch (e) {}\n'],
    ['npm_config_local_prefix', 'require(require("path").join(process.env.npm_config_local_prefix, "tools/y"));\n'],
    ['require.main', 'require(require("path").join(require("path").dirname(require.main.filename), "tools/y"));\n'],
    ['a template of process.env', 'require(`${process.env.PWD}/tools/y`);\n'],
    ['an alias of process.env', 'const e = process.env; require(e.PWD + "/tools/y");\n'],
    ['a file\'s contents', 'const fs = require("fs"); require(fs.readFileSync(process.cwd() + "/.target", "utf8").trim());\n'],
    ['module.paths moved', 'module.paths.unshift(require("path").join(__dirname, "x")); require("y");\n'],
    ['NODE_PATH set and _initPaths', 'process.env.NODE_PATH = "t"; require("module")._initPaths(); require("y");\n'],
  ])('%s: the whole tree asks', async (_name, code) => {
    const row: Row = { hook: 'npm test', files: { ...NPMRC, 'node_modules/x/index.js': code }, asks: ['tools/y.js', 'src/a.js'], free: [] };
    await check(row);
  });

  // lightningcss/node/index.js (reached by every vite/vitest hook): its native binary is named `../lightningcss.${...}.node`,
  // a file of the package itself; made every write ask before.
  it('a computed name whose literal start is a folder of the package itself stays modelled in a program; under a preload it asks (pkg24)', async () => {
    // pkg24: a package reached by a preload (.npmrc node-options) is judged by default deny (node-package-strict.ts):
    // a load that is not one literal name makes the tree ask; programs a hook runs keep the taint rule.
    await check({ hook: 'npm test', files: { ...NPMRC, 'node_modules/x/package.json': '{"name":"x","main":"node/index.js"}', 'node_modules/x/node/index.js': 'require(`../lightningcss.${parts.join("-")}.node`);\nrequire("../x." + os + ".node");\n' }, asks: ['src/a.js', 'tools/y.js'], free: [] });
  });

  it('control: a plugin required by a computed name inside the package stays modelled in a program; under a preload it asks (pkg24)', async () => {
    // pkg24: a package reached by a preload (.npmrc node-options) is judged by default deny (node-package-strict.ts):
    // a load that is not one literal name makes the tree ask; programs a hook runs keep the taint rule.
    await check({ hook: 'npm test', files: { ...NPMRC, 'node_modules/x/index.js': 'const n = "p" + "lugin"; require("./" + n);\n' }, asks: ['src/a.js'], free: [] });
  });
});
