// Python's project front-ends on a hook line (red team R18-6): `uv run pytest`, `poetry run`, `pdm run`, `hatch run`,
// `pipenv run` put the project's environment first on PATH and run `<env>/bin/pytest`; tox runs its configuration's
// `commands` from `.tox/<env>/bin`, nox its noxfile's sessions from `.nox/<session>/bin`; `uv run`, `hatch run`,
// `pdm run`, tox and nox first install the project (build it: hook-python-install.ts). ONE table: each front-end's
// sub-commands (what each does), the environment bin folders it runs programs from (relative to the project; `*`
// one name), whether it installs the project, and the options it is known with. An option the table does not
// know (or a valued one whose value names a file: `--directory`, `-c tox.ini`, `--with ./tools/x`) is unmodelled:
// the walk's "unknown" answer, the whole tree obeyed.

// run: a program follows (its options, then its words); commands: the configuration's command lines, in its
// environments (tox, nox); test: pytest in the environment (`hatch test`); script: a script of the configuration
// (`pdm lint`, read by hook-taskfiles.ts); sync: installs the project, runs nothing else; none: neither.
export type Does = 'run' | 'commands' | 'test' | 'script' | 'sync' | 'none';

interface FrontEnd {
  // The sub-commands it is known with (`''`: none given); a word not listed is unmodelled unless `other` says.
  readonly subs: Readonly<Record<string, Does>>;
  readonly other?: Does;
  readonly envs: readonly string[];
  // Whether `run`/`commands`/`test`/`script` install the project first.
  readonly syncs: boolean;
  readonly flags: readonly string[];
  // Options with a value naming no file (a version, an extra, an environment's name).
  readonly valued: readonly string[];
  // nox: its words that are no option are the values of the option before (`-s a b`).
  readonly values?: true;
  // uvx: its first word that is no option is the program (no sub-command).
  readonly direct?: true;
  // Its own settings files in a project folder (obeyed), and the keys there that move its environments
  // elsewhere (`[tox] work_dir`, poetry's `virtualenvs.path`): not modelled.
  readonly configs: readonly string[];
  readonly moves?: RegExp;
}

const QUIET = ['-q', '--quiet', '-qq', '-v', '-vv', '-vvv', '--verbose', '-h', '--help'];
const UV_FLAGS = ['-n', '--no-cache', '--offline', '--no-progress', '--native-tls', '--preview', '--no-preview', '--no-sync', '--frozen', '--locked', '--isolated', '--no-dev', '--dev', '--only-dev',
  '--all-extras', '--no-project', '--active', '--no-active', '--exact', '--inexact', '--all-packages', '--all-groups', '--no-default-groups', '--no-editable', '--no-env-file', '--compile-bytecode',
  '--refresh', '--reinstall', '--upgrade', '-U', '--no-build-isolation', '--no-build', '--no-binary', '--no-install-project', '--no-install-workspace', '--managed-python', '--no-managed-python',
  '--no-python-downloads', '-m', '--module', '-s', '--script', '--gui-script'];
const UV_VALUED = ['--python', '-p', '--extra', '--no-extra', '--group', '--only-group', '--no-group', '--package', '--with', '--color', '--index-strategy', '--resolution', '--prerelease', '--link-mode',
  '--python-platform', '--refresh-package', '--reinstall-package', '--upgrade-package', '--exclude-newer'];
const TOX_FLAGS = ['-r', '--recreate', '--notest', '--no-test', '-n', '--skip-pkg-install', '--no-recreate-pkg', '--parallel-live', '-o', '--develop', '--skip-missing-interpreters', '--no-provision', '--list-dependencies', '-a'];
const NOX_FLAGS = ['-r', '-R', '--reuse-existing-virtualenvs', '--no-reuse-existing-virtualenvs', '--reuse-venv', '--no-venv', '-x', '--stop-on-first-error', '--no-stop-on-first-error', '--error-on-missing-interpreters',
  '--no-error-on-missing-interpreters', '--error-on-external-run', '--no-error-on-external-run', '-l', '--list', '--list-sessions', '--json', '--no-install', '--install-only', '--add-timestamp', '--non-interactive', '--no-color', '--forcecolor'];

