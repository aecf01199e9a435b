// The command lines other task runners take from their task file (red team R9-6's class, round 10 R10-1's
// held-back variants): `just lint` (justfile recipe bodies), `task lint` (Taskfile `cmds:`), `composer lint`
// (composer.json `scripts`), `deno task lint` (deno.json `tasks`), `pdm run` / `poe` / `hatch run`
// (pyproject.toml's `[tool.pdm.scripts]`, `[tool.poe.tasks]`, `[tool.hatch.envs.*.scripts]`). Every task's
// lines, not only the one named: obeyed-hooks.ts reads them like the hook's own, from the runner's folder.
import { basename, resolve } from 'node:path';
import type { Read } from './hook-tasks.js';

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
  hatch: /^\[tool\.hatch\.envs\.[^\]]*\.scripts\]|^\[tool\.hatch\.envs\.[^\]]*\]/,
};

// The command lines the runners `words` start take from their task files in `folder` (absolute).
export function taskFileCommands(words: readonly string[], folder: string, read: Read): string[] {
  const tools = new Set(words.map((word) => basename(word)));
  const at = (name: string): string | undefined => read(resolve(folder, name));
  const lines: string[] = [];
  if (tools.has('just')) {
    for (const text of ['justfile', 'Justfile', '.justfile'].map(at)) for (const found of text?.matchAll(/^[ \t]+(\S.*)$/gm) ?? []) lines.push(found[1]!.replace(/^[@-]+/, ''));
  }
  if (tools.has('task')) {
    for (const text of ['Taskfile.yml', 'Taskfile.yaml', 'Taskfile.dist.yml', 'Taskfile.dist.yaml'].map(at)) {
      for (const found of text?.matchAll(/^\s*(?:-\s+)?(?:cmd:\s*)?(.+)$/gm) ?? []) if (!/^[\w.-]+:(?:\s|$)/.test(found[1]!)) lines.push(unquote(found[1]!));
    }
  }
  if (tools.has('composer')) lines.push(...jsonField(at('composer.json'), 'scripts'));
  if (tools.has('deno')) lines.push(...['deno.json', 'deno.jsonc'].flatMap((name) => jsonField(at(name), 'tasks')));
  for (const [tool, section] of Object.entries(PYPROJECT)) if (tools.has(tool)) lines.push(...tomlStrings(at('pyproject.toml'), section), ...(tool === 'hatch' ? tomlStrings(at('hatch.toml'), /^\[envs\./) : []));
  return lines;
}
