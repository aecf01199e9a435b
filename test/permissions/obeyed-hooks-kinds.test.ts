// Red team round 11, R11-6 (CRITICAL, R10-1's class): an installed commit hook runs a runner, and the runner
// runs a file the model can write; under --yes it was written unasked and the next `git commit` ran it. Instance
// fixes did not converge, so the rule is structural: a line the hook walk cannot follow (a runner codeward does
// not model, a file or folder only known at run time) obeys every runner-executed file kind of the work tree
// (src/permissions/runner-kinds.ts, one table) and what those files name; then the rows round 11 showed. Each row
// is a real repository with an executable .git/hooks/pre-commit and the in-process engine under --yes; every row
// fails on the old walker (the ordinary-case rows excepted).
import { chmod, mkdir, symlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookReached } from '../../src/permissions/obeyed-hooks.js';
import { isInert } from '../../src/permissions/inert-files.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { checkHookRow, type Row } from './hook-check.js';
import { git } from './git-run.js';

let base: string;
let home: string;
beforeAll(async () => {
  base = await tempDir('cw-kinds-');
  home = join(base, 'home');
  await writeFiles(home, { '.keep': '' });
});
afterAll(async () => removeDir(base));

let count = 0;
const check = async (row: Row): Promise<void> => checkHookRow(join(base, `r${++count}`), home, row);

// Every runner-executed kind, some naming a file, and ordinary files beside them.
const KINDS = {
  Makefile: 'all:\n\tsh tools/mk.sh\n', 'tools/mk.sh': '', 'pkgs/a/Makefile': 'all:\n\tsh l.sh\n', 'pkgs/a/l.sh': '', 'mk/rules.mk': '',
  'pkgs/b/package.json': JSON.stringify({ scripts: { lint: 'node lint.js' } }), 'pkgs/b/lint.js': '', 'pkgs/b/src/index.js': '',
  'tools/conftest.py': '', 'Taskfile.yml': "version: '3'\ntasks:\n  a:\n    cmds: [sh tools/task.sh]\n", 'tools/task.sh': '',
  'pyproject.toml': '[tool.poe.tasks]\nlint = "python tools/poe.py"\n', 'tools/poe.py': '', 'justfile': 'a:\n    sh tools/just.sh\n', 'tools/just.sh': '',
  'src/app.py': '', 'src/a.js': '', 'README.csv': '',
};
const KIND_ASKS = ['Makefile', 'tools/mk.sh', 'pkgs/a/Makefile', 'pkgs/a/l.sh', 'mk/rules.mk', 'pkgs/b/package.json', 'pkgs/b/lint.js', 'tools/conftest.py', 'Taskfile.yml', 'tools/task.sh', 'pyproject.toml', 'tools/poe.py', 'justfile', 'tools/just.sh'];
// Made later, each runs all the same.
const NEW_KINDS = ['pkgs/c/Makefile', 'x/conftest.py', 'gulpfile.mjs', 'build.rs', 'crates/z/build.rs', 'pkgs/c/package.json', 'Makefile.toml', 'mise.toml', 'pixi.toml', 'noxfile.py', 'mise-tasks/lint', 'tox.toml', 'pkgs/c/project.json'];
const ORDINARY = ['src/app.py', 'src/a.js', 'README.csv', 'pkgs/b/src/index.js', 'tools/notes.txt'];

