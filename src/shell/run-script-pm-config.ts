import { keyMayBe, npmIni } from '../engine/npm-ini.js';
import { parseToml } from '../engine/toml.js';
import { parseYaml } from '../engine/yaml.js';
import type { ProjectFiles } from './test-detect-files.js';
import { shadowingBin } from './run-script-bin-shadows.js';

// The ONE check of a package manager's project settings that change WHICH package's script a runner line runs, or
// WHAT runs it (red team R31-6: a project .npmrc's `workspace=pkg` ran pkg's script while the reading showed the
// root's; issue 26, fix32a: the same class for pnpm, yarn and bun). run-scripts.ts asks it for every package-manager
// line, so the question (shown lines) and the decision (decide-scripts.ts: unread, asked as immune under --yes) take
// the same answer. Each setting is either modelled elsewhere (the shown script-shell and node-options:
// run-script-npm.ts) or named here, which makes the reading unread: codeward does not say which script runs.
// - npm and pnpm read the project `.npmrc` (npm-ini.ts): the package picked (`workspace`, `workspaces`,
//   `include-workspace-root`; pnpm's `recursive`, `filter`, `filter-prod`, `dir`, `workspace-root`,
//   `test-pattern`, `changed-files-ignore-pattern`), settings moved elsewhere (`globalconfig`, `userconfig`,
//   `prefix`), what runs before or around the script (pnpm's `verify-deps-before-run` may install, running
//   lifecycle scripts; `pnpmfile`/`global-pnpmfile` code; `use-node-version`/`node-version` another node;
//   `shell-emulator` pnpm's own shell; `npm-path`), and a script shell other than a standard one or node-options
//   that load code (every script line runs through them).
// - pnpm also reads pnpm-workspace.yaml (pnpm 10 settings, camelCase): the same keys.
// - yarn: `.yarnrc.yml`'s `yarnPath` (every yarn command is that file), `plugins`, `injectEnvironmentFiles`
//   (NODE_OPTIONS from a file); yarn 1's `.yarnrc`: `yarn-path`, and any `--option` line (command-line options
//   for every command: `--cwd pkg`).
// - bun: bunfig.toml's `preload` (top level or in [run]/[test]) and `[run] shell` other than "system" (bun's own
//   shell runs the lines).
// - all four: a program of the package's (or a parent's) node_modules/.bin named like a program of PATH or a shell,
//   which every script runs first, npm's script shell `sh` included (red team R33-4: run-script-bin-shadows.ts).

const normal = (key: string): string => key.toLowerCase().replace(/[-_]/g, '');
const PICKS = ['workspace', 'workspaces', 'include-workspace-root', 'recursive', 'filter', 'filter-prod', 'dir', 'workspace-root', 'test-pattern', 'changed-files-ignore-pattern', 'globalconfig', 'userconfig', 'prefix', 'verify-deps-before-run', 'pnpmfile', 'global-pnpmfile', 'use-node-version', 'node-version', 'shell-emulator', 'npm-path'];
const NORMAL_PICKS = new Set(PICKS.map(normal));
// A script shell that runs a line as the reading reads it.
const STANDARD_SHELL = /^(?:\/(?:usr\/)?bin\/)?(?:sh|bash|dash|zsh)$/;
// node-options that load code the reading does not follow (also run-script-npm.ts, which shows them).
export const LOADS = /(^|\s)(-r|--require|--import|--loader|--experimental-loader|--env-file)\b/;

// Why the script run is unread (`keyed`: what runs the lines is shown and keyed by run-script-npm.ts, so the question
// keeps its key while the rules cannot judge the lines), undefined when the setting changes neither.
export interface Picked {
  readonly why: string;
  readonly keyed?: boolean;
}

function picked(key: string, value: string): { why: string; shell?: boolean } | undefined {
  const own = normal(key);
  if (NORMAL_PICKS.has(own)) return { why: 'chooses the package whose script runs, or what runs before it' };
  if (own === 'scriptshell' && !STANDARD_SHELL.test(value.trim())) return { why: 'runs every script line through another program', shell: true };
  if (own === 'nodeoptions' && LOADS.test(value)) return { why: 'loads code into every node a script runs', shell: true };
  return undefined;
}

