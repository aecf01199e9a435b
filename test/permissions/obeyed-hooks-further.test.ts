// Red team round 9, R9-6 (CRITICAL): R8-6 obeyed the hook's literal script paths and a runner's task FILE, not
// what the task runs: `"$(git rev-parse --show-toplevel)/scripts/check.sh"`, `$(dirname "$0")/../..`, `$GIT_DIR`,
// package.json's `scripts.lint = node tools/lint.js`, a Makefile recipe, `for f in scripts/*.sh`, pytest's
// conftest.py were written unasked and run at the person's next commit. Each row fails on the old
// src/permissions/obeyed-hooks.ts. The test files a runner loads stay ordinary (README security section).
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isObeyedLater } from '../../src/permissions/obeyed.js';
import { obeyedContext } from '../../src/permissions/obeyed-context.js';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { hookReached } from '../../src/permissions/obeyed-hooks.js';
import { git } from './git-run.js';

const made: string[] = [];
let home: string;
beforeAll(async () => {
  home = await tempDir('codeward-home-');
});
afterAll(async () => {
  for (const dir of [...made, home]) await removeDir(dir);
});

// A repository whose pre-commit hook (at `hook`, executable) says `text`, with `files`.
async function repository(text: string, files: Record<string, string>, hook = '.git/hooks/pre-commit'): Promise<string> {
  const root = await tempDir('codeward-hooks2-');
  made.push(root);
  git(root, 'init', '-q');
  await writeFiles(root, files);
  await mkdir(dirname(join(root, hook)), { recursive: true });
  await writeFile(join(root, hook), `#!/bin/sh\n${text}\n`);
  await chmod(join(root, hook), 0o755);
  if (!hook.startsWith('.git/')) git(root, 'config', 'core.hooksPath', dirname(hook));
  return root;
}

function expectObeyed(root: string, obeyed: readonly string[], ordinary: readonly string[]): void {
  const ctx = obeyedContext(root, home);
  for (const path of obeyed) expect(isObeyedLater(path, ctx), `${path} obeyed`).toBeDefined();
  for (const path of ordinary) expect(isObeyedLater(path, ctx), `${path} ordinary`).toBeUndefined();
}

const SCRIPTS = { 'scripts/a.sh': 'echo a\n', 'scripts/b.sh': 'echo b\n', 'scripts/c.sh': 'echo c\n', 'scripts/d.sh': 'echo d\n', 'src/app.js': 'x\n' };

