import { dirname, join, relative } from 'node:path';
import { joinSteps } from './task-runner-json.js';
import { NO_STEP, parsedOr, strings, table, type TaskFolder, type TaskStep } from './task-runner-files.js';

// The task runners whose tasks are TOML tables (task-runners.ts): mise's `[tasks.x]`, Pipfile's `[scripts]`,
// pyproject.toml's `[tool.pdm.scripts]` / `[tool.hatch.envs.*.scripts]` (hatch.toml `[envs.*.scripts]`) /
// `[tool.poe.tasks]`, cargo-make's Makefile.toml `[tasks.x]`. What such a table hands a program codeward does not
// read (Python code, a script file, another interpreter, a template) makes the step unknown.

const unread = (why: string): TaskStep => ({ lines: [], unknown: why });
// A template the runner fills at run time (mise's tera, `{{arg(..)}}`).
const templated = (lines: readonly string[], where: string): TaskStep | undefined => (lines.some((line) => line.includes('{{')) ? unread(`${where} is a template filled at run time`) : undefined);
const firstWord = (line: string): string => line.trim().split(/\s+/)[0] ?? '';

// The section `path` of a parsed TOML file.
const at = (value: unknown, path: readonly string[]): Record<string, unknown> => path.reduce<Record<string, unknown>>((got, key) => table(got[key]), table(value));

const MISE_FILES = ['mise.local.toml', '.mise.local.toml', 'mise.toml', '.mise.toml', 'mise/config.toml', '.mise/config.toml', '.config/mise.toml', '.config/mise/config.toml'];
const MISE_TASK_DIRS = ['mise-tasks', '.mise-tasks', 'mise/tasks', '.mise/tasks', '.config/mise/tasks'];

// `mise run x`: `[tasks.x]` of the config files from the run folder up (`run`: a line, lines, or `{ task = y }`;
// `depends`/`depends_post`/`wait_for`: tasks), a file task (a script under mise-tasks/), includes.
export function miseTask(folder: TaskFolder, name: string): TaskStep {
  if (/[*?]/.test(name)) return unread(`mise task "${name}" is a pattern of tasks`);
  for (let dir = folder.dir; ; dir = dirname(dir)) {
    for (const file of MISE_FILES) {
      const { value, stop } = parsedOr(folder, join(dir, file), 'toml');
      if (stop) return stop;
      const task = at(value, ['tasks'])[name];
      if (task === undefined) {
        if (strings(at(value, ['task_config'])['includes']).length > 0) return unread(`${file}: task_config.includes names task files codeward does not read`);
        continue;
      }
      const entry = table(task);
      const run = typeof task === 'string' || Array.isArray(task) ? [task].flat() : [entry['run']].flat();
      const where = `${relative(folder.root, join(dir, file))} task "${name}"`;
      if (entry['file'] !== undefined) return unread(`${where} runs a script file`);
      if (entry['shell'] !== undefined && !/^(?:ba|z|da)?sh\b/.test(String(entry['shell']))) return unread(`${where} runs its lines with ${String(entry['shell'])}`);
      const lines = run.flatMap((item) => strings(item));
      const calls = [...run.flatMap((item) => strings(table(item)['task'] ?? table(item)['tasks'])), ...['depends', 'depends_post', 'wait_for'].flatMap((key) => strings(entry[key]))].map(firstWord);
      return templated(lines, where) ?? { lines, calls };
    }
    const script = MISE_TASK_DIRS.map((tasks) => join(dir, tasks, ...name.split(':'))).find((path) => folder.text(path) !== 'absent');
    if (script !== undefined) return unread(`mise task "${name}" is the script ${relative(folder.root, script)}`);
    if (dir === folder.root || dirname(dir) === dir) return NO_STEP;
  }
}

