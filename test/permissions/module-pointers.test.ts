// Issue 26, node follows every pointer (red team round 17): R17-3 (a package.json `main` pointing out of its
// package folder, `../` included: obeyed wherever it lands, with what that file imports; out of the work tree,
// unmodelled), R17-5 (node's `--env-file` on a hook line, in NODE_OPTIONS of every source the walk reads and in
// an `.envrc`: the file is obeyed and read as a dotenv file, its NODE_OPTIONS in turn; node's options read
// through an allow-list, an unknown one naming a path unmodelled), reach row 4 (a bare NODE_OPTIONS name looked
// up to the top from any depth). Real repositories with an executable pre-commit hook, the in-process engine
// under --yes (one row through the built CLI); every row but the controls fails on the old code.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/fixture.js';
import type { Row } from './hook-check.js';
import { git } from './git-run.js';
import { moduleRows, pkg } from './module-rows.js';

const { check, base, home, next } = moduleRows('cw-pointers-');
const NPM = { 'package.json': JSON.stringify({ name: 'w', scripts: { test: 'node t.js' } }), 't.js': '\n' };
const MAIN_OUT = { ...pkg('x', {}, { main: '../../tools/x.js' }) };

describe('a package.json main wherever it points (R17-3)', () => {
  it.each<[string, Row]>([
    ['.npmrc --require x, main ../../tools/x.js', { hook: 'npm test', files: { ...NPM, '.npmrc': 'node-options=--require x\n', ...MAIN_OUT }, asks: ['tools/x.js'], free: ['src/a.js'] }],
    ['the main file\'s own imports', { hook: 'npm test', files: { ...NPM, '.npmrc': 'node-options=--require x\n', ...MAIN_OUT, 'tools/x.js': 'require("./y");\n' }, asks: ['tools/y.js'], free: ['src/a.js'] }],
    ['a package a vitest config imports', { hook: 'npx vitest run', files: { 'vitest.config.ts': 'import p from "p";\nexport default { plugins: [p()] };\n', ...pkg('p', {}, { main: '../../tools/p.js' }) }, asks: ['tools/p.js'], free: ['src/a.ts'] }],
    ['a dependency in the closure', { hook: 'npx vitest run', files: { 'vitest.config.ts': 'import p from "p";\nexport default { plugins: [p()] };\n', ...pkg('p', { q: '1' }), ...pkg('q', {}, { main: '../../cfg/q' }) }, asks: ['cfg/q.js', 'cfg/q/index.js'], free: ['src/a.ts'] }],
    ['a package `imports` mapping to another package', { hook: 'npx vitest run', files: { 'vitest.config.ts': 'import p from "p";\nexport default { plugins: [p()] };\n', ...pkg('p', {}, { imports: { '#db': 'evil' } }) }, asks: ['node_modules/evil/index.js'], free: ['src/a.ts'] }],
    ['a path --require of a folder with a package.json', { hook: 'NODE_OPTIONS="--require ./tools/pk" npm test', files: { ...NPM, 'tools/pk/package.json': '{"main":"../../lib/m.js"}' }, asks: ['lib/m.js'], free: ['src/a.js'] }],
    ['a script requiring a folder whose main points out', { hook: 'node scripts/t.js', files: { 'scripts/t.js': 'require("./lib");\n', 'scripts/lib/package.json': '{"main":"../../tools/m.js"}' }, asks: ['tools/m.js'], free: ['src/a.js'] }],
    ['a script requiring a folder whose main points out of the work tree: unmodelled', { hook: 'node scripts/t.js', files: { 'scripts/t.js': 'require("./lib");\n', 'scripts/lib/package.json': '{"main":"../../../elsewhere/m.js"}' }, asks: ['src/a.js'], free: [] }],
    ['a main out of the work tree: unmodelled', { hook: 'npm test', files: { ...NPM, '.npmrc': 'node-options=--require x\n', ...pkg('x', {}, { main: '../../../elsewhere/x.js' }) }, asks: ['src/a.js'], free: [] }],
    ['control: a main inside the package', { hook: 'npm test', files: { ...NPM, '.npmrc': 'node-options=--require x\n', ...pkg('x', {}, { main: 'lib/x.js' }) }, asks: ['node_modules/x/lib/x.js'], free: ['src/a.js', 'tools/x.js'] }],
  ])('%s', async (_name, row) => check(row));
});

