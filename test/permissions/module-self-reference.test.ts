// Issue 26, red team R18-1 / R19-5: a package's self-reference by its own name. node (and jest, vitest) resolve a
// bare name that is the `name` of the nearest package.json with `exports` through those `exports`, before any
// node_modules; so `.npmrc` `node-options=--require w` in the package `w` loads the file w's `exports` names.
// Every spelling the red team found free asks (real repositories, the in-process engine under --yes); each row
// but the controls fails on the old code. `#x` (package `imports`) stays unmodelled (held before).
import { describe, it } from 'vitest';
import type { Row } from './hook-check.js';
import { moduleRows } from './module-rows.js';

const { check, withEnv } = moduleRows('cw-selfref-');

// hook `npm test`; `.npmrc` node-options `opts`; the root package.json's name and exports.
const npm = (opts: string, exports: unknown, name = 'w'): Record<string, string> => ({
  '.npmrc': `${opts}\n`,
  'package.json': JSON.stringify({ name, exports, scripts: { test: 'node t.js' } }),
  't.js': '\n',
});
const REQ = 'node-options=--require w';

describe('R19-5: every exports spelling through .npmrc --require w', () => {
  it.each<[string, Row]>([
    ['the R18-1 instance: "." key', { hook: 'npm test', files: npm(REQ, { '.': './tools/x.js' }), asks: ['tools/x.js'], free: ['src/a.js', 'tools/y.js'] }],
    ['string shorthand', { hook: 'npm test', files: npm(REQ, './tools/x.js'), asks: ['tools/x.js'], free: ['src/a.js'] }],
    ['conditions without "."', { hook: 'npm test', files: npm(REQ, { node: { require: './tools/x.js' } }), asks: ['tools/x.js'], free: ['src/a.js'] }],
    ['any condition (--conditions may turn it on), up to default', { hook: 'npm test', files: npm(REQ, { '.': { custom: './tools/c.js', import: './tools/i.mjs', default: './tools/d.js', after: './tools/never.js' } }), asks: ['tools/c.js', 'tools/i.mjs', 'tools/d.js'], free: ['src/a.js', 'tools/never.js'] }],
    ['an array: every fallback', { hook: 'npm test', files: npm(REQ, ['./nope.js', './tools/x.js']), asks: ['nope.js', 'tools/x.js'], free: ['src/a.js'] }],
    ['a pattern "./*" -> "./tools/*.js" with w/a', { hook: 'npm test', files: npm('node-options=--require w/a', { './*': './tools/*.js' }), asks: ['tools/a.js'], free: ['src/a.js', 'tools/b.js'] }],
    ['a pattern "./*" -> "./tools/*" with w/a.js', { hook: 'npm test', files: npm('node-options=--require w/a.js', { './*': './tools/*' }), asks: ['tools/a.js'], free: ['src/a.js', 'tools/b.js'] }],
    ['a pattern with a trailer and a nested match', { hook: 'npm test', files: npm('node-options=--require w/lib/a', { './lib/*.js': './no.js', './lib/*': { require: './src/*.cjs' } }), asks: ['src/a.cjs'], free: ['src/b.cjs', 'no.js'] }],
    ['a subpath key', { hook: 'npm test', files: npm('node-options=--require w/setup', { '.': './index.js', './setup': './tools/s.js' }), asks: ['tools/s.js'], free: ['index.js', 'src/a.js'] }],
    ['scoped @s/w', { hook: 'npm test', files: npm('node-options=--require @s/w', { '.': './tools/x.js' }, '@s/w'), asks: ['tools/x.js'], free: ['src/a.js'] }],
    ['--require=w', { hook: 'npm test', files: npm('node-options=--require=w', { '.': './tools/x.js' }), asks: ['tools/x.js'], free: ['src/a.js'] }],
    ['-r w', { hook: 'npm test', files: npm('node-options=-r w', { '.': './tools/x.js' }), asks: ['tools/x.js'], free: ['src/a.js'] }],
    ['a quoted value', { hook: 'npm test', files: npm('node-options="--require w"', { '.': './tools/x.js' }), asks: ['tools/x.js'], free: ['src/a.js'] }],
    ['--import w (ESM)', { hook: 'npm test', files: npm('node-options=--import w', { '.': './tools/x.mjs' }), asks: ['tools/x.mjs'], free: ['src/a.js'] }],
    ['the exported file\'s own imports, followed', { hook: 'npm test', files: { ...npm(REQ, './tools/x.js'), 'tools/x.js': 'require("./y");\n' }, asks: ['tools/y.js'], free: ['src/a.js'] }],
    ['a match node refuses (..): the target folder whole', { hook: 'npm test', files: npm('node-options=--require w/a/../b', { './*': './tools/*.js' }), asks: ['tools/q.js', 'tools/deep/r.js'], free: ['src/a.js'] }],
    ['a target that is not a string: the package whole', { hook: 'npm test', files: npm(REQ, { '.': 5 }), asks: ['src/a.js'], free: [] }],
  ])('%s', async (_name, row) => check(row));
});

