// Issue 26, red team F2, F4 (FRICTION): a pre-commit hook running `golangci-lint run` or `mypy src` made EVERY source
// write ask under --yes (runners codeward did not model: the whole tree was obeyed). Each has a row now
// (src/permissions/hook-runner-golangci.ts, hook-runner-mypy.ts): the checked sources are written unasked (neither
// tool runs them), while the configuration and the plug-ins it names ask (C241): golangci-lint's custom .so and
// module-plugin folders, ruleguard rules; mypy's `plugins` (a path relative to the configuration, a module) and its
// `python_executable`. A sub-command or option outside the row, or a configuration that does not parse, obeys the
// whole tree.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const rows = rowPlace('cw-lint-rows-');

const GO = { 'go.mod': 'module example.com/x\n\ngo 1.22\n', 'main.go': 'package main\n\nfunc main() {}\n', 'internal/x/x.go': 'package x\n', '.golangci.yml': 'version: "2"\nlinters:\n  enable: [govet, errcheck, staticcheck]\n  exclusions:\n    paths: [internal/gen]\nrun:\n  timeout: 5m\n' };
const SITE = '.venv/lib/python3.12/site-packages';
const PY = { 'pyproject.toml': '[project]\nname = "x"\n\n[tool.mypy]\nstrict = true\nignore_missing_imports = true\n', 'src/a.py': 'x = 1\n', 'tests/test_a.py': '' };

describe('golangci-lint: the Go sources are free, the configuration and its plug-ins ask', () => {
  it.each(['golangci-lint run', 'golangci-lint run ./... --fix --timeout=5m', 'golangci-lint run -c .golangci.yml --new-from-rev HEAD~1 ./...', 'golangci-lint fmt && go test ./...'])('%s', async (hook) => {
    await checkHookRow(rows.next(), rows.home, { hook, files: GO, asks: ['.golangci.yml', 'sub/.golangci.yaml', '.golangci.toml', 'go.mod', 'go.work'], free: ['main.go', 'internal/x/x.go', 'internal/gen/g.go', 'cmd/new/main.go'], content: '// ok\n' });
  });

  it.each([
    ['a Go plug-in (.so), v1 form', 'linters-settings:\n  custom:\n    ex:\n      path: ./plugins/ex.so\n      description: x\n', ['plugins/ex.so']],
    ['a module plug-in folder, v2 form', 'version: "2"\nlinters:\n  settings:\n    custom:\n      foo:\n        type: module\n        path: plugins/foo\n', ['plugins/foo/x.go']],
    ['ruleguard rules through the configuration folder', 'linters-settings:\n  gocritic:\n    settings:\n      ruleguard:\n        rules: "${configDir}/rules/*.go"\n', ['rules/a.go']],
    ['a TOML configuration', '[linters-settings.custom.ex]\npath = "tools/ex.so"\n', ['tools/ex.so']],
  ])('%s', async (_name, config, asks) => {
    const name = config.startsWith('[') ? '.golangci.toml' : '.golangci.yml';
    await checkHookRow(rows.next(), rows.home, { hook: 'golangci-lint run ./...', files: { ...GO, '.golangci.yml': '', [name]: config }, asks, free: ['main.go', 'internal/x/x.go'], content: '// ok\n' });
  });

  it.each([
    ['golangci-lint custom', {}],
    ['golangci-lint run --enable-all ./...', {}],
    ['golangci-lint run', { '.golangci.yml': 'linters: [unclosed\n' }],
    ['golangci-lint run', { '.golangci.yml': 'linters-settings:\n  custom:\n    ex:\n      path: ${PLUGIN_DIR}/ex.so\n' }],
  ])('fail closed: %s %j', async (hook, files) => {
    // A .golangci.yml not understood is also read with no hook (R20-20, golangci-obeyed.ts), and fails closed on the
    // whole work tree, data too (as an unreadable .npmrc does): the data file is free only without one.
    await checkHookRow(rows.next(), rows.home, { hook, files: { ...GO, ...files }, asks: ['main.go', 'internal/x/x.go'], free: '.golangci.yml' in files ? [] : ['data/a.csv'] });
  });
});