export const FRONT_ENDS: Readonly<Record<string, FrontEnd>> = {
  uv: { configs: ['uv.toml', '.python-version', '.python-versions'], subs: { run: 'run' }, envs: ['.venv/bin'], syncs: true, flags: [...QUIET, ...UV_FLAGS], valued: UV_VALUED },
  // uvx (`uv tool run`): the tool's environment is in the user's cache; `--from ./tools/x` builds a local path.
  uvx: { configs: ['uv.toml'], subs: {}, direct: true, envs: [], syncs: false, flags: [...QUIET, ...UV_FLAGS], valued: [...UV_VALUED, '--from'] },
  poetry: { configs: ['poetry.toml'], moves: /^\s*path\s*=/m, subs: { run: 'run' }, envs: ['.venv/bin'], syncs: false, flags: [...QUIET, '-n', '--no-interaction', '--ansi', '--no-ansi', '--no-plugins', '--no-cache'], valued: [] },
  // pipenv loads `.env` into the program's environment (hook-python-envs.ts reads it).
  pipenv: { configs: ['Pipfile', '.env'], subs: { run: 'run' }, envs: ['.venv/bin'], syncs: false, flags: QUIET, valued: ['--python'] },
  // pdm: `pdm NAME` runs the script NAME; its in-project `.venv`, or PEP 582's `__pypackages__/<version>/bin`.
  pdm: {
    configs: ['pdm.toml', '.pdm.toml', '.pdm-python'], moves: /^\s*location\s*=/m,
    subs: { run: 'run', install: 'sync', sync: 'sync', add: 'sync', update: 'sync', remove: 'sync', build: 'sync', lock: 'sync', venv: 'sync', use: 'none', list: 'none', show: 'none', info: 'none', config: 'none', cache: 'none', outdated: 'none', export: 'none', search: 'none' },
    other: 'script', envs: ['.venv/bin', '__pypackages__/*/bin'], syncs: true, flags: [...QUIET, '-s', '--site-packages', '--recreate', '-l', '--list', '-j', '--json'], valued: ['--venv'],
  },
  // hatch: its environments live in its data folder unless configured in the project (`path`, read by
  // hook-python-install.ts) or `.hatch/<env>`.
  hatch: {
    configs: ['hatch.toml'],
    subs: { run: 'run', test: 'test', build: 'sync', env: 'sync', shell: 'sync', version: 'sync', clean: 'sync', fmt: 'none', status: 'none', dep: 'none', config: 'none', python: 'none' },
    envs: ['.venv/bin', '.hatch/*/bin'], syncs: true, flags: [...QUIET, '--color', '--no-color', '--interactive', '--no-interactive'], valued: ['-e', '--env', '-p', '--project'],
  },
  // tox 4 imports `toxfile.py` beside its configuration as a plug-in.
  tox: {
    configs: ['tox.ini', 'tox.toml', 'setup.cfg', 'pyproject.toml', 'toxfile.py'], moves: /^\s*(?:work_dir|toxworkdir|env_dir|envdir|temp_dir|toxinidir)\s*=/m,
    subs: { '': 'commands', run: 'commands', r: 'commands', 'run-parallel': 'commands', p: 'commands', legacy: 'commands', le: 'commands', exec: 'run', e: 'run', list: 'none', l: 'none', config: 'none', c: 'none', depends: 'none', de: 'none' },
    envs: ['.tox/*/bin'], syncs: true, flags: [...QUIET, ...TOX_FLAGS], valued: ['-e', '-m', '-f', '-p', '--parallel', '--colored', '--hashseed', '--runner', '--exit-and-dump-after'],
  },
  nox: { configs: ['noxfile.py'], subs: { '': 'commands' }, values: true, envs: ['.nox/*/bin'], syncs: true, flags: [...QUIET, ...NOX_FLAGS], valued: ['-s', '--session', '--sessions', '-e', '-p', '--python', '--pythons', '-k', '-t', '--tags', '--default-venv-backend', '-db', '--force-python', '-P'] },
};

