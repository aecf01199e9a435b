// What `pyright` runs (issue 26, red team 18 F3). Pyright's docs ("Configuration": pyrightconfig.json, else
// pyproject.toml [tool.pyright], in the project's folder (`-p`), else the working folder and its parents;
// `extends` names a base configuration; "Import Resolution Ordering": the interpreter of `venvPath`/`venv`, or the
// python found on PATH, is RUN to list its search paths). It parses the sources and stubs, it runs none: they stay
// free. The configuration files and a virtual environment they select are obeyed; a file that does not parse, or
// `extends` deeper than a few levels, makes the line unmodelled. `--pythonpath` (a program) is not in the row.
import { basename, dirname, join, resolve } from 'node:path';
import { parseToml } from '../engine/toml.js';
import type { ToolchainArgs } from './hook-toolchains.js';
import { parseJsonc } from './hook-runner-config.js';
import { obeyNamed, upToTop } from './hook-runner-paths.js';
import { inside } from './hook-spelling.js';
import { read, stats, type Walk } from './hook-walk.js';

const NAMES = ['pyrightconfig.json', 'pyproject.toml'];
const MAX_CHAIN = 4;

// One configuration's [tool.pyright] / JSON settings, or why they cannot be read.
function settings(path: string, text: string): { data: Record<string, unknown>; why?: string } {
  try {
    const data = basename(path) === 'pyproject.toml' ? (parseToml(text) as { tool?: { pyright?: unknown } }).tool?.pyright : parseJsonc(text);
    return { data: typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {} };
  } catch {
    return { data: {}, why: `${basename(path)} does not parse` };
  }
}

function follow(walk: Walk, path: string, depth: number): void {
  // Outside the work tree: not the work tree's to protect (nor read).
  if (!inside(walk.top, path)) return;
  walk.files.add(path);
  const text = read(walk, path);
  if (text === undefined) return;
  const { data, why } = settings(path, text);
  if (why !== undefined) walk.unmodeled ??= `pyright reads ${why}`;
  const folder = dirname(path);
  const venvPath = data['venvPath'], venv = data['venv'], base = data['extends'];
  for (const value of [venvPath, venv, base]) if (value !== undefined && typeof value !== 'string') walk.unmodeled ??= `pyright reads ${basename(path)}: a path that is not text`;
  // The environment whose interpreter it runs (both keys set; `venvPath` alone selects none): obeyed whole.
  if (typeof venvPath === 'string' && typeof venv === 'string') obeyNamed(walk, join(venvPath, venv), [folder]);
  if (typeof base !== 'string') return;
  if (depth >= MAX_CHAIN) walk.unmodeled ??= `pyright reads ${basename(path)}: extends more than ${MAX_CHAIN} configurations deep`;
  else follow(walk, resolve(folder, base), depth + 1);
}

export function pyrightParts(walk: Walk, from: string, _args: ToolchainArgs, rest: readonly string[]): void {
  const at = rest.findIndex((word) => word === '-p' || /^--project(?:=|$)/.test(word));
  const project = at < 0 ? undefined : resolve(from, rest[at]!.startsWith('--project=') ? rest[at]!.slice(10) : rest[at + 1] ?? '');
  const candidates = project === undefined
    ? upToTop(walk.top, from).flatMap((folder) => NAMES.map((name) => join(folder, name)))
    : stats(project)?.file === true ? [project] : NAMES.map((name) => join(project, name));
  for (const path of candidates) if (inside(walk.top, path)) follow(walk, path, 0);
}