const ENV = { 't.js': '\n', 'tools/e': 'NODE_OPTIONS=--require ./tools/x.js\n' };
describe('node --env-file: the file obeyed and read, its NODE_OPTIONS in turn (R17-5)', () => {
  it.each<[string, Row]>([
    ['--env-file=./tools/e', { hook: 'node --env-file=./tools/e t.js', files: ENV, asks: ['tools/e', 'tools/x.js'], free: ['src/a.js'] }],
    ['--env-file tools/e', { hook: 'node --env-file tools/e t.js', files: ENV, asks: ['tools/x.js'], free: ['src/a.js'] }],
    ['not there yet', { hook: 'node --env-file=./tools/e t.js', files: { 't.js': '\n' }, asks: ['tools/e'], free: ['src/a.js'] }],
    ['an env file naming another', { hook: 'node --env-file-if-exists=tools/e1 t.js', files: { 't.js': '\n', 'tools/e1': 'NODE_OPTIONS=--env-file=tools/e2\n', 'tools/e2': 'NODE_OPTIONS="-r evil"\n' }, asks: ['tools/e2', 'node_modules/evil/index.js'], free: ['src/a.js'] }],
    ['.npmrc node-options', { hook: 'npm test', files: { ...NPM, ...ENV, '.npmrc': 'node-options=--env-file=./tools/e\n' }, asks: ['tools/x.js'], free: ['src/a.js'] }],
    ['an .envrc NODE_OPTIONS', { hook: 'true', files: { ...ENV, '.envrc': 'export NODE_OPTIONS="--env-file=./tools/e"\n' }, asks: ['tools/e', 'tools/x.js'], free: ['src/a.js'] }],
    ['an .envrc env file naming another', { hook: 'true', files: { '.envrc': 'export NODE_OPTIONS="--env-file=./tools/e"\n', 'tools/e': 'NODE_OPTIONS=--env-file=tools/e2\n', 'tools/e2': 'NODE_OPTIONS="-r evil"\n' }, asks: ['tools/e2', 'node_modules/evil/index.js'], free: ['src/a.js'] }],
    ['an env file out of the work tree: unmodelled', { hook: 'node --env-file=../outside.env t.js', files: { 't.js': '\n' }, asks: ['src/a.js'], free: [] }],
    ['a file node loads that codeward does not read: unmodelled', { hook: 'node --openssl-config=./tools/o.cnf t.js', files: { 't.js': '\n' }, asks: ['tools/o.cnf', 'src/a.js'], free: [] }],
    ['an option no list knows, naming a path: unmodelled', { hook: 'node --future-preload=./tools/f t.js', files: { 't.js': '\n' }, asks: ['src/a.js'], free: [] }],
    ['control: options that load no file', { hook: 'node --max-old-space-size=4096 --enable-source-maps --title ci --test-reporter=spec --test t.js', files: { 't.js': '\n' }, asks: ['t.js'], free: ['src/a.js', 'ci'] }],
  ])('%s', async (_name, row) => check(row));
});

describe('a bare NODE_OPTIONS name from any depth reaches the top (reach row 4)', () => {
  const deep = 'a/b/c/d/e/f/g/h/i';
  it.each<[string, Row]>([
    ['an .envrc nine folders down', { hook: 'true', files: { [`${deep}/.envrc`]: 'export NODE_OPTIONS="--require evil"\n' }, asks: ['node_modules/evil/index.js', 'node_modules/evil.js', 'a/node_modules/evil/index.js'], free: ['src/a.js'] }],
    ['a hook line nine folders down', { hook: `cd ${deep} && NODE_OPTIONS="--require evil" npm test`, files: { [`${deep}/package.json`]: NPM['package.json'] }, asks: ['node_modules/evil/index.js', `${deep}/node_modules/evil.js`], free: ['src/a.js'] }],
    ['an .envrc package whose main points out', { hook: 'true', files: { 'sub/.envrc': 'export NODE_OPTIONS="--require x"\n', ...MAIN_OUT }, asks: ['tools/x.js', 'node_modules/x/index.js'], free: ['src/a.js'] }],
  ])('%s', async (_name, row) => check(row));
});

it('through the built CLI under --yes: the red team\'s R17-3 and R17-5 rows ask (C241), src stays free', () => {
  expect(base()).not.toBe('');
  for (const [hook, files, asked] of [['npm test', { ...NPM, '.npmrc': 'node-options=--require x\n', ...MAIN_OUT }, 'tools/x.js'], ['node --env-file=./tools/e t.js', ENV, 'tools/x.js']] as const) {
    const root = next();
    mkdirSync(root, { recursive: true });
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    git(root, 'init', '-q');
    writeFileSync(join(root, '.git/hooks/pre-commit'), `#!/bin/sh\n${hook}\n`, { mode: 0o755 });
    const env = { HOME: home(), CODEWARD_STATE_DIR: join(root, '.state-outside') };
    expect(runCli(['--json', '-C', root, 'write', '--path', asked, '--content', 'x'], { env }).json.error?.code, hook).toBe('C241');
    expect(runCli(['--json', '-C', root, 'write', '--path', 'src/a.js', '--content', 'x'], { env }).json.ok, hook).toBe(true);
  }
});
