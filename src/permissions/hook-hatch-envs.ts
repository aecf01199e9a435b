// hatch's environments (py19 Left, friction): `[tool.hatch.envs.NAME]` in pyproject.toml (`[envs.NAME]` in
// hatch.toml) holds the command lines `hatch run` runs (`scripts`, `pre-install-commands`, `post-install-commands`)
// beside settings that run nothing (`python = "3.12"`, `type`, `features`, `dependencies` ...). Reading every string
// as a line made `hatch run` unmodelled for any project that sets its Python version. Keys are read through this
// table: command keys give lines, settings are skipped, `env-vars` are assignments for the lines (read like a hook's
// `PYTHONPATH=tools`), a dependency naming a local path and any key not in the table fail closed (`unknown`).
// `path` is the environment's folder, obeyed by hook-python-install.ts.
import { parseToml } from '../engine/toml.js';

const COMMANDS = new Set(['scripts', 'pre-install-commands', 'post-install-commands']);
const SETTINGS = new Set(['type', 'python', 'path', 'template', 'description', 'detached', 'dev-mode', 'skip-install', 'features', 'platforms', 'system-packages', 'installer',
  'env-include', 'env-exclude', 'matrix-name-format', 'uv', 'matrix']);
const DEPENDENCIES = new Set(['dependencies', 'extra-dependencies']);
// A requirement that names a local path (`x @ file:///{root}/tools/x`, `./tools/x`, `{root}`): its build runs.
const LOCAL = /@\s*file:|^\.{0,2}\/|\{root|^[A-Za-z]:\\/;

export interface HatchEnvs {
  readonly lines: string[];
  readonly unknown?: string;
}

const strings = (value: unknown): unknown[] => (typeof value === 'object' && value !== null ? Object.values(value).flatMap(strings) : [value]);

// The command lines of every environment of `text` (pyproject.toml: under tool.hatch; hatch.toml: at its top).
export function hatchEnvLines(text: string | undefined, file: 'pyproject.toml' | 'hatch.toml'): HatchEnvs {
  if (text === undefined) return { lines: [] };
  let data: Record<string, unknown>;
  try {
    data = parseToml(text) as Record<string, unknown>;
  } catch {
    return { lines: [], unknown: `hatch reads ${file}, which does not parse` };
  }
  const hatch = (file === 'pyproject.toml' ? (data['tool'] as Record<string, unknown> | undefined)?.['hatch'] : data) as Record<string, unknown> | undefined;
  const envs = hatch?.['envs'];
  if (typeof envs !== 'object' || envs === null) return { lines: [] };
  const lines: string[] = [];
  for (const [name, env] of Object.entries(envs as Record<string, unknown>)) {
    for (const [key, value] of Object.entries((env ?? {}) as Record<string, unknown>)) {
      const where = `hatch's ${file} [envs.${name}] ${key}`;
      if (COMMANDS.has(key)) lines.push(...strings(value).filter((line): line is string => typeof line === 'string'));
      else if (key === 'env-vars' && typeof value === 'object' && value !== null) {
        // A value with a context field (`{root}/tools`) is only known when hatch formats it.
        const formatted = Object.entries(value).find(([, set]) => typeof set !== 'string' || set.includes('{'));
        if (formatted !== undefined) return { lines, unknown: `${where} ${formatted[0]} = ${String(formatted[1])} (a value hatch formats)` };
        lines.push(...Object.entries(value).map(([variable, set]) => `${variable}=${String(set)}`));
      }
      else if (DEPENDENCIES.has(key)) {
        const local = strings(value).find((spec) => typeof spec !== 'string' || LOCAL.test(spec));
        if (local !== undefined) return { lines, unknown: `${where} = ${String(local)} (a local path installed)` };
      } else if (!SETTINGS.has(key)) return { lines, unknown: `${where} (a key codeward does not model)` };
    }
  }
  return { lines };
}
