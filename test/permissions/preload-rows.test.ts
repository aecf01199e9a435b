// pkgfast25 (issue 26, pkg24 friction): the preloads whose job is to hook require to compile and run the project's
// own files (ts-node/register, tsx, @babel/register, source-map-support/register, esbuild-register, @swc/register,
// @swc-node/register, jiti/register) made every hook tree ask under default deny. Each has its own row
// (node-package-preloads.ts): free when the project files they reach are free, while the files node runs, the
// configuration they read, a planted entry that is not the real one, or a computed load from the project still ask.
// The packages here carry the lines of their real files that default deny words (checked on real installs: the
// `real installs` block below, and /work/reports/pkgfast25.md).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { hookVerdict } from './hook-check.js';
import { moduleRows } from './module-rows.js';

const { check } = moduleRows('cw-preload-rows-');
const PROJECT = { 'package.json': '{"name":"w","scripts":{"test":"node src/x.ts"}}', 'src/x.ts': 'import { y } from "./y";\nexport const x: number = y;\n', 'src/y.ts': 'export const y = 1;\n', 'src/other.ts': 'export const o = 1;\n', 'tsconfig.json': '{"compilerOptions":{"strict":true}}' };
const manifest = (name: string, fields: Record<string, unknown>): Record<string, string> => ({ [`node_modules/${name}/package.json`]: JSON.stringify({ name, ...fields }) });

// A require hook's lines as its real file has them (ts-node/dist/index.js, esbuild-register/dist/node.js ...).
const HOOK_CJS = 'const Module = require("module");\nconst old = require.extensions[".js"];\nrequire.extensions[".ts"] = function (m, filename) {\n  const _compile = m._compile;\n  m._compile = function (code, fileName) { return _compile.call(this, code, fileName); };\n  return old(m, filename);\n};\nmodule.exports = { register() { return Module; } };\n';
const PACKAGES: Record<string, Record<string, string>> = {
  'ts-node': { ...manifest('ts-node', { main: 'dist/index.js', exports: { '.': './dist/index.js', './register': './register/index.js' } }), 'node_modules/ts-node/register/index.js': "require('../').register();\n", 'node_modules/ts-node/dist/index.js': HOOK_CJS },
  tsx: { ...manifest('tsx', { type: 'module', exports: { '.': './dist/loader.mjs', './cjs': './dist/cjs/index.cjs', './esm': './dist/esm/index.mjs' } }), 'node_modules/tsx/dist/loader.mjs': 'import "node:worker_threads";\nimport "node:module";\nimport "./esm/index.mjs";\nimport "./cjs/index.cjs";\n', 'node_modules/tsx/dist/esm/index.mjs': 'import { register } from "node:module";\nregister("./hooks.mjs", import.meta.url);\n', 'node_modules/tsx/dist/esm/hooks.mjs': 'export const resolve = (s, c, next) => next(s, c);\n', 'node_modules/tsx/dist/cjs/index.cjs': HOOK_CJS },
  '@babel/register': { ...manifest('@babel/register', { main: './lib/index.cjs' }), 'node_modules/@babel/register/lib/index.cjs': 'module.exports = require("./nodeWrapper.cjs");\n', 'node_modules/@babel/register/lib/nodeWrapper.cjs': HOOK_CJS },
  'source-map-support': { ...manifest('source-map-support', { main: './source-map-support.js' }), 'node_modules/source-map-support/register.js': "require('./').install();\n", 'node_modules/source-map-support/source-map-support.js': 'function dynamicRequire(mod, request) { return mod.require(request); }\nexports.install = function () {\n  var Module = dynamicRequire(module, "module");\n  var $compile = Module.prototype._compile;\n  Module.prototype._compile = function (content, filename) { return $compile.call(this, content, filename); };\n};\n' },
  'esbuild-register': { ...manifest('esbuild-register', { main: 'register.js', exports: { '.': './register.js', './dist/node': './dist/node.js' } }), 'node_modules/esbuild-register/register.js': 'require("./dist/node").register();\n', 'node_modules/esbuild-register/dist/node.js': HOOK_CJS },
  '@swc/register': { ...manifest('@swc/register', { main: 'lib/index.js' }), 'node_modules/@swc/register/lib/index.js': 'module.exports = require("./node");\n', 'node_modules/@swc/register/lib/node.js': HOOK_CJS },
  '@swc-node/register': { ...manifest('@swc-node/register', { main: 'index.js', exports: { '.': { node: './index.js' }, './register': { require: './lib/register.js' }, './esm-register': { import: './esm/esm-register.mjs' } } }), 'node_modules/@swc-node/register/index.js': 'require("./lib/register").register();\n', 'node_modules/@swc-node/register/lib/register.js': HOOK_CJS },
  jiti: { ...manifest('jiti', { main: './lib/jiti.cjs', exports: { '.': { require: './lib/jiti.cjs' }, './register': { import: './lib/jiti-register.mjs' } } }), 'node_modules/jiti/lib/jiti.cjs': 'module.exports = require("node:module");\n', 'node_modules/jiti/lib/jiti-register.mjs': 'import { register } from "node:module";\nregister("./jiti-hooks.mjs", import.meta.url);\n', 'node_modules/jiti/lib/jiti-hooks.mjs': 'export const load = (u, c, next) => next(u, c);\n' },
};

