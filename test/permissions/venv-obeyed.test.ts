// Issue 26, catalogue precision: a Python virtual environment's start-up code is obeyed, and only a venv's.
// From the attacker's side, through the real binary under --yes: a model plants a site-packages `.pth` line
// or a sitecustomize.py (Python runs both at every interpreter start, whatever script the user runs) by the
// write tool, by a shell redirection, and by a script a sandboxed run executes; each asks or is set aside
// (the old catalogue let all of them through). The interpreter of a folder that is not a venv is an
// ordinary file (`tools/bin/python-helper` was refused because it sat in a folder named bin).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isObeyedLater } from '../../src/permissions/obeyed.js';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

const SITE = '.venv/lib/python3.12/site-packages';
const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;

describe('a virtual environment\'s start-up code, planted by a model under --yes', () => {
  let root: string;
  beforeEach(async () => {
    root = await tempDir();
    await writeFiles(root, { '.venv/pyvenv.cfg': 'home = /usr/bin\n', [`${SITE}/ok.py`]: '', 'shaped/bin/activate': '', 'tools/bin/run': '' });
  });
  afterEach(async () => {
    await removeDir(root);
  });
  const write = (file: string): ReturnType<typeof runCli> => runCli(['--json', '-C', root, 'write', '--file', file, '--content', 'import os; os.system("id")\n']);

  it.each([`${SITE}/evil.pth`, `${SITE}/sitecustomize.py`, `${SITE}/usercustomize.py`, `${SITE}/__pycache__/sitecustomize.cpython-312.pyc`, '.venv/lib64/python3.12/site-packages/a.pth', 'win/Lib/site-packages/a.pth', '.venv/bin/python3', 'shaped/bin/python'])('write %s asks (safety-immune)', (file) => {
    const run = write(file);
    expect(run.json.error?.code, run.stdout).toBe('C241');
    expect(run.json.error?.message).toMatch(/safety-immune/);
    expect(existsSync(join(root, file))).toBe(false);
  });

  it('a shell line that moves a .pth into site-packages asks', () => {
    const run = runCli(['--json', '-C', root, 'exec', '--no-stage', '--cmd', `printf 'import os\\n' > x.txt && mv x.txt ${SITE}/e.pth`]);
    expect(run.json.error?.code, run.stdout).toBe('C241');
    expect(existsSync(join(root, SITE, 'e.pth'))).toBe(false);
  });

  it.skipIf(!bwrapWorks)('a script run in the sandbox that writes a .pth: the .pth is set aside, its other files are applied', async () => {
    await writeFiles(root, { 'gen.sh': `printf 'import os\\n' > ${SITE}/e.pth\nprintf x > ${SITE}/new.py\n` });
    for (const mode of [[], ['--no-stage']]) {
      const run = runCli(['--json', '-C', root, 'exec', ...mode, '--cmd', 'sh gen.sh']);
      // In place, the script's text is judged before it runs (red team R34-6): its write of a .pth asks.
      if (mode.length > 0) {
        expect(run.json.error?.code, run.stdout).toBe('C241');
        expect(existsSync(join(root, SITE, 'e.pth'))).toBe(false);
        continue;
      }
      expect(run.json.ok, run.stdout).toBe(true);
      expect(existsSync(join(root, SITE, 'e.pth')), mode.join(' ')).toBe(false);
      expect(existsSync(join(root, SITE, 'new.py'))).toBe(true);
      for (const name of readdirSync(join(root, SITE))) if (name.startsWith('e.pth')) spawnSync('rm', ['-f', join(root, SITE, name)]);
    }
  });

  it('outside a venv, bin/python* and activate look-alikes are ordinary files (written under --yes)', () => {
    for (const file of ['tools/bin/python-helper', 'tools/bin/python3', 'tools/bin/activate-license', 'tools/bin/activate.sh']) {
      const run = write(file);
      expect(run.json.ok, `${file}: ${run.stdout}`).toBe(true);
    }
  });

  // Red team R19-11: the venv's own configuration of the tools that read sys.prefix (pip's find-links made the
  // next `.venv/bin/pip install` build a planted sdist; Jupyter's config code and kernelspec argv; IPython's config).
  it.each(['.venv/pip.conf', '.venv/pip.ini', '.venv/etc/jupyter/jupyter_server_config.py', '.venv/etc/jupyter/jupyter_notebook_config.json', '.venv/share/jupyter/kernels/python3/kernel.json', '.venv/etc/ipython/ipython_config.py', 'shaped/etc/ipython/profile_default/startup/a.py'])('R19-11: write %s (a venv\'s config of pip, Jupyter, IPython) asks', (file) => {
    const run = write(file);
    expect(run.json.error?.code, run.stdout).toBe('C241');
    expect(existsSync(join(root, file))).toBe(false);
  });

  // npmconf19's R19-11 scope: JupyterLab's settings overrides and the extensions a notebook page runs (JavaScript with
  // the server's token); a conda environment (`conda-meta/`) is a venv for every in-venv row.
  it.each(['.venv/share/jupyter/lab/settings/overrides.json', '.venv/share/jupyter/labextensions/x/package.json', '.venv/share/jupyter/nbextensions/x/main.js', 'cenv/bin/python3', 'cenv/pip.conf', 'cenv/etc/jupyter/jupyter_server_config.py', 'cenv/share/jupyter/kernels/k/kernel.json'])('py20: write %s (Jupyter extensions, a conda environment) asks', async (file) => {
    await writeFiles(root, { 'cenv/conda-meta/history': '' });
    const run = write(file);
    expect(run.json.error?.code, run.stdout).toBe('C241');
    expect(existsSync(join(root, file))).toBe(false);
  });

  // Red team R20-17 (env21): conda's activation scripts (sourced by every `conda activate`, `pixi run`, `pixi shell`),
  // JupyterLab's whole share/jupyter/lab, and pixi's environments by their place (a fresh clone has none yet: the first
  // `pixi run` makes `.pixi/envs/default` and sources what a write put there).
  it.each(['cenv/etc/conda/activate.d/a.sh', 'cenv/etc/conda/deactivate.d/d.sh', '.venv/etc/conda/activate.d/a.sh', '.venv/share/jupyter/lab/static/x.js', '.pixi/envs/default/etc/conda/activate.d/a.sh', '.pixi/envs/default/bin/python', '.pixi/envs/lint/pip.conf', '.pixi/envs/default/share/jupyter/labextensions/x/package.json'])('R20-17: write %s (activation scripts, JupyterLab, a pixi environment) asks', async (file) => {
    await writeFiles(root, { 'cenv/conda-meta/history': '' });
    const run = write(file);
    expect(run.json.error?.code, run.stdout).toBe('C241');
    expect(existsSync(join(root, file))).toBe(false);
  });

  it('R20-17: outside an environment the same names are ordinary files', () => {
    for (const file of ['docs/etc/conda/activate.d/a.sh', 'tools/share/jupyter/lab/static/x.txt', '.pixi/cache/bin/python', 'pixi/envs/default/bin/python', 'src/main.py']) {
      const run = write(file);
      expect(run.json.ok, `${file}: ${run.stdout}`).toBe(true);
    }
  });

  it('py20: outside a venv or conda environment the same names are ordinary files', () => {
    for (const file of ['docs/share/jupyter/lab/settings/overrides.json', 'docs/share/jupyter/labextensions/x/package.json', 'web/share/jupyter/nbextensions/x/README', 'tools/bin/python3', 'tools/conda-meta.md']) {
      const run = write(file);
      expect(run.json.ok, `${file}: ${run.stdout}`).toBe(true);
    }
  });

  // npmconf19's R19-11 scope (checked: the env table already held these rows; locked here): PIP_CONFIG_FILE,
  // PYTHONSTARTUP and PYTHONPATH named in a workspace .envrc or a mise [env] obey what they name.
  it('py20: PIP_CONFIG_FILE, PYTHONSTARTUP, PYTHONPATH in .envrc and mise [env]: the named file or folder asks', async () => {
    await writeFiles(root, { '.envrc': 'export PIP_CONFIG_FILE=tools/pip.conf\nexport PYTHONSTARTUP=tools/start.py\nexport PYTHONPATH=libs\n', 'sub/mise.toml': '[env]\nPIP_CONFIG_FILE = "conf/pip.ini"\nPYTHONPATH = "mlibs"\nPYTHONSTARTUP = "conf/s.py"\n' });
    for (const file of ['tools/pip.conf', 'tools/start.py', 'libs/sitecustomize.py', 'sub/conf/pip.ini', 'sub/mlibs/sitecustomize.py', 'sub/conf/s.py']) expect(write(file).json.error?.code, file).toBe('C241');
    expect(write('src/a.txt').json.ok).toBe(true);
  });

  it('R19-11: outside a venv the same names are ordinary files', () => {
    for (const file of ['pip.conf', 'tools/pip.ini', 'docs/etc/jupyter/jupyter_server_config.py', 'docs/share/jupyter/kernels/k/kernel.json', 'tools/etc/ipython/x.py']) {
      const run = write(file);
      expect(run.json.ok, `${file}: ${run.stdout}`).toBe(true);
    }
  });

  it('the markers that make a folder a venv are obeyed everywhere (no call makes a venv unasked)', () => {
    for (const file of ['tools/pyvenv.cfg', 'tools/bin/activate', 'tools/Scripts/activate.bat', 'tools/bin/activate.fish', 'tools/conda-meta/history']) expect(write(file).json.error?.code, file).toBe('C241');
  });
});

describe('the catalogue without a context (no file system) keeps a venv\'s interpreter obeyed', () => {
  it('bin/python* holds everywhere when nothing can tell whether the folder is a venv', () => {
    expect(isObeyedLater('tools/bin/python3')?.family).toBe('shell');
    expect(isObeyedLater('tools/bin/python3', { gitPaths: [], venv: () => false })).toBeUndefined();
    // A shell argument's names before the folder (`--out=`) and an absolute path: some trailing run is the venv.
    const venv = (folder: string): boolean => folder === '.venv';
    expect(isObeyedLater('--out=.venv/bin/python3', { gitPaths: [], venv })?.family).toBe('shell');
    expect(isObeyedLater('/w/ws/.venv/bin/python3', { gitPaths: [], venv })?.family).toBe('shell');
  });
});
