import { join, relative } from 'node:path';
import { reachedPackages } from './hook-workspaces.js';
import { turboTasks } from './hook-turbo.js';
import { NO_STEP, parsedOr, strings, table, type TaskFolder, type TaskStep } from './task-runner-files.js';

// The task runners whose tasks are JSON fields (task-runners.ts): deno.json(c) `tasks`, composer.json `scripts`,
// and the workspace packages' package.json `scripts` turbo and nx run (nx also project.json targets).

// Steps joined: every line, every call, the first reason not read.
export function joinSteps(steps: readonly TaskStep[]): TaskStep {
  const unknown = steps.find((step) => step.unknown !== undefined)?.unknown;
  return { lines: steps.flatMap((step) => step.lines), calls: steps.flatMap((step) => step.calls ?? []), ...(unknown === undefined ? {} : { unknown }) };
}

// `deno task x`: deno.json(c)'s task x (a string, or `{ command, dependencies }`), else package.json's script x.
export function denoTask(folder: TaskFolder, name: string): TaskStep {
  const file = folder.upward(['deno.json', 'deno.jsonc']);
  if (file !== undefined) {
    const { value, stop } = parsedOr(folder, file, 'jsonc');
    if (stop) return stop;
    const task = table(table(value)['tasks'])[name];
    if (task !== undefined) return { lines: strings(typeof task === 'string' ? task : table(task)['command']), calls: strings(table(task)['dependencies']) };
  }
  return packageScripts(folder, folder.dir, [name]);
}

// package.json's scripts `names` in `dir`.
function packageScripts(folder: TaskFolder, dir: string, names: readonly string[]): TaskStep {
  const { value, stop } = parsedOr(folder, join(dir, 'package.json'), 'json');
  if (stop) return stop;
  const scripts = table(table(value)['scripts']);
  return { lines: names.flatMap((name) => strings(scripts[name])) };
}

// `composer x`: composer.json's script x (a line or a list); `@y` runs script y, `@php`/`@composer` those programs,
// a PHP callback (`Vendor\Class::method`) is PHP code codeward does not read.
export function composerScript(folder: TaskFolder, name: string): TaskStep {
  const { value, stop } = parsedOr(folder, 'composer.json', 'json');
  if (stop) return stop;
  const scripts = table(table(value)['scripts']);
  if (scripts[name] === undefined) {
    // An alias (`scripts-aliases`) or a unique prefix composer's console resolves: every script it may be.
    const aliased = Object.entries(table(table(value)['scripts-aliases'])).filter(([, names]) => strings(names).includes(name)).map(([script]) => script);
    return { lines: [], calls: [...aliased, ...Object.keys(scripts).filter((script) => script.startsWith(name))] };
  }
  const lines: string[] = [];
  const calls: string[] = [];
  for (const entry of strings(scripts[name])) {
    const at = /^@(\S+)\s*(.*)$/s.exec(entry.trim());
    if (at?.[1] === 'php' || at?.[1] === 'composer') lines.push(`${at[1]} ${at[2]!}`);
    else if (at?.[1] === 'putenv') continue;
    else if (at) calls.push(at[1]!);
    else if (/^[\w\\]+::\w+$/.test(entry.trim())) return { lines, unknown: `composer.json script "${name}" calls the PHP code ${entry.trim()}` };
    else lines.push(entry);
  }
  return { lines, calls };
}

// The workspace packages turbo and nx run a task in (the top among them: hook-workspaces.ts).
const packages = (folder: TaskFolder, tool: 'turbo' | 'nx'): string[] => reachedPackages(folder.root, { tool, names: [] }, folder.read).folders;

// `turbo run x`: every package's scripts x (with npm's pre/post), and the tasks turbo.json's dependsOn reaches.
export function turboTasksRun(folder: TaskFolder, name: string): TaskStep {
  const folders = packages(folder, 'turbo');
  const reached = turboTasks(folders, [name], folder.read);
  if (reached.unknown !== undefined) return { lines: [], unknown: reached.unknown };
  return joinSteps(folders.map((dir) => packageScripts(folder, dir, reached.names.flatMap((each) => [`pre${each}`, each, `post${each}`]))));
}

// One nx target's lines: nx:run-commands' `command`/`commands` (or a target's own `command`), nx:run-script's
// package.json script; a local executor (a file of the project) is code codeward does not read; a package's
// executor is installed code, not a line of the project. `dependsOn` names the targets run first.
function nxTarget(folder: TaskFolder, dir: string, target: unknown, where: string): TaskStep {
  const entry = table(target);
  const options = table(entry['options']);
  const executor = typeof entry['executor'] === 'string' ? entry['executor'] : undefined;
  const calls = [entry['dependsOn']].flat().flatMap((dep) => strings(typeof dep === 'string' ? dep : table(dep)['target'])).map((dep) => dep.replace(/^\^/, '').replace(/^.*:/, ''));
  // Every configuration's options too (`nx x -c prod` picks one; all are judged).
  const configured = Object.values(table(entry['configurations'])).map(table);
  const commands = [entry['command'], ...[options, ...configured].flatMap((each) => [each['command'], ...[each['commands']].flat()])].flatMap((each) => strings(typeof each === 'string' ? each : table(each)['command']));
  if (executor === 'nx:run-script') return { ...packageScripts(folder, dir, strings(options['script'])), calls };
  if (executor !== undefined && /^[./]/.test(executor)) {
    return { lines: commands, calls, unknown: `${where} runs the local executor ${executor}` };
  }
  return { lines: commands, calls };
}

// `nx run p:x` / `nx x` / `nx run-many -t x`: target x of every project (project.json, package.json's scripts and
// `nx.targets`) and nx.json's targetDefaults.x.
export function nxTargets(folder: TaskFolder, name: string): TaskStep {
  const { value: nx, stop } = parsedOr(folder, join(folder.root, 'nx.json'), 'json');
  if (stop) return stop;
  // A plugin of the workspace's own files is code nx runs to build the project graph (an installed one is not a
  // project file: not read, as an installed executor).
  const local = [table(nx)['plugins']].flat().map((each) => (typeof each === 'string' ? each : table(each)['plugin'])).find((each) => typeof each === 'string' && /^(?:\.{1,2}\/|\/)/.test(each));
  if (local !== undefined) return { lines: [], unknown: `nx.json loads the local plugin ${String(local)} (code codeward does not read)` };
  const steps: TaskStep[] = [nxTarget(folder, folder.root, table(table(nx)['targetDefaults'])[name], 'nx.json')];
  for (const dir of packages(folder, 'nx')) {
    const where = relative(folder.root, dir) || '.';
    const project = parsedOr(folder, join(dir, 'project.json'), 'json');
    const pkg = parsedOr(folder, join(dir, 'package.json'), 'json');
    const failed = project.stop ?? pkg.stop;
    if (failed) return failed;
    steps.push(nxTarget(folder, dir, table(table(project.value)['targets'])[name], `${where}/project.json`));
    steps.push(nxTarget(folder, dir, table(table(table(pkg.value)['nx'])['targets'])[name], `${where}/package.json`));
    steps.push(packageScripts(folder, dir, [name]));
  }
  return steps.length === 0 ? NO_STEP : joinSteps(steps);
}