export interface FrontEndRun {
  readonly tool: string;
  readonly does: Does;
  // The words after the front-end's own (`run`'s program and its arguments; a script's name).
  readonly rest: readonly string[];
  readonly unknown?: string;
}

// A value that names a file or a folder (`./tools/x`, `tools/python`, `file:…`): not the table's to know.
const PATHLIKE = /[/\\:]|^\.|^~/;

// What the words after a front-end's name (`rest`) do, per its row.
function parse(tool: string, row: FrontEnd, rest: readonly string[]): FrontEndRun {
  let sub: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    const key = word.replace(/=.*$/, '');
    const unknown = (why: string): FrontEndRun => ({ tool, does: 'none', rest: [], unknown: `\`${tool} … ${word}\` (${why})` });
    // tox's and nox's `--`: the arguments their commands get as {posargs} / session.posargs.
    if (word === '--') {
      if (sub === undefined || row.subs[sub] !== 'run') break;
      return { tool, does: 'run', rest: rest.slice(i + 1) };
    }
    if (word.startsWith('-')) {
      if (row.flags.includes(word)) continue;
      if (!row.valued.includes(key)) return unknown('an option codeward does not model');
      const value = word.includes('=') ? word.slice(key.length + 1) : rest[++i];
      if (value !== undefined && PATHLIKE.test(value)) return unknown(`a value naming a file or folder: ${value}`);
      continue;
    }
    // nox: a word that is no option is a value of the option before it (`-s a b`).
    if (row.values === true) continue;
    if (row.direct === true) return { tool, does: 'run', rest: rest.slice(i) };
    if (sub === undefined) {
      sub = word;
      const does = row.subs[word] ?? row.other;
      if (does === undefined) return unknown('a sub-command codeward does not model');
      if (does === 'script') return { tool, does, rest: rest.slice(i) };
      if (does === 'sync' || does === 'none') return { tool, does, rest: [] };
      if (does === 'test') return { tool, does, rest: ['pytest', ...rest.slice(i + 1)] };
      continue;
    }
    // `tox exec` runs its program after `--` only.
    if (row.subs[sub] === 'run' && tool !== 'tox') return { tool, does: 'run', rest: rest.slice(i) };
    return unknown('an operand codeward does not model');
  }
  const does = sub === undefined ? row.subs[''] : row.subs[sub];
  return does === undefined ? { tool, does: 'none', rest: [] } : { tool, does, rest: [] };
}

// What may stand before the front-end's name: launchers, their options and numbers, assignments, `python -m`.
const BEFORE = /^(?:env|exec|command|time|nice|nohup|timeout|-\S*|\d[\w.]*|[A-Za-z_]\w*=.*|python[\d.]*)$/;

// The front-end a simple command's words start, if any (its name the first word, or after launchers and
// assignments: `env X=1 uv run pytest`, `python -m tox`).
export function frontEndRun(words: readonly string[]): FrontEndRun | undefined {
  const at = words.findIndex((word) => FRONT_ENDS[word.replace(/^.*\//, '')] !== undefined);
  if (at < 0 || !words.slice(0, at).every((word) => BEFORE.test(word))) return undefined;
  const tool = words[at]!.replace(/^.*\//, '');
  // Its own variables (`UV_PROJECT_ENVIRONMENT=x`, `TOX_WORK_DIR=x`, `VIRTUAL_ENV=x`) move or change its environments.
  const own = words.slice(0, at).find((word) => /^(?:UV|POETRY|PDM|HATCH|PIPENV|TOX|NOX|VIRTUAL_ENV|WORKON_HOME|CONDA)\w*=/.test(word));
  if (own !== undefined) return { tool, does: 'none', rest: [], unknown: `\`${own} ${tool}\` (a variable of its own set for it)` };
  return parse(tool, FRONT_ENDS[tool]!, words.slice(at + 1));
}
