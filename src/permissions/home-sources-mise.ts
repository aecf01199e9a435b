import { basename, dirname } from 'node:path';
import type { Loaded } from './home-sources-expand.js';
import { valuePaths } from './obeyed-env-values.js';

// mise's environment (red team R13-12, the class beyond `.envrc`): a project's `mise.toml` (`.mise.toml`,
// `mise.local.toml`, `.config/mise.toml`, `.mise/config.toml` ...) sets variables on `cd` like direnv, in its
// `[env]` table or as `env.NAME = …` keys; `_.path`, `_.source` and `_.file` add PATH folders, run a script,
// load a dotenv file. Every string value there that names a workspace path (`{{config_root}}/tools/cc`,
// `./tools/w`) makes that path obeyed (obeyed-env-values.ts), however the variable is called. Other
// templates (`{{env.X}}`, `{{exec(...)}}`) are not evaluated: a value holding one is left out.

// The folder `{{config_root}}` stands for: the project folder, above `.config/` or `.mise/`.
function configRoot(file: string): string {
  const dir = dirname(file);
  const name = basename(dir);
  if (name === '.config' || name === '.mise') return dirname(dir);
  if (name === 'mise' && basename(dirname(dir)) === '.config') return dirname(dirname(dir));
  return dir;
}

const STRINGS = /"((?:[^"\\]|\\.)*)"|'([^']*)'/g;

export function miseLoads(text: string, _vars: Map<string, string>, file: string): Loaded[] {
  const root = configRoot(file);
  const out: Loaded[] = [];
  let inEnv = false;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (line.startsWith('[')) {
      inEnv = /^\[\[?\s*env\s*\]\]?$/.test(line);
      continue;
    }
    if (!inEnv && !/^env\s*\.\s*\S/.test(line)) continue;
    if (!line.includes('=')) continue;
    const value = line.slice(line.indexOf('=') + 1);
    for (const match of value.matchAll(STRINGS)) {
      const text = (match[1] ?? match[2] ?? '').replace(/\{\{\s*config_root\s*\}\}/g, root);
      if (!text.includes('{{')) out.push(...valuePaths(text, root));
    }
  }
  return out;
}