async function npmrc(files: ProjectFiles): Promise<Picked | undefined> {
  if (!files.has('.npmrc')) return undefined;
  const text = await files.text('.npmrc');
  if (text === undefined) return { why: 'project .npmrc: not readable here, and it may choose the package whose script runs' };
  for (const entry of npmIni(text)) {
    const value = entry.value === true ? 'true' : entry.value;
    const got = entry.template !== undefined ? (keyMayBe(entry, [...PICKS, 'script-shell', 'node-options']) ? { why: 'is a key set from the environment' } : undefined) : picked(entry.key, value);
    // A list or sectioned script-shell is not what run-script-npm.ts shows: not keyed.
    if (got !== undefined) return { why: `project .npmrc sets ${entry.template ?? entry.key}${entry.list ? '[]' : ''}, which ${got.why}`, keyed: 'shell' in got && got.shell === true && !entry.list && entry.section === '' };
  }
  return undefined;
}

// A YAML or TOML file's top-level table (undefined: absent; a string: why it is not read).
async function table(files: ProjectFiles, name: string, parse: (text: string) => unknown): Promise<Record<string, unknown> | string | undefined> {
  if (!files.has(name)) return undefined;
  const text = await files.text(name);
  if (text === undefined) return `${name}: not readable here`;
  try {
    const value = parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : value === null || value === undefined ? {} : `${name}: not a table`;
  } catch {
    return `${name}: not valid, so its settings are not read`;
  }
}

async function pnpmWorkspace(files: ProjectFiles): Promise<string | undefined> {
  const got = await table(files, 'pnpm-workspace.yaml', parseYaml);
  if (typeof got !== 'object') return got;
  for (const [key, value] of Object.entries(got)) {
    const got = picked(key, typeof value === 'string' ? value : JSON.stringify(value));
    if (got !== undefined) return `pnpm-workspace.yaml sets ${key}, which ${got.why}`;
  }
  return undefined;
}

// yarn 1 `.yarnrc` option lines that change neither the folder nor the package a command works on, nor the program
// that runs a script: where packages come from and go (the install-location checks judge the folders: unconfined-
// install.ts), output and network settings. Any other `--` line (`--cwd pkg`, one unknown here) is unread.
const YARN1_PLAIN = /^--(?:modules-folder|cache-folder|registry|network-timeout|network-concurrency|mutex|ignore-scripts|ignore-engines|ignore-optional|ignore-platform|production|prod|frozen-lockfile|pure-lockfile|prefer-offline|offline|silent|no-progress|non-interactive|no-emoji|emoji|verbose|no-lockfile|check-files|har|no-default-rc)(?:[\s=]|$)/;

async function yarnrc(files: ProjectFiles): Promise<string | undefined> {
  const berry = await table(files, '.yarnrc.yml', parseYaml);
  if (typeof berry === 'string') return berry;
  const key = Object.keys(berry ?? {}).find((each) => ['yarnpath', 'plugins', 'injectenvironmentfiles'].includes(normal(each)));
  if (key !== undefined) return `.yarnrc.yml sets ${key}, which runs or loads another program for every yarn command`;
  if (!files.has('.yarnrc')) return undefined;
  const text = await files.text('.yarnrc');
  if (text === undefined) return '.yarnrc: not readable here';
  const line = text.split('\n').map((each) => each.trim()).find((each) => (each.startsWith('--') && !YARN1_PLAIN.test(each)) || /^"?yarn-path"?\s/.test(each));
  return line === undefined ? undefined : `.yarnrc: \`${line}\` sets yarn's options or program for every command`;
}

async function bunfig(files: ProjectFiles): Promise<string | undefined> {
  const got = await table(files, 'bunfig.toml', parseToml);
  if (typeof got !== 'object') return got;
  const section = (name: string): Record<string, unknown> => (typeof got[name] === 'object' && got[name] !== null ? (got[name] as Record<string, unknown>) : {});
  if (got['preload'] !== undefined || section('run')['preload'] !== undefined) return 'bunfig.toml sets preload, which loads code into what bun runs';
  const shell = section('run')['shell'];
  if (shell !== undefined && shell !== 'system') return `bunfig.toml [run] shell = ${JSON.stringify(shell)}: another shell runs the script lines`;
  return undefined;
}

// Why the project's settings for `program` (npm, pnpm, yarn, bun) leave the script that runs unread, else undefined.
// `rest`: the line's words after the program (a run aimed at workspace packages: their .bin folders too).
export async function projectPicksScript(files: ProjectFiles, program: string, rest: readonly string[] = []): Promise<Picked | undefined> {
  const shadow = shadowingBin(files.dir, files.jail, { program, rest });
  if (shadow !== undefined) return { why: shadow };
  const why = program === 'npm' ? undefined : program === 'pnpm' ? await pnpmWorkspace(files) : program === 'yarn' ? await yarnrc(files) : program === 'bun' ? await bunfig(files) : undefined;
  if (why !== undefined) return { why };
  return program === 'npm' || program === 'pnpm' ? npmrc(files) : undefined;
}
