// friction19 Left 6 (issue 26): a biome.json that extends a configuration package (`"extends": ["ultracite"]`,
// `"@org/cfg/biome"`) made the biome line unmodelled, so every source write asked. The installed package is obeyed
// whole and the configuration biome takes from it is followed (a plug-in it names outside the package asks); a
// package not installed yet is obeyed where node_modules may hold it; one installed without a configuration codeward
// finds is unmodelled (runner-rows-py-js18's fail-closed row).
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-biome-ext-');
const BASE = { 'package.json': '{ "name": "app", "devDependencies": { "ultracite": "5" } }\n', 'src/a.ts': 'export const a = 1;\n' };

describe('biome extends a configuration package (friction19 Left 6)', () => {
  it('"ultracite" installed: its biome.jsonc and a plug-in it names outside the package ask; the sources stay free', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx biome check .',
      files: {
        ...BASE, 'biome.jsonc': '{ "extends": ["ultracite"] }\n',
        'node_modules/ultracite/package.json': '{ "name": "ultracite", "version": "5.0.0" }\n',
        'node_modules/ultracite/biome.jsonc': '{ "plugins": ["../../tools/rule.grit"], "linter": { "enabled": true } }\n',
      },
      asks: ['node_modules/ultracite/biome.jsonc', 'node_modules/ultracite/other.json', 'tools/rule.grit', 'biome.jsonc'],
      free: ['src/a.ts', 'src/b.tsx'], content: '// ok\n',
    });
  });

  it('a scoped subpath through the package\'s exports, extending another package in turn', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx biome ci',
      files: {
        ...BASE, 'biome.json': '{ "extends": ["@org/cfg/biome"] }\n',
        'node_modules/@org/cfg/package.json': '{ "name": "@org/cfg", "exports": { "./biome": "./dist/biome.json" } }\n',
        'node_modules/@org/cfg/dist/biome.json': '{ "extends": ["ultracite"], "plugins": ["../../../../lint/x.grit"] }\n',
        'node_modules/ultracite/package.json': '{ "name": "ultracite" }\n', 'node_modules/ultracite/biome.json': '{}\n',
      },
      asks: ['node_modules/@org/cfg/dist/biome.json', 'lint/x.grit', 'node_modules/ultracite/biome.json'],
      free: ['src/a.ts'], content: '// ok\n',
    });
  });

  it('not installed yet: where node_modules will hold it asks, the sources stay free', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx biome check .',
      files: { ...BASE, 'biome.json': '{ "extends": ["ultracite"] }\n' },
      asks: ['node_modules/ultracite/biome.jsonc', 'node_modules/ultracite/package.json'],
      free: ['src/a.ts'], content: '// ok\n',
    });
  });
});