describe('R18-1: the same name in a runner configuration and on a hook line', () => {
  it.each<[string, Row]>([
    ['jest setupFiles ["w/setup"]', { hook: 'npx jest', files: { 'package.json': JSON.stringify({ name: 'w', exports: { './setup': './tools/s.js' }, jest: { setupFiles: ['w/setup'] } }) }, asks: ['tools/s.js'], free: ['src/a.js'] }],
    ['node -r w on the hook line', { hook: 'node -r w t.js', files: { 'package.json': JSON.stringify({ name: 'w', exports: { '.': './tools/x.js' } }), 't.js': '\n' }, asks: ['tools/x.js'], free: ['src/a.js'] }],
  ])('%s', async (_name, row) => check(row));
});

describe('controls: what node does not self-resolve stays free', () => {
  it.each<[string, Row]>([
    ['another name', { hook: 'npm test', files: npm(REQ, { '.': './tools/x.js' }, 'v'), asks: ['node_modules/w/index.js'], free: ['tools/x.js', 'src/a.js'] }],
    ['no exports: node_modules only', { hook: 'npm test', files: { '.npmrc': `${REQ}\n`, 'package.json': JSON.stringify({ name: 'w', main: 'tools/x.js', scripts: { test: 'node t.js' } }), 't.js': '\n' }, asks: ['node_modules/w/index.js'], free: ['tools/x.js', 'src/a.js'] }],
    ['a subpath not exported', { hook: 'npm test', files: npm('node-options=--require w/other', { '.': './tools/x.js' }), asks: ['node_modules/w/other.js'], free: ['tools/x.js', 'tools/other.js', 'src/a.js'] }],
    ['a map without "." and the bare name: nothing of the package', { hook: 'npm test', files: npm(REQ, { './setup': './tools/s.js' }), asks: ['node_modules/w/index.js'], free: ['tools/s.js', 'src/a.js'] }],
    ['#x (imports) stays unmodelled', { hook: 'npm test', files: { ...npm('node-options=--require \\#x', { '.': './tools/x.js' }) }, asks: ['src/a.js'], free: [] }],
  ])('%s', async (_name, row) => check(row));
});

const SELF = JSON.stringify({ name: 'w', exports: { '.': './tools/x.js' } });
describe('R18-1: vitest setupFiles, and NODE_OPTIONS from .envrc, mise and the person\'s environment', () => {
  it.each<[string, Row]>([
    ['vitest setupFiles', { hook: 'npx vitest run', files: { 'package.json': JSON.stringify({ name: 'w', exports: { './setup': './tools/s.js' } }), 'vitest.config.ts': 'export default { test: { setupFiles: ["w/setup"] } };\n' }, asks: ['tools/s.js'], free: ['src/a.ts'] }],
    ['.envrc', { hook: 'true', files: { '.envrc': 'export NODE_OPTIONS="--require w"\n', 'package.json': SELF }, asks: ['tools/x.js'], free: ['src/a.js'] }],
    ['mise', { hook: 'true', files: { 'mise.toml': '[env]\nNODE_OPTIONS = "--require w"\n', 'package.json': SELF }, asks: ['tools/x.js'], free: ['src/a.js'] }],
  ])('%s', async (_name, row) => check(row));
  it('the process environment\'s NODE_OPTIONS', async () => withEnv('--require w', { hook: 'true', files: { 'package.json': SELF }, asks: ['tools/x.js'], free: ['src/a.js'] }));
});
