// Friction of R23-12 (dirname27): a project whose hook runs the REAL vitest (node_modules of this repository, where
// vite's bundle reuses names like `specifier` across functions and finds its own folder from import.meta.url) keeps its
// ordinary writes free: the own-place reading is per function block, so no name of an unrelated function of a bundle
// makes its computed imports leave.
import { spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { REPO_ROOT } from '../helpers/fixture.js';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-dirname27-vitest-');
const CONFIG = 'import { defineConfig } from "vitest/config";\nexport default defineConfig({ test: { include: ["test/**/*.test.ts"] } });\n';

describe('R23-12 friction: a hook running the real vitest', () => {
  it.skipIf(!existsSync(join(REPO_ROOT, 'node_modules/vitest/package.json')))('npx vitest run: source and test writes stay free', async (context) => {
    const root = place.next();
    await mkdir(root, { recursive: true });
    // The real packages inside the project (hard links: node_modules as a link out of the project is not read); not
    // on one file system (no hard links): skipped, a full copy is too slow.
    if (spawnSync('cp', ['-al', realpathSync(join(REPO_ROOT, 'node_modules')), join(root, 'node_modules')]).status !== 0) context.skip();
    await checkHookRow(root, place.home, { hook: 'npx vitest run', files: { 'vitest.config.ts': CONFIG, 'package.json': JSON.stringify({ name: 'p', type: 'module', devDependencies: { vitest: '*' } }) }, asks: [], free: ['src/a.ts', 'test/a.test.ts'], content: '// ok\n' });
  }, 600_000);
});
