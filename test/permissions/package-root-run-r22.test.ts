// Red team round 22, R22-3 (class R21-1 cwdRun, issue 26): a reached package (`.npmrc node-options=--require x`,
// every `npm test`) starts a child on a project file whose relative path has no `/` (a file at the project's top:
// `fork("y.js")`, `execSync("node y.js")`, `execFileSync("node", ["y.js"])`, `spawn("node y.js", {shell: true})`),
// or on a literal split in two (`"node tools" + "/y.js"`). These are literals, not tainted command strings (the
// known-left case). Checked with node 20: fork("y.js") / execSync("node y.js") print what y.js prints. Today the file
// is written unasked under --yes.
import { describe, it } from 'vitest';
import { moduleRows } from './module-rows.js';

const { check } = moduleRows('cw-rt22-pkg-run-');
const NPMRC = { '.npmrc': 'node-options=--require x\n', 'package.json': '{"name":"w","scripts":{"test":"node t.js"}}', 't.js': '', 'node_modules/x/package.json': '{"name":"x"}' };

describe('R22-3: a reached package running a project file named without a slash', () => {
  it.each<[string, string, string]>([
    ['fork("y.js")', 'require("child_process").fork("y.js");\n', 'y.js'],
    ['execSync("node y.js")', 'require("child_process").execSync("node y.js");\n', 'y.js'],
    ['execFileSync("node", ["y.js"])', 'require("child_process").execFileSync("node", ["y.js"]);\n', 'y.js'],
    ['spawn("node y.js", { shell: true })', 'require("child_process").spawn("node y.js", { shell: true });\n', 'y.js'],
    ['a literal split in two', 'require("child_process").execSync("node tools" + "/y.js");\n', 'tools/y.js'],
  ])('%s: writing the file asks', async (_name, code, file) => {
    await check({ hook: 'npm test', files: { ...NPMRC, 'node_modules/x/index.js': code }, asks: [file], free: [] });
  });

  it('control (held): fork("tools/y.js") asks', async () => {
    await check({ hook: 'npm test', files: { ...NPMRC, 'node_modules/x/index.js': 'require("child_process").fork("tools/y.js");\n' }, asks: ['tools/y.js'], free: [] });
  });
});