// `pipenv run x`: the Pipfile's `[scripts] x` (a command line); without it pipenv runs the program x.
export function pipenvScript(folder: TaskFolder, name: string): TaskStep {
  const file = folder.upward(['Pipfile']);
  if (file === undefined) return NO_STEP;
  const { value, stop } = parsedOr(folder, file, 'toml');
  return stop ?? { lines: strings(at(value, ['scripts'])[name]) };
}

// pyproject.toml from the run folder up (pdm, hatch and poe find their project so).
function pyproject(folder: TaskFolder): { value?: unknown; stop?: TaskStep } {
  const file = folder.upward(['pyproject.toml']);
  return file === undefined ? {} : parsedOr(folder, file, 'toml');
}

// `pdm run x`: `[tool.pdm.scripts] x` (a line; `cmd` a line or words; `shell`; `composite`: scripts or lines; `call`:
// Python code) with its pre_x/post_x hooks and the pre_script/post_script every script runs.
export function pdmScript(folder: TaskFolder, name: string): TaskStep {
  const { value, stop } = pyproject(folder);
  if (stop) return stop;
  const scripts = at(value, ['tool', 'pdm', 'scripts']);
  const script = scripts[name];
  if (script === undefined) return NO_STEP;
  const entry = table(script);
  if (entry['call'] !== undefined) return unread(`pyproject.toml [tool.pdm.scripts] "${name}" calls Python code`);
  const hooks = [`pre_${name}`, `post_${name}`, ...(name.endsWith('_script') ? [] : ['pre_script', 'post_script'])];
  const cmd = entry['cmd'];
  const lines = typeof script === 'string' ? [script] : Array.isArray(cmd) ? [strings(cmd).join(' ')] : strings(cmd ?? entry['shell']);
  const composite = strings(entry['composite']);
  return { lines: [...lines, ...composite.filter((line) => scripts[firstWord(line)] === undefined)], calls: [...hooks, ...composite.map(firstWord).filter((word) => scripts[word] !== undefined)] };
}

// `hatch run [env:]x`: the environment's `scripts.x` (a line or lines; a line whose first word is a script of the
// environment runs that script), its template's (default: the `default` environment), and the environment's
// pre-/post-install commands; from pyproject.toml `[tool.hatch.envs]` and hatch.toml `[envs]`.
export function hatchScript(folder: TaskFolder, named: string): TaskStep {
  const [env, name] = named.includes(':') ? [named.slice(0, named.indexOf(':')), named.slice(named.indexOf(':') + 1)] : ['default', named];
  const { value, stop } = pyproject(folder);
  if (stop) return stop;
  const own = parsedOr(folder, 'hatch.toml', 'toml');
  if (own.stop) return own.stop;
  const envs = { ...at(value, ['tool', 'hatch', 'envs']), ...at(own.value, ['envs']) };
  const steps: TaskStep[] = [];
  const seen = new Set<string>();
  for (let each: string | undefined = env; each !== undefined && !seen.has(each); ) {
    seen.add(each);
    if (envs[each] === undefined && each !== 'default') return unread(`hatch environment "${each}" is not a table codeward reads (a matrix or a plug-in's)`);
    const entry = table(envs[each]);
    const scripts = table(entry['scripts']);
    const lines = strings(scripts[name]);
    steps.push({ lines: [...lines.filter((line) => scripts[firstWord(line)] === undefined), ...['pre-install-commands', 'post-install-commands'].flatMap((key) => strings(entry[key]))], calls: lines.map(firstWord).filter((word) => scripts[word] !== undefined && word !== name).map((word) => `${env}:${word}`) });
    each = typeof entry['template'] === 'string' ? entry['template'] : each === 'default' ? undefined : 'default';
  }
  return joinSteps(steps);
}

