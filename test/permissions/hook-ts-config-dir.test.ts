// Red team R20-9 (CRITICAL): TypeScript 5.5's `${configDir}` in tsconfig `paths` was read as a literal folder named
// `${configDir}`, so the alias counted as mapped and the module next.config.ts imports through it (tools/cfg.ts) was
// free. `${configDir}` is the folder of the tsconfig in use (the leaf), also when an extended base file spells it;
// any other `${...}` template is unmodelled (ts-paths.ts `templated`).
import { describe, expect, it } from 'vitest';
import { checkHookRow, hookVerdict, rowPlace } from './hook-check.js';

const place = rowPlace('cw-ts-configdir-');
const PKG = JSON.stringify({ name: 'w', scripts: { build: 'next build' }, dependencies: { next: '15' } });
const TS = 'export default {};\n';
const CONFIG = { 'next.config.ts': 'import c from "@/cfg";\nexport default c;\n', 'tools/cfg.ts': TS, 'src/a.ts': TS };

describe('tsconfig `${configDir}` (R20-9)', () => {
  it('paths with ${configDir} in the tsconfig itself: the aliased module asks, src stays free', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx next build',
      files: { 'package.json': PKG, 'tsconfig.json': '{"compilerOptions":{"paths":{"@/*":["${configDir}/tools/*"]}}}', ...CONFIG },
      asks: ['tools/cfg.ts', 'tsconfig.json'], free: ['src/a.ts'], content: 'export {};\n',
    });
  });

  it('${configDir} in an extended base is the leaf tsconfig\'s folder, not the base\'s', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx next build',
      files: { 'package.json': PKG, 'tsconfig.json': '{"extends":"./config/base.json"}', 'config/base.json': '{"compilerOptions":{"paths":{"@/*":["${configDir}/tools/*"]}}}', ...CONFIG },
      asks: ['tools/cfg.ts', 'config/base.json'], free: ['src/a.ts', 'config/tools/other.ts'], content: 'export {};\n',
    });
  });

  it('baseUrl and extends spelled with ${configDir}', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx next build',
      files: { 'package.json': PKG, 'tsconfig.json': '{"extends":"${configDir}/config/base.json"}', 'config/base.json': '{"compilerOptions":{"baseUrl":"${configDir}","paths":{"@/*":["tools/*"]}}}', ...CONFIG },
      asks: ['tools/cfg.ts', 'config/base.json'], free: ['src/a.ts'], content: 'export {};\n',
    });
  });

  it('another template is not modelled', async () => {
    const verdict = await hookVerdict(place.next(), 'npx next build', { 'package.json': PKG, 'tsconfig.json': '{"compilerOptions":{"paths":{"@/*":["${rootDir}/tools/*"]}}}', ...CONFIG });
    expect(verdict.unmodeled).toMatch(/template codeward does not model/);
  });
});
