// Red team round 10, R10-1 (CRITICAL, R9-6's class): an installed commit hook runs a monorepo runner, a make
// that includes or recurses, or a Python runner's configured commands, and the runner runs a file the model can
// write: under --yes it was written unasked, and the next `git commit` ran it. Each row is a real repository
// with an executable .git/hooks/pre-commit; the engine under --yes refuses every planted file (C241, bytes
// unchanged) and writes the ordinary ones. Every row but the last fails on the old src/permissions/obeyed-hooks.ts.
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { git } from './git-run.js';
import { checkHookRow, type Row } from './hook-check.js';

let base: string;
let home: string;
beforeAll(async () => {
  base = await tempDir('cw-monorepo-');
  home = join(base, 'home');
  await writeFiles(home, { '.keep': '' });
});
afterAll(async () => removeDir(base));

const pkg = (name: string, scripts: Record<string, string>): string => JSON.stringify({ name, scripts });
const WORKSPACES = {
  'package.json': JSON.stringify({ name: 'root', private: true, workspaces: ['pkgs/*'] }),
  'pkgs/a/package.json': pkg('@x/a', { lint: 'node l.js', build: 'node b.js' }), 'pkgs/a/l.js': '', 'pkgs/a/b.js': '', 'pkgs/a/src/index.js': '',
  'pkgs/b/package.json': pkg('@x/b', { lint: 'sh lint.sh' }), 'pkgs/b/lint.sh': '', 'pkgs/b/test/b.test.js': '',
};

let count = 0;
const check = async (row: Row): Promise<void> => checkHookRow(join(base, `r${++count}`), home, row);

