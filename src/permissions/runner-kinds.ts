// THE table of runner-executed file kinds (red team round 11, R11-6, structural): the configuration and task
// files task runners, test runners and build tools read and run, each row with the names it matches (at any
// depth; a name with `/` is a path ending) and its parser: what command lines the file holds (read like a
// hook's own, from the file's folder) and which files it names (obeyed whether they exist or not), or no
// parser: the whole file is obeyed and nothing in it followed (code: conftest.py, build.rs, gulpfile.*).
// When a hook runs a runner codeward does not model, or one whose files are only known at run time
// (hook-unmodeled.ts), every file of these kinds in the work tree is obeyed, and what they name
// (hook-fallback.ts). The test files a runner then loads are not (the README says why); conftest.py is.
import { basename, dirname, resolve } from 'node:path';
import { CONFIG_NAMES, configCommands, configNamed } from './hook-configs.js';
import { commitRunnerParts } from './hook-commit-runners.js';
import { makefileAll } from './hook-make.js';
import { taskFileCommands, taskfileParts } from './hook-taskfiles.js';
import { scriptLines, type Read } from './hook-tasks.js';

export interface KindParts {
  readonly lines: string[];
  // Absolute.
  readonly named: string[];
  // Absolute globs a file made later matches (a makefile's `include mk/*.mk`).
  readonly globs?: string[];
}

export interface RunnerKind {
  readonly kind: string;
  readonly names: readonly string[];
  readonly parse?: (path: string, top: string, read: Read) => KindParts;
}

// Quoted strings of a TOML/JSON/YAML text, and those of them that look like a relative path to code or config.
const quoted = (text: string | undefined): string[] => [...(text ?? '').matchAll(/"((?:\\.|[^"\\\n])*)"|'([^'\n]*)'/g)].map((found) => found[1] ?? found[2]!);
const PATHISH = /^(?:\.{1,2}\/)?[\w@.-]+(?:\/[\w@.-]+)*\.(?:toml|ya?ml|jsonc?|just|mk|[cm]?[jt]sx?|py|sh|bash|rb|pl|php|lua|rs)$/;
const at = (path: string, names: readonly string[]): string[] => names.map((name) => resolve(dirname(path), name));

// Every quoted string a command line, the path-like ones and pytest-style plugin modules named.
const strings = (path: string, _top: string, read: Read): KindParts => {
  const text = read(path);
  const all = quoted(text);
  return { lines: all, named: at(path, [...all.filter((value) => PATHISH.test(value)), ...configNamed(text ?? '').filter((value) => PATHISH.test(value))]) };
};

// A JSON file's command lines under `fields` (any depth: nx's targets.*.command, options.commands[]).
const jsonCommands = (...fields: string[]) => (path: string, _top: string, read: Read): KindParts => {
  const lines: string[] = [];
  const visit = (value: unknown, field: string | undefined): void => {
    if (typeof value === 'string' && field !== undefined && fields.includes(field)) lines.push(value);
    else if (Array.isArray(value)) for (const item of value) visit(item, field);
    else if (typeof value === 'object' && value !== null) for (const [key, item] of Object.entries(value)) visit(item, fields.includes(field ?? '') && typeof item === 'string' ? field : key);
  };
  try {
    visit(JSON.parse(read(path) ?? 'null'), undefined);
  } catch {
    // Not JSON (a JSONC comment): the file itself is obeyed.
  }
  return { lines, named: at(path, lines.filter((value) => PATHISH.test(value))) };
};

const tasks = (runner: string) => (path: string, _top: string, read: Read): KindParts => taskFileCommands([runner], dirname(path), read);

export const RUNNER_KINDS: readonly RunnerKind[] = [
  { kind: 'makefile', names: ['Makefile', 'makefile', 'GNUmakefile', '*.mk'], parse: (path, top, read) => makefileAll(top, path, read) },
  { kind: 'justfile', names: ['justfile', 'Justfile', '.justfile', '*.just'], parse: tasks('just') },
  { kind: 'Taskfile', names: ['Taskfile*.yml', 'Taskfile*.yaml', 'taskfile*.yml', 'taskfile*.yaml'], parse: (path, _top, read) => taskfileParts(read(path), dirname(path)) },
  { kind: 'package.json scripts', names: ['package.json'], parse: (path, _top, read) => ({ lines: scriptLines(dirname(path), Object.keys(scriptTable(read(path))), read), named: [] }) },
  { kind: 'Python project and tool settings', names: ['pyproject.toml', 'setup.cfg', 'tox.ini', 'tox.toml', 'pytest.ini', '.pytest.ini', 'hatch.toml', 'pixi.toml', '.flake8', 'mypy.ini', '.mypy.ini', '.pylintrc', 'pylintrc', 'rye.toml'], parse: (path, top, read) => {
    const parts = strings(path, top, read);
    return { lines: [...parts.lines, ...configCommands(['tox'], dirname(path), read)], named: parts.named };
  } },
  { kind: 'Python code a runner imports', names: ['conftest.py', 'noxfile.py', 'tasks.py', 'fabfile.py', 'dodo.py', 'setup.py'] },
  { kind: 'cargo manifest', names: ['Cargo.toml'], parse: (path, top, read) => ({ lines: [], named: [...at(path, ['build.rs']), ...strings(path, top, read).named] }) },
  { kind: 'cargo build script and config', names: ['build.rs', '.cargo/config.toml', '.cargo/config'] },
  { kind: 'cargo make, mise, pixi task files', names: ['Makefile.toml', 'mise.toml', '.mise.toml', 'mise.local.toml', '.mise.local.toml', '.config/mise.toml', '.config/mise/config.toml', '.tool-versions'], parse: strings },
  { kind: 'mise file tasks', names: ['mise-tasks', '.mise-tasks', '.mise/tasks', '.config/mise/tasks'] },
  { kind: 'JavaScript task files', names: ['gulpfile.*', 'Gulpfile.*', 'gruntfile.*', 'Gruntfile.*', 'jakefile.*', 'Jakefile', 'Rakefile', 'rakefile', '*.rake', 'build.gradle', 'build.gradle.kts', 'settings.gradle', 'settings.gradle.kts', 'pom.xml', 'build.sbt'] },
  { kind: 'monorepo task settings', names: ['project.json', 'nx.json', 'workspace.json', 'turbo.json', 'lerna.json', 'pnpm-workspace.yaml'], parse: jsonCommands('command', 'commands') },
  { kind: 'deno and composer tasks', names: ['deno.json', 'deno.jsonc', 'composer.json'], parse: (path, _top, read) => taskFileCommands(['deno', 'composer'], dirname(path), read) },
  { kind: 'test and lint runner settings', names: CONFIG_NAMES.filter((name) => !name.includes('/') && !['conftest.py', 'pyproject.toml', 'setup.cfg', 'tox.ini', 'pytest.ini', '.pytest.ini'].includes(name)), parse: (path, top, read) => {
    const text = read(path) ?? '';
    const runners = commitRunnerParts(['lefthook', 'pre-commit'], dirname(path), read);
    return { lines: runners.lines, named: [...runners.named, ...[...at(path, configNamed(text)), ...configNamed(text).map((name) => resolve(top, name))].filter((named) => PATHISH.test(basename(named)))] };
  } },
];

function scriptTable(text: string | undefined): Record<string, unknown> {
  try {
    const scripts = (JSON.parse(text ?? '{}') as { scripts?: unknown }).scripts;
    return typeof scripts === 'object' && scripts !== null ? (scripts as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
