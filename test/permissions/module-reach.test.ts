// Issue 26, what a JS runner's configuration reaches, transitively (h-modules' report "Left / doubtful" 2-4):
// (2) a bare import inside a script the configuration imports (vitest.config.ts → ./cfg/p.ts → "evil") is
// resolved like the configuration's own (node-resolve.ts: node_modules/<package> whole, with what it loads by
// name), at every depth of the walk, also for a script a hook runs; (3) every place hook-packages.ts looks a
// dependency up is a source of the kept walk: a dependency installed later at a nearer place is followed by the
// next process, which answers as a cold one; the file forms node_modules/<dep>.js are obeyed too.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { obeyedContext } from '../../src/permissions/obeyed-context.js';
import { FolderListings } from '../../src/workspace/listings.js';
import { writeFiles } from '../helpers/fixture.js';
import type { Row } from './hook-check.js';
import { moduleRows, pkg } from './module-rows.js';
import { git } from './git-run.js';

const { check, base, home } = moduleRows('cw-reach-');

describe('a bare import at any depth of the walk: the package folder, whole, with what it loads (row 2)', () => {
  it.each<[string, Row]>([
    ['a script the vitest config imports', { hook: 'npx vitest run', files: { 'vitest.config.ts': 'import p from "./cfg/p.ts";\nexport default { plugins: [p] };\n', 'cfg/p.ts': 'import evil from "evil";\nexport default evil;\n', ...pkg('evil', { helper: '1' }), ...pkg('helper') }, asks: ['node_modules/evil/index.js', 'node_modules/evil.js', 'node_modules/helper/index.js', 'cfg/node_modules/evil/index.js'], free: ['src/a.ts'] }],
    ['not installed yet', { hook: 'npx vitest run', files: { 'vitest.config.ts': 'import p from "./cfg/p.ts";\nexport default { plugins: [p] };\n', 'cfg/p.ts': 'const e = require("evil/sub");\nmodule.exports = e;\n' }, asks: ['node_modules/evil/index.js', 'node_modules/evil/sub.js', 'node_modules/evil/sub.cjs'], free: ['src/a.ts'] }],
    ['a script a hook runs', { hook: 'node scripts/t.js', files: { 'scripts/t.js': 'require("./lib");\n', 'scripts/lib.js': 'require("@s/evil");\n', ...pkg('@s/evil') }, asks: ['node_modules/@s/evil/index.js', 'scripts/node_modules/@s/evil/index.js'], free: ['src/a.js'] }],
    ['control: names built into node load no file', { hook: 'node scripts/t.js', files: { 'scripts/t.js': 'const fs = require("fs");\nimport("node:path");\nconst t = require("test");\n' }, asks: ['scripts/t.js', 'node_modules/test/index.js'], free: ['node_modules/fs/index.js', 'node_modules/fs.js', 'node_modules/other/index.js', 'src/a.js'] }],
  ])('%s', async (_name, row) => check(row));
});

it('a dependency\'s file forms (node_modules/<dep>.js, nearer ones first), present or not (row 3)', () => check({
  hook: 'npx vitest run',
  files: { 'vitest.config.ts': 'import react from "@vitejs/plugin-react";\nexport default { plugins: [react()] };\n', ...pkg('@vitejs/plugin-react', { dep: '1' }), ...pkg('dep') },
  asks: ['node_modules/dep.js', 'node_modules/dep.cjs', 'node_modules/@vitejs/plugin-react/node_modules/dep.js', 'node_modules/@vitejs/plugin-react/node_modules/dep/index.js'],
  free: ['src/a.ts', 'node_modules/other.js'],
}));

describe('a dependency installed later at a nearer place: the next process follows it (row 3)', () => {
  // Files written a moment ago lie in the racy window (listings.ts recentlyChanged) and are never kept: the
  // clock is set ahead, as if the calls came later.
  beforeEach(() => {
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 10_000);
  });
  afterEach(() => vi.restoreAllMocks());

  it('two processes with the same state folder: the second answers as a cold one', async () => {
    const root = join(base(), 'kept');
    const kept = join(base(), 'kept-state', 'home-scan.json');
    await writeFiles(root, {
      'vitest.config.ts': 'import react from "@vitejs/plugin-react";\nexport default { plugins: [react()] };\n',
      ...pkg('@vitejs/plugin-react', { dep: '1' }), ...pkg('dep'), ...pkg('deeper'),
    });
    git(root, 'init', '-q');
    writeFileSync(join(root, '.git/hooks/pre-commit'), '#!/bin/sh\nnpx vitest run\n', { mode: 0o755 });
    mkdirSync(join(root, 'node_modules/@vitejs/plugin-react/node_modules/dep'), { recursive: true });
    const paths = (listings: FolderListings): string[] => [...(obeyedContext(root, home(), listings).gitPaths ?? [])].sort();
    const first = paths(new FolderListings(kept));
    expect(first).toContain('node_modules/dep');
    expect(first).not.toContain('node_modules/deeper');
    // npm installs another version of dep next to the plugin (into a folder already there, half made: only
    // the probe of its package.json notices); that one loads `deeper`.
    writeFileSync(join(root, 'node_modules/@vitejs/plugin-react/node_modules/dep/package.json'), JSON.stringify({ name: 'dep', dependencies: { deeper: '1' } }));
    const cold = paths(new FolderListings());
    expect(cold).toContain('node_modules/deeper');
    expect(paths(new FolderListings(kept))).toEqual(cold);
  });
});
