import { NO_STEP, parsedOr, strings, table, type TaskFolder, type TaskStep } from './task-runner-files.js';

// `task x` (go-task): Taskfile.yml's `tasks.x` (found from the run folder up): `cmds` (a line, `cmd:`, `task:` another
// task, `defer:`), `cmd`, `deps`, `status` and `preconditions` (`sh:` lines), and the `sh:` of dynamic variables
// (run when the Taskfile loads). A template (`{{.VAR}}`) is filled at run time, an included Taskfile's tasks or a
// wildcard task are not read: fail closed.

const FILES = ['Taskfile.yml', 'taskfile.yml', 'Taskfile.yaml', 'taskfile.yaml', 'Taskfile.dist.yml', 'taskfile.dist.yml', 'Taskfile.dist.yaml', 'taskfile.dist.yaml'];

// Every `sh:` of a vars/env table (dynamic variables).
const dynamic = (...tables: unknown[]): string[] => tables.flatMap((each) => Object.values(table(each)).flatMap((value) => strings(table(value)['sh'])));

function item(entry: unknown): TaskStep {
  if (typeof entry === 'string') return { lines: [entry] };
  const fields = table(entry);
  const defer = fields['defer'];
  const inner = typeof defer === 'string' ? { lines: [defer] } : defer === undefined ? { lines: [] } : item(defer);
  return { lines: [...strings(fields['cmd']), ...inner.lines], calls: [...strings(fields['task']), ...(inner.calls ?? [])] };
}

// `{{.CLI_ARGS}}`: the words after the line's `--` (plain words only: none, or words shell quoting leaves alone).
function cliArgs(rest: readonly string[]): string | undefined {
  const at = rest.indexOf('--');
  const words = at < 0 ? [] : rest.slice(at + 1);
  return words.every((word) => /^[\w./=:,+@%-]+$/.test(word)) ? words.join(' ') : undefined;
}

export function taskfileTask(folder: TaskFolder, asked: string, context?: { readonly rest: readonly string[] }): TaskStep {
  const file = folder.upward(FILES);
  if (file === undefined) return NO_STEP;
  const { value, stop } = parsedOr(folder, file, 'yaml');
  if (stop) return stop;
  const tasks = table(table(value)['tasks']);
  const name = asked === '' ? 'default' : asked;
  const key = Object.hasOwn(tasks, name) ? name : Object.keys(tasks).find((each) => strings(table(tasks[each])['aliases']).includes(name));
  if (key === undefined) {
    if (table(value)['includes'] !== undefined || Object.keys(tasks).some((each) => each.includes('*'))) return { lines: [], unknown: `${file}: task "${name}" may come from an included Taskfile or a wildcard task` };
    return NO_STEP;
  }
  const task = tasks[key];
  const entry = table(task);
  const steps = [...(typeof task === 'string' || Array.isArray(task) ? [task].flat() : [entry['cmd'], ...[entry['cmds'] ?? []].flat()]).filter((each) => each !== undefined).map(item), ...[entry['deps'] ?? []].flat().map((dep) => ({ lines: [], calls: strings(typeof dep === 'string' ? dep : table(dep)['task']) }))];
  const args = cliArgs(context?.rest ?? []);
  const filled = (line: string): string => (args === undefined ? line : line.replace(/\{\{\s*\.CLI_ARGS\s*\}\}/g, args));
  const lines = [...steps.flatMap((step) => step.lines), ...strings(entry['status']), ...[entry['preconditions'] ?? []].flat().flatMap((each) => strings(typeof each === 'string' ? each : table(each)['sh'])), ...dynamic(table(value)['vars'], table(value)['env'], entry['vars'], entry['env'])].map(filled);
  const templated = lines.find((line) => line.includes('{{'));
  if (templated !== undefined) return { lines, unknown: `${file} task "${key}": \`${templated}\` is a template filled at run time` };
  return { lines, calls: steps.flatMap((step) => step.calls ?? []) };
}
