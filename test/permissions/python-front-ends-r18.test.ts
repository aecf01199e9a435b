// Red team R18-6: Python's project front-ends on a hook line. `uv run pytest` (poetry, pdm, hatch, pipenv run) runs
// `.venv/bin/pytest`, tox its commands from `.tox/<env>/bin`, nox its sessions from `.nox/<session>/bin`: those
// programs are obeyed at that path, present or not. `uv run`, `hatch run`, `pdm run`, tox and nox install the project
// first: its build files (setup.py, an in-tree backend, hatch_build.py, pdm_build.py, a hatch hook's path, cmdclass
// modules) and those of the local packages it installs (path sources, workspace members, file: references) ask. An
// option the front-ends' table does not know is unmodelled (the whole tree asks). The project's sources stay free
// (red team F3). Layouts are made by hand (uv, poetry, pdm, hatch, pipenv, tox and nox are not installed here).
// Each row: a real repository, a real pre-commit hook, the engine under --yes (C241 = asked, bytes unchanged).
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-py-front-');
const PROJECT = {
  'pyproject.toml': '[project]\nname = "w"\nversion = "0"\n',
  'src/w/__init__.py': 'X = 1\n',
  'tests/test_a.py': 'def test_a():\n    assert True\n',
};
const VENV = { '.venv/pyvenv.cfg': 'home = /usr/bin\n', '.venv/bin/pytest': '#!/bin/sh\n' };
const SOURCES = ['src/w/__init__.py', 'tests/test_a.py'];
const row = (hook: string, files: Record<string, string>, asks: string[], free: string[] = SOURCES) =>
  checkHookRow(place.next(), place.home, { hook, files: { ...PROJECT, ...files }, asks, free, content: '# ok\n' });

describe('R18-6: the program a front-end runs, in its environment\'s bin folder', () => {
  it.each(['uv run pytest', 'poetry run pytest', 'pdm run pytest', 'hatch run pytest', 'pipenv run pytest', 'uv run --frozen -- pytest -q', 'hatch run test:pytest', 'env CI=1 uv run pytest'])('%s: .venv/bin/pytest asks, the sources stay free', async (hook) => {
    await row(hook, VENV, ['.venv/bin/pytest', '.venv/bin/python']);
  });
  it('no environment yet (a fresh clone): the path is obeyed all the same', async () => {
    await row('uv run pytest', {}, ['.venv/bin/pytest', '.venv/bin/python3']);
  });
  it('run from a package folder: its own .venv and the top\'s', async () => {
    await row('cd pkg && uv run pytest', { 'pkg/pyproject.toml': '[project]\nname = "p"\nversion = "0"\n' }, ['pkg/.venv/bin/pytest', '.venv/bin/pytest']);
  });
  it('pdm\'s PEP 582 folder and a pdm script\'s program', async () => {
    await row('pdm run test', { 'pyproject.toml': '[project]\nname = "w"\nversion = "0"\n[tool.pdm.scripts]\ntest = "pytest -q"\n' }, ['__pypackages__/3.12/bin/pytest', '.venv/bin/pytest']);
  });
  it.each([
    ['tox -e py', { 'tox.ini': '[testenv]\ncommands = pytest {posargs}\n' }],
    ['tox', { 'setup.cfg': '[tox:tox]\nenvlist = py\n[testenv]\ncommands =\n    pytest\n' }],
    ['tox run -e py -- -x', { 'tox.ini': '[testenv]\ncommands = pytest {posargs}\n' }],
    ['python -m tox -e py', { 'tox.ini': '[testenv]\ncommands = pytest\n' }],
    ['tox exec -e py -- pytest', { 'tox.ini': '[testenv]\n' }],
  ])('%s: .tox/<env>/bin/pytest asks', async (hook, files) => {
    await row(hook, { ...files, '.tox/py/pyvenv.cfg': 'home = /usr/bin\n', '.tox/py/bin/pytest': '#!/bin/sh\n' }, ['.tox/py/bin/pytest', '.tox/lint/bin/pytest', 'setup.py']);
  });
  it('nox: the noxfile and every program of its sessions\' environments ask', async () => {
    await row('nox -s tests lint', { 'noxfile.py': 'import nox\n', '.nox/tests/bin/pytest': '#!/bin/sh\n' }, ['noxfile.py', '.nox/tests/bin/pytest', '.nox/lint/bin/ruff', 'setup.py']);
  });
});

