import { plain, SCRIPT_RUNNERS } from './canonical-scripts.js';
import { composerScript, denoTask, nxTargets, turboTasksRun } from './task-runner-json.js';
import { justRecipe } from './task-runner-just.js';
import { makeGoal, makeWords } from './task-runner-make.js';
import { taskfileTask } from './task-runner-taskfile.js';
import { cargoMakeTask, hatchScript, miseTask, pdmScript, pipenvScript, poeTask } from './task-runner-toml.js';
import type { TaskNames, TaskRunner } from './task-runner-files.js';

export type { TaskContext, TaskNames, TaskRunner } from './task-runner-files.js';
import { sameProgram } from '../shell/program-aliases.js';
import { isShellName, pathScript, shellRunner } from './task-runner-shell.js';
import { libraryRunner } from './task-runner-library.js';

// The task runners other than npm/pnpm/yarn/bun (red team R23-13): each runs a project task whose body is shell
// text of a project file, so `just x` with `x:` NL `\tgit push` is a push for a rule on `git push*`. ONE table:
// the program, how its words name the task(s), which file(s) it reads them from, and the small reader of that
// file's task body (task-runner-*.ts). decide-scripts.ts judges the lines found like package.json scripts; a
// runner or task codeward cannot read (a Rakefile's Ruby, tasks.py's Python, an include, a template, an option
// that picks another file or folder) is `unknown` and the line asks while any deny or ask rule exists.

// What a line's words name: tasks ('' = the runner's default task), no task at all (null), or why not known.
// `dir`: the folder (from the run folder) the runner reads and runs the tasks in (`make -C sub`).
// The first operand after the runner's options: `valued` options take the next word; `place` options (another file
// or folder) and options not known make the names unknown; `--` ends them. `stop` words run nothing.
function operands(rest: readonly string[], spec: { valued?: readonly string[]; flags?: readonly string[]; place?: readonly string[]; stop?: readonly string[] }): { words: string[] } | { unknown: string } | null {
  const words: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    if (word === '--') break;
    if (!word.startsWith('-') || word === '-') {
      if (words.length === 0 || !/=/.test(word)) words.push(word);
      continue;
    }
    const option = word.replace(/=.*$/s, '');
    if (spec.stop?.includes(option)) return null;
    if (spec.place?.includes(option)) return { unknown: `the option ${word} picks another file or folder` };
    if (spec.valued?.includes(option)) i += word.includes('=') ? 0 : 1;
    else if (!spec.flags?.includes(option)) return { unknown: `the option ${word} is not one codeward knows for it` };
  }
  return { words };
}

const HELP = ['-h', '--help', '-V', '--version', '-l', '--list', '--summary', '-T', '--tasks', '-P', '-D'];

// Names from a known front-end's reading (canonical-scripts.ts: deno task, turbo, nx): each reading is `npm run X`.
function frontEnd(program: 'deno' | 'turbo' | 'nx', place: readonly string[]): (rest: readonly string[]) => TaskNames {
  return (rest) => {
    const moved = rest.find((word) => place.includes(word.replace(/=.*$/s, '')));
    if (moved !== undefined) return { unknown: `the option ${moved} picks another file or folder` };
    const readings = SCRIPT_RUNNERS[program]!(rest.map(plain));
    if (readings.some((reading) => reading.unclear)) return { unknown: 'an option or word codeward cannot tell from a task name' };
    return readings.length === 0 ? null : { names: readings.map((reading) => reading.tokens[1]!.value) };
  };
}

// `sub x` / `sub` alone (the default task) after global options.
function named(spec: Parameters<typeof operands>[1], first = true): (rest: readonly string[]) => TaskNames {
  return (rest) => {
    const got = operands(rest, spec);
    if (got === null || 'unknown' in got) return got;
    return { names: first ? [got.words[0] ?? ''] : got.words.length > 0 ? got.words : [''] };
  };
}

// `prog sub x`: the task after a subcommand (`pipenv run x`, `pdm run x`, `hatch run x`, `mise run x`).
function after(subs: readonly string[], spec: Parameters<typeof operands>[1], otherwise?: (word: string) => TaskNames, also: readonly string[] = []): (rest: readonly string[]) => TaskNames {
  return (rest) => {
    const got = operands(rest, spec);
    if (got === null || 'unknown' in got) return got;
    const [sub, name] = got.words;
    if (sub === undefined) return null;
    if (subs.includes(sub)) return name === undefined ? { unknown: 'no task named: the runner picks one' } : { names: [name, ...also] };
    return otherwise ? otherwise(sub) : null;
  };
}

