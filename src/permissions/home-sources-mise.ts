import { basename, dirname, isAbsolute, join } from 'node:path';
import type { Loaded } from './home-sources-expand.js';
import { valuePaths } from './obeyed-env-values.js';
import { runTimeValueLoads } from './obeyed-env-runtime.js';
import { variableLoads } from './home-sources-assign.js';

// mise's environment (red team R13-12, the class beyond `.envrc`): a project's `mise.toml` (`.mise.toml`,
// `mise.local.toml`, `.config/mise.toml`, `.mise/config.toml` ...) sets variables on `cd` like direnv, in its
// `[env]` table or as `env.NAME = …` keys; `_.path`, `_.source` and `_.file` add PATH folders, run a script,
// load a dotenv file. Every string value there that names a workspace path (`{{config_root}}/tools/cc`,
// `./tools/w`) makes that path obeyed (obeyed-env-values.ts), however the variable is called, and a variable of
// the environment's table names what its row says (RUBYOPT's `-I` folders, a relative PYTHONSTARTUP), as in a
// `.envrc` (home-sources-shell.ts variableLoads). Other templates (`{{env.X}}`, `{{exec(...)}}`) and shell text
// the reading program expands (`'. "$PWD"/x'`) are not evaluated: obeyed-env-runtime.ts fails closed (R14b-3).

// mise's directives: `_.path` adds PATH folders; `_.source` and `_.file` are read as a literal value.
const DIRECTIVES: Readonly<Record<string, string>> = { path: 'PATH' };

// The folder `{{config_root}}` stands for: the project folder, above `.config/` or `.mise/`.
function configRoot(file: string): string {
  const dir = dirname(file);
  const name = basename(dir);
  if (name === '.config' || name === '.mise') return dirname(dir);
  if (name === 'mise' && basename(dirname(dir)) === '.config') return dirname(dirname(dir));
  return dir;
}

const STRINGS = /"((?:[^"\\]|\\.)*)"|'([^']*)'/g;

export function miseLoads(text: string, vars: Map<string, string>, file: string): Loaded[] {
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
    const key = line.slice(0, line.indexOf('=')).trim().replace(/^env\s*\.\s*/, '').replace(/^["']|["']$/g, '');
    const name = key.startsWith('_.') ? (DIRECTIVES[key.slice(2)] ?? key) : key;
    const value = line.slice(line.indexOf('=') + 1);
    for (const match of value.matchAll(STRINGS)) {
      // `{{env.X}}` is the person's environment (known ones written in, as `$X` in a `.envrc`); `{{env.PWD}}` is not.
      const text = (match[1] ?? match[2] ?? '').replace(/\{\{\s*config_root\s*\}\}/g, root).replace(/\{\{\s*env\.(?!PWD\b)(\w+)\s*\}\}/g, (_all, env: string) => vars.get(env) ?? '');
      const runTime = runTimeValueLoads(name, text, root, true);
      if (runTime) out.push(...runTime);
      else if (/^[A-Za-z_]\w*$/.test(name)) out.push(...variableLoads(name, [{ text, single: true }], new Map(), root).map((loaded) => (isAbsolute(loaded.path) ? loaded : { ...loaded, path: join(root, loaded.path) })));
      else out.push(...valuePaths(text, root));
    }
  }
  return out;
}
