import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, resolve, sep } from 'node:path';
import { parseYaml } from '../../engine/yaml.js';
import * as z from 'zod/mini';
import { describeIssue } from '../../engine/issues.js';
import { didYouMean } from '../../engine/config-keys.js';
import { DEFAULT_NON_ACCESSIBLE_GLOBS } from '../../workspace/types.js';
import { werr, osText } from './errors.js';
import picomatch from '../../workspace/picomatch.js';
import type { Engine } from '../../engine/engine.js';
import type { CliRuleFlags } from '../../permissions/index.js';
import { workerEngine } from './engine.js';
import { readable } from './gate.js';
import { projectBaseProblem } from './project-base.js';

// The 10 keys of seed 003's config.yaml, with the original's defaults, default_write_action and engine_trust.
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
  // What create/update/delete do when no policy rule matches them: "ask" (the engine's default; a worker
  // has nobody to ask, so it refuses, C241), "deny" (C240), or "allow" (only from the user: a config given
  // with --config). Deny rules, ask rules and safety-immune paths refuse whatever it says.
  readonly default_write_action: WriteAction;
  // Serve a local engine whose owner cannot be checked or is another user (engine-guard.ts), as
  // --engine-trust; from the user's own config only (a project file cannot set it).
  readonly engine_trust: boolean;
}

// From the loosest to the strictest.
export const WRITE_ACTIONS = ['allow', 'ask', 'deny'] as const;
export type WriteAction = (typeof WRITE_ACTIONS)[number];

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
  default_write_action: 'ask',
  engine_trust: false,
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
  default_write_action: z.optional(z.enum(WRITE_ACTIONS)),
  engine_trust: z.optional(z.boolean()),
});

const KEYS = new Set(Object.keys(DEFAULT_CONFIG));

// Why a project config's loosening is not applied (config-source.ts), and how the user applies it.
export const PROJECT_CONFIG_NOTE = 'a config.yaml found in the working folder is a project file: it can only tighten; pass --config to use it as your own';

// The keys a config text sets (YAML; `{}` or an empty file sets none). The user's file (`strict`): an unknown
// key refuses the config (C210) naming the key it was probably meant to be, since a typo in
// default_write_action or non_accessible_globs must not quietly fall back to the default. A project file:
// an unknown key is a warning and ignored. Either way a value of the wrong type, or text that is not a
// YAML mapping, refuses the config (a project file's tightening must not be lost quietly either).
export function readConfigKeys(text: string, warnings: string[], file: string, strict: boolean): Partial<WorkerConfig> {
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (error) {
    throw werr('C210', `${file}: invalid YAML: ${(error as Error).message}`);
  }
  if (raw === null || raw === undefined) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw werr('C210', `${file}: expected a YAML mapping of the worker keys`);
  const unknown = Object.keys(raw).filter((key) => !KEYS.has(key));
  const named = unknown.map((key) => `unknown key "${key}"${didYouMean(key, [...KEYS])}`).join('; ');
  if (unknown.length > 0 && strict) throw werr('C210', `${file}: ${named}; valid keys: ${[...KEYS].join(', ')}`);
  if (unknown.length > 0) warnings.push(`${file}: ${named}: ignored`);
  const known = Object.fromEntries(Object.entries(raw).filter(([key]) => KEYS.has(key)));
  const parsed = ConfigSchema.safeParse(known, { reportInput: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw werr('C210', `${file}: ${describeIssue(issue, issue.path.join('.') || 'value')}`);
  }
  return Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined)) as Partial<WorkerConfig>;
}

// The user's config text: every key applies.
export function parseConfig(text: string, warnings: string[], file = 'config'): WorkerConfig {
  return { ...DEFAULT_CONFIG, ...readConfigKeys(text, warnings, file, true) };
}

// A config ready to serve: base canonicalised once, and the engine every function runs through.
export interface WorkerContext {
  readonly config: WorkerConfig;
  // Canonical absolute base path (the engine's workspace root).
  readonly base: string;
  readonly engine: Engine;
  // Whether the policy (read again now) lets read-file read a workspace-relative path: what search skips.
  readonly readable: () => Promise<(rel: string, abs: string) => boolean>;
}

// Globs in the engine's dialect (picomatch, as every other door's non-accessible globs); one with an
// unbalanced bracket, brace or parenthesis refuses to start instead of hiding less than meant.
function checkGlobs(globs: readonly string[]): void {
  for (const glob of globs) {
    try {
      picomatch.makeRe(glob, { strictBrackets: true, dot: true });
    } catch (error) {
      throw werr('C210', `bad glob ${JSON.stringify(glob)}: ${(error as Error).message}`);
    }
  }
}

export interface ContextOptions {
  // Home folder of the user policy files (default $HOME).
  readonly home?: string;
  // The config file the worker was started with: protected from the worker's own writes.
  readonly configFile?: string;
  // The config is a project file: base_path must stay inside `cwd` (else the worker serves `cwd` itself,
  // with a warning pushed to `warnings`).
  readonly confined?: boolean;
  readonly warnings?: string[];
  // The user's --allow/--ask/--deny rules and --yes.
  readonly cliRules?: CliRuleFlags;
  readonly yes?: boolean;
}

const within = (root: string, path: string): boolean => path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);

// Refuses to start (C216 / C210) when base_path cannot be reached or a glob does not compile.
export async function prepareContext(config: WorkerConfig, cwd: string, options: ContextOptions = {}): Promise<WorkerContext> {
  checkGlobs(config.non_accessible_globs);
  const wanted = isAbsolute(config.base_path) ? config.base_path : resolve(cwd, config.base_path);
  let base: string;
  try {
    base = await realpath(wanted);
  } catch (error) {
    throw werr('C216', `base_path ${config.base_path}: ${osText(error)}`);
  }
  if (options.confined === true) {
    const root = await realpath(cwd);
    const problem = !within(root, base) ? `is outside the folder the worker was started in (${root})`
      : await projectBaseProblem(root, base, config.non_accessible_globs, options.home ?? process.env['HOME']);
    if (problem !== undefined) {
      options.warnings?.push(`config ${options.configFile ?? 'config.yaml'}: base_path ${config.base_path}${problem.startsWith('is ') ? ` ${problem}` : ` (${problem})`}: not applied, the worker serves ${root} (${PROJECT_CONFIG_NOTE})`);
      base = root;
    }
  }
  const info = await stat(base);
  if (!info.isDirectory()) throw werr('C216', `base_path ${config.base_path}: not a directory`);
  if (base === '/') throw werr('C210', `base_path ${config.base_path} is the file system root: every file of the machine would be in reach; set base_path to the project folder`);
  const protectedFiles = options.configFile === undefined ? [] : [await realpath(options.configFile).catch(() => resolve(options.configFile!))];
  const home = options.home ?? process.env['HOME'];
  const permissions = { home, protectedFiles, ...(options.cliRules ? { cliRules: options.cliRules } : {}), yes: options.yes === true };
  const engine = await workerEngine(base, config, permissions);
  return { config, base, engine, readable: () => readable({ workspace: engine.workspace, defaultWriteAction: config.default_write_action, permissions }) };
}
