// js19 Left 3 (issue 26): the aliases a loader applies come from tsconfig.json only; Next.js reads jsconfig.json when
// there is no tsconfig.json, vite-tsconfig-paths reads both by default, and next.config's `typescript.tsconfigPath`
// names another file. Each is read like tsconfig.json (every one's aliases apply) and obeyed.
import { describe, expect, it } from 'vitest';
import { checkHookRow, hookVerdict, rowPlace } from './hook-check.js';

const place = rowPlace('cw-jsconfig-');
const PKG = JSON.stringify({ name: 'w', scripts: { build: 'next build' }, dependencies: { next: '15' } });
const TS = 'export default {};\n';

describe('jsconfig.json and tsconfigPath in what next build and vitest load (js19 Left 3)', () => {
  it('next.config.ts imports through jsconfig.json `paths`: the target, jsconfig.json and a tsconfig.json made later ask', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx next build',
      files: { 'package.json': PKG, 'jsconfig.json': '{"compilerOptions":{"paths":{"@/*":["./*"]}}}', 'next.config.ts': 'import p from "@/tools/cfg";\nexport default p;\n', 'tools/cfg.ts': TS, 'src/a.ts': TS },
      asks: ['tools/cfg.ts', 'jsconfig.json', 'tsconfig.json'], free: ['src/a.ts', 'src/app/page.tsx'], content: 'export {};\n',
    });
  });

  it('next.config.ts `typescript.tsconfigPath`: the baseUrl of the file it names maps `tools/x`', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx next build',
      files: {
        'package.json': PKG, 'tsconfig.json': '{"compilerOptions":{}}', 'tsconfig.build.json': '{"compilerOptions":{"baseUrl":"."}}',
        'next.config.ts': 'import x from "tools/x";\nexport default { ...x, typescript: { tsconfigPath: "tsconfig.build.json" } };\n', 'tools/x.ts': TS, 'src/a.ts': TS,
      },
      asks: ['tools/x.ts', 'tsconfig.build.json'], free: ['src/a.ts'], content: 'export {};\n',
    });
  });

  it('a tsconfigPath that is not literal text: unmodelled', async () => {
    const verdict = await hookVerdict(place.next(), 'npx next build', { 'package.json': PKG, 'next.config.ts': 'export default { typescript: { tsconfigPath: process.env.TS } };\n' });
    expect(verdict.unmodeled).toMatch(/tsconfigPath/);
  });

  it('vitest with vite-tsconfig-paths and a jsconfig.json: the setup file named through its alias asks', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx vitest run',
      files: {
        'package.json': JSON.stringify({ name: 'w', devDependencies: { vitest: '3', 'vite-tsconfig-paths': '5' } }),
        'jsconfig.json': '{"compilerOptions":{"paths":{"~t/*":["./tools/*"]}}}',
        'vitest.config.ts': 'import tp from "vite-tsconfig-paths";\nexport default { plugins: [tp()], test: { setupFiles: ["~t/setup"] } };\n',
        'tools/setup.ts': TS, 'src/a.ts': TS,
      },
      asks: ['tools/setup.ts', 'jsconfig.json'], free: ['src/a.ts'], content: 'export {};\n',
    });
  });
});
