import { dirname, join, relative } from 'node:path';
import { kernelPlace } from '../workspace/kernel-place.js';
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
      // placed: mise's own file names in each folder up.
      const { value, stop } = parsedOr(folder, join(dir, file), 'toml');
      if (stop) return stop;
      const loaded = ['source', 'file'].find((key) => at(value, ['env', '_'])[key] !== undefined);
      // placed: that file's name, shown.
      if (loaded !== undefined) return unread(`${relative(folder.root, join(dir, file))} [env] _.${loaded} loads a file on every mise run (a script it runs, values it sets)`);
      const task = at(value, ['tasks'])[name];
      if (task === undefined) {
        if (strings(at(value, ['task_config'])['includes']).length > 0) return unread(`${file}: task_config.includes names task files codeward does not read`);
        continue;
      }
      const entry = table(task);
      const run = typeof task === 'string' || Array.isArray(task) ? [task].flat() : [entry['run']].flat();
      // placed: that file's name, shown.
      const where = `${relative(folder.root, join(dir, file))} task "${name}"`;
      if (entry['file'] !== undefined) return unread(`${where} runs a script file`);
      if (entry['shell'] !== undefined && !/^(?:ba|z|da)?sh\b/.test(String(entry['shell']))) return unread(`${where} runs its lines with ${String(entry['shell'])}`);
      const lines = run.flatMap((item) => strings(item));
      const calls = [...run.flatMap((item) => strings(table(item)['task'] ?? table(item)['tasks'])), ...['depends', 'depends_post', 'wait_for'].flatMap((key) => strings(entry[key]))].map(firstWord);
      return templated(lines, where) ?? { lines, calls };
    }
    // The task name is a word of the line: its file is where the kernel opens it (kernel-place.ts); one it cannot follow is
    // taken as there (unread).
    const script = MISE_TASK_DIRS.map((tasks) => `${tasks}/${name.split(':').join('/')}`).find((spelled) => { const abs = kernelPlace(dir, spelled, folder.walk(true)); return abs === undefined || folder.text(abs) !== 'absent'; });
    if (script !== undefined) return unread(`mise task "${name}" is the script ${script}`);
    if (dir === folder.root || dirname(dir) === dir) return NO_STEP;
  }
}

// `pipenv run x`: the Pipfile's `[scripts] x` (a command line); without it pipenv runs the program x.
// PIPENV_PIPFILE handed on the line names the Pipfile (from the run folder); `{ call = "m:f()" }` is Python.
export function pipenvScript(folder: TaskFolder, name: string, context?: { readonly handed: readonly string[] }): TaskStep {
  const named = context?.handed.find((each) => each.startsWith('PIPENV_PIPFILE='))?.slice('PIPENV_PIPFILE='.length);
  if (named !== undefined && !/^[\w./-]+$/.test(named)) return unread(`PIPENV_PIPFILE=${named} is only known at run time`);
  const file = named ?? folder.upward(['Pipfile']);
  if (file === undefined) return NO_STEP;
  const { value, stop } = parsedOr(folder, file, 'toml');
  if (stop) return stop;
  const script = at(value, ['scripts'])[name];
  if (script !== undefined && typeof script !== 'string') return unread(`${file} [scripts] "${name}" is not a command line (a \`call\` of Python code)`);
  return { lines: strings(script) };
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
// hatch's own environments (fmt, test, build): absent from the project, they run hatch's built-in scripts.
const HATCH_OWN_ENVS = new Set(['hatch-static-analysis', 'hatch-test', 'hatch-build', 'hatch-uv']);

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
    if (envs[each] === undefined && each !== 'default' && !HATCH_OWN_ENVS.has(each)) return unread(`hatch environment "${each}" is not a table codeward reads (a matrix or a plug-in's)`);
    const entry = table(envs[each]);
    const scripts = table(entry['scripts']);
    const lines = strings(scripts[name]);
    steps.push({ lines: [...lines.filter((line) => scripts[firstWord(line)] === undefined), ...['pre-install-commands', 'post-install-commands'].flatMap((key) => strings(entry[key]))], calls: lines.map(firstWord).filter((word) => scripts[word] !== undefined && word !== name).map((word) => `${env}:${word}`) });
    each = typeof entry['template'] === 'string' ? entry['template'] : each === 'default' ? undefined : 'default';
  }
  return joinSteps(steps);
}

