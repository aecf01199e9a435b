import { readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { parse } from 'yaml';
import * as z from 'zod/mini';
import { describeIssue } from '../../engine/issues.js';
import { didYouMean } from '../../engine/config-keys.js';
import { DEFAULT_NON_ACCESSIBLE_GLOBS } from '../../workspace/types.js';
import { werr, osText } from './errors.js';
import type { Policy } from '../../permissions/index.js';
import { compileGlobs, type GlobMatcher } from './glob.js';
import type { WorkerPermissions } from './gate.js';

// The 10 keys of seed 003's config.yaml, with the original's defaults, and default_write_action.
export interface WorkerConfig {
  readonly base_path: string;
  readonly non_accessible_globs: readonly string[];
  readonly max_read_bytes: number;
  readonly max_write_bytes: number;
  readonly tree_default_depth: number;
  readonly tree_per_folder_limit: number;
  readonly list_default_page_size: number;
  readonly list_max_page_size: number;
  readonly search_default_max_matches: number;
  readonly search_default_max_line_bytes: number;
  // What create/update/delete do when no policy rule matches them (the engine's default there is "ask",
  // and a worker has nobody to ask). Deny rules, ask rules and safety-immune paths refuse either way.
  readonly default_write_action: 'allow' | 'deny';
}

export const DEFAULT_CONFIG: WorkerConfig = {
  base_path: './',
  // Unlike the original ([]), codeward's own secret globs (.env, *.pem, *.key, secrets/): what every other
  // door refuses to read stays hidden here too unless the config names its own list.
  non_accessible_globs: [...DEFAULT_NON_ACCESSIBLE_GLOBS],
  max_read_bytes: 10_485_760,
  max_write_bytes: 10_485_760,
  tree_default_depth: 4,
  tree_per_folder_limit: 50,
  list_default_page_size: 100,
  list_max_page_size: 1000,
  search_default_max_matches: 1000,
  search_default_max_line_bytes: 4096,
  default_write_action: 'allow',
};

const u64 = z.number().check(z.int(), z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER));
const u32 = z.number().check(z.int(), z.minimum(0), z.maximum(4_294_967_295));

const ConfigSchema = z.object({
  base_path: z.optional(z.string()),
  non_accessible_globs: z.optional(z.array(z.string())),
  max_read_bytes: z.optional(u64),
  max_write_bytes: z.optional(u64),
  tree_default_depth: z.optional(u32),
  tree_per_folder_limit: z.optional(u32),
  list_default_page_size: z.optional(u32),
  list_max_page_size: z.optional(u32),
  search_default_max_matches: z.optional(u32),
  search_default_max_line_bytes: z.optional(u32),
  default_write_action: z.optional(z.enum(['allow', 'deny'])),
});

const KEYS = new Set(Object.keys(DEFAULT_CONFIG));

// Parses config text (YAML; `{}` or an empty file = all defaults). An unknown key refuses the config (C210)
// naming the key it was probably meant to be: a typo in default_write_action or non_accessible_globs must
// not quietly fall back to the looser default. So does a value of the wrong type.
// (`warnings` is kept for callers; nothing in the text is only worth a warning any more.)
export function parseConfig(text: string, _warnings: string[], file = 'config'): WorkerConfig {
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (error) {
    throw werr('C210', `${file}: invalid YAML: ${(error as Error).message}`);
  }
  if (raw === null || raw === undefined) return DEFAULT_CONFIG;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw werr('C210', `${file}: expected a YAML mapping of the worker keys`);
  const unknown = Object.keys(raw).filter((key) => !KEYS.has(key));
  if (unknown.length > 0) {
    throw werr('C210', `${file}: ${unknown.map((key) => `unknown key "${key}"${didYouMean(key, [...KEYS])}`).join('; ')}; valid keys: ${[...KEYS].join(', ')}`);
  }
  const parsed = ConfigSchema.safeParse(raw, { reportInput: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw werr('C210', `${file}: ${describeIssue(issue, issue.path.join('.') || 'value')}`);
  }
  const picked = Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined));
  return { ...DEFAULT_CONFIG, ...picked };
}

// Reads the config file. Only the implicit ./config.yaml may be absent (a warning and the defaults, as the
// original); a file named with --config (`explicit`) that cannot be read, or any file that exists but
// cannot be read, refuses to start: running on the defaults would allow every write the config meant to stop.
export async function loadConfigFile(path: string, warnings: string[], explicit = false): Promise<WorkerConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (explicit || code !== 'ENOENT') {
      throw werr('C210', `config ${path}: ${osText(error)}; ${explicit ? 'the file given with --config must be readable (or omit --config: ./config.yaml if present, else the defaults)' : 'fix or remove it'}`);
    }
    warnings.push(`config: ${path}: ${osText(error)}; using the defaults (writes are allowed: default_write_action allow)`);
    return DEFAULT_CONFIG;
  }
  return parseConfig(text, warnings, `config ${path}`);
}

// A config ready to serve: base canonicalised once, globs compiled once. Immutable.
export interface WorkerContext {
  readonly config: WorkerConfig;
  // Canonical absolute base path.
  readonly base: string;
  readonly nonAccessible: GlobMatcher;
  readonly permissions: WorkerPermissions;
  // The permission policy of one invocation (set by invoke(); the gate refuses without it).
  readonly policy?: Policy;
}

export interface ContextOptions {
  // Home folder of the user policy files (default $HOME).
  readonly home?: string;
  // The config file the worker was started with: protected from the worker's own writes.
  readonly configFile?: string;
}

// Refuses to start (C216 / C210) when base_path cannot be reached or a glob does not compile.
export async function prepareContext(config: WorkerConfig, cwd: string, options: ContextOptions = {}): Promise<WorkerContext> {
  const nonAccessible = compileGlobs(config.non_accessible_globs);
  const wanted = isAbsolute(config.base_path) ? config.base_path : resolve(cwd, config.base_path);
  let base: string;
  try {
    base = await realpath(wanted);
  } catch (error) {
    throw werr('C216', `base_path ${config.base_path}: ${osText(error)}`);
  }
  const info = await stat(base);
  if (!info.isDirectory()) throw werr('C216', `base_path ${config.base_path}: not a directory`);
  if (base === '/') throw werr('C210', `base_path ${config.base_path} is the file system root: every file of the machine would be in reach; set base_path to the project folder`);
  const protectedFiles = options.configFile === undefined ? [] : [await realpath(options.configFile).catch(() => resolve(options.configFile!))];
  const home = options.home ?? process.env['HOME'];
  return { config, base, nonAccessible, permissions: { home, protectedFiles } };
}
