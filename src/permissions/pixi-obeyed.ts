import { basename, dirname } from 'node:path';
import { parseToml } from '../engine/toml.js';
import { shellLoads } from './home-sources-shell.js';
import { wholeTree } from './obeyed-env-runtime.js';
import { isTable, type Table } from './hook-runner-config.js';
import type { Loaded } from './home-sources-expand.js';

// What pixi sources on every `pixi run`, `pixi shell` and `pixi shell-hook` (red team R20-17, CRITICAL): the manifest's
// `[activation] scripts` (also under `[target.<platform>]`, `[feature.<name>]`, and pyproject's `[tool.pixi]`) are
// shell scripts run in the activation shell, so they are read like an `.envrc`'s `source` (obeyed, and what they load
// followed); `[activation] env` values are set for every command, read like an env file's values (a loader variable's
// files: PYTHONPATH, NODE_OPTIONS ...; obeyed-env.ts's table). Any other key of an activation table, or a manifest
// that does not parse, obeys the whole work tree, named. The manifest itself is the project's build file (like
// package.json: what a person runs on purpose), not catalogued.


// Every `activation` table of the manifest, with the keys above it (for the question).
function activations(table: Table, keys: readonly string[] = [], out: { keys: readonly string[]; table: Table }[] = []): { keys: readonly string[]; table: Table }[] {
  for (const [key, value] of Object.entries(table)) {
    if (!isTable(value)) continue;
    if (key === 'activation') out.push({ keys: [...keys, key], table: value });
    else activations(value, [...keys, key], out);
  }
  return out;
}

// pixi writes `export KEY="VALUE"` into its activation script: double quotes, `$NAME` expanded by the shell.
const exported = (key: string, value: string): string => `export ${key}="${value.replace(/["\\`]/g, '\\$&')}"`;

export function pixiLoads(text: string, vars: Map<string, string>, file: string): Loaded[] {
  const name = basename(file);
  // pyproject.toml without pixi's tables is not pixi's (a broken one is the Python tools' business).
  if (name === 'pyproject.toml' && !/\[\s*tool\s*\.\s*pixi\b|\btool\s*\.\s*pixi\b/.test(text)) return [];
  const fail = (why: string): Loaded => wholeTree(`pixi reads ${name}: ${why}`);
  let doc: Table;
  try {
    doc = parseToml(text) as Table;
  } catch {
    return [fail('it does not parse')];
  }
  const root = name === 'pyproject.toml' ? (isTable(doc['tool']) && isTable(doc['tool']['pixi']) ? doc['tool']['pixi'] : {}) : doc;
  const out: Loaded[] = [];
  const lines = [exported('PIXI_PROJECT_ROOT', dirname(file))];
  for (const { keys, table } of activations(root)) {
    for (const [key, value] of Object.entries(table)) {
      if (key === 'scripts' && Array.isArray(value) && value.every((one) => typeof one === 'string')) out.push(...(value as string[]).map((path) => ({ path, kind: 'direnv' as const, cwd: dirname(file) })));
      else if (key === 'env' && isTable(value) && Object.values(value).every((one) => typeof one === 'string')) lines.push(...Object.entries(value).map(([k, v]) => exported(k, v as string)));
      else out.push(fail(`\`${[...keys, key].join('.')}\` (an activation key codeward does not model)`));
    }
  }
  if (lines.length > 1) out.push(...shellLoads(lines.join('\n'), new Map(vars), file, true));
  return out;
}