// `poe x`: `[tool.poe.tasks] x`: a line (cmd), a list (a sequence of task names), or a table: `cmd`/`shell` lines,
// `ref` and `sequence`/`parallel` of names or inline tasks, `deps`/`uses`; `script`/`expr`/`switch` are Python or
// branches codeward does not read; an `include`d file's tasks are not read either.
export function poeTask(folder: TaskFolder, name: string): TaskStep {
  const { value, stop } = pyproject(folder);
  if (stop) return stop;
  const poe = at(value, ['tool', 'poe']);
  const task = table(poe['tasks'])[name];
  if (task === undefined) return poe['include'] === undefined ? NO_STEP : unread('pyproject.toml [tool.poe] includes task files codeward does not read');
  return poeEntry(task, `pyproject.toml [tool.poe.tasks] "${name}"`);
}

function poeEntry(task: unknown, where: string): TaskStep {
  if (typeof task === 'string') return { lines: [task] };
  if (Array.isArray(task)) return joinSteps(task.map((item) => (typeof item === 'string' ? { lines: [], calls: [firstWord(item)] } : poeEntry(item, where))));
  const entry = table(task);
  if (['script', 'expr', 'switch'].some((key) => entry[key] !== undefined)) return unread(`${where} runs Python code or a switch`);
  const deps = [...strings(entry['deps']), ...Object.values(table(entry['uses'])).flatMap((item) => strings(item))].map(firstWord);
  const steps: TaskStep[] = [{ lines: [...strings(entry['cmd']), ...strings(entry['shell'])], calls: [...strings(entry['ref']).map(firstWord), ...deps] }];
  for (const key of ['sequence', 'parallel']) if (entry[key] !== undefined) steps.push(poeEntry([entry[key]].flat(), where));
  return joinSteps(steps);
}

// cargo-make: Makefile.toml `[tasks.x]` (`command` + `args`, `script` in the shell, `condition_script`,
// `install_script`, the platform tables `linux`/`mac`/`windows`), `dependencies`/`run_task`/`alias` (tasks),
// `[config]`'s init/end tasks and load script. Another script runner, a script file, `extend`, or a workspace
// (the task runs in each member crate) is not read.
export function cargoMakeTask(folder: TaskFolder, name: string): TaskStep {
  const { value, stop } = parsedOr(folder, 'Makefile.toml', 'toml');
  if (stop) return stop;
  if (table(value)['extend'] !== undefined) return unread('Makefile.toml extends another file');
  const cargo = parsedOr(folder, 'Cargo.toml', 'toml');
  if (cargo.stop) return cargo.stop;
  if (table(cargo.value)['workspace'] !== undefined) return unread('Cargo.toml is a workspace: cargo make runs the task in each member crate');
  const config = at(value, ['config']);
  const own = at(value, ['tasks'])[name];
  const steps = [own, ...['linux', 'mac', 'windows'].map((os) => table(own)[os])].filter((task) => task !== undefined).map((task) => cargoMakeEntry(task, `Makefile.toml [tasks.${name}]`));
  return joinSteps([...steps, { lines: strings(config['load_script']), calls: name === String(config['init_task']) || name === String(config['end_task']) ? [] : [...strings(config['init_task']), ...strings(config['end_task'])] }]);
}

function cargoMakeEntry(task: unknown, where: string): TaskStep {
  const entry = table(task);
  const runner = entry['script_runner'];
  if (table(entry['script'])['file'] !== undefined || (runner !== undefined && runner !== '@shell')) return unread(`${where} runs a script file or another script runner`);
  if (entry['extend'] !== undefined) return unread(`${where} extends another task`);
  const command = strings(entry['command']);
  const lines = [...command.map((program) => [program, ...strings(entry['args'])].join(' ')), ...['script', 'condition_script', 'install_script'].flatMap((key) => strings(entry[key]))];
  const runTask = entry['run_task'];
  const calls = [...[entry['dependencies']].flat().flatMap((dep) => strings(typeof dep === 'string' ? dep : table(dep)['name'])), ...strings(typeof runTask === 'string' ? runTask : table(runTask)['name']), ...['alias', 'linux_alias', 'mac_alias', 'windows_alias'].flatMap((key) => strings(entry[key]))];
  return { lines, calls };
}