describe('R18-6: a front-end that installs the project obeys what the install runs', () => {
  const BACKEND = '[build-system]\nrequires = []\nbuild-backend = "backend"\nbackend-path = ["tools"]\n[project]\nname = "w"\nversion = "0"\n';
  it.each(['uv run pytest', 'hatch run pytest', 'pdm run pytest', 'tox -e py', 'nox'])('%s: setup.py, the in-tree backend, hatch_build.py and pdm_build.py ask', async (hook) => {
    await row(hook, { 'pyproject.toml': BACKEND, 'tools/backend.py': 'def build_wheel(*a): pass\n', 'tox.ini': '[testenv]\ncommands = pytest\n', 'noxfile.py': 'import nox\n' }, ['setup.py', 'tools/backend.py', 'tools/helper.py', 'hatch_build.py', 'pdm_build.py']);
  });
  it('backend-path ["."]: the backend module asks, the package sources stay free', async () => {
    await row('uv run pytest', { 'pyproject.toml': '[build-system]\nbuild-backend = "_build"\nbackend-path = ["."]\n[project]\nname = "w"\nversion = "0"\n', '_build.py': 'x = 1\n' }, ['_build.py']);
  });
  it.each([
    ['a [tool.uv.sources] path source', '[tool.uv.sources]\ntp = { path = "tools/tp" }\n', ['tools/tp/setup.py', 'tools/tp/pyproject.toml', 'tools/tp/hatch_build.py']],
    ['a workspace member', '[tool.uv.workspace]\nmembers = ["packages/*"]\n', ['packages/a/setup.py', 'packages/a/hatch_build.py']],
    ['a file: reference', '[dependency-groups]\ndev = ["tp @ file:///${PROJECT_ROOT}/tools/tp"]\n', ['tools/tp/setup.py']],
    ['a hatch build hook\'s path', '[tool.hatch.build.hooks.custom]\npath = "tools/hook.py"\n', ['tools/hook.py']],
    ['a pdm custom hook', '[tool.pdm.build]\ncustom-hook = "tools/pdm_hook.py"\n', ['tools/pdm_hook.py']],
    ['a setuptools cmdclass', '[tool.setuptools.cmdclass]\nbuild_py = "tools.build.BuildPy"\n', ['tools/build.py', 'tools/__init__.py']],
  ])('uv run / hatch run: %s', async (_name, extra, asks) => {
    for (const hook of ['uv run pytest', 'hatch run pytest']) await row(hook, { 'pyproject.toml': `[project]\nname = "w"\nversion = "0"\n${extra}`, 'tools/tp/pyproject.toml': '[project]\nname = "tp"\nversion = "0"\n', 'packages/a/pyproject.toml': '[project]\nname = "a"\nversion = "0"\n' }, asks);
  });
  // (hatch's own row reads every string of an environment table as a script line: a `path` there is unmodelled.)
  it('a hatch environment\'s in-project path (uv run)', async () => {
    await row('uv run pytest', { 'pyproject.toml': '[project]\nname = "w"\nversion = "0"\n[tool.hatch.envs.default]\npath = ".hatch-env"\n' }, ['.hatch-env/bin/pytest']);
  });
  it('setup.cfg\'s cmdclass block', async () => {
    await row('tox', { 'setup.cfg': '[options]\ncmdclass =\n    build_py = tools.build:BuildPy\n', 'tox.ini': '[testenv]\ncommands = pytest\n' }, ['tools/build.py']);
  });
  it('tox\'s deps: a local path and the local packages its requirements files list', async () => {
    const files = {
      'tox.ini': '[testenv]\ndeps =\n    pytest>=7\n    -e {toxinidir}/tools/x\n    -rrequirements-dev.txt\ncommands = pytest\n',
      'requirements-dev.txt': '-r requirements.txt\nruff  # lint\n',
      'requirements.txt': 'requests==2.32.0\n-e ./tools/y\nz @ file:///${PROJECT_ROOT}/tools/z\n',
      'tools/x/pyproject.toml': '[project]\nname = "x"\nversion = "0"\n',
    };
    await row('tox -e py', files, ['tools/x/setup.py', 'tools/x/pyproject.toml', 'requirements-dev.txt', 'requirements.txt', 'tools/y/setup.py', 'tools/z/setup.py']);
  });
  it('tox.toml\'s deps list', async () => {
    await row('tox', { 'tox.toml': '[env_run_base]\ndeps = ["pytest", "-e tools/x"]\ncommands = [["pytest"]]\n' }, ['tools/x/setup.py']);
  });
  it('a pyproject.toml that does not parse: unmodelled', async () => {
    await row('uv run pytest', { 'pyproject.toml': '[project\nname = 1\n' }, SOURCES, []);
  });
});

