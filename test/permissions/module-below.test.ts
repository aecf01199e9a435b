// Issue 26, what node loads from a workspace-wide NODE_OPTIONS (nodereach2): a bare `--require x` set by an
// `.envrc` or mise's `[env]` applies to node run in any folder below the env file, and node resolves x from
// there upward, so `sub/node_modules/x` below it is loaded too (like the process environment's
// `**/node_modules/x`); a package `main` pointing out of the work tree fails closed through .envrc/mise as on a
// hook line; the process environment's NODE_OPTIONS follows `main` too. Real repositories, the in-process
// engine under --yes; every row but the controls fails on the old code.
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { checkHookRow, type Row } from './hook-check.js';
import { moduleRows, pkg } from './module-rows.js';

const { check, home, next, withEnv } = moduleRows('cw-below-');
const ENVRC = { '.envrc': 'export NODE_OPTIONS="--require x"\n' };
const MISE = { 'mise.toml': '[env]\nNODE_OPTIONS = "--require x"\n' };

describe('a bare name from an env file covers every node_modules below it (left 1)', () => {
  it.each<[string, Row]>([
    ['.envrc: sub/node_modules/x', { hook: 'true', files: ENVRC, asks: ['sub/node_modules/x/index.js', 'sub/deeper/node_modules/x.js', 'sub/node_modules/x/package.json'], free: ['src/a.js', 'sub/node_modules/y/index.js', 'sub/x.js'] }],
    ['mise [env]: sub/node_modules/x', { hook: 'true', files: MISE, asks: ['sub/node_modules/x/index.js', 'a/b/node_modules/x.cjs'], free: ['src/a.js', 'sub/node_modules/y/index.js'] }],
    ['a scoped subpath from sub/.envrc: only below sub', { hook: 'true', files: { 'sub/.envrc': 'export NODE_OPTIONS="-r @s/x/register"\n' }, asks: ['sub/a/node_modules/@s/x/index.js', 'sub/a/node_modules/@s/x/register.js', 'node_modules/@s/x/index.js'], free: ['other/node_modules/@s/x/index.js', 'src/a.js'] }],
    ['an existing package below whose main points out', { hook: 'true', files: { ...ENVRC, ...pkg('x', {}, { main: '../../tools/x.js' }), 'sub/node_modules/x/package.json': '{"main":"../../../tools/y.js"}' }, asks: ['tools/x.js', 'tools/y.js'], free: ['src/a.js'] }],
    ['the main file\'s own imports', { hook: 'true', files: { ...MISE, 'sub/node_modules/x/package.json': '{"main":"../../../tools/y.js"}', 'tools/y.js': 'require("./z");\n' }, asks: ['tools/y.js', 'tools/z.js'], free: ['src/a.js'] }],
  ])('%s', async (_name, row) => check(row));
});

describe('a main out of the work tree through .envrc/mise fails closed (left 2)', () => {
  it.each<[string, Row]>([
    ['.envrc', { hook: 'true', files: { ...ENVRC, ...pkg('x', {}, { main: '../../../elsewhere/x.js' }) }, asks: ['src/a.js'], free: [] }],
    ['mise', { hook: 'true', files: { ...MISE, 'sub/node_modules/x/package.json': '{"main":"../../../../elsewhere/x.js"}' }, asks: ['src/a.js'], free: [] }],
    ['control: a main inside its package', { hook: 'true', files: { ...ENVRC, ...pkg('x', {}, { main: 'lib/x.js' }) }, asks: ['node_modules/x/lib/x.js'], free: ['src/a.js', 'tools/x.js'] }],
  ])('%s', async (_name, row) => check(row));
});

