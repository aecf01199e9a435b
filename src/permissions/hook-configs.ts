// What a tool a hook starts loads or runs before any file it is given (red team R9-6): a test runner's
// configuration (jest/vitest/mocha/ava/playwright config, pytest's conftest.py and ini files) and the setup files
// and plugins it names; a linter's or formatter's code configuration (eslint, prettier, stylelint); and the
// command lines a commit-hook runner's configuration holds (lint-staged's globs -> commands, lefthook's `run:`,
// pre-commit's `entry:`, tox's `commands =`), read like the hook's own. The test files a runner then loads are not obeyed (the
// README says why: they are the code the person asks for, and runs anyway).
import { basename, resolve } from 'node:path';
import { moduleFiles } from './python-files.js';
import type { Read } from './hook-tasks.js';
import { LEFTHOOK_CONFIGS, PRE_COMMIT_CONFIGS } from './hook-commit-runners.js';
import { JS_RUNNERS } from './hook-js-runners.js';
import { pathSpellings } from './node-resolve.js';
import { noxSessions } from './hook-nox-sessions.js';
import { quoted } from './hook-runner-config.js';

const JS = ['js', 'cjs', 'mjs', 'ts', 'cts', 'mts'];
// The data forms of an rc file (`.prettierrc.yaml`).
const RC = ['json', 'json5', 'yaml', 'yml', 'toml'];
const named = (stem: string, exts: readonly string[] = JS): string[] => exts.map((ext) => `${stem}.${ext}`);
const PYTEST = ['conftest.py', 'test/conftest.py', 'tests/conftest.py', 'pytest.ini', '.pytest.ini', 'pyproject.toml', 'setup.cfg', 'tox.ini'];
export const CONFIGS: Readonly<Record<string, readonly string[]>> = {
  jest: [...named('jest.config'), 'jest.config.json'],
  vitest: [...named('vitest.config'), ...named('vite.config'), ...named('vitest.workspace'), 'vitest.workspace.json'],
  mocha: [...named('.mocharc'), '.mocharc.json', '.mocharc.jsonc', '.mocharc.yaml', '.mocharc.yml'],
  ava: named('ava.config'),
  playwright: named('playwright.config'),
  pytest: PYTEST,
  'py.test': PYTEST,
  eslint: [...named('eslint.config'), ...named('.eslintrc'), '.eslintrc', '.eslintrc.json', '.eslintrc.yml', '.eslintrc.yaml'],
  prettier: [...named('prettier.config'), ...named('.prettierrc'), '.prettierrc', ...RC.map((ext) => `.prettierrc.${ext}`)],
  stylelint: [...named('stylelint.config'), ...named('.stylelintrc'), '.stylelintrc', ...RC.map((ext) => `.stylelintrc.${ext}`)],
  commitlint: [...named('commitlint.config'), ...named('.commitlintrc'), '.commitlintrc', ...RC.map((ext) => `.commitlintrc.${ext}`)],
  'lint-staged': [...named('lint-staged.config'), ...named('.lintstagedrc'), '.lintstagedrc', '.lintstagedrc.json', '.lintstagedrc.yml', '.lintstagedrc.yaml'],
  lefthook: LEFTHOOK_CONFIGS,
  'pre-commit': PRE_COMMIT_CONFIGS,
};

// The configuration files (relative to the top) of the test runners `words` start.
export const runnerConfigs = (words: readonly string[]): string[] => words.flatMap((word, at) => configNamesOf(basename(word), words.slice(at + 1)));

// The configuration files (relative to where it runs) the runner `name` reads given its arguments `args`.
export function configNamesOf(name: string, args: readonly string[]): string[] {
  const names = CONFIGS[name];
  if (names === undefined) return [];
  const row = JS_RUNNERS[name];
  return [...names, ...flagConfigs(args, row?.configs), ...flagFolders(args, row === undefined ? undefined : row.folders ?? []).flatMap((folder) => names.map((one) => `${folder}/${one}`))];
}

