// selfref19 Left 1 (issue 26): NODE_OPTIONS set by `.envrc`, mise's `[env]` or the person's environment applies to
// node run in ANY folder below the env file's, and there the nearest package.json decides the self-reference
// (`--require w` loads sub/t.js when sub/package.json is `{"name":"w","exports":"./t.js"}`). It was read only from
// the env folder and from folders holding a node_modules. Now every package folder below is read, and, while a bare
// name is required, a package.json anywhere below is obeyed (one made later names what node loads).
import { describe, it } from 'vitest';
import type { Row } from './hook-check.js';
import { moduleRows } from './module-rows.js';

const { check } = moduleRows('cw-selfref-below-');
const W = JSON.stringify({ name: 'w', exports: './t.js' });
const APP = JSON.stringify({ name: 'app' });

describe('a package below the env folder answers to the required name (selfref19 Left 1)', () => {
  it.each<[string, Row]>([
    ['.envrc, a sub package with no node_modules', { hook: 'true', files: { '.envrc': 'export NODE_OPTIONS="--require w"\n', 'package.json': APP, 'sub/package.json': W }, asks: ['sub/t.js', 'sub/t.ts'], free: ['src/a.js', 'sub/src/b.js'] }],
    ['mise [env], two levels below', { hook: 'true', files: { 'mise.toml': '[env]\nNODE_OPTIONS = "--require w"\n', 'package.json': APP, 'apps/x/package.json': JSON.stringify({ name: 'w', exports: { '.': './lib/x.js' } }) }, asks: ['apps/x/lib/x.js'], free: ['src/a.js', 'apps/x/src/a.js'] }],
    ['a package.json made later below the env folder asks', { hook: 'true', files: { '.envrc': 'export NODE_OPTIONS="--require w"\n', 'package.json': APP }, asks: ['sub/package.json', 'pkg/deep/package.json'], free: ['src/a.js', 'sub/t.js'] }],
    ['control: no bare name required, package.json files stay free', { hook: 'true', files: { '.envrc': 'export NODE_OPTIONS="--max-old-space-size=4096"\n', 'package.json': APP }, asks: [], free: ['sub/package.json', 'src/a.js'] }],
  ])('%s', async (_name, row) => check(row));
});
