// Red team round 21, R21-5 (class: package-manager hook sub-commands through npm's resolver, npm_config_* read as
// npm options): npm runs a script in every workspace for `npm t --workspaces`, `npm tst -ws` and for a plain
// `npm run x` / `npm test` when the environment sets npm_config_workspaces (any case). `npm test -w sub`,
// `npm test --workspaces` and `npm run x --workspaces` already ask. Checked with the real npm 11.19: each line below printed what
// sub/tools/x.js prints. Today sub/tools/x.js is written unasked under --yes and run by the next `git commit`.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const FILES = {
  'package.json': '{"name":"w","version":"1.0.0","workspaces":["sub"],"scripts":{"x":"echo top"}}\n',
  'pnpm-workspace.yaml': 'packages:\n  - sub\n',
  'src/a.js': 'export const a = 1;\n',
  'sub/package.json': '{"name":"sub","version":"1.0.0","scripts":{"x":"node tools/x","test":"node tools/x"}}\n',
  'sub/tools/keep': '',
};
const place = rowPlace('cw-rt21-ws-');

describe('R21-5: a workspace script reached by an npm alias or an environment option', () => {
  it.each([
    'npm t --workspaces',
    'npm tst -ws',
    'NPM_CONFIG_WORKSPACES=true npm run x',
    'npm_config_workspaces=true npm run x',
    'export npm_config_workspaces=true; npm run x',
    'env npm_config_workspaces=true npm test',
    'sh -c "npm_config_workspaces=true npm test"',
    'npm -ws t',
    // pm22: exported on an earlier line of the hook.
    'export npm_config_workspaces=1\nnpm run x',
    // pnpm's own aliases of test (t, tst), recursive: every package's test script (`pnpm -r test` asks).
    'pnpm -r t',
    'pnpm -r tst',
  ])('%s: writing sub/tools/x.js asks; a source stays free', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: ['sub/tools/x.js'], free: ['src/a.js'], content: '// ok\n' });
  });

  it.each(['npm test -w sub', 'npm test --workspaces'])('control (held): %s asks', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: ['sub/tools/x.js'], free: ['src/a.js'], content: '// ok\n' });
  });
});