describe('the structural rule: a hook line the walk cannot follow obeys every runner-executed file kind', () => {
  // Installed packages too (red team R13-25): an unknown runner may walk them.
  it('an unknown tool: every kind (new files too) and what each names, installed packages\' own included; not the inert files', async () => {
    // Installed where a package manager made them (R13-19): beside a package.json, inside a venv with its pyvenv.cfg.
    await check({ hook: 'some-tool check', files: { ...KINDS, 'package.json': '{}\n', '.venv/pyvenv.cfg': '' }, asks: [...KIND_ASKS, ...NEW_KINDS, 'node_modules/x/package.json', '.venv/lib/site-packages/np/conftest.py', 'pkgs/b/node_modules/y/Makefile'], free: ORDINARY.filter(isInert) });
    // The rest of the work tree is obeyed too (red team round 12's structural rule: whole-tree.test.ts).
    await check({ hook: 'some-tool check', files: KINDS, asks: ORDINARY.filter((path) => !isInert(path)), free: [] });
    // The reason the question gives names the hook and the runner.
    const root = join(base, `r${count}`);
    expect(hookReached([join(root, '.git/hooks')], root, ['pre-commit'], join(root, '.git')).unmodeled).toBe('.git/hooks/pre-commit runs `some-tool` (a runner codeward does not model)');
  });

  it.each([
    ['rye run lint'], ['pixi run lint'], ['mise run lint'], ['cargo make lint'], ['npx gulp lint'], ['uv run lint-it'],
    ['for f in $(git diff --name-only); do sh "$f"; done'], ['D=$(ls -d pkgs/* | head -1); cd $D && make'], ['SUB=pkgs/a\nmake -C "$SUB"'],
  ])('%s: the same rule (a sample of the kinds)', async (hook) => {
    await check({ hook, files: KINDS, asks: ['pkgs/a/l.sh', 'tools/conftest.py', 'pkgs/b/lint.js', 'pkgs/c/Makefile', 'gulpfile.mjs', 'src/a.js', 'pkgs/b/src/index.js'], free: ['README.csv', 'docs/notes.csv'] });
  });

  it('the ordinary case stays free: `npm test` (vitest), `make lint`, husky\'s, pre-commit\'s, simple-git-hooks\' and lefthook\'s generated hooks do not widen anything', async () => {
    const root = join(base, 'plain');
    await writeFiles(root, {
      ...KINDS, 'package.json': JSON.stringify({ scripts: { test: 'vitest run', lint: 'eslint . && tsc --noEmit' } }), Makefile: 'lint:\n\t@echo ok\n',
      '.husky/_/h': 'n=$(basename "$0")\ns=$(dirname "$(dirname "$0")")/$n\n[ ! -f "$s" ] && exit 0\nsh -e "$s" "$@"\n', '.husky/_/pre-commit': '#!/usr/bin/env sh\n. "$(dirname "$0")/h"\n',
      '.husky/pre-commit': 'npm test\nnpm run lint\nmake lint\n[ -n "$CI" ] || echo local\n',
    });
    git(root, 'init', '-q');
    const reached = hookReached([join(root, '.husky/_')], root, ['pre-commit'], join(root, '.git'));
    expect(reached.unmodeled).toBeUndefined();
    expect(reached.files).not.toContain(join(root, 'pkgs/a/Makefile'));
    // Only eslint's configuration names at any depth: it reads every folder's (red team R14-12).
    expect(reached.globs.filter((glob) => !/^(?:eslint\.config|\.eslintrc)/.test(basename(glob)))).toEqual([]);
    // pre-commit's generated hook (array assignments, `-mpre_commit`), a hook with a shell function.
    await writeFiles(root, {
      '.git/hooks/pre-push': '#!/usr/bin/env bash\nINSTALL_PYTHON=/usr/bin/python3\nARGS=(hook-impl --config=.pre-commit-config.yaml --hook-type=pre-push)\nHERE="$(cd "$(dirname "$0")" && pwd)"\nARGS+=(--hook-dir "$HERE" -- "$@")\nif [ -x "$INSTALL_PYTHON" ]; then\n    exec "$INSTALL_PYTHON" -mpre_commit "${ARGS[@]}"\nelif command -v pre-commit > /dev/null; then\n    exec pre-commit "${ARGS[@]}"\nfi\n',
      '.git/hooks/commit-msg': '#!/bin/sh\ncheck()\n{\n  npx --no -- commitlint --edit "$1"\n}\ncheck "$@" || exit 1\n',
      // simple-git-hooks: a file the person's environment names is not the model's to choose.
      '.git/hooks/post-merge': '#!/bin/sh\nif [ -f "$SIMPLE_GIT_HOOKS_RC" ]; then\n    . "$SIMPLE_GIT_HOOKS_RC"\nfi\nnpx lint-staged\n',
      // lefthook's generated hook (abridged): the environment's binary, an installed package's binary, a function.
      '.git/hooks/pre-merge-commit': '#!/bin/sh\ncall_lefthook()\n{\n  if test -n "$LEFTHOOK_BIN"\n  then\n    "$LEFTHOOK_BIN" "$@"\n  else\n    dir="$(git rev-parse --show-toplevel)"\n    osArch=$(uname | tr \'[:upper:]\' \'[:lower:]\')\n    "$dir/node_modules/lefthook-${osArch}/bin/lefthook" "$@"\n  elif command -v bundle >/dev/null 2>&1 && bundle exec lefthook -h >/dev/null 2>&1\n  then\n    bundle exec lefthook "$@"\n  fi\n}\ncall_lefthook run "pre-commit" "$@"\n',
    });
    await chmod(join(root, '.git/hooks/post-merge'), 0o755);
    await chmod(join(root, '.git/hooks/pre-merge-commit'), 0o755);
    await chmod(join(root, '.git/hooks/pre-push'), 0o755);
    await chmod(join(root, '.git/hooks/commit-msg'), 0o755);
    expect(hookReached([join(root, '.git/hooks')], root, ['pre-push', 'commit-msg', 'post-merge', 'pre-merge-commit'], join(root, '.git')).unmodeled).toBeUndefined();
    await check({ hook: 'npm test && make lint', files: { ...KINDS, 'package.json': JSON.stringify({ scripts: { test: 'vitest run' } }), Makefile: 'lint:\n\t@echo ok\n' }, asks: ['package.json', 'Makefile'], free: [...ORDINARY, 'pkgs/a/Makefile', 'pkgs/b/package.json', 'tools/task.sh'] });
  });
});

