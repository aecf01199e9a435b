// py19 Left (issue 26): what nox's sessions, hatch's environments and poetry's own options say, read instead of
// failing closed. noxfile.py `session.run("sh", "tools/x.sh")` is a command line, `session.install("./tools/x")` an
// install (its build files ask); an argument that is not a literal makes the line unmodelled (the whole tree asks).
// hatch's `python = "3.12"`, `path`, `dependencies` are settings, not script lines; its scripts, install commands and
// env-vars are read; a key it does not know fails closed. `poetry -q run pytest` goes through the front-ends' table.
// Layouts by hand (no nox, hatch or poetry here); each row: a real repository and hook, the engine under --yes.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-py20-');
const PROJECT = { 'pyproject.toml': '[project]\nname = "w"\nversion = "0"\n', 'src/w/__init__.py': 'X = 1\n', 'tests/test_a.py': 'def test_a():\n    assert True\n' };
const SOURCES = ['src/w/__init__.py', 'tests/test_a.py'];
const row = (hook: string, files: Record<string, string>, asks: string[], free: string[] = SOURCES) =>
  checkHookRow(place.next(), place.home, { hook, files: { ...PROJECT, ...files }, asks, free, content: '# ok\n' });
const nox = (body: string): Record<string, string> => ({ 'noxfile.py': `import nox\n\n@nox.session\ndef tests(session):\n${body.split('\n').map((line) => `    ${line}`).join('\n')}\n` });

describe('nox: the literal arguments of its sessions\' calls', () => {
  it('session.install("./tools/x"), session.run("sh", "tools/x.sh"), session.run("python", "tools/c.py", *session.posargs): each asks', async () => {
    await row('nox -s tests', nox('session.install("./tools/x")\nsession.run("sh", "tools/x.sh")\nsession.run("python", "tools/c.py", *session.posargs, external=True)'),
      ['tools/x/setup.py', 'tools/x/pyproject.toml', 'tools/x.sh', 'tools/c.py']);
  });
  it('session.install("-r", "requirements-dev.txt"): the file and the local package it lists ask', async () => {
    await row('nox', { ...nox('session.install("-r", "requirements-dev.txt")\nsession.run("pytest")'), 'requirements-dev.txt': 'pytest\n-e ./tools/y\n' }, ['requirements-dev.txt', 'tools/y/setup.py']);
  });
  it('session.run(…, env={"PYTHONPATH": "tools"}): what the variable loads asks', async () => {
    await row('nox -s tests', nox('session.run("pytest", env={"PYTHONPATH": "tools"})'), ['tools/sitecustomize.py']);
  });
  it('the same variable on a hook line, a bare folder name (`PYTHONPATH=tools pytest`): python loads from it', async () => {
    await row('PYTHONPATH=tools pytest -q', {}, ['tools/sitecustomize.py', 'tools/usercustomize.py']);
  });
  it.each([
    ['a name', 'args = ["sh", "tools/x.sh"]\nsession.run(*args)'],
    ['an f-string', 'name = "x"\nsession.run("sh", f"tools/{name}.sh")'],
    ['an install of a name', 'session.install(PATH)'],
    ['session.chdir', 'session.chdir("docs")\nsession.run("make", "html")'],
    ['a keyword it does not know', 'session.run("pytest", cwd="tools")'],
    ['a method it does not know', 'session.install_and_run_script("tools/x.py")'],
  ])('%s: unmodelled, the sources ask', async (_, body) => {
    await row('nox -s tests', nox(body), SOURCES, []);
  });
  it('a session parameter named otherwise (`def lint(s)`): unmodelled', async () => {
    await row('nox', { 'noxfile.py': 'import nox\n\n@nox.session(python="3.12")\ndef lint(s):\n    s.run("sh", "tools/x.sh")\n' }, SOURCES, []);
  });
  it('an ordinary noxfile (install the project and pytest, run pytest with posargs): the sources stay free', async () => {
    await row('nox -s tests -- -x', nox('session.install("pytest", ".")\nsession.install("-e", ".[test]")\nsession.run("pytest", "-q", *session.posargs)\nsession.notify("lint")'), ['.nox/tests/bin/pytest', 'setup.py']);
  });
});

describe('hatch: environment settings are not script lines', () => {
  const HATCH = '[project]\nname = "w"\nversion = "0"\n[tool.hatch.envs.default]\npython = "3.12"\npath = ".hatch-env"\ntype = "virtual"\ndependencies = ["pytest", "coverage[toml]>=6"]\nfeatures = ["test"]\n';
  it('python, path, type, dependencies, features: hatch run stays modelled, the sources free', async () => {
    await row('hatch run test', { 'pyproject.toml': `${HATCH}[tool.hatch.envs.default.scripts]\ntest = "pytest -q"\n` }, ['.venv/bin/pytest']);
  });
  it('hatch.toml\'s [envs.default] the same', async () => {
    await row('hatch run test', { 'hatch.toml': '[envs.default]\npython = "3.12"\ndependencies = ["pytest"]\n[envs.default.scripts]\ntest = "pytest -q"\n' }, ['hatch.toml']);
  });
  it('scripts, pre-install-commands and env-vars are read: what they run asks', async () => {
    await row('hatch run lint', { 'pyproject.toml': `${HATCH}pre-install-commands = ["python tools/pre.py"]\n[tool.hatch.envs.default.env-vars]\nPYTHONPATH = "libs"\n[tool.hatch.envs.default.scripts]\nlint = ["sh tools/l.sh", "flake8 src"]\n` }, ['tools/pre.py', 'tools/l.sh', 'libs/sitecustomize.py']);
  });
  it.each([
    ['a key it does not know', '[tool.hatch.envs.default.overrides]\nmatrix.v.scripts = "x"\n'],
    ['a dependency naming a local path', '[tool.hatch.envs.lint]\ndependencies = ["x @ file:///{root}/tools/x"]\n'],
    ['an env-var hatch formats', '[tool.hatch.envs.default.env-vars]\nPYTHONPATH = "{root}/tools"\n'],
  ])('%s: unmodelled, the sources ask', async (_, more) => {
    await row('hatch run pytest', { 'pyproject.toml': `${HATCH}${more}` }, SOURCES, []);
  });
});

describe('poetry: its own options before run, through the front-ends\' table', () => {
  it.each(['poetry -q run pytest', 'poetry --no-interaction run pytest -q', 'poetry -n -q run pytest -x'])('%s: .venv/bin/pytest asks, the sources stay free', async (hook) => {
    await row(hook, { '.venv/pyvenv.cfg': 'home = /usr/bin\n' }, ['.venv/bin/pytest', '.venv/bin/python']);
  });
  it('poetry --directory x run pytest: still unmodelled (another project\'s environment)', async () => {
    await row('poetry --directory x run pytest', {}, SOURCES, []);
  });
});
