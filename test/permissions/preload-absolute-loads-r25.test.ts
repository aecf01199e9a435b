// Red team round 25, R25-2 (pkg24's default deny for preloads + node-package-reach.ts): a preloaded package's file
// may load only literal names, and a literal is followed only when it starts with `./`/`../` (or climbs with `..`
// inside a package name). An ABSOLUTE literal — `require("/abs/ws/tools/y")`, `import("file:///abs/ws/tools/y.js")`,
// a static `import "/abs/ws/tools/y.js"` in an .mjs, a `data:` module that imports a file: URL — is skipped as if it
// were a bare package name, and so is a dependency whose package.json `main` climbs out (`"main":
// "../../tools/y.js"`, which node's CJS loader follows). Each checked with node 20 in /tmp (`node -r x -e 1` printed
// LOADED-Y from tools/y.js; an `exports` that climbs is refused by node: not filed). Today tools/y.js is written
// unasked under --yes while `.npmrc` node-options preloads x for the commit hook's `npm test`.
import { realpathSync } from 'node:fs';
import { describe, it } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-r25-abs-');
const NPMRC = { '.npmrc': 'node-options=--require x\n', 'package.json': '{"name":"w","scripts":{"test":"node t.js"}}', 't.js': '', 'node_modules/x/package.json': '{"name":"x"}' };

async function asks(files: (abs: string) => Record<string, string>): Promise<void> {
  const root = place.next();
  await writeFiles(root, { 'tools/.keep': '' });
  await checkHookRow(root, place.home, { hook: 'npm test', files: { ...NPMRC, ...files(realpathSync(root)) }, asks: ['tools/y.js'], free: [] });
}

describe('R25-2: a preloaded package loading the work tree by an absolute literal', () => {
  it.each<[string, (abs: string) => Record<string, string>]>([
    ['require("/abs/ws/tools/y")', (abs) => ({ 'node_modules/x/index.js': `require(${JSON.stringify(`${abs}/tools/y`)});\n` })],
    ['import("file:///abs/ws/tools/y.js")', (abs) => ({ 'node_modules/x/index.js': `import(${JSON.stringify(`file://${abs}/tools/y.js`)});\n` })],
    ['import("data:text/javascript,import \\"file:///abs/ws/tools/y.js\\"")', (abs) => ({ 'node_modules/x/index.js': `import(${JSON.stringify(`data:text/javascript,import "file://${abs}/tools/y.js"`)});\n` })],
    ['an .mjs main with `import "/abs/ws/tools/y.js"`', (abs) => ({ 'node_modules/x/package.json': '{"name":"x","main":"index.mjs"}', 'node_modules/x/index.mjs': `import ${JSON.stringify(`${abs}/tools/y.js`)};\n` })],
    ['require("z") whose package.json main is "../../tools/y.js"', () => ({ 'node_modules/x/index.js': 'require("z");\n', 'node_modules/z/package.json': '{"name":"z","main":"../../tools/y.js"}' })],
  ])('%s: writing tools/y.js asks', async (_name, files) => {
    await asks(files);
  });

  it('control (held): require("../../tools/y") asks', async () => {
    await asks(() => ({ 'node_modules/x/index.js': 'require("../../tools/y");\n' }));
  });
});
