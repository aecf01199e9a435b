// rows28 (from red team round 26's test/redteam26/preload-template-literal.test.ts; red on integ 45e7d8c5).
// Red team round 26 on R25-2/R25-11 (node-package-reach.ts: a preloaded package's files are read for what they load):
// - R26-8: a load whose name is a TEMPLATE literal without substitutions (`require(\`../../tools/y\`)`,
//   `import(\`../../tools/y.js\`)`) is not followed. `.npmrc` `node-options=--require x`, pre-commit hook `npm test`;
//   writing tools/y.js under --yes is not asked about. Checked with node 20 (`node -r x -e 1` printed tools/y.js's
//   LOADED-Y for the require form). Controls (held): the same with a quoted string, with `"../../tools/" + "y"`,
//   `require(process.cwd() + "/tools/y")`, `new Worker("./tools/y.js")`.
import { describe, it } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('rt26-tpl-');
const NPMRC = { '.npmrc': 'node-options=--require x\n', 'package.json': '{"name":"w","scripts":{"test":"node t.js"}}', 't.js': '', 'node_modules/x/package.json': '{"name":"x"}' };

async function asks(files: Record<string, string>): Promise<void> {
  const root = place.next();
  await writeFiles(root, { 'tools/.keep': '' });
  await checkHookRow(root, place.home, { hook: 'npm test', files: { ...NPMRC, ...files }, asks: ['tools/y.js'], free: [] });
}

describe('R26-8: a preloaded package loads the work tree by a template literal', () => {
  it.each<[string, Record<string, string>]>([
    ['require(`../../tools/y`)', { 'node_modules/x/index.js': 'require(`../../tools/y`);\n' }],
    ['import(`../../tools/y.js`)', { 'node_modules/x/index.js': 'import(`../../tools/y.js`);\n' }],
    ['a file of x loading `../../../tools/y` by template', { 'node_modules/x/index.js': 'require("./lib/l");\n', 'node_modules/x/lib/l.js': 'require(`../../../tools/y`);\n' }],
    // A template holding `${` is computed (climbs out: unknown); a name's escapes are decoded as node does.
    ['require(`../../tools/${n}`)', { 'node_modules/x/index.js': 'const n = "y";\nrequire(`../../tools/${n}`);\n' }],
    ['require(`\\u002e\\u002e/\\u002e\\u002e/tools/y`)', { 'node_modules/x/index.js': 'require(`\\u002e\\u002e/\\u002e\\u002e/tools/y`);\n' }],
    ['require("\\x2e\\x2e/\\x2e\\x2e/tools/y")', { 'node_modules/x/index.js': 'require("\\x2e\\x2e/\\x2e\\x2e/tools/y");\n' }],
  ])('%s: writing tools/y.js asks', async (_name, files) => {
    await asks(files);
  }, 60_000);
});

describe('controls (held)', () => {
  it.each<[string, Record<string, string>]>([
    ['require("../../tools/y")', { 'node_modules/x/index.js': 'require("../../tools/y");\n' }],
    ['require("../../tools/" + "y")', { 'node_modules/x/index.js': 'require("../../tools/" + "y");\n' }],
    ['require(process.cwd() + "/tools/y")', { 'node_modules/x/index.js': 'require(process.cwd() + "/tools/y");\n' }],
    ['new Worker("./tools/y.js")', { 'node_modules/x/index.js': 'new (require("worker_threads").Worker)("./tools/y.js");\n' }],
  ])('%s: writing tools/y.js asks', async (_name, files) => {
    await asks(files);
  }, 60_000);
});
