import { join, resolve } from 'node:path';
import { destinationOutside, flagOn, operands, optionValues, variable, type Call, type Inside, type OptionSpec } from './unconfined-install-options.js';
import { rcsOutside, unknownFile, upward, userHome, type RcRule } from './unconfined-install-rc.js';
import { tomlsOutside } from './unconfined-install-toml.js';

// Python's installers with no OS sandbox (red team R14b-5, R15-15). pip, `python -m pip`, `setup.py
// install|develop` and easy_install change the interpreter's site-packages (the system's or the user's)
// unless a workspace environment runs them (`.venv/bin/pip`) or every destination they are given lands inside
// (`--target`, `--prefix`, `--root`, `--python`, their abbreviations: optparse and getopt take unique
// prefixes; `--prefix /tmp/x` is outside: only the workspace counts). `--user` is the user's site-packages.
// pip also takes these from its configuration files (issue 26): PIP_CONFIG_FILE, the user's
// (~/.config/pip/pip.conf, ~/.pip/pip.conf), the environment's (`.venv/pip.conf` beside `.venv/bin/pip`,
// $VIRTUAL_ENV/pip.conf) and the system's, in the [global] and [install] sections; a setting there not proven
// inside sends even a workspace environment's pip outside.

// pip reads `[global]` and the section of its command (`[install]`, `[uninstall]`); a `[download] prefix` is
// not an install's (its keys as pip normalises them: `_` is `-`).
const pipConf = (command: string): RcRule => ({ flags: ['user'], folders: ['target', 'prefix', 'root', 'python', 'src'], sections: ['global', command] });

// pip's configuration files for this call (pip's `locations`): a file named by PIP_CONFIG_FILE replaces none
// of the others, `os.devnull` turns them all off.
function pipConfOutside(call: Call, inside: Inside, command: string): string | undefined {
  const named = variable(call.env, 'PIP_CONFIG_FILE');
  if (named === '/dev/null') return undefined;
  if (named !== undefined && unknownFile(named)) return `PIP_CONFIG_FILE ${named}, only known at run time`;
  const home = userHome(call);
  const venvs = [variable(call.env, 'VIRTUAL_ENV') ?? '', call.raw.includes('/') ? join(call.raw, '..', '..') : ''].filter((each) => each !== '');
  const files = ['/etc/pip.conf', '/etc/xdg/pip/pip.conf', join(variable(call.env, 'XDG_CONFIG_HOME') ?? join(home, '.config'), 'pip', 'pip.conf'), join(home, '.pip', 'pip.conf'),
    ...venvs.flatMap((venv) => call.folders.map((folder) => resolve(folder, venv, 'pip.conf'))), ...(named === undefined ? [] : call.folders.map((folder) => resolve(folder, named)))];
  return rcsOutside(files, 'ini', pipConf(command), inside);
}

// uv's configuration files for `uv pip` (issue 26 h-global): UV_CONFIG_FILE or `--config-file`, and unless
// `--no-config` / UV_NO_CONFIG the project's `uv.toml` or `pyproject.toml` (its `[tool.uv.pip]` table) from the
// folder upward, the user's and the system's uv.toml (`[pip]` table): `target`, `prefix`, `python` (a path
// outside, or a version: resolved from the file's folder), `system = true` (the system's interpreter). Parsed
// as TOML (unconfined-install-toml.ts): inline tables and dotted keys are the same table.
const UV_PIP: RcRule = { flags: ['system', 'break-system-packages'], folders: ['target', 'prefix', 'python'] };

function uvConfOutside(call: Call, inside: Inside): string | undefined {
  const named = [...optionValues(call.words, { long: 'config-file', value: true }), ...[variable(call.env, 'UV_CONFIG_FILE') ?? []].flat()];
  const unknown = named.find(unknownFile);
  if (unknown !== undefined) return `a uv configuration file ${unknown}, only known at run time`;
  const files = named.flatMap((file) => call.folders.map((folder) => resolve(folder, file)));
  const found = tomlsOutside(files, ['pip'], UV_PIP, inside);
  if (found !== undefined || call.words.includes('--no-config') || truthy(variable(call.env, 'UV_NO_CONFIG'))) return found;
  const config = join(variable(call.env, 'XDG_CONFIG_HOME') ?? join(userHome(call), '.config'), 'uv', 'uv.toml');
  return tomlsOutside([...upward(call.folders, 'uv.toml'), config, '/etc/uv/uv.toml', '/etc/xdg/uv/uv.toml'], ['pip'], UV_PIP, inside)
    ?? tomlsOutside(upward(call.folders, 'pyproject.toml'), ['tool', 'uv', 'pip'], UV_PIP, inside);
}