describe('pkgfast25: a loader preload with its own row keeps a hook tree free', () => {
  it.each<[string, string, string]>([
    ['ts-node', "NODE_OPTIONS='-r ts-node/register' node src/x.ts", 'ts-node'],
    ['ts-node (.npmrc node-options, npm test)', 'npm test', 'ts-node'],
    ['tsx (--import)', 'node --import tsx src/x.ts', 'tsx'],
    ['tsx/cjs', 'node -r tsx/cjs src/x.ts', 'tsx'],
    ['tsx/esm', 'node --import tsx/esm src/x.ts', 'tsx'],
    ['@babel/register', 'node -r @babel/register src/x.ts', '@babel/register'],
    ['source-map-support/register', 'node -r source-map-support/register src/x.ts', 'source-map-support'],
    ['esbuild-register', 'node -r esbuild-register src/x.ts', 'esbuild-register'],
    ['@swc/register', 'node -r @swc/register src/x.ts', '@swc/register'],
    ['@swc-node/register', 'node -r @swc-node/register src/x.ts', '@swc-node/register'],
    ['jiti/register', 'node --import jiti/register src/x.ts', 'jiti'],
  ])('%s: the files node runs and its tsconfig ask, another source file is free', async (_name, hook, name) => {
    const npmrc: Record<string, string> = hook === 'npm test' ? { '.npmrc': 'node-options=--require ts-node/register\n' } : {};
    await check({ hook, files: { ...PROJECT, ...npmrc, ...PACKAGES[name] }, asks: ['src/x.ts', 'src/y.ts', ...(name === 'source-map-support' || name === '@babel/register' || name === '@swc/register' ? [] : ['tsconfig.json'])], free: ['src/other.ts'] });
  });

  it('mocha -r ts-node/register: followed like NODE_OPTIONS, another source file free', async () => {
    const mocha = { ...manifest('mocha', { main: 'index.js', bin: { mocha: 'bin/mocha.js' } }), 'node_modules/mocha/index.js': 'module.exports = 1;\n', 'node_modules/mocha/bin/mocha.js': 'require("../index.js");\n', 'node_modules/.bin/mocha': '#!/bin/sh\n' };
    await check({ hook: 'mocha -r ts-node/register', files: { ...PROJECT, ...PACKAGES['ts-node'], ...mocha }, asks: ['tsconfig.json'], free: ['src/other.ts'] });
  });
});

