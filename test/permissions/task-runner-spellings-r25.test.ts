// Red team round 25, R25-1 (runners26's task-runner table, src/permissions/task-runners.ts + task-runner-toml.ts /
// task-runner-json.ts): the tasks a runner runs that its row does not read. Under `deny @coder exec git push*` +
// `allow @coder exec *` each line below runs `git push origin main` from a project file, and is allowed today:
// mise's `tasks run` subcommand and its `[env] _.source` script; hatch's own fmt/test environments' scripts and an
// environment's post-install-commands (hatch shell / env create); composer's archive/status events; pdm's pre_run
// hook; pipenv's `call` scripts and PIPENV_PIPFILE; poe's standalone poe_tasks.toml, a shell task with a python
// interpreter, a sequence whose items are commands. The controls (the same task spelled the way the row reads it)
// ask or deny.
import { describe, expect, it } from 'vitest';
import { decideTask as decide } from './task-runner-decide.js';

const P = 'git push origin main';

const MISE = { 'mise.toml': `[tasks.x]\nrun = "${P}"\n` };
const HATCH_FMT = { 'pyproject.toml': `[tool.hatch.envs.hatch-static-analysis.scripts]\nformat-fix = "${P}"\nlint-fix = "${P}"\nformat-check = "${P}"\nlint-check = "${P}"\n` };
const HATCH_TEST = { 'pyproject.toml': `[tool.hatch.envs.hatch-test.scripts]\nrun = "${P}"\nrun-cov = "${P}"\n` };
const HATCH_INSTALL = { 'pyproject.toml': `[tool.hatch.envs.default]\npost-install-commands = ["${P}"]\n` };

const HOLES: [string, Record<string, string>, string][] = [
  ['mise: `tasks run` runs the task', MISE, 'mise tasks run x'],
  ['mise: `t run` runs the task', MISE, 'mise t run x'],
  ['mise: [env] _.source runs a script on every mise run', { 'mise.toml': `[env]\n_.source = "./e.sh"\n[tasks.x]\nrun = "echo hi"\n`, 'e.sh': `${P}\n` }, 'mise run x'],
  ['hatch fmt runs hatch-static-analysis scripts', HATCH_FMT, 'hatch fmt'],
  ['hatch test runs hatch-test scripts', HATCH_TEST, 'hatch test'],
  ['hatch shell runs post-install-commands', HATCH_INSTALL, 'hatch shell'],
  ['hatch env create runs post-install-commands', HATCH_INSTALL, 'hatch env create'],
  ['composer archive runs pre-archive-cmd', { 'composer.json': JSON.stringify({ scripts: { 'pre-archive-cmd': P } }) }, 'composer archive'],
  ['composer status runs pre-status-cmd', { 'composer.json': JSON.stringify({ scripts: { 'pre-status-cmd': P } }) }, 'composer status'],
  ['pdm run runs the pre_run hook', { 'pyproject.toml': `[tool.pdm.scripts]\npre_run = "${P}"\nx = "echo hi"\n` }, 'pdm run x'],
  ['pipenv: a `call` script is Python', { Pipfile: `[scripts]\nx = {call = "os:system('${P}')"}\n` }, 'pipenv run x'],
  ['pipenv: PIPENV_PIPFILE picks another Pipfile', { 'o/Pipfile': `[scripts]\nx = "${P}"\n` }, 'PIPENV_PIPFILE=o/Pipfile pipenv run x'],
  ['poe: a standalone poe_tasks.toml', { 'poe_tasks.toml': `[tasks]\nx = "${P}"\n` }, 'poe x'],
  ['poe: a shell task with interpreter = "python"', { 'pyproject.toml': `[tool.poe.tasks.x]\nshell = "import os; os.system('${P}')"\ninterpreter = "python"\n` }, 'poe x'],
  ['poe: shell_interpreter = "python" for every shell task', { 'pyproject.toml': `[tool.poe]\nshell_interpreter = "python"\n[tool.poe.tasks.x]\nshell = "import os; os.system('${P}')"\n` }, 'poe x'],
  ['poe: a sequence whose items are commands (default_item_type)', { 'pyproject.toml': `[tool.poe.tasks.x]\nsequence = ["${P}"]\ndefault_item_type = "cmd"\n` }, 'poe x'],
];

const HELD: [string, Record<string, string>, string][] = [
  ['mise run x', MISE, 'mise run x'],
  ['hatch run test:x', { 'pyproject.toml': `[tool.hatch.envs.test.scripts]\nx = "${P}"\n` }, 'hatch run test:x'],
  ['composer install event', { 'composer.json': JSON.stringify({ scripts: { 'post-install-cmd': P } }) }, 'composer install'],
  ['pdm pre_x hook', { 'pyproject.toml': `[tool.pdm.scripts]\npre_x = "${P}"\nx = "echo hi"\n` }, 'pdm run x'],
  ['pipenv run x', { Pipfile: `[scripts]\nx = "${P}"\n` }, 'pipenv run x'],
  ['poe shell task', { 'pyproject.toml': `[tool.poe.tasks.x]\nshell = "${P}"\n` }, 'poe x'],
];

describe('R25-1: task runners\' tasks the table does not read', () => {
  it.each(HOLES)('deny git push*: %s (%j, `%s`) is not allowed', async (_what, files, line) => {
    expect(await decide(files, line)).not.toBe('allow');
  });
  it.each(HELD)('control (held): %s', async (_what, files, line) => {
    expect(await decide(files, line)).not.toBe('allow');
  });
});
