// friction19 Left 1-2 (issue 26): a hook that runs a program from a Python environment of the work tree (activated,
// by its bin path, through uv/tox/nox/pdm, or a bare name an activated shell finds there) runs that environment's
// site-packages: every `.pth`, and every distribution's `entry_points.txt` plug-in of flake8, pytest or mypy, with
// the module it names. Planted by the write tool (or a sandboxed install), `x.dist-info/entry_points.txt` + `x.py`
// ran at the next commit. Those files ask now, present or not, like node_modules' packages a hook runs (R14-8,
// R18-3). The project's sources stay free. Layouts are made by hand (no uv, tox, nox or conda here).
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { writeFiles } from '../helpers/fixture.js';
import { checkHookRow, rowPlace } from './hook-check.js';
import { git } from './git-run.js';

const place = rowPlace('cw-py-sites-');
const PROJECT = { 'pyproject.toml': '[project]\nname = "w"\nversion = "0"\n', 'src/w/__init__.py': 'X = 1\n', 'tests/test_a.py': 'def test_a():\n    assert True\n' };
const SITE = '.venv/lib/python3.12/site-packages';
const VENV = { '.venv/pyvenv.cfg': 'home = /usr/bin\n', '.venv/bin/activate': '', '.venv/bin/flake8': '#!/bin/sh\n', '.venv/bin/pytest': '#!/bin/sh\n', [`${SITE}/ok.py`]: '' };
const PLUGIN = [`${SITE}/x-1.0.dist-info/entry_points.txt`, `${SITE}/x-1.0.dist-info/METADATA`, `${SITE}/x.py`, `${SITE}/ok.py`];
const SOURCES = ['src/w/__init__.py', 'tests/test_a.py'];
const row = (hook: string, files: Record<string, string>, asks: string[], free: string[] = SOURCES) =>
  checkHookRow(place.next(), place.home, { hook, files: { ...PROJECT, ...files }, asks, free, content: '# ok\n' });

describe('friction19 Left 1: a workspace environment a hook runs a program from', () => {
  it.each([
    '. .venv/bin/activate && flake8 src',
    'source .venv/bin/activate\nflake8 src',
    '.venv/bin/flake8 src',
    '.venv/bin/python -m pytest -q',
    'python3 .venv/bin/pytest',
    'uv run pytest',
    'poetry run pytest',
    'hatch run pytest',
  ])('%s: its site-packages plug-ins ask, the sources stay free', async (hook) => {
    await row(hook, VENV, PLUGIN);
  });
  it('a fresh clone (no .venv yet): the environment\'s site-packages are obeyed all the same', async () => {
    await row('.venv/bin/flake8 src', {}, [`${SITE}/x-1.0.dist-info/entry_points.txt`, `${SITE}/x.py`, '.venv/lib64/python3.12/site-packages/y.py']);
  });
  it.each([
    ['tox -e py', { 'tox.ini': '[testenv]\ncommands = pytest\n' }, ['.tox/py/lib/python3.11/site-packages/x.py', '.tox/lint/lib/python3.12/site-packages/y-1.dist-info/entry_points.txt']],
    ['nox -s tests', { 'noxfile.py': 'import nox\n' }, ['.nox/tests/lib/python3.12/site-packages/x.py']],
    ['pdm run pytest', {}, ['__pypackages__/3.12/lib/x.py', '__pypackages__/3.12/lib/x-1.dist-info/entry_points.txt', `${SITE}/x.py`]],
  ])('%s: the front-end\'s environments\' site-packages ask', async (hook, files, asks) => {
    await row(hook, files, asks);
  });
  it.each(['pytest -q', 'flake8 src', 'python -m pytest', 'env CI=1 pytest'])('%s (bare, as an activated shell runs it): the environment\'s program and plug-ins ask', async (hook) => {
    await row(hook, VENV, [...PLUGIN, `.venv/bin/${hook.replace(/^env CI=1 /, '').split(' ')[0]!}`]);
  });
  it('a conda environment (conda-meta) found by a bare program: its site-packages ask', async () => {
    await row('pytest -q', { 'cenv/conda-meta/history': '', 'cenv/bin/pytest': '#!/bin/sh\n' }, ['cenv/lib/python3.12/site-packages/x.py', 'cenv/bin/pytest', 'cenv/bin/python3']);
  });
  it('direnv\'s `layout python` environment (.direnv/python-3.12) found by a bare program: its site-packages ask', async () => {
    await row('flake8 src', { '.direnv/python-3.12/pyvenv.cfg': '', '.direnv/python-3.12/bin/flake8': '#!/bin/sh\n' }, ['.direnv/python-3.12/lib/python3.12/site-packages/x.py', '.direnv/python-3.12/bin/flake8']);
  });
  it('a program path through another environment folder (`env/bin/pytest`): that environment', async () => {
    await row('env/bin/pytest -q', {}, ['env/lib/python3.12/site-packages/x.py']);
  });
  it('friction19 Left 2: pyright runs the python on PATH; the activated environment\'s interpreter and start-up code ask', async () => {
    await row('. .venv/bin/activate && pyright', { ...VENV, '.venv/bin/python': '' }, ['.venv/bin/python', `${SITE}/a.pth`, `${SITE}/sitecustomize.py`, `${SITE}/x.py`]);
  });
});

describe('controls: what a Python hook does not run stays free', () => {
  it.each(['uv run pytest', 'pytest -q', '. .venv/bin/activate && flake8 src'])('%s: the sources, the README and a data file stay free', async (hook) => {
    await row(hook, VENV, [], [...SOURCES, 'README.md', 'data/x.csv']);
  });
  it('a hook that runs only inert shell tools: a present environment\'s packages are the installer\'s (free)', async () => {
    await row('git diff --cached --quiet || echo changed', VENV, [], [...SOURCES, `${SITE}/x.py`]);
  });
  it('a bare program not installed in the environment yet (`pytest` before `pip install pytest`): a plug-in planted now asks', async () => {
    await row('pytest -q', { '.venv/pyvenv.cfg': 'home = /usr/bin\n' }, [`${SITE}/x-1.0.dist-info/entry_points.txt`, `${SITE}/x.py`, '.venv/bin/pytest']);
  });
});

describe('an environment made after the first judgement (the kept hook walk is not reused)', () => {
  it('pytest -q: .venv gets its marker and bin/pytest later; its site-packages then ask in the same engine', async () => {
    const root = place.next();
    await writeFiles(root, { ...PROJECT, '.venv/lib/python3.12/site-packages/ok.py': '' });
    git(root, 'init', '-q');
    await writeFile(join(root, '.git/hooks/pre-commit'), '#!/bin/sh\npytest -q\n');
    await chmod(join(root, '.git/hooks/pre-commit'), 0o755);
    const engine = await createEngine({ workspace: root, env: { HOME: place.home }, permissions: { home: place.home, yes: true } });
    try {
      expect(await engine.run({ cmd: 'write', args: { file: `${SITE}/a.py`, content: '# ok\n' } })).toMatchObject({ ok: true });
      await writeFiles(root, { '.venv/pyvenv.cfg': 'home = /usr/bin\n', '.venv/bin/pytest': '#!/bin/sh\n' });
      expect(await engine.run({ cmd: 'write', args: { file: `${SITE}/x.py`, content: '# ok\n' } })).toMatchObject({ ok: false, error: { code: 'C241' } });
      expect(await engine.run({ cmd: 'write', args: { file: 'src/w/__init__.py', content: '# ok\n' } })).toMatchObject({ ok: true });
    } finally {
      await engine.close();
    }
  });
});