describe('pkgfast25: what a row does not cover still asks', () => {
  const TS_NODE = PACKAGES['ts-node']!;
  it.each<[string, Record<string, string>, string]>([
    ['a planted register/index.js that is not the real one', { ...TS_NODE, 'node_modules/ts-node/register/index.js': 'require("module")._load(require("path").resolve("tools/y"));\n' }, 'tools/y.js'],
    ['a real file with a computed load from the working folder added', { ...TS_NODE, 'node_modules/ts-node/dist/index.js': `${HOOK_CJS}require(process.cwd() + "/tools/y");\n` }, 'tools/y.js'],
    ['a dependency of the row judged as a program (a computed load from the working folder)', { ...TS_NODE, ...manifest('ts-node', { main: 'dist/index.js', exports: { '.': './dist/index.js', './register': './register/index.js' }, dependencies: { dep: '1' } }), ...manifest('dep', { main: 'index.js' }), 'node_modules/dep/index.js': 'const root = process.cwd();\nrequire(root + "/tools/y");\n' }, 'tools/y.js'],
    ['tsconfig paths (the loader resolves bare names to project files)', { ...TS_NODE, 'tsconfig.json': '{"compilerOptions":{"baseUrl":".","paths":{"@/*":["tools/*"]}}}' }, 'tools/y.ts'],
    ['ts-node.require in tsconfig', { ...TS_NODE, 'tsconfig.json': '{"ts-node":{"require":["./tools/y"]}}' }, 'tools/y.js'],
  ])('%s', async (_name, files, file) => {
    await check({ hook: "NODE_OPTIONS='-r ts-node/register' node src/x.ts", files: { ...PROJECT, ...files }, asks: [file], free: [] });
  });

  it('another sub-path of a row package stays under default deny', async () => {
    await check({ hook: 'node -r ts-node/dist/index.js src/x.ts', files: { ...PROJECT, ...PACKAGES['ts-node'] }, asks: ['src/other.ts'], free: [] });
  });

  it('@babel/register: babel.config.js and the plugin it names ask', async () => {
    await check({ hook: 'node -r @babel/register src/x.ts', files: { ...PROJECT, ...PACKAGES['@babel/register'], 'babel.config.js': 'module.exports = { plugins: ["./tools/p.js"] };\n', 'tools/p.js': 'module.exports = () => ({});\n' }, asks: ['babel.config.js', 'tools/p.js'], free: ['src/other.ts'] });
  });

  it('mocha -r of a module without a row stays unmodelled', async () => {
    await check({ hook: 'mocha -r ./tools/setup.js', files: { ...PROJECT, 'tools/setup.js': '' }, asks: ['src/other.ts'], free: [] });
  });
});

// The real packages, installed from the machine's npm cache (`npm install --offline`: no network); skipped where the
// cache does not hold them (a new machine): the rows above carry their lines.
describe('pkgfast25: real installs of the loaders', () => {
  const REAL = ['ts-node', 'typescript@5', 'tsx', '@babel/register', '@babel/core', 'source-map-support', 'esbuild-register', 'esbuild', 'jiti', '@types/node'];
  const place = { dir: '' };
  beforeAll(async () => {
    const dir = await tempDir('cw-preload-real-');
    await writeFiles(dir, { 'package.json': '{"name":"real","version":"1.0.0","private":true}' });
    const npm = spawnSync('npm', ['install', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', '--no-save', ...REAL], { cwd: dir, encoding: 'utf8', timeout: 240_000 });
    if (npm.status === 0) place.dir = dir;
    else await removeDir(dir);
  }, 300_000);
  afterAll(async () => place.dir !== '' && removeDir(place.dir));
  let count = 0;
  it.each<[string]>([
    ["NODE_OPTIONS='-r ts-node/register' node src/x.ts"],
    ['node --import tsx src/x.ts'],
    ['node -r tsx/cjs src/x.ts'],
    ['node -r @babel/register src/x.ts'],
    ['node -r source-map-support/register src/x.ts'],
    ['node -r esbuild-register src/x.ts'],
    ['node --import jiti/register src/x.ts'],
  ])('%s: modelled, src/x.ts obeyed', async (hook) => {
    if (place.dir === '') return void console.warn('npm cache without the loaders: real-install rows not run');
    const root = join(place.dir, `r${++count}`);
    await writeFiles(root, PROJECT);
    spawnSync('cp', ['-al', join(place.dir, 'node_modules'), join(root, 'node_modules')]);
    const verdict = await hookVerdict(root, hook, {});
    expect(verdict.unmodeled).toBeUndefined();
    expect(verdict.files).toContain(join(root, 'src/x.ts'));
  }, 120_000);
});