describe('the person\'s own NODE_OPTIONS follows main (left 2)', () => {
  it('a main out of the package, in a sub folder\'s node_modules too, and its imports', async () => withEnv('--require x', { hook: 'true', files: { ...pkg('x', {}, { main: '../../tools/x.js' }), 'sub/node_modules/x/package.json': '{"main":"../../../lib/y"}', 'lib/y.js': 'require("./z");\n' }, asks: ['tools/x.js', 'lib/y.js', 'lib/z.js', 'lib/y/index.js', 'sub/node_modules/x/index.js'], free: ['src/a.js'] }));
  it('a main out of the work tree: every file asks', async () => withEnv('--max-old-space-size=4096 -r x', { hook: 'true', files: pkg('x', {}, { main: '../../../elsewhere/x.js' }), asks: ['src/a.js'], free: [] }));
  it('control: a main inside its package', async () => withEnv('--require x', { hook: 'true', files: pkg('x', {}, { main: 'lib/x.js' }), asks: ['node_modules/x/lib/x.js'], free: ['src/a.js', 'tools/x.js'] }));
});

// node loads a package's files by their real path and resolves their relative names from there (left 3).
const NPM = { 'package.json': JSON.stringify({ name: 'w', scripts: { test: 'node t.js' } }), 't.js': '\n', '.npmrc': 'node-options=--require x\n' };
const X = (files: Record<string, string>, manifest: Record<string, unknown> = {}): Record<string, string> => ({
  'node_modules/x/package.json': JSON.stringify({ name: 'x', ...manifest }),
  ...Object.fromEntries(Object.entries(files).map(([path, text]) => [`node_modules/x/${path}`, text])),
});
describe('a package\'s own relative names and links leaving its folder (left 3)', () => {
  it.each<[string, Row]>([
    ['index.js requires ../../tools/y', { hook: 'npm test', files: { ...NPM, ...X({ 'index.js': 'require("../../tools/y");\n' }) }, asks: ['tools/y.js', 'tools/y/index.js'], free: ['src/a.js'] }],
    ['main lib/m.js -> ./a -> ../../../tools/w', { hook: 'npm test', files: { ...NPM, ...X({ 'lib/m.js': 'module.exports = require("./a");\n', 'lib/a.js': 'require("../../../tools/w");\n' }, { main: 'lib/m.js' }) }, asks: ['tools/w.js', 'tools/w.mjs'], free: ['src/a.js'] }],
    ['exports conditions, nested: import "../../../z.js"', { hook: 'npm test', files: { ...NPM, ...X({ 'esm/i.mjs': 'import "../../../z.js";\n' }, { exports: { '.': { node: { import: './esm/i.mjs', require: './cjs/i.cjs' }, default: ['./d.js'] } } }) }, asks: ['z.js'], free: ['src/a.js'] }],
    ['the work-tree file it reaches, followed in turn', { hook: 'npm test', files: { ...NPM, ...X({ 'index.js': 'require("../../tools/y");\n' }), 'tools/y.js': 'require("./deeper");\n' }, asks: ['tools/deeper.js'], free: ['src/a.js'] }],
    ['a package in a vitest closure', { hook: 'npx vitest run', files: { 'vitest.config.ts': 'import p from "p";\nexport default { plugins: [p()] };\n', ...pkg('p', { q: '1' }), ...pkg('q'), 'node_modules/q/index.js': 'import "../../cfg/q2.js";\n' }, asks: ['cfg/q2.js'], free: ['src/a.ts'] }],
    ['through .envrc', { hook: 'true', files: { '.envrc': 'export NODE_OPTIONS="--require x"\n', ...X({ 'index.js': 'require("../../tools/y");\n' }) }, asks: ['tools/y.js'], free: ['src/a.js'] }],
    ['a name out of the work tree: unmodelled', { hook: 'npm test', files: { ...NPM, ...X({ 'index.js': 'require("../../../elsewhere/y");\n' }) }, asks: ['src/a.js'], free: [] }],
    ['control: names inside the package', { hook: 'npm test', files: { ...NPM, ...X({ 'index.js': 'require("./lib/a");\nrequire("../x/lib/b");\n', 'lib/a.js': 'require("./b");\n' }) }, asks: ['node_modules/x/lib/a.js'], free: ['src/a.js', 'tools/y.js', 'lib/a.js'] }],
  ])('%s', async (_name, row) => check(row));

  it.each<[string, string, readonly string[], readonly string[]]>([
    ['a link inside the package to a work-tree folder', '../../tools', ['tools/index.js', 'tools/index.js.cjs'], ['src/a.js', 'tools/other.js']],
    ['a link inside the package out of the work tree: unmodelled', '/', ['src/a.js'], []],
  ])('%s', async (_name, target, asks, free) => {
    const root = next();
    mkdirSync(join(root, 'node_modules/x'), { recursive: true });
    symlinkSync(target, join(root, 'node_modules/x/dist'));
    await checkHookRow(root, home(), { hook: 'npm test', files: { ...NPM, ...X({}, { main: 'dist/index.js' }) }, asks, free });
  });
});

