// The hook walk's side of Python's project front-ends (red team R18-6; the table: hook-python-front-ends.ts): the
// programs a front-end runs are resolved in its environments' bin folders, in every folder from where the line runs
// up to the top (where the project and its environment may be), and obeyed at that path whether or not it exists
// (red team R18-3: a fresh clone has no .venv; a sandboxed `uv sync` that makes one must meet the write gate). A
// front-end that installs the project obeys what the install runs (hook-python-install.ts).
import { basename, dirname, join } from 'node:path';
import { dotenvPairs } from './home-sources-dotenv.js';
import { assignedLoads } from './hook-assigned.js';
import { obeyAssigned } from './hook-node-options.js';
import { programsOf } from './hook-bins.js';
import { configCommands } from './hook-configs.js';
import { FRONT_ENDS, frontEndRun } from './hook-python-front-ends.js';
import { installEntries, pythonInstall, toxDeps } from './hook-python-install.js';
import { obeyToxEnvFiles } from './hook-tox-env.js';
import { noxSessions } from './hook-nox-sessions.js';
import { obeyEnvironment } from './hook-python-sites.js';
import { quoted } from './hook-runner-config.js';
import { obeyNamed, upToTop } from './hook-runner-paths.js';
import { taskFileCommands } from './hook-taskfiles.js';
import { read, stats, type Walk } from './hook-walk.js';

// The interpreter the environment's scripts start (their `#!` line), obeyed with them.
const INTERPRETERS = ['python', 'python3'];
const TOX_CONFIGS = ['tox.ini', 'setup.cfg', 'tox.toml', 'pyproject.toml'];

// The program names the lines start (a hatch `env:command` is the command).
const namesOf = (lines: readonly string[]): string[] => lines.flatMap((line) => programsOf(line.replace(/^([\w.-]+):(?=\S)/, '')).map((found) => found.name));

// One of a front-end's settings files (obeyed): a key that moves its environments is unmodelled; what pdm's
// `.pdm-python` and uv's `.python-version` name as the interpreter (a path) is obeyed; pipenv's `.env` sets the
// program's variables (read as assignments for it: hook-assigned.ts).
function settings(walk: Walk, tool: string, path: string, who: string): void {
  walk.files.add(path);
  const text = read(walk, path);
  if (text === undefined) return;
  if (FRONT_ENDS[tool]!.moves?.test(text) === true) walk.unmodeled ??= `${who} moves its environments (a place codeward does not model)`;
  const folder = dirname(path);
  if (/\.(?:pdm-python|python-versions?)$/.test(path)) for (const line of text.split('\n').map((each) => each.trim()).filter((each) => /[/\\]/.test(each))) obeyNamed(walk, line, [folder]);
  if (tool === 'pipenv' && basename(path) === '.env') for (const [key, value] of dotenvPairs(text)) obeyAssigned(walk, assignedLoads(`${key}=${value}`, folder, true), `${who} sets`);
}

// What the front-end the simple command `words` starts runs, from the folders `bases`.
export function pythonFrontEnd(walk: Walk, words: readonly string[], bases: readonly string[]): void {
  const run = frontEndRun(words);
  if (run === undefined) return;
  if (run.unknown !== undefined) {
    walk.unmodeled ??= `a hook runs ${run.unknown}`;
    return;
  }
  const from = bases[bases.length - 1]!;
  const row = FRONT_ENDS[run.tool]!;
  const read1 = (path: string): string | undefined => read(walk, path);
  const names = new Set<string>();
  if (run.does === 'run' || run.does === 'test') for (const name of namesOf([run.rest.map(quoted).join(' ')])) names.add(name);
  // pdm's and hatch's scripts (every one: which a name runs is the task reader's), tox's commands.
  if (run.does === 'script' || ((run.tool === 'pdm' || run.tool === 'hatch') && run.does === 'run')) for (const name of namesOf(taskFileCommands([run.tool, 'run'], from, read1).lines)) names.add(name);
  if (run.does === 'commands' && run.tool === 'tox') for (const name of namesOf(configCommands(['tox'], walk.top, read1))) names.add(name);
  const runs = run.does !== 'sync' && run.does !== 'none';
  // tox 4's `set_env = file|PATH`: the variables every environment's commands run with (hook-tox-env.ts).
  if (run.tool === 'tox') obeyToxEnvFiles(walk, TOX_CONFIGS.map((name) => read1(join(walk.top, name)) ?? ''));
  if (runs) for (const name of INTERPRETERS) names.add(name);
  const folders = upToTop(walk.top, from);
  for (const folder of folders) for (const name of row.configs) settings(walk, run.tool, join(folder, name), `a hook runs ${run.tool}, whose ${name}`);
  for (const folder of folders) {
    for (const env of row.envs) {
      // nox's sessions run what the noxfile says (noxfile.py itself is obeyed: the task files of obeyed-hooks.ts).
      if (run.tool === 'nox' && runs) walk.globs.add(join(folder, env, '*'));
      for (const name of names) (env.includes('*') ? walk.globs : walk.files).add(join(folder, env, name));
      // What the environment's interpreter loads: its site-packages whole (hook-python-sites.ts).
      if (runs) obeyEnvironment(walk, dirname(join(folder, env)));
    }
  }
  if (run.does === 'sync' || (runs && row.syncs)) {
    const projects = folders.filter((folder) => ['pyproject.toml', 'setup.py'].some((name) => stats(join(folder, name))?.file === true));
    const seen = new Set<string>();
    for (const project of projects.length > 0 ? projects : [from]) pythonInstall(walk, project, seen);
    if (run.tool === 'tox') toxDeps(walk, walk.top, TOX_CONFIGS.map((name) => read1(join(walk.top, name)) ?? ''), seen);
    if (run.tool === 'nox') {
      const nox = noxSessions(read1(join(walk.top, 'noxfile.py')));
      if (nox.unknown !== undefined) walk.unmodeled ??= `a hook runs nox, whose ${nox.unknown}`;
      installEntries(walk, walk.top, nox.installs, seen);
    }
  }
}
