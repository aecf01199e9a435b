// js19 Left 1 (issue 26): nx's own executors beyond the six (the executor era's project.json of create-nx-workspace
// apps: @nx/next:build/server, @nx/vite:dev-server, @nx/esbuild:esbuild, @nx/js:node ...) were unmodelled, so every
// source write of such a repository asked. Each is read as its tool's line with the configuration option it names;
// an option that may name code, an executor not in the table, or a tool codeward does not model stays unmodelled.
// Every `configurations` entry is read too (merged over `options`: `-c ci` runs it).
import { describe, expect, it } from 'vitest';
import { checkHookRow, hookVerdict, rowPlace } from './hook-check.js';

const place = rowPlace('cw-nx-exec-');
const target = (executor: string, options: Record<string, unknown> = {}, configurations?: Record<string, unknown>): Record<string, unknown> => ({ executor, options, ...(configurations === undefined ? {} : { configurations }) });
const project = (targets: Record<string, unknown>): string => JSON.stringify({ name: 'web', targets });

describe('nx executors read as their tool\'s line (js19 Left 1)', () => {
  it('a Next.js app (@nx/next:build, :server, jest, eslint): next.config and what it imports ask, the app\'s source stays free', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx nx run-many -t build test lint',
      files: {
        'package.json': JSON.stringify({ name: 'w' }), 'nx.json': '{}',
        'apps/web/project.json': project({
          build: target('@nx/next:build', { outputPath: 'dist/apps/web' }, { development: { outputPath: 'apps/web' }, production: {} }),
          serve: target('@nx/next:server', { buildTarget: 'web:build', dev: true }),
          test: target('@nx/jest:jest', { jestConfig: 'apps/web/jest.config.ts' }),
          lint: target('@nx/eslint:lint', { lintFilePatterns: ['apps/web/**/*.tsx'] }),
        }),
        'apps/web/next.config.js': 'const c = require("./tools/cfg.js");\nmodule.exports = c;\n', 'apps/web/tools/cfg.js': 'module.exports = {};\n',
        'apps/web/jest.config.ts': 'export default {};\n', 'apps/web/src/app/page.tsx': 'export {};\n',
      },
      asks: ['apps/web/next.config.js', 'apps/web/tools/cfg.js', 'apps/web/postcss.config.js', 'apps/web/jest.config.ts'],
      free: ['apps/web/src/app/page.tsx', 'apps/web/src/app/layout.tsx', 'src/a.ts'], content: 'export {};\n',
    });
  });

  it('a node app (@nx/esbuild:esbuild with esbuildOptions, @nx/js:node serving it): the sources stay free', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx nx run-many -t build serve',
      files: {
        'package.json': JSON.stringify({ name: 'w' }), 'nx.json': '{}',
        'apps/api/project.json': project({
          build: target('@nx/esbuild:esbuild', { platform: 'node', outputPath: 'dist/apps/api', format: ['cjs'], bundle: false, main: 'apps/api/src/main.ts', tsConfig: 'apps/api/tsconfig.app.json', assets: ['apps/api/src/assets'], generatePackageJson: true, esbuildOptions: { sourcemap: true, outExtension: { '.js': '.js' } } }, { development: {}, production: { esbuildOptions: { sourcemap: false } } }),
          serve: target('@nx/js:node', { buildTarget: 'api:build', runBuildTargetDependencies: false }, { development: { buildTarget: 'api:build:development' } }),
        }),
        'apps/api/src/main.ts': 'export {};\n',
      },
      asks: ['apps/api/project.json', 'nx.json'],
      free: ['apps/api/src/main.ts', 'apps/api/src/app/routes.ts'], content: 'export {};\n',
    });
  });

  it('a vite app (@nx/vite:build, :dev-server, :preview-server): the configuration named and what it imports ask', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx nx run-many -t build serve preview',
      files: {
        'package.json': JSON.stringify({ name: 'w' }), 'nx.json': '{}',
        'apps/ui/project.json': project({
          build: target('@nx/vite:build', { outputPath: 'dist/apps/ui', configFile: 'apps/ui/vite.build.ts' }),
          serve: target('@nx/vite:dev-server', { buildTarget: 'ui:build', hmr: true }),
          preview: target('@nx/vite:preview-server', { buildTarget: 'ui:build', port: 4300 }),
        }),
        'apps/ui/vite.build.ts': 'import p from "./tools/p";\nexport default { plugins: [p] };\n', 'apps/ui/tools/p.ts': 'export default {};\n', 'apps/ui/src/main.ts': '',
      },
      asks: ['apps/ui/vite.build.ts', 'apps/ui/tools/p.ts', 'apps/ui/vite.config.ts'],
      free: ['apps/ui/src/main.ts', 'apps/ui/src/app.tsx'], content: 'export {};\n',
    });
  });

  it('a configuration of a target is read as the target (its jestConfig asks)', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx nx run-many -t test -c ci',
      files: {
        'package.json': JSON.stringify({ name: 'w' }), 'nx.json': '{}',
        'apps/web/project.json': project({ test: target('@nx/jest:jest', { jestConfig: 'apps/web/jest.config.ts' }, { ci: { jestConfig: 'tools/ci.jest.js', ci: true } }) }),
        'tools/ci.jest.js': 'module.exports = { setupFiles: ["./s.js"] };\n', 'tools/s.js': '', 'apps/web/src/main.ts': '',
      },
      asks: ['tools/ci.jest.js'],
      free: ['apps/web/src/main.ts'], content: 'export {};\n',
    });
  });

  it.each([
    [target('@nx/esbuild:esbuild', { main: 'src/main.ts', esbuildConfig: 'tools/esbuild.js' }), /esbuildConfig/],
    [target('@nx/next:build', { nextConfig: 'tools/next.js' }), /nextConfig/],
    [target('@nx/js:node', { buildTarget: 'w:build', runtimeArgs: ['--require', './tools/x.js'] }), /runtimeArgs/],
    [target('@nx/webpack:webpack', { main: 'src/main.ts', webpackConfig: 'webpack.config.js' }), /webpack/],
    [target('@nx/cypress:cypress', { cypressConfig: 'cypress.config.ts' }), /cypress/],
    [target('@nx/jest:jest', { jestConfig: 'jest.config.ts' }, { ci: { transformers: ['x'] } }), /transformers/],
    [target('@nx/angular:application', {}), /executor/],
  ])('%j: not modelled', async (one, why) => {
    const verdict = await hookVerdict(place.next(), 'npx nx run-many -t build', { 'package.json': JSON.stringify({ name: 'w' }), 'project.json': project({ build: one }) });
    expect(verdict.unmodeled).toMatch(why);
  });
});
