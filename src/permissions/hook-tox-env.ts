// tox 4's environment files (fed21): `set_env = file|PATH` (tox.ini, setup.cfg, pyproject.toml's legacy ini) and
// `set_env = { file = "PATH" }` (tox.toml, `[tool.tox...]`) read variables from a file for every command an
// environment runs. The file is obeyed, present or not; each `NAME=VALUE` line in it is read as an assignment set
// for the programs of a line (hook-assigned.ts: PYTHONPATH=tools obeys tools, a run-time value makes the walk
// unmodeled).
import { resolve } from 'node:path';
import { dotenvPairs } from './home-sources-dotenv.js';
import { assignedLoads } from './hook-assigned.js';
import { obeyAssigned } from './hook-node-options.js';
import { inside } from './hook-spelling.js';
import { read, type Walk } from './hook-walk.js';

// The file paths `texts` (tox configurations at `top`) name, as written ({toxinidir}, {tox_root} and {/} read).
export function toxEnvFiles(texts: readonly string[]): string[] {
  const named: string[] = [];
  for (const text of texts) {
    for (const found of text.matchAll(/^\s*set_?env\s*=(.*(?:\n[ \t]+\S.*)*)/gim)) {
      for (const entry of found[1]!.split('\n')) {
        const file = /^\s*file\s*\|\s*(.+?)\s*$/.exec(entry);
        if (file) named.push(file[1]!);
      }
      for (const file of found[1]!.matchAll(/\bfile\s*=\s*(?:"((?:\\.|[^"\\])*)"|'([^']*)')/g)) named.push(file[1] ?? file[2]!);
    }
    // A table of its own: `[env_run_base.set_env]` / `[tool.tox.env.x.set_env]` with `file = "PATH"`.
    for (const found of text.matchAll(/^\s*\[[^\]\n]*\bset_env\]\s*\n((?:(?!\s*\[).*\n?)*)/gm)) {
      for (const file of found[1]!.matchAll(/^\s*file\s*=\s*(?:"((?:\\.|[^"\\])*)"|'([^']*)')/gm)) named.push(file[1] ?? file[2]!);
    }
  }
  return named.map((path) => path.replace(/\{(?:toxinidir|tox_root)\}\/?/g, './').replace(/\{\/\}/g, '/'));
}

// Obeys each environment file the tox configurations at the top name, and what its assignments name.
export function obeyToxEnvFiles(walk: Walk, texts: readonly string[]): void {
  for (const named of toxEnvFiles(texts)) {
    const path = resolve(walk.top, named);
    const who = `tox's set_env file ${named}`;
    if (/[{}$]/.test(named) || !inside(walk.top, path)) {
      walk.unmodeled ??= `a hook runs tox, whose ${who} is ${inside(walk.top, path) ? 'only known at run time' : 'outside the work tree'} (not read)`;
      continue;
    }
    walk.files.add(path);
    for (const [key, value] of dotenvPairs(read(walk, path) ?? '')) obeyAssigned(walk, assignedLoads(`${key}=${value}`, walk.top, true), `a hook runs tox, whose ${who}`);
  }
}