// A Ruby or Python task file: codeward does not read it (fail closed).
const code = (files: string): TaskRunner => ({
  files,
  names: (rest) => (rest.some((word) => HELP.includes(word)) ? null : { names: [rest.find((word) => !word.startsWith('-')) ?? ''] }),
  read: (folder, name) => ({ lines: [], unknown: `${files} is code codeward does not read (task "${name || 'default'}")` }),
});

const COMPOSER_COMMANDS = new Set(['about', 'archive', 'audit', 'browse', 'home', 'bump', 'check-platform-reqs', 'clear-cache', 'clearcache', 'cc', 'config', 'create-project', 'depends', 'why', 'diagnose', 'exec', 'fund', 'global', 'help', 'init', 'licenses', 'list', 'outdated', 'prohibits', 'why-not', 'search', 'self-update', 'selfupdate', 'show', 'info', 'status', 'suggests', 'validate']);
// composer's commands that run the root package's event scripts.
const COMPOSER_EVENTS: Readonly<Record<string, readonly string[]>> = {
  install: ['pre-install-cmd', 'post-install-cmd', 'pre-autoload-dump', 'post-autoload-dump', 'post-root-package-install'],
  update: ['pre-update-cmd', 'post-update-cmd', 'pre-autoload-dump', 'post-autoload-dump'],
  'dump-autoload': ['pre-autoload-dump', 'post-autoload-dump'],
  archive: ['pre-archive-cmd', 'post-archive-cmd'],
  status: ['pre-status-cmd', 'post-status-cmd'],
  'create-project': ['post-create-project-cmd', 'post-root-package-install'],
};
// The events every composer command dispatches; a root script of that name is one of their listeners.
const COMPOSER_ALWAYS = ['init', 'command', 'pre-command-run'];
const COMPOSER_ALIASES: Readonly<Record<string, string>> = { i: 'install', u: 'update', upgrade: 'update', require: 'update', r: 'update', remove: 'update', rm: 'update', reinstall: 'install', dumpautoload: 'dump-autoload' };

function composerNames(rest: readonly string[]): TaskNames {
  const got = operands(rest, { place: ['-d', '--working-dir'], flags: ['-q', '--quiet', '-v', '-vv', '-vvv', '--verbose', '-n', '--no-interaction', '--ansi', '--no-ansi', '--no-dev', '--dev', '--prefer-dist', '--prefer-source', '-o', '--optimize-autoloader', '--no-progress', '--no-plugins', '--with-all-dependencies', '-W', '-w', '--with-dependencies', '--timeout'], valued: [], stop: ['--no-scripts', '-h', '--help', '-V', '--version'] });
  if (got === null || 'unknown' in got) return got;
  const [sub, name] = got.words;
  if (sub === undefined) return null;
  if (sub === 'run-script' || sub === 'run') return name === undefined ? null : { names: [name, ...COMPOSER_ALWAYS] };
  const event = COMPOSER_EVENTS[COMPOSER_ALIASES[sub] ?? sub] ?? [];
  return { names: [...(COMPOSER_COMMANDS.has(sub) || event.length > 0 ? [] : [sub]), ...event, ...COMPOSER_ALWAYS] };
}

const PDM_COMMANDS = new Set(['add', 'build', 'cache', 'completion', 'config', 'export', 'fix', 'import', 'info', 'init', 'install', 'list', 'lock', 'outdated', 'publish', 'python', 'py', 'remove', 'search', 'self', 'show', 'sync', 'update', 'use', 'venv']);
const PDM_HOOKS: Readonly<Record<string, readonly string[]>> = { install: ['pre_install', 'post_install', 'pre_lock', 'post_lock'], sync: ['pre_install', 'post_install'], lock: ['pre_lock', 'post_lock'], add: ['pre_install', 'post_install', 'pre_lock', 'post_lock'], update: ['pre_install', 'post_install', 'pre_lock', 'post_lock'], build: ['pre_build', 'post_build'], publish: ['pre_publish', 'post_publish', 'pre_build', 'post_build'] };
// The hooks every `pdm run` runs around the script.
const PDM_RUN = ['pre_run', 'post_run'];
const MISE_COMMANDS = new Set(['activate', 'alias', 'asdf', 'backends', 'bin-paths', 'cache', 'completion', 'config', 'cfg', 'deactivate', 'doctor', 'dr', 'en', 'env', 'e', 'exec', 'x', 'fmt', 'generate', 'g', 'global', 'implode', 'install', 'i', 'install-into', 'latest', 'link', 'ln', 'local', 'lock', 'ls', 'list', 'ls-remote', 'mcp', 'outdated', 'plugins', 'p', 'prune', 'registry', 'reshim', 'search', 'self-update', 'set', 'settings', 'shell', 'sh', 'sync', 'tasks', 't', 'test-tool', 'tool', 'tool-stub', 'trust', 'uninstall', 'unset', 'unuse', 'upgrade', 'up', 'use', 'u', 'version', 'v', 'where', 'which', 'edit', 'help']);

