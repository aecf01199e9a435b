// Red team round 22, R22-9 (class R21-1, how a package file is read): node-package-reach.ts drops every line that
// starts with `//` before judging the file (`text.replace(/^\s*\/\/.*$/gm, '')`). Inside a template literal such a line
// is text, and its `${...}` runs: `const s = \`\n//${require(process.cwd() + "/tools/y")}\n\`;` loads tools/y.js
// (checked with node 20: `node --require x -e 1` printed what tools/y.js prints). Under `.npmrc node-options=--require
// x` (every `npm test`) tools/y.js is written unasked under --yes.
import { describe, it } from 'vitest';
import { moduleRows } from './module-rows.js';

const { check } = moduleRows('cw-rt22-pkg-strip-');
const NPMRC = { '.npmrc': 'node-options=--require x\n', 'package.json': '{"name":"w","scripts":{"test":"node t.js"}}', 't.js': '', 'node_modules/x/package.json': '{"name":"x"}' };

describe('R22-9: code on a line the comment stripper drops', () => {
  it.each<[string, string]>([
    ['a template line starting //', 'const s = `\n//${require(process.cwd() + "/tools/y")}\n`;\n'],
    ['an indented template line starting //', 'const s = `\n   // ${require(require("path").resolve("tools/y"))}\n`;\n'],
  ])('%s: writing tools/y.js asks', async (_name, code) => {
    await check({ hook: 'npm test', files: { ...NPMRC, 'node_modules/x/index.js': code }, asks: ['tools/y.js'], free: [] });
  });

  it('control (held): the same template on one line asks', async () => {
    await check({ hook: 'npm test', files: { ...NPMRC, 'node_modules/x/index.js': 'const s = `${require(process.cwd() + "/tools/y")}`;\n' }, asks: ['tools/y.js'], free: [] });
  });
});