// `poe x`: `[tool.poe.tasks] x` of pyproject.toml, and `[tasks] x` of a standalone poe_tasks.toml/.yaml/.json: a
// line (cmd, or default_task_type's), a list (a sequence of task names), or a table: `cmd`/`shell` lines (a shell
// with a sh-family interpreter), `ref` and `sequence`/`parallel` of names (or of default_item_type's lines) or
// inline tasks, `deps`/`uses`; `script`/`expr`/`switch`, another interpreter or task type are Python or branches
// codeward does not read; an `include`d file's tasks are not read either.
export function poeTask(folder: TaskFolder, name: string): TaskStep {
  const { value, stop } = pyproject(folder);
  if (stop) return stop;
  const steps: TaskStep[] = [poeFile(at(value, ['tool', 'poe']), name, 'pyproject.toml [tool.poe]')];
  for (const [file, kind] of [['poe_tasks.toml', 'toml'], ['poe_tasks.yaml', 'yaml'], ['poe_tasks.yml', 'yaml'], ['poe_tasks.json', 'json']] as const) {
    const found = folder.upward([file]);
    if (found === undefined) continue;
    const own = parsedOr(folder, found, kind);
    steps.push(own.stop ?? poeFile(table(own.value), name, found));
  }
  return joinSteps(steps);
}

const POE_SHELLS = /^(?:posix|sh|bash|zsh|dash)$/;

function poeFile(poe: Record<string, unknown>, name: string, where: string): TaskStep {
  const task = table(poe['tasks'])[name];
  if (task === undefined) return poe['include'] === undefined && poe['include_script'] === undefined ? NO_STEP : unread(`${where} includes task files codeward does not read`);
  const type = poe['default_task_type'] ?? 'cmd';
  if (typeof task === 'string' && type !== 'cmd' && type !== 'shell') return unread(`${where} default_task_type "${String(type)}" is code codeward does not read`);
  return poeEntry(typeof task === 'string' ? { [String(type)]: task } : task, `${where} tasks "${name}"`, 'ref', poe['shell_interpreter']);
}

function poeEntry(task: unknown, where: string, items: unknown, shell: unknown): TaskStep {
  if (typeof task === 'string') return items === 'ref' ? { lines: [], calls: [firstWord(task)] } : items === 'cmd' || items === 'shell' ? poeEntry({ [items]: task }, where, items, shell) : unread(`${where}: items of type "${String(items)}" are code codeward does not read`);
  if (Array.isArray(task)) return joinSteps(task.map((item) => poeEntry(item, where, items, shell)));
  const entry = table(task);
  if (['script', 'expr', 'switch'].some((key) => entry[key] !== undefined)) return unread(`${where} runs Python code or a switch`);
  const interpreter = [entry['interpreter'] ?? shell ?? 'posix'].flat();
  if (entry['shell'] !== undefined && !interpreter.every((each) => POE_SHELLS.test(String(each)))) return unread(`${where} runs its shell text with ${JSON.stringify(entry['interpreter'])}`);
  const deps = [...strings(entry['deps']), ...Object.values(table(entry['uses'])).flatMap((item) => strings(item))].map(firstWord);
  const steps: TaskStep[] = [{ lines: [...strings(entry['cmd']), ...strings(entry['shell'])], calls: [...strings(entry['ref']).map(firstWord), ...deps] }];
  for (const key of ['sequence', 'parallel']) if (entry[key] !== undefined) steps.push(poeEntry([entry[key]].flat(), where, entry['default_item_type'] ?? 'ref', shell));
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
