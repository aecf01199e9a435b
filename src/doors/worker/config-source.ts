import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { MAX_SETTINGS_BYTES } from '../../permissions/policy-sources.js';
import { readFile } from 'node:fs/promises';
import { DEFAULT_CONFIG, parseConfig, PROJECT_CONFIG_NOTE, readConfigKeys, WRITE_ACTIONS, type WorkerConfig } from './config.js';
import { osText, werr } from './errors.js';

// The config.yaml the worker finds in its working folder without being told (no --config) is a project
// file (THREAT-MODEL "Loosening only from the user"): a repository that ships one can hide more files,
// lower the limits and refuse writes, never widen anything. Its base_path must stay inside the working
// folder (checked on the real path, prepareContext), its globs are added to the defaults, each limit is
// the lower of its value and the default, and default_write_action can only get stricter. A key this
// version does not know is a warning, not a refusal (a repository's config.yaml may be another tool's).
// The user makes it theirs by naming it: `codeward worker --config config.yaml` (any key applies).
//
// Why not `codeward trust`: the trust record covers codeward's own settings files (.codeward/,
// coder_policy.json); `config.yaml` is a name many tools use (iii's own engine config among them), so
// binding a project's trust to it would revoke the trust of its policy at every unrelated edit, and the
// explicit flag already is the user's word, as in the seed's set-up (`iii worker add` passes --config).


// Limits: a lower value is the tighter one.
const LIMITS = [
  'max_read_bytes', 'max_write_bytes', 'tree_default_depth', 'tree_per_folder_limit', 'list_default_page_size',
  'list_max_page_size', 'search_default_max_matches', 'search_default_max_line_bytes',
] as const;

// Reads the file without following a link at its name, never hanging on a FIFO, at most MAX_SETTINGS_BYTES;
// undefined (and a warning) when absent or not a plain readable file: nothing of it applies then.
export async function readProjectConfig(path: string, warnings: string[]): Promise<string | undefined> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      warnings.push(`no config.yaml in ${dirname(path)}: the worker serves that folder with its defaults (writes only where --allow or --yes allows them); the README's worker quick start shows a config.yaml`);
      return undefined;
    }
    const why = code === 'ELOOP' ? 'is a symbolic link (a project config must be a file of the folder itself)' : osText(error);
    warnings.push(`config: ${path}: ${why}; using the defaults`);
    return undefined;
  }
  try {
    const info = await handle.stat();
    const problem = !info.isFile() ? 'is not a regular file' : info.size > MAX_SETTINGS_BYTES ? `is larger than ${MAX_SETTINGS_BYTES} bytes` : undefined;
    if (problem !== undefined) {
      warnings.push(`config: ${path} ${problem}; ignored, using the defaults`);
      return undefined;
    }
    return (await handle.readFile()).toString('utf8');
  } finally {
    await handle.close().catch(() => undefined);
  }
}

const listed = (globs: readonly string[]): string => globs.map((glob) => JSON.stringify(glob)).join(', ');

// The defaults tightened by what the project file sets; each loosening is named in one warning.
export function tightenConfig(text: string, file: string, warnings: string[]): WorkerConfig {
  const keys = readConfigKeys(text, warnings, file, false);
  const config: { -readonly [K in keyof WorkerConfig]: WorkerConfig[K] } = { ...DEFAULT_CONFIG };
  const ignored: string[] = [];
  if (keys.base_path !== undefined) config.base_path = keys.base_path;
  if (keys.non_accessible_globs !== undefined) {
    const defaults = DEFAULT_CONFIG.non_accessible_globs;
    const dropped = defaults.filter((glob) => !keys.non_accessible_globs!.includes(glob));
    config.non_accessible_globs = [...defaults, ...keys.non_accessible_globs.filter((glob) => !defaults.includes(glob))];
    if (dropped.length > 0) ignored.push(`non_accessible_globs leaving out ${listed(dropped)} (they stay hidden)`);
  }
  for (const key of LIMITS) {
    const value = keys[key];
    if (value === undefined) continue;
    if (value <= DEFAULT_CONFIG[key]) config[key] = value;
    else ignored.push(`${key} ${value} above the default ${DEFAULT_CONFIG[key]}`);
  }
  const action = keys.default_write_action;
  if (action !== undefined) {
    if (WRITE_ACTIONS.indexOf(action) >= WRITE_ACTIONS.indexOf(DEFAULT_CONFIG.default_write_action)) config.default_write_action = action;
    else ignored.push(`default_write_action ${action}`);
  }
  if (keys.engine_trust === true) ignored.push('engine_trust true');
  if (ignored.length > 0) warnings.push(`${file}: not applied: ${ignored.join('; ')} (${PROJECT_CONFIG_NOTE})`);
  return config;
}

// The config the worker starts with, and whether it is a project file (prepareContext confines its base).
export interface LoadedConfig {
  readonly config: WorkerConfig;
  readonly project: boolean;
}

// `explicit`: the file named with --config, the user's (every key applies; unreadable → C210). Otherwise the
// working folder's config.yaml, a project file (tighten-only; absent or not a plain file → the defaults).
export async function loadConfigFile(path: string, warnings: string[], explicit = false): Promise<LoadedConfig> {
  if (!explicit) {
    const text = await readProjectConfig(path, warnings);
    return { config: text === undefined ? DEFAULT_CONFIG : tightenConfig(text, `config ${path}`, warnings), project: true };
  }
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw werr('C210', `config ${path}: ${osText(error)}; the file given with --config must be readable (or omit --config: ./config.yaml if present, else the defaults)`);
  }
  return { config: parseConfig(text, warnings, `config ${path}`), project: false };
}