describe('R18-6: an option or sub-command the table does not know is unmodelled (the whole tree asks)', () => {
  it.each([
    'uv run --directory sub pytest', 'uv run --project sub pytest', 'uv run --with ./tools/x pytest', 'uv run --with-requirements r.txt pytest', 'uv run --mystery pytest',
    'uv run --python tools/python pytest', 'poetry -C sub run pytest', 'pdm run -p sub pytest', 'hatch --data-dir d run pytest', 'hatch mystery', 'tox -c other.ini', 'tox --workdir w -e py',
    'tox devenv venv', 'nox -f tools/noxfile.py', 'uvx --from . mytool', 'uvx --from ./tools/x x', 'uvx --with ./tools/x ruff', 'nox --envdir e', 'pipenv run --mystery pytest', '[tool.uv.workspace] members = ["**"]',
  ])('%s', async (hook) => {
    const files: Record<string, string> = hook.startsWith('[') ? { 'pyproject.toml': '[project]\nname = "w"\nversion = "0"\n[tool.uv.workspace]\nmembers = ["packages/**"]\n' } : {};
    await row(hook.startsWith('[') ? 'uv run pytest' : hook, files, SOURCES, []);
  });
});

describe('R18-6: a front-end\'s own settings and variables', () => {
  it.each([
    ['UV_PROJECT_ENVIRONMENT set for uv', 'UV_PROJECT_ENVIRONMENT=envs/x uv run pytest', {}],
    ['tox\'s work_dir', 'tox -e py', { 'tox.ini': '[tox]\nwork_dir = .mytox\n[testenv]\ncommands = pytest\n' }],
    ['poetry.toml\'s virtualenvs.path', 'poetry run pytest', { 'poetry.toml': '[virtualenvs]\npath = "envs"\n' }],
    ['pdm.toml\'s venv.location', 'pdm run pytest', { 'pdm.toml': '[venv]\nlocation = "envs"\n' }],
  ])('%s moves the environments: unmodelled', async (_name, hook, files) => {
    await row(hook, files, SOURCES, []);
  });
  it.each([
    ['pdm run pytest', { '.pdm-python': 'tools/py/bin/python\n' }, ['.pdm-python', 'tools/py/bin/python', 'pdm.toml']],
    ['uv run pytest', { '.python-version': './tools/py/bin/python\n' }, ['.python-version', 'tools/py/bin/python', 'uv.toml']],
    // (.env itself is not accessible to the agent: readonly-secrets.)
    ['pipenv run pytest', { '.env': 'PYTHONPATH=tools\nCI=1\n', 'tools/sitecustomize.py': 'x = 1\n' }, ['tools/sitecustomize.py', 'Pipfile']],
    ['tox -e py', { 'tox.ini': '[testenv]\ncommands = pytest\n' }, ['toxfile.py', 'tox.toml']],
    ['poetry run pytest', { 'poetry.toml': '[virtualenvs]\nin-project = true\n' }, ['poetry.toml']],
  ])('%s: the settings file and the interpreter or folder it names ask', async (hook, files, asks) => {
    await row(hook, files, asks);
  });
});

describe('F3 stays free: an ordinary front-end hook leaves the sources free', () => {
  it.each(['uv run pytest', 'uv run --frozen pytest -q', 'poetry run pytest', 'pdm run pytest', 'hatch run pytest', 'hatch test', 'pipenv run pytest', 'tox -e py', 'tox -p auto', 'nox -s tests', 'uv run python -m pytest', 'pdm lint', 'uvx ruff check .', 'uvx --from ruff==0.5 ruff check'])('%s', async (hook) => {
    await row(hook, { ...VENV, 'tox.ini': '[testenv]\ncommands = pytest\n', 'noxfile.py': 'import nox\n', 'pyproject.toml': '[project]\nname = "w"\nversion = "0"\n[tool.pdm.scripts]\nlint = "ruff check ."\n' }, [], [...SOURCES, 'README.md']);
  });
});
