// Red team round 12's structural proposal (issue 26; R12-24, R12-1, R12-5b, R12-9b): instance rows on the runner
// table never converged (each round found the next runner, import or idiom). When what runs from the work tree
// cannot be known, the WHOLE work tree is obeyed by the write gate, except the inert files of ONE table
// (src/permissions/inert-files.ts: data, media): (a) an installed hook runs a runner
// codeward does not model (bazel, earthly, docker compose, meson, cmake, nix, ctest, `go generate`, …); (b) the home's
// start-up files load the workspace (a dotfiles repository, whatever idiom computes the path). Every writer: the
// file tools under --yes (C241), and a sandboxed run's change set (set aside). The modelled `npm test` hook stays
// as it was (obeyed-hooks-kinds.test.ts). Every row but the controls fails on the old code.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isInert } from '../../src/permissions/inert-files.js';
import { obeyedContext } from '../../src/permissions/obeyed-context.js';
import { isObeyedLater } from '../../src/permissions/obeyed.js';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { checkHookRow } from './hook-check.js';
import { git } from './git-run.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;

let base: string;
let home: string;
beforeAll(async () => {
  base = await tempDir('cw-whole-');
  home = join(base, 'home');
  await writeFiles(home, { '.keep': '' });
});
afterAll(async () => removeDir(base));
afterEach(() => vi.unstubAllEnvs());

let count = 0;
const next = (): string => join(base, `r${++count}`);

describe('the table of inert files', () => {
  it('prose, data and media are inert; configuration, code, lock files, snapshots and text files (pip -r reads any name) are not', () => {
    for (const path of ['data/a.csv', 'img/logo.PNG', 'font.woff2', 'data/b.TSV']) expect(isInert(path), path).toBe(true);
    for (const path of ['notes.txt', 'deps/base.txt', 'meson_options.txt', 'src/x.egg-info/entry_points.txt', 'package.json', 'tsconfig.json', 'vite.config.ts', 'x.config.csv.js', 'CMakeLists.txt', 'requirements-dev.txt', 'constraints.txt', 'docs/page.mdx', '__snapshots__/a.test.js.snap', 'README', '.csv', 'yarn.lock', 'a.yaml', 'page.html']) {
      expect(isInert(path), path).toBe(false);
    }
  });
});

describe('a hook runs a runner codeward does not model: the whole work tree is obeyed but inert files', () => {
  // R12-24: each runner's own task file, the code it builds, and a file made later; prose stays free.
  it.each([
    ['bazel test //...', ['BUILD.bazel', 'WORKSPACE', 'tools/defs.bzl']],
    ['earthly +lint', ['Earthfile']],
    ['docker compose run --rm lint', ['compose.yaml', 'docker/Dockerfile']],
    ['meson test -C build', ['meson.build', 'meson_options.txt']],
    ['cmake --build build', ['CMakeLists.txt', 'cmake/x.cmake']],
    ['nix develop -c make lint', ['flake.nix', 'flake.lock']],
    ['ctest --test-dir build', ['CTestTestfile.cmake', 'Tests/UnitTest1.cpp']],
    ['go generate ./...', ['main.go', 'internal/x/x.go']],
    ['go test -exec ./wrap ./...', ['tools/lint/main.go', 'go.mod', 'wrap']],
  ])('%s', async (hook, kinds) => {
    // Prose is not inert: doctest runners run it (R13-15: cargo test runs the README src/lib.rs includes).
    // Installed folders are the package managers' only where one made them (R13-19): node_modules beside a
    // package.json, a virtual environment with its pyvenv.cfg; a source folder of that name is source. And an
    // unknown runner may walk them as `go generate ./...` does (R13-25): obeyed too while the whole tree is.
    await checkHookRow(next(), home, {
      hook,
      files: { 'src/a.c': 'int x;\n', 'README.md': '# r\n', 'package.json': '{}\n', '.venv/pyvenv.cfg': 'home = /usr/bin\n' },
      asks: [...kinds, 'src/a.c', 'src/new/gen.py', 'README.md', 'docs/new.md', 'docs/index.rst', 'pkg/venv/gen.go', 'pkg/node_modules/gen.go', 'pkg/site-packages/gen.go', 'node_modules/x/index.js', '.venv/lib/python3.11/site-packages/x.py', '.tox/py/lib/x.py'],
      free: ['data/a.csv', 'img/a.png'],
    });
  });

  it('R12-1 and R12-5b are moot there: a standard-library shadow beside a script, a setup file a JS config computes, package.json\'s jest field', async () => {
    await checkHookRow(next(), home, {
      hook: 'rye run lint',
      files: { 'tools/check.py': 'import json\n', 'vitest.config.ts': "const root = './cfg';\nexport default { test: { setupFiles: [`${root}/setup`] } };\n", 'package.json': JSON.stringify({ jest: { setupFiles: ['<rootDir>/cfg/s.js'] } }) },
      asks: ['tools/json.py', 'cfg/setup.ts', 'cfg/s.js', 'src/alias/target.ts'],
      free: ['tools/README.csv'],
    });
  });

  it('the reason names the hook and the runner; a path outside the workspace (a script the line names) is not judged by it', () => {
    const root = join(base, 'r1');
    const ctx = obeyedContext(root, home);
    expect(isObeyedLater('src/a.c', ctx)?.why).toContain('.git/hooks/pre-commit runs `bazel` (a runner codeward does not model)');
    expect(isObeyedLater('/elsewhere/scripts/s.sh', ctx)).toBeUndefined();
    expect(isObeyedLater('../sibling/x.sh', ctx)).toBeUndefined();
    expect(isObeyedLater(join(root, 'src/a.c'), ctx)).toBeDefined();
  });

  it.skipIf(!bwrapWorks)('a staged sandboxed run\'s change set: code it wrote is set aside, prose is applied', async () => {
    const root = next();
    await writeFiles(root, { 'src/a.js': 'export {};\n', 'notes.csv': 'old\n', 'names/a': 'src/a.js', 'names/b': 'src/b.py', 'names/c': 'notes.csv' });
    git(root, 'init', '-q');
    await writeFiles(root, { '.git/hooks/pre-commit': '#!/bin/sh\nbazel test //...\n' });
    spawnSync('chmod', ['755', join(root, '.git/hooks/pre-commit')]);
    // Computed targets: judged where they land by the write gate after the run (F8), not before.
    const run = runCli(['--json', '-C', root, 'exec', '--cmd', 'echo pwn > "$(cat names/a)"; echo pwn > "$(cat names/b)"; echo new > "$(cat names/c)"'], { env: { CODEWARD_STATE_DIR: join(base, 'state'), HOME: home } });
    expect(readFileSync(join(root, 'src/a.js'), 'utf8')).toBe('export {};\n');
    expect(existsSync(join(root, 'src/b.py'))).toBe(false);
    expect(readFileSync(join(root, 'notes.csv'), 'utf8'), JSON.stringify(run.json) + run.stderr).toBe('new\n');
    expect(JSON.stringify(run.json)).toContain('bazel');
    expect(readdirSync(join(root, 'src'))).toEqual(['a.js']);
  }, 30_000);
});