const truthy = (value: string | undefined): boolean => value !== undefined && !/^(?:false|0|no|off|)$/i.test(value);
const USER: OptionSpec = { long: 'user', abbreviate: 3 };
const PIP_TO: readonly OptionSpec[] = [
  { long: 'target', abbreviate: 2, short: 't', value: true },
  { long: 'prefix', abbreviate: 3, except: ['pre'], value: true },
  { long: 'root', abbreviate: 2, value: true },
  // pip 22.3+ and uv install into the interpreter `--python` names.
  { long: 'python', abbreviate: 3, short: 'p', value: true },
];
const PIP_VARIABLES = ['PIP_TARGET', 'PIP_PREFIX', 'PIP_ROOT', 'PIP_PYTHON', 'UV_PYTHON'];
// setup.py's install commands and their folders (distutils/setuptools, getopt: unique prefixes).
const SETUP_COMMANDS = /^(?:install(?:_\w+)?|develop|easy_install|bdist_egg)$/;
const SETUP_TO: readonly OptionSpec[] = ['root', 'prefix', 'home', 'install-base', 'install-platbase', 'install-lib', 'install-purelib', 'install-platlib', 'install-headers', 'install-scripts', 'install-data', 'install-dir', 'script-dir', 'exec-prefix', 'egg-path']
  .map((long) => ({ long, abbreviate: Math.min(long.length, 4), value: true }));
// Options that alone put everything below them.
const SETUP_WHOLE = (spec: OptionSpec): boolean => ['root', 'prefix', 'home', 'install-base'].includes(spec.long);

const setupScript = (word: string | undefined): boolean => word !== undefined && /(?:^|\/)setup\.py$/.test(word);

// Why the call is not kept inside: a destination outside (named), '' when nothing keeps it inside, undefined
// when every destination given lands inside and one of them (`whole`) holds the whole install, or when a
// workspace environment's own program runs it (`.venv/bin/pip`, `.venv/bin/python setup.py install`).
function kept(call: Call, inside: Inside, to: readonly OptionSpec[], variables: readonly string[], whole: (spec: OptionSpec) => boolean): string | undefined {
  const outside = destinationOutside(call, inside, to, variables);
  if (outside) return outside;
  if (outside === undefined && (variables.length > 0 || to.some((spec) => whole(spec) && optionValues(call.words, spec).length > 0))) return undefined;
  return call.raw.includes('/') && inside(call.raw) ? undefined : '';
}

export function pythonInstall(call: Call, inside: Inside): string | undefined {
  const { form, words, env } = call;
  const [program = ''] = form;
  if (program === 'uv' && form[1] === 'tool' && ['install', 'upgrade', 'uninstall'].includes(form[2] ?? '')) return 'uv tool installs into the user\'s tool folder';
  // `python3 setup.py install`, `./setup.py develop`.
  const script = setupScript(program) ? 0 : /^python/.test(program) && setupScript(form[1]) ? 1 : -1;
  if (script >= 0) {
    const command = operands(form.slice(script + 1)).find((word) => SETUP_COMMANDS.test(word));
    if (command === undefined) return undefined;
    if (words.some((word) => /^--user(?:=|$)/.test(word))) return `setup.py ${command} --user installs into the user's site-packages`;
    const why = kept(call, inside, SETUP_TO, [], SETUP_WHOLE);
    return why === undefined ? undefined : `setup.py ${command} installs into the interpreter's site-packages${why ? ` (${why})` : ''}, outside the workspace`;
  }
  if (/^easy_install/.test(program)) {
    const why = kept(call, inside, [{ long: 'install-dir', abbreviate: 4, short: 'd', value: true }, { long: 'script-dir', abbreviate: 3, short: 's', value: true }], [], () => false);
    return why === undefined ? undefined : `easy_install installs into the interpreter's site-packages${why ? ` (${why})` : ''}, outside the workspace`;
  }
  const pip = program === 'uv' ? (form[1] === 'pip' ? 2 : -1) : /^python/.test(program) ? (form[1] === '-m' && /^pip[\d.]*$/.test(form[2] ?? '') ? 3 : -1) : 1;
  const sub = pip < 0 ? undefined : form[pip];
  if (sub !== 'install' && sub !== 'uninstall') return undefined;
  if (flagOn(words, USER) || truthy(variable(env, 'PIP_USER'))) return `pip ${sub} --user installs into the user's site-packages`;
  const conf = program === 'uv' ? uvConfOutside(call, inside) : pipConfOutside(call, inside, sub);
  if (conf !== undefined) return `pip ${sub} installs where its configuration says (${conf}), not proven inside the workspace`;
  const system = program === 'uv' && (words.includes('--system') || truthy(variable(env, 'UV_SYSTEM_PYTHON')));
  const why = kept(call, inside, PIP_TO, PIP_VARIABLES, () => true);
  if (why === undefined || (why === '' && program === 'uv' && !system)) return undefined;
  return `pip ${sub} changes the interpreter's site-packages outside the workspace (${why || 'no workspace environment runs it, no --target inside'})`;
}