const MISE_SPEC = { place: ['-C', '--cd', '-E', '--env'], valued: ['-j', '--jobs'], flags: ['-q', '--quiet', '-v', '--verbose', '-y', '--yes', '-n', '--dry-run', '-f', '--force', '--raw', '-s', '--silent'], stop: HELP };
const miseRun = after(['run', 'r', 'watch', 'w'], MISE_SPEC, (word) => (MISE_COMMANDS.has(word) ? null : { names: [word] }));
// `mise run x`, `mise tasks run x` / `mise t r x`, `mise x` (a task when no command has the name).
function miseNames(rest: readonly string[]): TaskNames {
  const at = rest.findIndex((word) => !word.startsWith('-'));
  const tasks = at >= 0 && (rest[at] === 'tasks' || rest[at] === 't') && ['run', 'r'].includes(rest[at + 1] ?? '');
  return miseRun(tasks ? [...rest.slice(0, at), ...rest.slice(at + 1)] : rest);
}

// hatch commands that run no script, hook or install command of the project.
const HATCH_INERT = new Set(['clean', 'config', 'dep', 'help', 'new', 'project', 'python', 'self', 'status']);
// The scripts hatch's own environments run for `hatch fmt` / `hatch test`.
const HATCH_OWN: Readonly<Record<string, readonly string[]>> = {
  fmt: ['hatch-static-analysis:format-check', 'hatch-static-analysis:format-fix', 'hatch-static-analysis:lint-check', 'hatch-static-analysis:lint-fix'],
  test: ['hatch-test:run', 'hatch-test:run-cov', 'hatch-test:cov-combine', 'hatch-test:cov-report'],
};
const HATCH_SPEC = { place: ['-e', '--env', '-p', '--project', '--data-dir', '--cache-dir', '--config'], flags: ['-v', '--verbose', '-q', '--quiet', '--no-interactive', '--no-color'], stop: HELP };
// `hatch run [env:]x`; fmt/test run hatch's own environments' scripts; `shell`/`env create` an environment's install
// commands; `env show`/`env find`/... nothing; any other command (build hooks, a version source) runs project code
// codeward does not read (fail closed).
function hatchNames(rest: readonly string[]): TaskNames {
  const got = operands(rest, { ...HATCH_SPEC, flags: [...HATCH_SPEC.flags, '--all', '-a', '--cover', '-c', '--randomize', '-r', '--parallel', '--retries', '--check', '--linter', '-l', '--formatter', '-f', '--sync', '--preview', '--no-preview'] });
  if (got === null || 'unknown' in got) return got;
  const [sub, second] = got.words;
  if (sub === undefined || HATCH_INERT.has(sub)) return null;
  if (sub === 'run') return second === undefined ? { unknown: 'no script named: hatch runs a command' } : { names: [second.includes(':') ? second : `default:${second}`] };
  if (HATCH_OWN[sub]) return { names: HATCH_OWN[sub] };
  if (sub === 'shell') return { names: [`${second ?? 'default'}:`] };
  if (sub === 'env') return got.words[1] === 'create' ? { names: [`${got.words[2] ?? 'default'}:`] } : null;
  return { unknown: `\`hatch ${sub}\` runs project code (build hooks, a version source) codeward does not read` };
}