describe('the home\'s start-up files load the workspace: the whole dotfiles tree is obeyed but inert files', () => {
  it('R12-9b: a linked ~/.bashrc that finds its folder with `cd "$(dirname "$(readlink …)")" && pwd` (past every parser)', async () => {
    const own = join(base, 'home9b'), root = join(own, 'dotfiles');
    await writeFiles(root, { bashrc: 'D="$(cd "$(dirname "$(readlink "${BASH_SOURCE[0]}")")" && pwd)"\n. "$D/shell/x.sh"\n', 'shell/x.sh': '', 'README.csv': '' });
    symlinkSync(join(root, 'bashrc'), join(own, '.bashrc'));
    vi.stubEnv('HOME', own);
    await checkHookRow(root, own, { hook: 'true', files: {}, asks: ['shell/x.sh', 'shell/y.sh', 'vim/new.vim', 'bin/tool'], free: ['README.csv', 'docs/setup.csv'] });
    expect(isObeyedLater('vim/new.vim', obeyedContext(root, own))?.why).toContain('~/.bashrc');
  });

  it('a start-up file sources one file of the workspace: every other code file is obeyed too', async () => {
    const own = join(base, 'home-src'), root = join(own, 'dotfiles');
    await writeFiles(own, { '.zshrc': 'source ~/dotfiles/zsh/init.zsh\n' });
    await writeFiles(root, { 'zsh/init.zsh': 'for f in $(find "${0:A:h}" -name "*.plugin"); do source $f; done\n' });
    vi.stubEnv('HOME', own);
    await checkHookRow(root, own, { hook: 'true', files: {}, asks: ['zsh/init.zsh', 'zsh/p.plugin', 'lib/other.sh'], free: ['notes.csv'] });
  });

  it('a start-up file that names the workspace folder only (`. "$(find ~/dotfiles -name x.sh)"`, `DOTFILES=~/dotfiles`)', async () => {
    const own = join(base, 'home-find'), root = join(own, 'dotfiles');
    await writeFiles(own, { '.bashrc': '. "$(find ~/dotfiles/shell -name x.sh)"\nDOTFILES=~/dotfiles\n' });
    await writeFiles(root, { 'shell/x.sh': '', 'README.csv': '' });
    vi.stubEnv('HOME', own);
    await checkHookRow(root, own, { hook: 'true', files: {}, asks: ['shell/x.sh', 'other/y.sh'], free: ['README.csv'] });
  });

  it('controls: a home that loads nothing of the workspace leaves it ordinary; a workspace holding the home is judged by the home catalogue', async () => {
    const own = join(base, 'home-none'), root = join(base, 'proj');
    await writeFiles(own, { '.bashrc': '. ~/.bash_aliases\n', '.bash_aliases': 'alias ll="ls -l"\n' });
    await writeFiles(root, { 'src/a.js': '' });
    expect(isObeyedLater('src/a.js', obeyedContext(root, own))).toBeUndefined();
    // The workspace IS the home folder: ~/.bashrc loads ~/.bash_aliases, a home file, not the rest of the home.
    expect(isObeyedLater('projects/x/src/a.js', obeyedContext(own, own))).toBeUndefined();
    expect(isObeyedLater('.bash_aliases', obeyedContext(own, own))).toBeDefined();
  });
});