// Variants the red team tries next (left 4): each followed, or unmodelled with the reason.
describe('variants: loaders, URLs, imports, NODE_PATH, workspaces (left 4)', () => {
  it.each<[string, Row]>([
    ['.envrc --experimental-loader x, below', { hook: 'true', files: { '.envrc': 'export NODE_OPTIONS="--experimental-loader x"\n' }, asks: ['sub/node_modules/x/index.js'], free: ['src/a.js'] }],
    ['.envrc --import=x, below', { hook: 'true', files: { '.envrc': 'export NODE_OPTIONS="--import=x -r y"\n' }, asks: ['sub/node_modules/x/index.js', 'sub/node_modules/y.js'], free: ['src/a.js'] }],
    ['a package file loading an `imports` target', { hook: 'npm test', files: { ...NPM, ...X({ 'index.js': 'require("#t");\n', 't.js': 'require("../../tools/y");\n' }, { imports: { '#t': './t.js' } }) }, asks: ['tools/y.js'], free: ['src/a.js'] }],
    ['self-reference by package name to an exported file', { hook: 'npm test', files: { ...NPM, ...X({ 'index.js': 'require("x/t");\n', 't.js': 'require("../../tools/y");\n' }, { exports: { '.': './index.js', './t': './t.js' } }) }, asks: ['tools/y.js'], free: ['src/a.js'] }],
    ['NODE_PATH=lib on a hook line: bare names found there', { hook: 'NODE_PATH=lib NODE_OPTIONS="--require x" npm test', files: NPM, asks: ['lib/x.js', 'lib/x/index.js'], free: ['src/a.js'] }],
    ['a data: URL importing a package', { hook: 'true', files: { '.envrc': 'export NODE_OPTIONS="--import=data:text/javascript,import%20%22x%22"\n' }, asks: ['sub/node_modules/x/index.js'], free: ['src/a.js'] }],
    ['a data: URL building a name: unmodelled', { hook: "node '--import=data:text/javascript,import(globalThis.n)' t.mjs", files: { 't.mjs': '\n' }, asks: ['src/a.js'], free: [] }],
  ])('%s', async (_name, row) => check(row));

  it('a file: URL --import (hook line and .envrc)', async () => {
    for (const where of ['hook', 'envrc']) {
      const root = next();
      mkdirSync(root, { recursive: true });
      const value = `--import=file://${root}/tools/x.mjs`;
      const files: Record<string, string> = where === 'envrc' ? { '.envrc': `export NODE_OPTIONS="${value}"\n` } : { 't.mjs': '\n' };
      await checkHookRow(root, home(), { hook: where === 'envrc' ? 'true' : `node ${value} t.mjs`, files, asks: ['tools/x.mjs'], free: ['src/a.js'] });
    }
  });

  it('a workspace package linked into node_modules (packages/a)', async () => {
    const root = next();
    mkdirSync(join(root, 'node_modules/@s'), { recursive: true });
    mkdirSync(join(root, 'packages/a'), { recursive: true });
    symlinkSync('../../packages/a', join(root, 'node_modules/@s/a'));
    await checkHookRow(root, home(), { hook: 'true', files: { '.envrc': 'export NODE_OPTIONS="--require @s/a"\n', 'packages/a/package.json': '{"name":"@s/a","main":"index.js"}', 'packages/a/index.js': 'require("../shared/s");\n' }, asks: ['packages/a/index.js', 'packages/shared/s.js'], free: ['src/a.js'] });
  });
});
