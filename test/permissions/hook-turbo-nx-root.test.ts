// Red team R18-7 (CRITICAL): `turbo run T` / `turbo T` / `nx run-many -t T` / `nx run P:T` / `nx affected -t T` on a hook
// line run the script T of the root package.json (turbo in a single-package repository and its `//#T` root tasks; nx's
// root project) as well as every workspace package's: the files those scripts load were free. Each row builds the
// layout by hand (turbo and nx are not installed) and writes under --yes.
import { describe, expect, it } from 'vitest';
import { checkHookRow, hookVerdict, rowPlace } from './hook-check.js';

const place = rowPlace('cw-turbo-nx-');
const SINGLE = {
  'package.json': JSON.stringify({ name: 'w', scripts: { test: 'vitest run', lint: 'sh tools/t.sh' } }),
  'vitest.config.ts': 'import r from "./tools/r";\nexport default { test: { setupFiles: [r] } };\n',
  'tools/r.ts': 'export default "x";\n', 'tools/t.sh': 'true\n', 'src/a.ts': 'export {};\n',
};

describe('turbo and nx on a hook line read the root package scripts (R18-7)', () => {
  it.each([
    'npx turbo run lint test', 'turbo test lint', 'pnpm exec turbo run test lint', 'yarn turbo run lint test',
    'npx nx run-many -t test lint', 'nx run-many --targets=test,lint', 'npx nx affected -t lint test', 'nx run w:test && nx run w:lint',
  ])('%s: the scripts\' files and the configuration they load ask; a source write stays free', async (hook) => {
    await checkHookRow(place.next(), place.home, {
      hook, files: SINGLE,
      asks: ['tools/r.ts', 'vitest.config.ts', 'tools/t.sh', 'package.json'],
      free: ['src/a.ts', 'src/b.ts'], content: 'export {};\n',
    });
  });
});

describe('nx targets beside package.json scripts, and what turbo and nx are not modelled for (R18-7)', () => {
  it('project.json, package.json `nx` and nx.json targetDefaults commands are shell lines; nx:run-script runs its script', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx nx run-many -t check',
      files: {
        'package.json': JSON.stringify({ name: 'w', scripts: { other: 'sh tools/o.sh' }, nx: { targets: { check: { command: 'sh tools/n.sh' } } } }),
        'project.json': JSON.stringify({ targets: { check: { executor: 'nx:run-commands', options: { commands: ['sh tools/p.sh', { command: 'node tools/q.js' }] } }, gen: { executor: 'nx:run-script', options: { script: 'other' } } } }),
        'nx.json': JSON.stringify({ targetDefaults: { check: { command: 'sh tools/d.sh' } } }),
        'tools/o.sh': '', 'tools/n.sh': '', 'tools/p.sh': '', 'tools/q.js': '', 'tools/d.sh': '', 'src/a.ts': '',
      },
      asks: ['tools/o.sh', 'tools/n.sh', 'tools/p.sh', 'tools/q.js', 'tools/d.sh', 'nx.json', 'project.json'],
      free: ['src/a.ts'], content: 'export {};\n',
    });
  });

  it.each([
    ['npx nx run-many -t test', { 'nx.json': JSON.stringify({ plugins: ['./tools/plugin'] }) }, /plugin/],
    ['npx nx run-many -t test', { 'nx.json': JSON.stringify({ plugins: ['@nx/vite/plugin', { plugin: 'nx-community-thing' }] }) }, /nx-community-thing/],
    ['npx nx run-many -t test', { 'project.json': JSON.stringify({ targets: { test: { executor: './tools/exec:run' } } }) }, /executor/],
    ['npx nx run-many -t test', { 'nx.json': JSON.stringify({ tasksRunnerOptions: { default: { runner: './tools/runner' } } }) }, /tasks runner/],
    ['npx nx run w:test --config=evil.ts', {}, /--config/],
    ['npx turbo run test -- --config evil.ts', {}, /passed to every task/],
    ['npx turbo run test --cwd ../x', {}, /--cwd/],
    ['npx turbo gen run', {}, /turbo gen/],
    ['yarn turbo run test --weird', {}, /--weird/],
    ['npx nx g @nx/js:lib x', {}, /nx g/],
  ])('%s %j: unmodelled (%s)', async (hook, extra, why) => {
    const verdict = await hookVerdict(place.next(), hook, { ...SINGLE, ...extra });
    expect(verdict.unmodeled).toMatch(why);
  });

  it('nx\'s own plug-ins run their tool in each project: its configuration and what it loads ask, a source write stays free', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx nx affected -t test',
      files: {
        'package.json': JSON.stringify({ name: 'w' }), 'nx.json': JSON.stringify({ plugins: [{ plugin: '@nx/vite/plugin', options: { testTargetName: 'test' } }, '@nx/eslint/plugin'] }),
        'apps/web/project.json': '{}', 'apps/web/vite.config.ts': 'import s from "./tools/s";\nexport default { test: { setupFiles: [s] } };\n', 'apps/web/tools/s.ts': '', 'apps/web/src/main.ts': '',
        'eslint.config.mjs': 'import r from "./tools/rule.mjs";\nexport default [r];\n', 'tools/rule.mjs': '',
      },
      asks: ['apps/web/vite.config.ts', 'apps/web/tools/s.ts', 'eslint.config.mjs', 'tools/rule.mjs'],
      free: ['src/a.ts', 'apps/web/src/main.ts', 'apps/web/src/main.test.ts'], content: 'export {};\n',
    });
  });

  it('nx\'s own executors (project.json, the executor era) run their tool with the configuration they name', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx nx run-many -t test lint',
      files: {
        'package.json': JSON.stringify({ name: 'w' }), 'nx.json': '{}',
        'apps/web/project.json': JSON.stringify({ targets: { test: { executor: '@nx/jest:jest', options: { jestConfig: 'apps/web/jest.config.ts', passWithNoTests: true } }, lint: { executor: '@nrwl/eslint:lint', options: { lintFilePatterns: ['apps/web/**/*.ts'] } } } }),
        'apps/web/jest.config.ts': 'import s from "./tools/s";\nexport default { setupFiles: [s] };\n', 'apps/web/tools/s.ts': '', 'apps/web/src/main.ts': '',
      },
      asks: ['apps/web/jest.config.ts', 'apps/web/tools/s.ts', 'eslint.config.mjs'],
      free: ['apps/web/src/main.ts', 'apps/web/src/main.spec.ts'], content: 'export {};\n',
    });
    const verdict = await hookVerdict(place.next(), 'npx nx run-many -t build', { ...SINGLE, 'project.json': JSON.stringify({ targets: { build: { executor: '@nx/js:tsc', options: { transformers: ['./tools/t.js'] } } } }) });
    expect(verdict.unmodeled).toMatch(/transformers/);
  });

  it.each(['npx turbo run test --filter=w --concurrency 2 --continue', 'npx nx run-many -t test -p w --parallel=3 --skip-nx-cache', 'npx nx affected -t test --base=main --head HEAD'])('%s: understood', async (hook) => {
    expect((await hookVerdict(place.next(), hook, SINGLE)).unmodeled).toBeUndefined();
  });
});
