// Red team round 21, R21-11 (class: the lightningcss-style exception, "a package's template require staying in its
// folder"): a reached package (`.npmrc node-options=--require x`) takes a name from the PROJECT's package.json
// (`require("../../package.json").myPlugin`, or JSON.parse of a readFileSync of `__dirname + "/../../package.json"`)
// and requires `./plugins/${name}`: the literal start is inside the package, so the name is taken as staying
// there, but node resolves the request lexically (`./plugins/../../../tools/y` is the project's tools/y.js; the
// plugins folder need not exist). Checked with node 20: `node --require x` printed what tools/y.js prints.
// The project's package.json is the agent's to write (an ordinary edit), and tools/y.js is written unasked.
import { describe, it } from 'vitest';
import type { Row } from './hook-check.js';
import { moduleRows } from './module-rows.js';

const { check } = moduleRows('cw-rt21-pkg-data-');
const FILES = { '.npmrc': 'node-options=--require x\n', 'package.json': '{"name":"w","scripts":{"test":"node t.js"},"myPlugin":"../../../tools/y"}', 't.js': '', 'node_modules/x/package.json': '{"name":"x"}' };

describe('R21-11: a package\'s in-folder template fed a name from a project file', () => {
  it.each<[string, string]>([
    ['require of the project package.json', 'const n = require("../../package.json").myPlugin; require(`./plugins/${n}`);\n'],
    ['JSON.parse(readFileSync(__dirname + "/../../package.json"))', 'const p = JSON.parse(require("fs").readFileSync(__dirname + "/../../package.json", "utf8")).myPlugin; require("./" + p);\n'],
  ])('%s: writing tools/y.js asks', async (_name, code) => {
    const row: Row = { hook: 'npm test', files: { ...FILES, 'node_modules/x/index.js': code }, asks: ['tools/y.js'], free: [] };
    await check(row);
  });

  it('control (held): the same name read inline in the template asks', async () => {
    await check({ hook: 'npm test', files: { ...FILES, 'node_modules/x/index.js': 'require(`./plugins/${require("../../package.json").myPlugin}`);\n' }, asks: ['tools/y.js'], free: [] });
  });
});