describe('the rows round 11 showed (R11-6)', () => {
  it('make: a recipe `sh $<` runs its prerequisite; `for d in a b; do $(MAKE) -C pkgs/$$d; done`', async () => {
    await check({ hook: 'make lint', files: { Makefile: 'lint: tools/gen.sh\n\tsh $<\n', 'tools/gen.sh': '', 'src/a.txt': '' }, asks: ['tools/gen.sh'], free: ['src/a.txt'] });
    await check({
      hook: 'make', files: { Makefile: 'all:\n\tfor d in a b; do $(MAKE) -C pkgs/$$d; done\n', 'pkgs/a/Makefile': 'all:\n\tsh l.sh\n', 'pkgs/a/l.sh': '', 'pkgs/a/src.txt': '' },
      asks: ['pkgs/a/Makefile', 'pkgs/a/l.sh', 'pkgs/b/Makefile'], free: ['pkgs/a/src.csv'],
    });
  });

  it('pytest: a conftest.py below any folder (made later too); `-p X` on the hook line and in PYTEST_ADDOPTS (existing or not)', async () => {
    await check({
      hook: 'python3 -m pytest -q -x tests -p tools.plug8\nPYTEST_ADDOPTS="-p tools.plug7" pytest',
      files: { 'tools/conftest.py': '', 'tests/test_a.py': '', 'tools/plug7.py': '', 'tools/helper.txt': '' },
      asks: ['tools/conftest.py', 'lib/conftest.py', 'tools/plug7.py', 'tools/plug8.py'], free: ['tests/test_a.py', 'tools/helper.txt'],
    });
  });

  it('Taskfile `cmds: [sh tools/l.sh]` (a flow list) and its includes', async () => {
    await check({
      hook: 'task lint', files: { 'Taskfile.yml': "version: '3'\nincludes:\n  docs: ./docs/Taskfile.yml\ntasks:\n  lint:\n    cmds: [sh tools/l.sh, \"node tools/m.js\"]\n", 'tools/l.sh': '', 'tools/m.js': '', 'src/a.js': '' },
      asks: ['tools/l.sh', 'tools/m.js', 'docs/Taskfile.yml'], free: ['src/a.js'],
    });
  });

  it('nx: a project.json\'s targets and the file its command names, created or not; a project made later', async () => {
    await check({
      hook: 'npx nx run-many -t lint',
      files: { 'nx.json': '{}', 'pkgs/a/project.json': JSON.stringify({ targets: { lint: { command: 'node tools2/l.js' }, fmt: { options: { commands: ['sh tools2/f.sh'] } } } }), 'pkgs/a/src/index.js': '' },
      asks: ['pkgs/a/project.json', 'tools2/l.js', 'tools2/f.sh', 'pkgs/new/project.json'], free: ['pkgs/a/src/index.js'],
    });
  });

  it('just `import`, `mod`; poe `include`, `script = "mod:func"` (created)', async () => {
    await check({
      hook: 'just lint', files: { justfile: "import 'tools/x.just'\nmod tools2\nlint:\n    echo ok\n", 'tools/x.just': 'x:\n    sh tools/j.sh\n', 'tools/j.sh': '', 'src/a.js': '' },
      asks: ['tools/x.just', 'tools/j.sh', 'tools2.just', 'tools2/mod.just'], free: ['src/a.csv'],
    });
    await check({
      hook: 'poe lint', files: { 'pyproject.toml': '[tool.poe]\ninclude = "tools/tasks.toml"\n[tool.poe.tasks]\nlint = { script = "tools.l:main" }\n', 'src/a.py': '' },
      asks: ['tools/tasks.toml', 'tools/l.py'], free: ['src/a.csv'],
    });
  });

  it('new files a runner reads at once: tox.toml (no tox.ini), build.rs beside a Cargo.toml under cargo clippy/test, gulpfile.mjs', async () => {
    await check({ hook: 'tox -e lint', files: { 'src/a.py': '' }, asks: ['tox.toml', 'tox.ini'], free: ['src/a.py'] });
    await check({ hook: 'tox -e lint', files: { 'tox.toml': '[env.lint]\ncommands = [["python", "tools/lint.py"]]\n', 'tools/lint.py': '' }, asks: ['tools/lint.py'], free: ['tools/a.txt'] });
    await check({ hook: 'cargo clippy && cargo test', files: { 'Cargo.toml': '[package]\nname = "a"\n', 'crates/b/Cargo.toml': '[package]\nname = "b"\n', 'src/notes.txt': '' }, asks: ['build.rs', 'crates/b/build.rs'], free: ['src/notes.csv'] });
    await check({ hook: 'npx gulp lint', files: { 'src/a.js': '' }, asks: ['gulpfile.mjs', 'gulpfile.js', 'src/a.js'], free: ['src/a.csv'] });
  });

  it('lists of files to run: `ls scripts/*.sh | xargs -n1 sh`, `xargs sh < LIST`, `cat LIST | xargs sh`, `while read … done < LIST` (the list obeyed when absent)', async () => {
    await check({ hook: 'ls scripts/*.sh | xargs -n1 sh', files: { 'scripts/a.sh': '', 'src/a.js': '' }, asks: ['scripts/a.sh', 'scripts/new.sh'], free: ['src/a.js'] });
    await check({
      hook: 'xargs sh < scripts/list\ncat scripts/list2 | xargs sh\nwhile read f; do\n  sh "$f"\ndone < scripts/list3',
      files: { 'scripts/list2': 'tools/two.sh\n', 'tools/two.sh': '', 'src/a.js': '' }, asks: ['scripts/list', 'scripts/list2', 'tools/two.sh', 'scripts/list3'], free: ['src/a.csv'],
    });
  });
});