describe('what an active hook runs, one step further (R9-6)', () => {
  it('the work tree top spelled by git rev-parse: quoted, unquoted, backticks, --show-cdup, through a variable', async () => {
    const root = await repository([
      '"$(git rev-parse --show-toplevel)/scripts/a.sh"',
      'sh $(git rev-parse --show-toplevel)/scripts/b.sh',
      'sh "$(git rev-parse --show-cdup)scripts/c.sh"',
      'ROOT=$(git rev-parse --show-toplevel)',
      'bash "${ROOT}/scripts/d.sh" && sh `git rev-parse --show-toplevel`/tools/e.sh',
    ].join('\n'), { ...SCRIPTS, 'tools/e.sh': 'echo e\n' });
    expectObeyed(root, ['scripts/a.sh', 'scripts/b.sh', 'scripts/c.sh', 'scripts/d.sh', 'tools/e.sh'], ['src/app.js']);
  });

  it('the hook\'s own folder ($(dirname "$0"), ${0%/*}, cd ... && pwd) and $GIT_DIR', async () => {
    const root = await repository([
      'sh "$(dirname "$0")/../../scripts/a.sh"',
      '. ${0%/*}/../../scripts/b.sh',
      'HERE="$(cd "$(dirname "$0")" && pwd)"',
      'exec "$HERE/../../scripts/c.sh"',
      'sh "$GIT_DIR/../scripts/d.sh"; sh ${GIT_DIR}/../tools/e.sh',
    ].join('\n'), { ...SCRIPTS, 'tools/e.sh': 'echo e\n' }, '.githooks/ci/pre-commit');
    const tools = await repository('sh "$(dirname $0)/../../tools/e.sh"', { 'tools/e.sh': 'echo e\n', 'src/app.js': 'x\n' });
    expectObeyed(tools, ['tools/e.sh'], ['src/app.js']);
    // $GIT_DIR is .git when git runs a hook: `.git/../scripts/d.sh` is scripts/d.sh.
    expectObeyed(root, ['scripts/a.sh', 'scripts/b.sh', 'scripts/c.sh', 'scripts/d.sh', 'tools/e.sh'], ['src/app.js']);
  });

  it('held-back spellings: dirname --, ${BASH_SOURCE[0]%/*}, $PWD, cd DIR && ./x, find DIR -exec; a glob a linter reads is not followed', async () => {
    const root = await repository([
      '. "$(dirname -- "$0")/../../scripts/a.sh"',
      'bash "${BASH_SOURCE[0]%/*}/../../scripts/b.sh"',
      'sh "$PWD/scripts/c.sh"',
      'cd scripts && ./d.sh',
      "find tools -name '*.sh' -exec sh {} \\;",
      "eslint 'src/**/*.js' && prettier --check '*.csv'",
    ].join('\n'), { ...SCRIPTS, 'tools/e.sh': '', 'README.csv': '' });
    expectObeyed(root, ['scripts/a.sh', 'scripts/b.sh', 'scripts/c.sh', 'scripts/d.sh', 'tools/new.sh'], ['src/app.js', 'README.csv']);
  });

  it('package.json: the scripts a hook runs (pre/post, `npm run other` inside), the files their lines name; not another script\'s', async () => {
    const root = await repository('npm test\nyarn lint', {
      'package.json': JSON.stringify({ scripts: { pretest: 'node tools/pre.js', test: 'sh scripts/a.sh && npm run other', other: 'node tools/other.js', lint: 'node tools/lint.js', build: 'node tools/build.js' } }),
      'tools/pre.js': '', 'tools/other.js': '', 'tools/lint.js': '', 'tools/build.js': '', ...SCRIPTS,
    });
    expectObeyed(root, ['package.json', 'tools/pre.js', 'scripts/a.sh', 'tools/other.js', 'tools/lint.js'], ['tools/build.js', 'src/app.js']);
    // A script the task names that does not exist yet: created later, it runs all the same.
    const missing = await repository('npm run lint && sh "$(git rev-parse --show-toplevel)/scripts/new.sh"', { 'package.json': JSON.stringify({ scripts: { lint: 'node --test test/ && node tools/lint.js' } }) });
    expectObeyed(missing, ['tools/lint.js', 'scripts/new.sh'], ['test/a.test.js', 'test', 'lint']);
  });

  it('a package manager run in another folder (--prefix, -C, --cwd): that package.json and the files its script names, from there', async () => {
    const root = await repository('npm --prefix web test\npnpm -C api run lint\nyarn --cwd=docs build', {
      'web/package.json': JSON.stringify({ scripts: { test: 'node tools/t.js' } }), 'web/tools/t.js': '',
      'api/package.json': JSON.stringify({ scripts: { lint: 'sh lint.sh' } }),
      'docs/package.json': JSON.stringify({ scripts: { build: 'node build.mjs' } }), 'docs/build.mjs': '', 'tools/t.js': '',
    });
    expectObeyed(root, ['web/package.json', 'web/tools/t.js', 'api/package.json', 'api/lint.sh', 'docs/build.mjs'], ['tools/t.js', 'lint.sh']);
  });

  it('npm -w / --workspace: that workspace package\'s package.json and the files its script names (red team R10-1)', async () => {
    const root = await repository('npm run lint -w pkgs/a\nnpm test --workspace=pkgs/b', {
      'pkgs/a/package.json': JSON.stringify({ scripts: { lint: 'node l2.js' } }), 'pkgs/a/l2.js': '',
      'pkgs/b/package.json': JSON.stringify({ scripts: { test: 'sh t.sh' } }), 'pkgs/c/x.js': '',
    });
    expectObeyed(root, ['pkgs/a/package.json', 'pkgs/a/l2.js', 'pkgs/b/package.json', 'pkgs/b/t.sh'], ['pkgs/c/x.js']);
  });

  it('a Makefile target the hook names: its recipe lines and its prerequisites\' name files; another target\'s do not', async () => {
    const root = await repository('make lint', {
      Makefile: 'X = 1\nlint: fmt\n\t@sh tools/l.sh\n\nfmt:\n\t-node tools/fmt.js\nbuild:\n\tsh tools/b.sh\n',
      'tools/l.sh': '', 'tools/fmt.js': '', 'tools/b.sh': '', ...SCRIPTS,
    });
    expectObeyed(root, ['Makefile', 'tools/l.sh', 'tools/fmt.js'], ['tools/b.sh', 'src/app.js']);
  });

  it('a loop or glob over a folder, run-parts: the folder (a new file in it too); a glob at the top: what it matches', async () => {
    const root = await repository('for f in scripts/*.sh; do sh "$f"; done\nrun-parts --verbose hooks.d/\nfor c in *.check; do sh "$c"; done', {
      'hooks.d/10-x': 'echo\n', 'a.check': '', ...SCRIPTS,
    });
    // `sh "$f"` of a loop over static globs runs each file they match, present or made later (R25-13: the rest of the
    // work tree stays free; a loop over run-time words still obeys it whole: friction-member-bound-r25.test.ts).
    expectObeyed(root, ['scripts/new.sh', 'scripts/a.sh', 'hooks.d/20-new', 'b.check'], ['README.csv', 'src/app.js']);
  });

  it('a test runner\'s implicit configuration (conftest.py, pytest.ini -p plugins, vitest/jest config and setup files, .mocharc require); not the test files', async () => {
    const root = await repository('python3 -m pytest -q\nnpm test\nnpx jest\nmocha', {
      'pytest.ini': '[pytest]\naddopts = -q -p myplug\n',
      'myplug.py': '', 'test_a.py': '',
      'package.json': JSON.stringify({ scripts: { test: 'vitest run' } }),
      'vitest.config.ts': "export default { test: { setupFiles: ['./test/setup.ts'] } };\n",
      'test/setup.ts': '', 'test/a.test.ts': '',
      'jest.config.js': "module.exports = { setupFiles: ['<rootDir>/jest.setup.js'] };\n", 'jest.setup.js': '',
      '.mocharc.yml': 'require: test/hooks.js\n', 'test/hooks.js': '',
    });
    expectObeyed(root, ['conftest.py', 'pytest.ini', 'myplug.py', 'vitest.config.ts', 'test/setup.ts', 'jest.config.js', 'jest.setup.js', '.mocharc.yml', 'test/hooks.js'], ['test_a.py', 'test/a.test.ts']);
  });

  it('a commit-hook runner\'s commands: lint-staged (package.json field) and the linter config they start, lefthook run:, pre-commit entry:', async () => {
    const root = await repository('npx lint-staged\nlefthook run pre-commit\npre-commit run', {
      'package.json': JSON.stringify({ 'lint-staged': { '*.js': ['eslint --fix', 'node tools/check.js'], '*.csv': 'prettier --write' } }),
      'tools/check.js': '', 'eslint.config.js': "import local from './eslint-rules/local.js';\n", 'eslint-rules/local.js': '', 'prettier.config.mjs': '',
      'lefthook.yml': 'pre-commit:\n  commands:\n    a:\n      run: sh scripts/a.sh {staged_files}\n',
      '.pre-commit-config.yaml': 'repos:\n- repo: local\n  hooks:\n  - id: b\n    entry: scripts/b.sh\n    language: script\n',
      ...SCRIPTS, 'app.js': '',
    });
    expectObeyed(root, ['tools/check.js', 'eslint.config.js', 'eslint-rules/local.js', 'prettier.config.mjs', 'scripts/a.sh', 'scripts/b.sh'], ['app.js', 'src/app.js', 'README.csv']);
  });

  it('a runner configuration missing now is among the cache\'s sources (made later, it counts at once: its stamp changes)', async () => {
    const root = await repository('python3 -m pytest\nnpm test', { 'myplug.py': '' });
    const { sources } = hookReached([join(root, '.git/hooks')], root, ['pre-commit'], join(root, '.git'));
    // By the folder they would be made in (its stamp changes when one is made), one stamp for all the names.
    expect(sources).toEqual(expect.arrayContaining([root]));
    expect(sources).not.toContain(join(root, 'pytest.ini'));
  });

  it('R9-6 repro, husky `npm test` = `node --test test/`: package.json obeyed, the test files stay the agent\'s to write (documented)', async () => {
    const root = await repository('npm test', { 'package.json': JSON.stringify({ scripts: { test: 'node --test test/' } }), 'test/a.test.js': '' }, '.husky/_/pre-commit');
    await writeFile(join(root, '.husky/pre-commit'), 'npm test\n');
    expectObeyed(root, ['package.json'], ['test/a.test.js']);
  });

  it('through the real binary under --yes: the file `npm run lint` runs asks (C241) and stays', async () => {
    const root = await repository('npm run lint', { 'package.json': JSON.stringify({ scripts: { lint: 'node tools/lint.js' } }), 'tools/lint.js': '// lint\n' });
    const write = runCli(['--json', '--yes', '-C', root, 'write', '--file', 'tools/lint.js', '--content', 'require("fs").writeFileSync("PWNED","")\n'], { env: { HOME: home } });
    expect(write.json.error?.code, write.stdout).toBe('C241');
  });
});
