// What nx runs for a project beside its package.json scripts (red team R11-6, R18-7): the targets of its
// project.json and of its package.json's `nx` key, and the workspace's nx.json `targetDefaults`. A target with a
// `command` (or `options.command`, `options.commands[]`) runs shell lines; `nx:run-script` runs the package script
// `options.script`; nx's own plug-ins run their tool (PLUGINS). Anything else runs code the walk does not read, so
// it fails closed (`unknown`): an executor that is a plugin's or the workspace's own module, another nx.json plug-in
// (it infers targets from code of its own), a custom tasks runner.
import { join } from 'node:path';
import type { Read } from './hook-tasks.js';
import { EXECUTORS } from './hook-nx-executors.js';
import { quote, runCommands, tokens, type NxRun } from './hook-nx-commands.js';

// Executors whose behaviour is the target's own text.
const SHELL = new Set(['nx:run-commands', '@nrwl/workspace:run-commands', '@nx/workspace:run-commands', 'nx:noop']);
const SCRIPT = new Set(['nx:run-script', '@nrwl/workspace:run-script']);
// The line an nx executor target runs ('' for none), or why it is not understood (undefined: not one of EXECUTORS).
function executorLine(executor: string, options: Record<string, unknown>): { line: string } | { why: string } | undefined {
  const own = /^@(?:nx|nrwl)\/(.+)$/.exec(executor)?.[1];
  const row = own !== undefined && Object.hasOwn(EXECUTORS, own) ? EXECUTORS[own]! : undefined;
  if (row === undefined) return undefined;
  const odd = Object.keys(options).find((key) => key !== row.config?.[0] && !row.inert.includes(key));
  if (odd !== undefined) return { why: `option ${odd} of ${executor}` };
  const config = row.config === undefined ? undefined : options[row.config[0]];
  if (config !== undefined && typeof config !== 'string') return { why: `a ${row.config![0]} that is not text` };
  if (config === undefined) return { line: row.line };
  return { line: [row.line, row.config![1], quote(config)].filter((word) => word !== '').join(' ') };
}

// nx's own plug-ins (installed packages) infer targets that run one tool with its configuration in each project:
// read as that tool's line there (its configuration followed by the tool's row), whatever the target is called.
// A plug-in not in the table (the workspace's own, a community one) infers what only its code knows.
const PLUGINS: Readonly<Record<string, readonly string[]>> = {
  'vite/plugin': ['vitest run'], 'vitest': ['vitest run'], 'eslint/plugin': ['eslint .'], 'jest/plugin': ['jest'], 'next/plugin': ['next build'],
  'playwright/plugin': ['playwright test'], 'js/typescript': ['tsc --build'], 'js/plugins/typescript': ['tsc --build'],
};
const pluginLines = (plugin: unknown): readonly string[] | undefined => {
  const name = typeof plugin === 'string' ? plugin : object(plugin)['plugin'];
  const own = typeof name === 'string' ? /^@(?:nx|nrwl)\/(.+)$/.exec(name)?.[1] : undefined;
  return own !== undefined && Object.hasOwn(PLUGINS, own) ? PLUGINS[own] : undefined;
};

// The default tasks runners (nx's own, Nx Cloud's): any other `runner` is a module nx loads.
const RUNNERS = new Set(['nx/tasks-runners/default', 'nx-cloud', '@nrwl/nx-cloud']);

export interface NxLines {
  readonly files: string[];
  readonly lines: string[];
  // Lines run in a folder of their own (run-commands' `cwd`).
  readonly placed: [string, string][];
  readonly unknown?: string;
}

// A JSON object's entries, or none (nx and turbo settings).
export const object = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

function parse(text: string | undefined): Record<string, unknown> | undefined {
  try {
    return text === undefined ? undefined : object(JSON.parse(text));
  } catch {
    return undefined;
  }
}

// The lines of one target run with `options`, or why it is not understood.
function optionLines(name: string, target: Record<string, unknown>, options: Record<string, unknown>, where: string, run: NxRun): string | undefined {
  const { lines } = run;
  const executor = target['executor'];
  if (typeof executor === 'string' && SCRIPT.has(executor)) {
    const script = options['script'] ?? name;
    if (typeof script !== 'string') return `${where} target ${name}: a script that is not text`;
    lines.push(`npm run ${script}`);
    return undefined;
  }
  // nx's `{projectRoot}`/`{workspaceRoot}` in a configuration option (`jestConfig: "{projectRoot}/jest.config.ts"`).
  const own = Object.fromEntries(Object.entries(options).map(([key, value]) => [key, typeof value === 'string' ? tokens(value, run.top, run.folder) : value]));
  const tool = typeof executor === 'string' ? executorLine(executor, own) : undefined;
  if (tool !== undefined && 'why' in tool) return `${where} target ${name}: ${tool.why} (it may name code)`;
  if (tool !== undefined) {
    if (tool.line !== '') lines.push(tool.line);
    return undefined;
  }
  if (executor !== undefined && !(typeof executor === 'string' && SHELL.has(executor))) return `${where} target ${name}: executor ${JSON.stringify(executor)} (code codeward does not read)`;
  const why = runCommands(name, target, options, run);
  return why === undefined ? undefined : `${where} ${why}`;
}

// The lines of one table of targets (`targets`, `targetDefaults`), or why one is not understood. A target runs
// with its `options`, or with one of its `configurations` merged over them (`nx run-many -t build -c ci`, or its
// `defaultConfiguration`): every configuration is read.
function targetLines(targets: Record<string, unknown>, where: string, run: NxRun): string | undefined {
  for (const [name, value] of Object.entries(targets)) {
    const target = object(value);
    const options = object(target['options']);
    const configurations = Object.values(object(target['configurations'])).map((each) => ({ ...options, ...object(each) }));
    for (const each of [options, ...configurations]) {
      const why = optionLines(name, target, each, where, run);
      if (why !== undefined) return why;
    }
  }
  return undefined;
}

// What nx runs in the project `folder` of the workspace `top`: the files read, the shell lines, or why not known.
export function nxLines(top: string, folder: string, read: Read): NxLines {
  const files = [join(folder, 'project.json'), join(top, 'nx.json')];
  const run: NxRun = { top, folder, read, lines: [], placed: [], files };
  const { lines, placed } = run;
  const settings = parse(read(join(top, 'nx.json'))) ?? {};
  for (const plugin of [settings['plugins'] ?? []].flat()) {
    const inferred = pluginLines(plugin);
    if (inferred === undefined) return { files, lines, placed, unknown: `nx.json plugin ${JSON.stringify(plugin)} (a module that infers targets codeward does not read)` };
    lines.push(...inferred);
  }
  const runners = Object.values(object(settings['tasksRunnerOptions'])).map((each) => object(each)['runner']);
  const runner = runners.find((each) => each !== undefined && !(typeof each === 'string' && RUNNERS.has(each)));
  if (runner !== undefined) return { files, lines, placed, unknown: `nx.json tasks runner ${JSON.stringify(runner)}` };
  const tables: [Record<string, unknown>, string][] = [
    [object(settings['targetDefaults']), 'nx.json'],
    [object(parse(read(join(folder, 'project.json')))?.['targets']), 'project.json'],
    [object(object(parse(read(join(folder, 'package.json')))?.['nx'])['targets']), 'package.json nx'],
  ];
  for (const [targets, where] of tables) {
    const unknown = targetLines(targets, where, run);
    if (unknown !== undefined) return { files, lines, placed, unknown };
  }
  return { files, lines, placed };
}