export const TASK_RUNNERS: Readonly<Record<string, TaskRunner>> = {
  deno: { files: 'deno.json(c) "tasks", else package.json "scripts"', names: frontEnd('deno', ['--cwd', '-c', '--config', '-r', '--recursive', '-f', '--filter']), read: denoTask },
  turbo: { files: "every workspace package's package.json \"scripts\" (turbo.json dependsOn followed)", names: frontEnd('turbo', ['--cwd']), read: turboTasksRun },
  nx: { files: 'project.json / package.json targets and scripts of every project, nx.json targetDefaults', names: frontEnd('nx', ['--cwd']), read: nxTargets },
  just: { files: 'justfile recipes', names: named({ place: ['-f', '--justfile', '-d', '--working-directory', '--set', '-c', '--command', '--shell', '--shell-arg'], flags: ['-q', '--quiet', '-v', '--verbose', '-n', '--dry-run', '--yes', '--no-deps', '--highlight', '--no-highlight', '--timestamp'], stop: ['-l', '--list', '--summary', '--show', '-s', '--evaluate', '--dump', '--fmt', '--choose', '--edit', '--init', '--variables', '--groups', ...HELP] }, false), read: justRecipe },
  task: { files: 'Taskfile.yml tasks (cmds, deps)', names: named({ place: ['-t', '--taskfile', '-d', '--dir', '-g', '--global'], valued: ['-C', '--concurrency', '-o', '--output', '--interval'], flags: ['-p', '--parallel', '-f', '--force', '-s', '--silent', '-v', '--verbose', '-y', '--yes', '-w', '--watch', '-x', '--exit-code', '--dry', '-n'], stop: ['-l', '--list', '-a', '--list-all', '--summary', '-i', '--init', ...HELP] }, false), read: taskfileTask },
  mise: { files: 'mise.toml / .mise.toml [tasks.x] run, mise-tasks/ scripts, [env] _.source scripts', names: miseNames, read: miseTask },
  composer: { files: 'composer.json "scripts" (and the event scripts install/update run)', names: composerNames, read: composerScript },
  pipenv: { files: 'Pipfile [scripts]', names: after(['run'], { valued: ['--python'], flags: ['-v', '--verbose', '-q', '--quiet', '--system', '--site-packages'], stop: HELP }), read: pipenvScript },
  pdm: { files: 'pyproject.toml [tool.pdm.scripts] (and the hooks of install/lock/build/publish)', names: after(['run'], { place: ['-p', '--project', '-c', '--config', '-g', '--global'], flags: ['-v', '-vv', '--verbose', '-q', '--quiet', '-I', '--ignore-python', '--pep582', '-s', '--site-packages', '--no-isolation'], stop: HELP }, (word) => (PDM_HOOKS[word] ? { names: PDM_HOOKS[word] } : PDM_COMMANDS.has(word) ? null : { names: [word, ...PDM_RUN] }), [...PDM_RUN]), read: pdmScript },
  hatch: { files: 'pyproject.toml [tool.hatch.envs.*] scripts and install commands, hatch.toml [envs.*]', names: hatchNames, read: hatchScript },
  poe: { files: 'pyproject.toml [tool.poe.tasks]', names: named({ place: ['-C', '--directory', '--root'], flags: ['-v', '--verbose', '-q', '--quiet', '-d', '--dry-run', '--ansi', '--no-ansi'], stop: HELP }), read: poeTask },
  rake: code('Rakefile (Ruby)'),
  invoke: code('tasks.py (Python)'),
  inv: code('tasks.py (Python)'),
  'cargo-make': { files: 'Makefile.toml [tasks.x]', names: after(['make'], { place: ['--makefile', '--cwd'], valued: ['-p', '--profile', '-e', '--env', '-l', '--loglevel', '--output-format'], flags: ['-v', '--verbose', '--no-workspace', '--allow-private', '--skip-init-end-tasks', '--disable-check-for-updates', '--no-on-error', '--time-summary', '--experimental', '--quiet', '--silent'], stop: HELP }), read: cargoMakeTask },
  makers: { files: 'Makefile.toml [tasks.x]', names: named({ place: ['--makefile', '--cwd', '-t', '--task'], valued: ['-p', '--profile', '-e', '--env', '-l', '--loglevel'], flags: ['-v', '--verbose', '--no-workspace', '--allow-private', '--skip-init-end-tasks', '--disable-check-for-updates', '--no-on-error', '--time-summary', '--quiet', '--silent'], stop: HELP }), read: cargoMakeTask },
  make: { files: 'Makefile recipes', names: (rest) => {
    const words = makeWords(rest);
    if (words.unknown !== undefined) return { unknown: words.unknown };
    return { names: words.goals.length > 0 ? words.goals : [''], ...(words.dirs.length > 0 ? { dirs: words.dirs } : {}) };
  }, read: makeGoal },
};

// The row for a line's program (`cargo make` is cargo-make's; a program's alias is the program: program-aliases.ts).
export function taskRunnerOf(words: readonly string[]): { runner: TaskRunner; program: string; rest: readonly string[] } | undefined {
  const [program = '', ...rest] = words;
  if (program === 'cargo') return rest[0] === 'make' ? { runner: TASK_RUNNERS['cargo-make']!, program: 'cargo make', rest: ['make', ...rest.slice(1)] } : undefined;
  const key = sameProgram(program);
  if (isShellName(key)) return { runner: shellRunner(key), program, rest };
  const library = libraryRunner(program, rest);
  if (library) return { runner: library, program, rest };
  const path = pathScript(program);
  if (path) return { runner: path, program, rest };
  return Object.hasOwn(TASK_RUNNERS, key) ? { runner: TASK_RUNNERS[key]!, program, rest } : undefined;
}