describe('what a hook\'s runner runs in a monorepo (R10-1)', () => {
  it.each([
    ['npm run lint --workspaces', 'npm run lint --workspaces'],
    ['npm -ws', 'npm run lint -ws'],
    ['npm --workspace=NAME (a package name, not a folder)', 'npm run lint --workspace=@x/a && npm run lint -w @x/b'],
    ['pnpm --filter X', 'pnpm --filter @x/a lint && pnpm --filter=@x/b lint'],
    ['pnpm -r', 'pnpm -r lint'],
    ['pnpm --recursive run', 'pnpm --recursive run lint'],
    ['npx turbo run', 'npx turbo run lint'],
    ['npx turbo@latest run, pnpm recursive / m run (R11-6)', 'npx turbo@latest run lint && pnpm recursive run lint && pnpm m run lint'],
    ['npx lerna run', 'npx lerna run lint'],
    ['yarn workspaces foreach', 'yarn workspaces foreach -A run lint'],
    ['nx run-many', 'npx nx run-many -t lint'],
    ['yarn workspace NAME', 'yarn workspace @x/a lint && yarn workspace @x/b run lint'],
  ])('%s: every package\'s manifest, the files its script names, a package made later; not its other files', async (_, hook) => {
    await check({
      hook, files: WORKSPACES,
      asks: ['pkgs/a/package.json', 'pkgs/a/l.js', 'pkgs/b/package.json', 'pkgs/b/lint.sh', 'pkgs/new/package.json'],
      free: ['pkgs/a/src/index.js', 'pkgs/b/test/b.test.js', 'pkgs/a/README.csv'],
    });
  });

  it('workspaces declared in pnpm-workspace.yaml and lerna.json; none declared: a bounded walk outside node_modules', async () => {
    const { 'package.json': _, ...packages } = WORKSPACES;
    const asks = ['pkgs/a/l.js', 'pkgs/b/lint.sh'];
    await check({ hook: 'pnpm -r lint', files: { ...packages, 'package.json': '{}', 'pnpm-workspace.yaml': "packages:\n  - 'pkgs/*'\n" }, asks: [...asks, 'pnpm-workspace.yaml'], free: ['pkgs/a/src/index.js'] });
    await check({ hook: 'pnpm -r lint', files: { ...packages, 'package.json': '{}', 'pnpm-workspace.yaml': "packages: ['pkgs/*', \"apps/*\"]\n", 'apps/w/package.json': pkg('w', { lint: 'node w.js' }) }, asks: [...asks, 'apps/w/w.js', 'apps/new/package.json'], free: ['pkgs/a/src/index.js'] });
    await check({ hook: 'npx lerna run lint', files: { ...packages, 'lerna.json': '{"packages":["pkgs/*"]}' }, asks: [...asks, 'lerna.json'], free: ['pkgs/a/src/index.js'] });
    await check({ hook: 'npx turbo run lint', files: { ...packages, 'tools/x/package.json': pkg('x', { lint: 'node x.js' }), 'node_modules/m/package.json': pkg('m', { lint: 'node m.js' }) }, asks: [...asks, 'tools/x/x.js', 'turbo.json'], free: ['pkgs/a/src/index.js', 'node_modules/m/m.js'] });
  });

  it('exec in every package (pnpm -r exec, lerna exec --, yarn workspaces foreach exec, npm exec -ws -c): the files the command names, from each package', async () => {
    for (const hook of ['pnpm -r exec sh check.sh', 'npx lerna exec -- sh check.sh', 'yarn workspaces foreach -A exec sh check.sh', "npm exec -ws -c 'sh check.sh'"]) {
      await check({ hook, files: { ...WORKSPACES, 'pkgs/a/check.sh': '' }, asks: ['pkgs/a/check.sh', 'pkgs/b/check.sh'], free: ['pkgs/a/src/index.js', 'check.txt'] });
    }
  });

  it('a package\'s own runner configuration (pkgs/a/vitest.config.ts, its setup file, pkgs/b/eslint.config.js) under pnpm -r / bun --filter', async () => {
    const files = {
      ...WORKSPACES, 'pkgs/a/package.json': pkg('@x/a', { test: 'vitest run' }), 'pkgs/b/package.json': pkg('@x/b', { test: 'eslint .' }),
      'pkgs/a/vitest.config.ts': "export default { test: { setupFiles: ['./setup.ts'] } };\n", 'pkgs/a/setup.ts': '', 'pkgs/b/eslint.config.js': '',
    };
    for (const hook of ['pnpm -r test', "bun run --filter '*' test"]) {
      await check({ hook, files, asks: ['pkgs/a/vitest.config.ts', 'pkgs/a/setup.ts', 'pkgs/b/eslint.config.js'], free: ['pkgs/a/src/index.js', 'pkgs/b/test/b.test.js'] });
    }
  });

  it.each([['env -C pkgs/a npm run lint'], ['env --chdir=pkgs/a npm run lint'], ['cd pkgs && cd a && npm run lint']])('%s (R11-6): that package\'s manifest and script', async (hook) => {
    await check({ hook, files: WORKSPACES, asks: ['pkgs/a/package.json', 'pkgs/a/l.js'], free: ['pkgs/a/b.js', 'pkgs/a/src/index.js'] });
  });

  it('cd DIR && npm run lint: that package.json and the files its script names (from there)', async () => {
    await check({ hook: 'cd pkgs/a && npm run lint', files: WORKSPACES, asks: ['pkgs/a/package.json', 'pkgs/a/l.js'], free: ['pkgs/a/b.js', 'pkgs/a/src/index.js'] });
  });

  it('make: include / -include / sinclude (recursively) and the recipe a variable from them spells', async () => {
    await check({
      hook: 'make lint',
      files: { Makefile: 'include tools/extra.mk\n-include local.mk\ninclude $(CURDIR)/tools/cur.mk\nlint:\n\t$(LINT)\n', 'tools/cur.mk': '', 'tools/extra.mk': 'LINT = sh tools/l.sh\nsinclude tools/more.mk\n', 'tools/more.mk': '', 'tools/l.sh': '', 'src/a.txt': '' },
      asks: ['tools/extra.mk', 'local.mk', 'tools/more.mk', 'tools/l.sh', 'tools/cur.mk'],
      free: ['src/a.txt'],
    });
  });

  it('make: an included glob (include mk/*.mk, $(wildcard ...)): what it matches, made later too, and the recipes there', async () => {
    await check({
      hook: 'make check',
      files: { Makefile: 'include mk/*.mk\n-include $(wildcard local/*.mk)\n', 'mk/check.mk': 'check:\n\tsh tools/c.sh\n', 'tools/c.sh': '', 'local/.keep': '', 'mk/notes.txt': '' },
      asks: ['mk/check.mk', 'mk/new.mk', 'local/x.mk', 'tools/c.sh'],
      free: ['mk/notes.txt', 'tools/d.txt'],
    });
  });

  it('make: $(MAKE) -C sub lint in a recipe, make -C sub in the hook: sub/Makefile and what its recipes name', async () => {
    await check({
      hook: 'make lint && make -C other',
      files: { Makefile: 'lint:\n\t$(MAKE) -C sub lint\n', 'sub/Makefile': 'lint:\n\tsh l.sh\n', 'sub/l.sh': '', 'other/Makefile': 'all:\n\tnode o.js\n', 'other/o.js': '', 'sub/x.txt': '' },
      asks: ['sub/Makefile', 'sub/l.sh', 'other/Makefile', 'other/o.js', 'sub/GNUmakefile'],
      free: ['sub/x.txt'],
    });
  });

  it('pytest through pyproject.toml addopts = "-p tools.plug2"; tox -e lint: tox.ini\'s commands', async () => {
    await check({
      hook: 'python3 -m pytest -q && tox -e lint',
      files: {
        'pyproject.toml': '[tool.pytest.ini_options]\naddopts = "-q -p tools.plug2"\n', 'tools/plug2.py': '',
        'tox.ini': '[testenv:lint]\ncommands =\n    python tools/lint.py\n    sh scripts/check.sh {posargs}\n', 'tools/lint.py': '', 'scripts/check.sh': '', 'test_a.py': '',
      },
      asks: ['tools/plug2.py', 'tools/lint.py', 'scripts/check.sh', 'tox.ini'],
      free: ['test_a.py'],
    });
  });

  it('other task runners\' task files: just, task, composer, deno task, pdm run, poe, hatch run (the files their tasks name)', async () => {
    await check({
      hook: 'just lint; task lint; composer lint; deno task lint; pdm run lint; poe lint; hatch run lint',
      files: {
        justfile: 'lint:\n    @sh tools/just.sh\n', 'Taskfile.yml': "version: '3'\ntasks:\n  lint:\n    cmds:\n      - sh tools/task.sh\n      - cmd: node tools/task2.js\n",
        'composer.json': JSON.stringify({ scripts: { lint: ['php tools/c.php'] } }), 'deno.json': JSON.stringify({ tasks: { lint: { command: 'deno run tools/d.ts' } } }),
        'pyproject.toml': '[tool.pdm.scripts]\nlint = "python tools/pdm.py"\n[tool.poe.tasks]\nlint = { cmd = "python tools/poe.py" }\n[tool.hatch.envs.default.scripts]\nlint = ["python tools/hatch.py"]\n[project]\nname = "lib/not.py"\n',
        'tools/just.sh': '', 'tools/task.sh': '', 'tools/task2.js': '', 'tools/c.php': '', 'tools/d.ts': '', 'tools/pdm.py': '', 'tools/poe.py': '', 'tools/hatch.py': '', 'lib/not.py': '',
      },
      asks: ['tools/just.sh', 'tools/task.sh', 'tools/task2.js', 'tools/c.php', 'tools/d.ts', 'tools/pdm.py', 'tools/poe.py', 'tools/hatch.py', 'pyproject.toml'],
      free: ['lib/not.py', 'src/a.txt'],
    });
  });

  it('xargs -a LIST sh / --arg-file=LIST: the list (missing now: made later, it runs all the same) and the files it names', async () => {
    await check({ hook: 'xargs -a scripts/list sh', files: { 'scripts/list': 'tools/one.sh\n', 'tools/one.sh': '', 'src/a.js': '' }, asks: ['scripts/list', 'tools/one.sh'], free: ['src/a.js', 'tools/two.txt'] });
    await check({ hook: 'xargs -n1 --arg-file=scripts/todo sh && xargs -ascripts/more sh', files: { 'src/a.js': '' }, asks: ['scripts/todo', 'scripts/more'], free: ['src/a.js', 'scripts/other.txt'] });
  });

  it('one engine: a package made after the first judgement is followed at once (the folders walked are the cache\'s stamps)', async () => {
    const root = join(base, 'later');
    await writeFiles(root, WORKSPACES);
    git(root, 'init', '-q');
    await writeFile(join(root, '.git/hooks/pre-commit'), '#!/bin/sh\nnpx turbo run lint\n');
    await chmod(join(root, '.git/hooks/pre-commit'), 0o755);
    const engine = await createEngine({ workspace: root, env: { HOME: home }, permissions: { home, yes: true } });
    try {
      expect(await engine.run({ cmd: 'write', args: { file: 'pkgs/c/x.js', content: 'ok\n' } })).toMatchObject({ ok: true });
      // The person adds a package (outside the engine) whose lint script runs a file not yet written.
      await writeFiles(root, { 'pkgs/d/package.json': pkg('d', { lint: 'node y.js' }) });
      expect(await engine.run({ cmd: 'write', args: { file: 'pkgs/d/y.js', content: 'pwn\n' } })).toMatchObject({ ok: false, error: { code: 'C241' } });
    } finally {
      await engine.close();
    }
  });

  it('the ordinary case stays free: a hook `npm test` in a monorepo protects the root manifest only', async () => {
    await check({
      hook: 'npm test',
      files: { ...WORKSPACES, 'package.json': JSON.stringify({ workspaces: ['pkgs/*'], scripts: { test: 'node --test' } }) },
      asks: ['package.json'],
      free: ['pkgs/a/package.json', 'pkgs/a/l.js', 'pkgs/b/lint.sh', 'pkgs/a/src/index.js', 'pkgs/b/test/b.test.js'],
    });
  });
});