describe('mypy: the checked sources are free, the configuration and its plug-ins ask', () => {
  it.each(['mypy src', 'mypy --strict --warn-unused-ignores -p x', 'python3 -m mypy src tests', 'mypy --python-version=3.12 --exclude build src'])('%s', async (hook) => {
    await checkHookRow(rows.next(), rows.home, { hook, files: PY, asks: ['pyproject.toml', 'mypy.ini', '.mypy.ini', 'setup.cfg', 'pkg/mypy.ini'], free: ['src/a.py', 'src/new.py', 'tests/test_a.py', 'stubs/x.pyi'], content: '# ok\n' });
  });

  it.each([
    ['mypy.ini, a path', { 'mypy.ini': '[mypy]\nplugins = tools/plug.py\n' }, ['tools/plug.py']],
    ['mypy.ini, continuation lines and an entry point', { 'mypy.ini': '[mypy]\nplugins =\n  tools.one,\n  ./tools/two.py:entry\n' }, ['tools/one.py', 'tools/__init__.py', 'tools/two.py']],
    ['pyproject, a module list', { 'pyproject.toml': '[tool.mypy]\nplugins = ["tools.mplug", "pydantic.mypy"]\n' }, ['tools/mplug.py', 'tools/mplug/__init__.py', 'tools/__init__.py', 'pydantic/mypy.py']],
    ['setup.cfg, python_executable', { 'pyproject.toml': '[project]\nname = "x"\n', 'setup.cfg': '[metadata]\nname = x\n\n[mypy]\npython_executable = ./venv2/bin/py\nplugins = cfgplug\n' }, ['venv2/bin/py', 'cfgplug.py']],
    ['a configuration named by --config-file', { 'ci/mypy.cfg': '[mypy]\nplugins = p.py\n' }, ['ci/mypy.cfg', 'ci/p.py']],
    // Imported by name from a workspace virtual environment too (an installed plug-in, friction's leftover 3).
    ['a module installed in the workspace venv', { 'mypy.ini': '[mypy]\nplugins = myplug, pkg.sub\n', '.venv/pyvenv.cfg': 'home = /usr/bin\n', [`${SITE}/ok.py`]: '' },
      // py20 (friction19 Left 1): a bare `mypy` an activated shell finds in that venv loads its entry-point plug-ins,
      // so the venv's whole site-packages asks (other.py too).
      [`${SITE}/myplug.py`, `${SITE}/myplug/__init__.py`, `${SITE}/pkg/__init__.py`, `${SITE}/pkg/sub.py`, 'myplug.py', `${SITE}/other.py`]],
  ])('%s', async (_name, files, asks) => {
    const hook = _name.includes('--config-file') ? 'mypy --config-file ci/mypy.cfg src' : 'mypy src';
    await checkHookRow(rows.next(), rows.home, { hook, files: { ...PY, ...files }, asks, free: ['src/a.py', ...(asks.includes(`${SITE}/other.py`) ? [] : [`${SITE}/other.py`])], content: '# ok\n' });
  });

  it.each([
    ['mypy --install-types --non-interactive src', {}],
    ['mypy --shadow-file a b src', {}],
    ['mypy src', { 'pyproject.toml': '[tool.mypy\nplugins = 1\n' }],
    ['mypy src', { 'mypy.ini': '[mypy]\nplugins = $PLUG\n' }],
    ['dmypy run -- src', {}],
  ])('fail closed: %s %j', async (hook, files) => {
    await checkHookRow(rows.next(), rows.home, { hook, files: { ...PY, ...files }, asks: ['src/a.py', 'tests/test_a.py'], free: ['data/a.csv'] });
  });
});
