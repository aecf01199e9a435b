// Red team round 24, R24-6 (pkgfast25's preload rows, src/permissions/node-package-preloads.ts obeyPreloadRow): the
// ts-node row reads tsconfig.json from the folder node runs in up to the top and fails closed on its
// `ts-node.require`/`compiler`. But ts-node takes its options from the environment too (dist/index.js DEFAULTS):
// TS_NODE_CWD / TS_NODE_DIR move the folder the tsconfig is searched from, and TS_NODE_COMPILER names the compiler
// module, resolved as node resolves it (`./tools/c` is tools/c.js). Checked with ts-node 10.9.2 + typescript 5 on
// this machine: `TS_NODE_CWD=cfg NODE_OPTIONS='-r ts-node/register' node src/x.ts` ran what cfg/tsconfig.json's
// `ts-node.require` names (tools/y.js), and `TS_NODE_COMPILER=./tools/c ...` ran tools/c.js. A pre-commit hook with
// those lines leaves tools/y.js (tools/c.js) writable under --yes. TS_NODE_PROJECT and the top tsconfig's
// `ts-node.require` ask (controls).
import { describe, it } from 'vitest';
import { moduleRows } from './module-rows.js';

const { check } = moduleRows('r24-preload-');
const PROJECT = { 'package.json': '{"name":"w","scripts":{"test":"node src/x.ts"}}', 'src/x.ts': 'export const x: number = 1;\n', 'src/other.ts': 'export const o = 1;\n', 'tools/keep': '' };
const manifest = (name: string, fields: Record<string, unknown>): Record<string, string> => ({ [`node_modules/${name}/package.json`]: JSON.stringify({ name, ...fields }) });
// ts-node's require hook as its real dist/index.js has the lines default deny words (test/permissions/preload-rows.test.ts).
const HOOK_CJS = 'const Module = require("module");\nconst old = require.extensions[".js"];\nrequire.extensions[".ts"] = function (m, filename) {\n  const _compile = m._compile;\n  m._compile = function (code, fileName) { return _compile.call(this, code, fileName); };\n  return old(m, filename);\n};\nmodule.exports = { register() { return Module; } };\n';
const TS_NODE = { ...manifest('ts-node', { main: 'dist/index.js', exports: { '.': './dist/index.js', './register': './register/index.js' } }), 'node_modules/ts-node/register/index.js': "require('../').register();\n", 'node_modules/ts-node/dist/index.js': HOOK_CJS };
const REQUIRES = (to: string): string => `{"ts-node":{"require":["${to}tools/y"]}}`;
const LINE = "NODE_OPTIONS='-r ts-node/register' node src/x.ts";

describe('R24-6: ts-node options from the environment on the hook line', () => {
  it.each<[string, string, Record<string, string>, string]>([
    ['TS_NODE_CWD=cfg: cfg/tsconfig.json\'s ts-node.require', `TS_NODE_CWD=cfg ${LINE}`, { 'tsconfig.json': '{}', 'cfg/tsconfig.json': REQUIRES('../') }, 'tools/y.js'],
    ['TS_NODE_DIR=cfg: cfg/tsconfig.json\'s ts-node.require', `TS_NODE_DIR=cfg ${LINE}`, { 'tsconfig.json': '{}', 'cfg/tsconfig.json': REQUIRES('../') }, 'tools/y.js'],
    ['TS_NODE_COMPILER=./tools/c: the compiler module tools/c.js', `TS_NODE_COMPILER=./tools/c ${LINE}`, { 'tsconfig.json': '{}' }, 'tools/c.js'],
  ])('%s asks', async (_name, hook, files, file) => {
    await check({ hook, files: { ...PROJECT, ...TS_NODE, ...files }, asks: [file], free: [] });
  });

  it.each<[string, string, Record<string, string>, string]>([
    ['TS_NODE_PROJECT=cfg/ts.json: its ts-node.require', `TS_NODE_PROJECT=cfg/ts.json ${LINE}`, { 'tsconfig.json': '{}', 'cfg/ts.json': REQUIRES('../') }, 'tools/y.js'],
    ['the top tsconfig\'s ts-node.require', LINE, { 'tsconfig.json': REQUIRES('./') }, 'tools/y.js'],
    ['TS_NODE_COMPILER=./tools/c.js spelled whole', `TS_NODE_COMPILER=./tools/c.js ${LINE}`, { 'tsconfig.json': '{}' }, 'tools/c.js'],
  ])('control (held): %s asks', async (_name, hook, files, file) => {
    await check({ hook, files: { ...PROJECT, ...TS_NODE, ...files }, asks: [file], free: [] });
  });

  it('friction control: a switch (TS_NODE_TRANSPILE_ONLY=1) chooses no file: a source stays free', async () => {
    await check({ hook: `TS_NODE_TRANSPILE_ONLY=1 ${LINE}`, files: { ...PROJECT, ...TS_NODE, 'tsconfig.json': '{}' }, asks: [], free: ['src/other.ts'] });
  });
});