// The folders a runner's flags make it read its configuration from (`vitest --root tools`, `--dir`, `jest
// --projects tools`, `--rootDir`; red team R13-24).
// A JS runner's own options (hook-js-runners.ts) when it has a row: `-c` is prettier's --check, mocha's --colors.
function flagFolders(args: readonly string[], options?: readonly string[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const flag = /^(--?[\w-]+)(?:=(.*))?$/.exec(arg);
    if (!flag || !(options ?? ['--root', '--dir', '--projects', '--rootDir', '--roots']).includes(flag[1]!)) continue;
    if (flag[2] !== undefined) found.push(flag[2]);
    else while (args[i + 1] !== undefined && !args[i + 1]!.startsWith('-')) found.push(args[++i]!);
  }
  return found.map((folder) => folder.replace(/^\.\//, '').replace(/\/+$/, '')).filter((folder) => folder !== '' && folder !== '.' && !folder.startsWith('/') && !/[$`]/.test(folder));
}

// The configuration files a runner's flags name (`vitest --config tools/vt.config.ts`, `jest -c jest.ci.js`,
// `--config=…`; red team R13-7): read like its default ones. A name only known at run time is left to the walk.
function flagConfigs(args: readonly string[], options: readonly string[] = ['-c', '--config', '--config-file', '--workspace']): string[] {
  const found: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (options.includes(arg) && args[i + 1] !== undefined) found.push(args[++i]!);
    else if (arg.includes('=') && options.includes(arg.slice(0, arg.indexOf('=')))) found.push(arg.slice(arg.indexOf('=') + 1));
  }
  return found.filter((name) => name !== '' && !name.startsWith('/') && !/[$`]/.test(name));
}

// Every configuration file name of the table (hook-fallback.ts obeys them all when a hook runs a runner
// codeward does not model).
export const CONFIG_NAMES: readonly string[] = [...new Set(Object.values(CONFIGS).flat())];

// What a runner's own line loads (R11-6): pytest's `-p plugin` on the line or in PYTEST_ADDOPTS, as
// configNamed reads a configuration; and every conftest.py at any depth (pytest loads each one in a folder it
// collects from, `tools/conftest.py` too), as a glob relative to the top.
export function lineLoads(words: readonly string[], line: string): { named: string[]; globs: string[] } {
  const at = words.findIndex((word) => ['pytest', 'py.test'].includes(basename(word)));
  const pytest = at >= 0 || /\bPYTEST_ADDOPTS=/.test(line);
  return pytest ? { named: configNamed(line), globs: ['**/conftest.py', ...argumentConfigs(at < 0 ? [] : words.slice(at + 1)), ...anywhereConfigs(at < 0 ? [] : words.slice(at + 1), line)] } : { named: [], globs: [] };
}

// Where pytest starts looking is not fixed (red team R13-4, R13-23): an argument only known at run time (`$T`,
// `$(git diff --name-only …)`, what xargs or lint-staged appends), a `cd`/`pushd` before it, or a root or config
// file chosen by flag: its
// configuration may be any such file of the tree.
function anywhereConfigs(args: readonly string[], line: string): string[] {
  const moving = args.some((arg) => /[$`]/.test(arg) || /^(?:-c|--rootdir|--config-file|--confcutdir)\b/.test(arg)) || /(?:^|[;&|(]\s*)(?:cd|pushd)\s|\bxargs\b/.test(line);
  return moving ? PYTEST_CONFIGS.map((name) => `**/${name}`) : [];
}

// pytest looks for its configuration from the common ancestor of the paths it is given, upwards (red team
// round 12, R12-2: a tests/pytest.ini was found first for `pytest tests`): every folder on the way from an
// argument to the top may hold the file it reads.
const PYTEST_CONFIGS = ['pytest.ini', '.pytest.ini', 'pyproject.toml', 'tox.ini', 'setup.cfg'];
function argumentConfigs(args: readonly string[]): string[] {
  const globs = new Set<string>();
  for (const arg of args) {
    if (arg.startsWith('-') || arg.includes('=') || arg.startsWith('/') || arg.includes('..') || arg.includes('$')) continue;
    const parts = arg.split('::')[0]!.replace(/^\.\//, '').split('/').filter((part) => part !== '' && part !== '.');
    for (let depth = 1; depth <= Math.min(parts.length, 8); depth++) for (const name of PYTEST_CONFIGS) globs.add(`${parts.slice(0, depth).join('/')}/${name}`);
  }
  return [...globs];
}

// The files (relative to the top) a runner's configuration names: quoted strings and path-like words
// (`setupFiles: ['<rootDir>/test/setup.js']`, `require: test/setup.js`), pytest's `-p plugin` and dotted
// plugin modules (`pytest_plugins = ["tests.fixtures"]`) as `plugin.py` and `plugin/__init__.py`.
export function configNamed(text: string): string[] {
  const words = [
    ...[...text.matchAll(/["']([^"'\n]{1,300})["']/g)].map((found) => found[1]!),
    ...(text.match(/[\w@<>./-]+\.(?:[cm]?[jt]sx?|py|json)\b/g) ?? []),
    // `-p plug` in pytest.ini's `addopts`, and inside a quoted value (pyproject.toml's `addopts = "-p tools.plug"`).
    ...[...text.matchAll(/(?:^|[\s"'[,])-p\s*=?\s*([\w.]+)/g)].map((found) => found[1]!),
  ].map((word) => word.replace(/^<rootDir>\//, ''));
  const modules = words.filter((word) => /^\w+(?:\.\w+)*$/.test(word) && !/\.(?:[cm]?[jt]sx?|py|json)$/.test(word));
  return [...words, ...modules.flatMap((module) => moduleFiles(module))];
}

// The files a name in a configuration may stand for (red team round 12, R12-5): runners resolve a path
// written without an extension as node does (`setupFiles: ['./cfg/setup']` is cfg/setup.ts, `import r from
// './rules'` is rules/index.js or what rules/package.json's main names, jest's `preset: './cfg'` is
// cfg/jest-preset.js); a name with an extension, or a bare word, stands for itself.
// Only names in a position that loads code are resolved so: an import or require, or the value of a key that
// names modules (setupFiles, globalSetup, preset, require, plugins, reporters, transform ...); `roots:
// ['./src']` or an alias to './src' stays the folder name (src/index.ts is the person's code, not the runner's).
const LOADING_KEY = /\b(?:setupFiles\w*|globalSetup|globalTeardown|preset|testEnvironment|require|snapshotSerializers|reporters|plugins|transform|resolver|testSequencer|watchPlugins|setup|loader)["']?\s*[:=]\s*(\[[^\]]*\]|\{[^}]*\}|["'][^"'\n]+["'])/g;
const LOADING_CALL = /(?:\bfrom\s+|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"'\n]+)["']/g;
export function loadedModuleNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const found of text.matchAll(LOADING_KEY)) for (const quoted of found[1]!.matchAll(/["']([^"'\n]+)["']/g)) names.add(quoted[1]!.replace(/^<rootDir>\//, ''));
  for (const found of text.matchAll(LOADING_CALL)) names.add(found[1]!);
  return names;
}

// One resolver with the runners' and the loader table's (node-resolve.ts); jest's `preset: './cfg'` is
// cfg/jest-preset.js as well.
export function resolvedNames(named: string): string[] {
  if (/\.[A-Za-z0-9]{1,5}$/.test(basename(named)) || named.startsWith('@') || !/^\.{0,2}\/|\//.test(named)) return [named];
  const stem = named.replace(/\/+$/, '');
  return [...pathSpellings(named), `${stem}/jest-preset.js`, `${stem}/jest-preset.json`];
}

// The command lines a commit-hook runner's configuration holds: lint-staged's JSON values (package.json's
// `lint-staged` field too; a JS config is obeyed whole, its commands are not read), lefthook's `run:`,
// pre-commit's `entry:`, tox's `commands` and nox's `session.run` lines.
export function configCommands(words: readonly string[], top: string, read: Read): string[] {
  const names = new Set(words.map((word) => basename(word)));
  const lines: string[] = [];
  const json = (path: string, field?: string): void => {
    try {
      const parsed = JSON.parse(read(resolve(top, path)) ?? 'null') as Record<string, unknown> | null;
      const table = field === undefined ? parsed : parsed?.[field];
      if (typeof table !== 'object' || table === null) return;
      for (const value of Object.values(table)) lines.push(...[value].flat().filter((line): line is string => typeof line === 'string'));
    } catch {
      // Not JSON: the file itself is obeyed (CONFIGS), its commands are not read.
    }
  };
  if (names.has('lint-staged')) {
    const from = lines.length;
    json('package.json', 'lint-staged');
    json('.lintstagedrc');
    json('.lintstagedrc.json');
    // lint-staged appends the staged files to each command: arguments only known at run time (red team R13-23).
    for (let i = from; i < lines.length; i++) lines[i] = `${lines[i]} "$LINT_STAGED_FILES"`;
  }
  // tox's `commands =` (and commands_pre/_post) with their indented continuation lines, every environment's.
  if (names.has('tox')) {
    for (const text of ['tox.ini', 'setup.cfg', 'pyproject.toml'].map((file) => read(resolve(top, file)))) {
      for (const found of text?.matchAll(/^\s*commands\w*\s*=(.*(?:\n[ \t]+\S.*)*)/gm) ?? []) lines.push(...found[1]!.split('\n').map((line) => line.trim()).filter(Boolean));
    }
    // tox.toml (R11-6): `commands = [["python", "tools/lint.py"]]`, each inner list one command, each part one word
    // (`["python", "-c", "print(1)"]`: fed23).
    for (const found of read(resolve(top, 'tox.toml'))?.matchAll(/^\s*commands\w*\s*=\s*\[([\s\S]*?\])\s*\]/gm) ?? []) {
      for (const command of found[1]!.matchAll(/\[([^\]]*)\]/g)) lines.push([...command[1]!.matchAll(/"((?:\\.|[^"\\])*)"|'([^']*)'/g)].map((part) => quoted(part[1] ?? part[2]!)).join(' '));
    }
  }
  // nox: the literal command lines of its sessions' `session.run` calls (hook-nox-sessions.ts).
  if (names.has('nox')) lines.push(...noxSessions(read(resolve(top, 'noxfile.py'))).lines);
  return lines;
}