describe('runners not modeled at all (R11-6): the files their tasks run, from their own task files', () => {
  it('rye run, pixi run, mise run, cargo make', async () => {
    await check({
      hook: 'rye run lint && pixi run lint && mise run lint && cargo make lint',
      files: {
        'pyproject.toml': '[tool.rye.scripts]\nlint = "python tools/r.py"\n', 'pixi.toml': '[tasks]\nlint = "sh tools/p.sh"\n', 'mise.toml': '[tasks.lint]\nrun = "sh tools/m.sh"\n',
        'Makefile.toml': '[tasks.lint]\ncommand = "sh"\nargs = ["tools/c.sh"]\n', 'tools/r.py': '', 'tools/p.sh': '', 'tools/m.sh': '', 'tools/c.sh': '', 'tools/notes.txt': '',
      },
      asks: ['tools/r.py', 'tools/p.sh', 'tools/m.sh', 'tools/c.sh', 'pyproject.toml', 'pixi.toml', 'mise.toml', 'Makefile.toml', 'mise-tasks/lint', '.mise/tasks/x'],
      free: ['tools/notes.csv', 'src/a.csv'],
    });
  });
});

describe('the walk does not list a folder outside the work tree (review finding)', () => {
  it('a symlinked folder to an outside Makefile / package.json / *.mk decides nothing (what it names is not reached)', async () => {
    const root = join(base, 'linked');
    const outside = join(base, 'outside');
    await writeFiles(outside, { Makefile: 'all:\n\tsh ../tools/x.sh\n', 'x.mk': 'all:\n\tsh tools/y.sh\n', 'package.json': JSON.stringify({ scripts: { lint: 'node ../tools/z.js' } }) });
    await writeFiles(root, { Makefile: 'include ext/*.mk\nlint:\n\t@echo\n', 'tools/x.sh': '', 'tools/y.sh': '', 'tools/z.js': '', 'package.json': JSON.stringify({ workspaces: ['ext', 'pkgs/*'] }) });
    await mkdir(join(root, 'pkgs'));
    await symlink(outside, join(root, 'ext'));
    await symlink(outside, join(root, 'pkgs/ext2'));
    git(root, 'init', '-q');
    await writeFiles(root, { '.git/hooks/pre-commit': '#!/bin/sh\nmake -C ext\nmake lint\nnpm run lint --workspaces\nother-tool\n' });
    await chmod(join(root, '.git/hooks/pre-commit'), 0o755);
    const reached = hookReached([join(root, '.git/hooks')], root, ['pre-commit'], join(root, '.git'));
    for (const path of ['tools/x.sh', 'tools/y.sh', 'tools/z.js']) expect(reached.files, path).not.toContain(join(root, path));
  });
});
