// The command lines other task runners take from their task file (red team R9-6's class, round 10 R10-1's
// held-back variants): `just lint` (justfile recipe bodies), `task lint` (Taskfile `cmds:`), `composer lint`
// (composer.json `scripts`), `deno task lint` (deno.json `tasks`), `pdm run` / `poe` / `hatch run`
// (pyproject.toml's `[tool.pdm.scripts]`, `[tool.poe.tasks]`, hatch's environments: hook-hatch-envs.ts). Every task's
// lines, not only the one named: obeyed-hooks.ts reads them like the hook's own, from the runner's folder.
// The files a task file pulls in are obeyed whether they exist or not (R11-6: just `import`/`mod`, Taskfile
// `includes:`, poe `include`, a poe `script = "mod:func"`), and their tasks read too.
import { basename, dirname, resolve } from 'node:path';
import type { Read } from './hook-tasks.js';
import { hatchEnvLines } from './hook-hatch-envs.js';
import { justSettings, newSettings, taskfileSettings, type RunnerSettings } from './hook-taskfile-settings.js';

const unquote = (text: string): string => text.trim().replace(/^(["'])(.*)\1$/, '$2');

// The string values of a JSON file's `field` (a string, an array of strings, or an object's `command`).
function jsonField(text: string | undefined, field: string): string[] {
  try {
    const table = (JSON.parse(text ?? 'null') as Record<string, unknown> | null)?.[field];
    if (typeof table !== 'object' || table === null) return [];
    return Object.values(table).flatMap((value: unknown) => [value, (value as { command?: unknown } | null)?.command].flat()).filter((line): line is string => typeof line === 'string');
  } catch {
    return [];
  }
}

// The quoted strings of the pyproject.toml tables whose header matches `section`.
function tomlStrings(text: string | undefined, section: RegExp): string[] {
  const lines: string[] = [];
  for (const table of (text ?? '').split(/^(?=\[)/m)) {
    if (!section.test(table.slice(0, table.indexOf('\n') + 1 || undefined))) continue;
    for (const found of table.slice(table.indexOf('\n') + 1).matchAll(/"((?:\\.|[^"\\\n])*)"|'([^'\n]*)'/g)) lines.push(found[1] ?? found[2]!);
  }
  return lines;
}

const PYPROJECT: Readonly<Record<string, RegExp>> = {
  pdm: /^\[tool\.pdm\.scripts/,
  poe: /^\[tool\.poe\.tasks/,
};

// just: recipe bodies, and the files `import 'x.just'` / `mod NAME ['path']` pull in (recursively, bounded).
function justfile(path: string, read: Read, out: TaskFiles, seen: Set<string>, settings: RunnerSettings): void {
  if (seen.has(path) || seen.size >= 16) return;
  seen.add(path);
  const text = read(path);
  if (text !== undefined) justSettings(text, dirname(path), settings);
  for (const found of text?.matchAll(/^[ \t]+(\S.*)$/gm) ?? []) out.lines.push(found[1]!.replace(/^[@-]+/, ''));
  const pulled: string[] = [];
  for (const found of text?.matchAll(/^import\??\s+(?:"([^"]+)"|'([^']+)')/gm) ?? []) pulled.push(resolve(dirname(path), found[1] ?? found[2]!));
  for (const found of text?.matchAll(/^mod\??\s+([\w-]+)(?:\s+(?:"([^"]+)"|'([^']+)'))?/gm) ?? []) {
    const named = found[2] ?? found[3];
    const at = resolve(dirname(path), found[1]!);
    pulled.push(...(named !== undefined ? [resolve(dirname(path), named)] : [`${at}.just`, resolve(at, 'mod.just'), resolve(at, 'justfile'), resolve(at, '.justfile'), resolve(at, 'Justfile')]));
  }
  out.named.push(...pulled);
  for (const file of pulled) justfile(file, read, out, seen, settings);
}

// Taskfile: `cmds:` as a block list (`- sh x`, `- cmd: x`) or a flow list (`cmds: [sh x, "node y"]`), and the
// taskfiles `includes:` names (`docs: ./docs/Taskfile.yml`, `taskfile: ./x.yml`).
export function taskfileParts(text: string | undefined, folder: string): TaskFiles {
  const out: TaskFiles = { lines: [], named: [] };
  for (const found of text?.matchAll(/^\s*(?:-\s+)?(?:cmd:\s*)?(.+)$/gm) ?? []) if (!/^[\w.-]+:(?:\s|$)/.test(found[1]!)) out.lines.push(unquote(found[1]!));
  for (const found of text?.matchAll(/^\s*(?:-\s+)?(?:cmds|cmd|deps)\s*:\s*\[(.*)\]\s*$/gm) ?? []) out.lines.push(...found[1]!.split(',').map(unquote).filter(Boolean));
  for (const found of text?.matchAll(/^\s*(?:taskfile:\s*|[\w-]+:\s+)["']?(\.{0,2}\/?[\w./-]*(?:Taskfile[\w.-]*|\.ya?ml))["']?\s*$/gm) ?? []) out.named.push(resolve(folder, found[1]!));
  return out;
}

// poe: `include = "tools/tasks.toml"` (or a list) and `script = "pkg.mod:func"` (the module's file).
function poeNamed(text: string | undefined, folder: string): string[] {
  const named: string[] = [];
  for (const found of text?.matchAll(/^\s*include\s*=\s*(\[[^\]]*\]|"[^"]*"|'[^']*')/gm) ?? []) for (const file of found[1]!.matchAll(/["']([^"'*?]+)["']/g)) named.push(resolve(folder, file[1]!));
  for (const found of text?.matchAll(/\bscript\s*=\s*["']([\w.]+):\w+/g) ?? []) {
    const module = found[1]!.split('.').join('/');
    named.push(resolve(folder, `${module}.py`), resolve(folder, module, '__init__.py'));
  }
  return named;
}

export interface TaskFiles {
  readonly lines: string[];
  // Absolute; obeyed whether they exist or not.
  readonly named: string[];
  // A construct of the task file codeward does not model (hatch's environments: hook-hatch-envs.ts).
  unknown?: string | undefined;
  // What the runner's settings add (hook-taskfile-settings.ts): env files read as the recipes' environment,
  // `NAME=VALUE` set for them, other folders they run in (absolute).
  readonly envFiles?: readonly string[];
  readonly assignments?: readonly string[];
  readonly folders?: readonly string[];
}

// The command lines the runners `words` start take from their task files in `folder` (absolute), and the
// files those task files pull in.
export function taskFileCommands(words: readonly string[], folder: string, read: Read): TaskFiles {
  const tools = new Set(words.map((word) => basename(word)));
  const at = (name: string): string | undefined => read(resolve(folder, name));
  const out: TaskFiles = { lines: [], named: [] };
  const settings = newSettings();
  if (tools.has('just')) for (const name of ['justfile', 'Justfile', '.justfile']) justfile(resolve(folder, name), read, out, new Set(), settings);
  if (tools.has('task')) {
    for (const name of ['Taskfile.yml', 'Taskfile.yaml', 'Taskfile.dist.yml', 'Taskfile.dist.yaml']) {
      const text = at(name);
      const parts = taskfileParts(text, folder);
      if (text !== undefined) taskfileSettings(text, folder, settings);
      out.lines.push(...parts.lines);
      out.named.push(...parts.named);
      for (const file of parts.named) {
        const included = read(file);
        out.lines.push(...taskfileParts(included, dirname(file)).lines);
        if (included !== undefined) taskfileSettings(included, dirname(file), settings);
      }
    }
  }
  if (tools.has('composer')) out.lines.push(...jsonField(at('composer.json'), 'scripts'));
  if (tools.has('deno')) out.lines.push(...['deno.json', 'deno.jsonc'].flatMap((name) => jsonField(at(name), 'tasks')));
  for (const [tool, section] of Object.entries(PYPROJECT)) if (tools.has(tool)) out.lines.push(...tomlStrings(at('pyproject.toml'), section));
  if (tools.has('hatch')) {
    for (const file of ['pyproject.toml', 'hatch.toml'] as const) {
      const envs = hatchEnvLines(at(file), file);
      out.lines.push(...envs.lines);
      out.unknown ??= envs.unknown;
    }
  }
  if (tools.has('poe')) {
    const named = poeNamed(at('pyproject.toml'), folder);
    out.named.push(...named);
    for (const file of named.filter((path) => path.endsWith('.toml'))) out.lines.push(...tomlStrings(read(file), /^\[tool\.poe|^\[tasks/));
  }
  out.lines.push(...settings.lines);
  out.named.push(...settings.named, ...settings.envFiles);
  out.unknown ??= settings.unknown;
  return { ...out, envFiles: settings.envFiles, assignments: settings.assignments, folders: settings.folders };
}
