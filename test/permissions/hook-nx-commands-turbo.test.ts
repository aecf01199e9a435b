// Red team R20-8 (CRITICAL): nx run-commands' `cwd`, `env`, `envFile` (and forwarded `args`/options) and turbo's
// `dependsOn` were not read. `cwd` resolves from the workspace's top (tools/x.sh ran, apps/web/x.sh was what
// asked); `env` NODE_OPTIONS and an `envFile`'s lines are the commands' environment; turbo runs the tasks a task
// depends on (`lint`, `^build`, `pkg#task`, `with`), from the top turbo.json and the packages' own. nx and turbo
// are not installed: the layouts are built by hand (hook-nx-commands.ts, hook-turbo.ts).
import { describe, expect, it } from 'vitest';
import { checkHookRow, hookVerdict, rowPlace } from './hook-check.js';

const place = rowPlace('cw-nx-cmds-');
const ROOT = JSON.stringify({ name: 'w', private: true, workspaces: ['apps/*'] });
const WEB = JSON.stringify({ name: 'web' });
const project = (options: Record<string, unknown>): string => JSON.stringify({ name: 'web', targets: { test: { executor: 'nx:run-commands', options } } });
const nx = (options: Record<string, unknown>, extra: Record<string, string> = {}): Record<string, string> => ({
  'package.json': ROOT, 'nx.json': '{}', 'apps/web/package.json': WEB, 'apps/web/project.json': project(options), 'apps/web/src/a.ts': 'export {};\n', 'apps/web/t.js': '', ...extra,
});

describe('nx run-commands options (R20-8)', () => {
  it('`cwd` from the workspace top: tools/x.sh asks (and the project-relative one); sources free', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx nx run web:test', files: nx({ cwd: 'tools', command: 'sh x.sh' }, { 'tools/x.sh': 'true\n' }),
      asks: ['tools/x.sh'], free: ['apps/web/src/a.ts', 'src/b.ts'], content: 'export {};\n',
    });
  });

  it('`cwd` naming a folder not made yet: the script there asks once made', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx nx run web:test', files: nx({ cwd: '{projectRoot}/scripts', command: 'sh run.sh' }),
      asks: ['apps/web/scripts/run.sh'], free: ['apps/web/src/a.ts'], content: 'export {};\n',
    });
  });

  it('`env` NODE_OPTIONS --require: the module asks', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx nx run web:test', files: nx({ command: 'node t.js', env: { NODE_OPTIONS: '--require ./tools/x.js' } }, { 'tools/x.js': '' }),
      asks: ['tools/x.js'], free: ['apps/web/src/a.ts'], content: 'export {};\n',
    });
  });

  it('`envFile`: the file and what its NODE_OPTIONS line requires ask', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx nx run web:test', files: nx({ command: 'node t.js', envFile: 'tools/e.env' }, { 'tools/e.env': 'NODE_OPTIONS=--require ./tools/x.js\n', 'tools/x.js': '' }),
      asks: ['tools/e.env', 'tools/x.js'], free: ['apps/web/src/a.ts'], content: 'export {};\n',
    });
  });

  it('`args` and an option run-commands does not own are forwarded to the command', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx nx run web:test', files: nx({ command: 'node', args: 'tools/a.js', require: './tools/r.js' }, { 'tools/a.js': '', 'tools/r.js': '' }),
      asks: ['tools/a.js', 'tools/r.js'], free: ['apps/web/src/a.ts'], content: 'export {};\n',
    });
  });

  it.each([
    [{ command: 'sh {args.script}' }, /interpolation/],
    [{ command: 'sh x.sh', cwd: '../../elsewhere' }, /outside the work tree/],
    [{ command: 'sh x.sh', env: { NODE_OPTIONS: 1 } }, /env/],
    [{ command: 'sh x.sh', extra: { a: 1 } }, /option extra/],
  ])('%j: unmodelled', async (options, why) => {
    const verdict = await hookVerdict(place.next(), 'npx nx run web:test', nx(options));
    expect(verdict.unmodeled).toMatch(why);
  });
});

describe('turbo dependsOn (R20-8)', () => {
  const turbo = (tasks: Record<string, unknown>, extra: Record<string, string> = {}): Record<string, string> => ({
    'package.json': ROOT, 'turbo.json': JSON.stringify({ tasks }),
    'apps/web/package.json': JSON.stringify({ name: 'web', scripts: { test: 'node t.js', lint: 'sh ../../tools/l.sh', build: 'sh ../../tools/b.sh', gen: 'sh ../../tools/g.sh' } }),
    'apps/web/src/a.ts': 'export {};\n', 'tools/l.sh': '', 'tools/b.sh': '', 'tools/g.sh': '', ...extra,
  });

  it('own, ^ and pkg# dependencies and `with` are run first: their scripts ask', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx turbo run test', files: turbo({ test: { dependsOn: ['lint', '^build'] }, build: { with: ['web#gen'] } }),
      asks: ['tools/l.sh', 'tools/b.sh', 'tools/g.sh', 'turbo.json'], free: ['apps/web/src/a.ts'], content: 'export {};\n',
    });
  });

  it('a package\'s own turbo.json (extends //) adds a dependency', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx turbo run test', files: turbo({ test: {} }, { 'apps/web/turbo.json': JSON.stringify({ extends: ['//'], tasks: { test: { dependsOn: ['lint'] } } }) }),
      asks: ['tools/l.sh', 'apps/web/turbo.json'], free: ['apps/web/src/a.ts'], content: 'export {};\n',
    });
  });

  it('a dependsOn that is not a list of names: unmodelled', async () => {
    const verdict = await hookVerdict(place.next(), 'npx turbo run test', turbo({ test: { dependsOn: 'lint' } }));
    expect(verdict.unmodeled).toMatch(/dependsOn/);
  });
});
