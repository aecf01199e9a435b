import * as z from 'zod/mini';
import { fail } from './errors.js';
import { describeIssue } from './issues.js';
import { parseYaml } from './yaml.js';
import { CONFIG_FILES, snapshotFile, type IgnoredSetting } from '../permissions/policy-sources.js';
import { readProjectSettings, type ProjectSettings } from '../permissions/policy-load.js';
import { tightenConfig } from './config-tighten.js';
import { withEnclosingGlobs } from './config-enclosing.js';
import { didYouMean } from './config-keys.js';
import { CONFIG_KEYS, configSchema, ENGINE_CONFIG_KEYS, USER_ONLY_KEYS, defaultConfig, type Config } from './config-schema.js';

export { CONFIG_FILES } from '../permissions/policy-sources.js';

export { AGENT_CONFIG_KEYS, CONFIG_KEYS, configSchema, defaultConfig, ENGINE_CONFIG_KEYS, USER_ONLY_KEYS, type Config } from './config-schema.js';

// The user's engine settings: the file they came from and its values (canonical keys).
export interface UserEngineSettings {
  readonly path: string;
  readonly values: Readonly<Record<string, unknown>>;
}

export interface ConfigReport {
  readonly config: Config;
  // Where the sandbox mode came from, when a file set it (for the sandbox's messages).
  readonly sandboxFrom?: string;
  // The config file read ('.codeward/config.json'), if any.
  readonly file?: string;
  // Settings of an untrusted workspace that would loosen, not applied (`codeward trust` applies them).
  readonly ignored: readonly IgnoredSetting[];
  // Keys a project can never set (USER_ONLY_KEYS), trusted or not.
  readonly userOnly: readonly IgnoredSetting[];
  // Other config files beside the one read (never read), as a warning.
  readonly notes: readonly string[];
}

function userOnlyOf(keys: readonly string[], file: string): IgnoredSetting[] {
  return keys.filter((key) => (USER_ONLY_KEYS as readonly string[]).includes(key))
    .map((key) => ({ file, setting: JSON.stringify(key), reason: 'read only from your own ~/.codeward/config.json, never from a project' }));
}

// The config of a workspace from its settings files read once (createEngine shares them with the
// policy): the first config file that exists; a broken file is an error naming the file and the key,
// never silently ignored (a typo must not drop the non-accessible globs). Unless the user trusts the
// workspace, a setting can only tighten the defaults; the others are reported in `ignored`.
// `user`: the engine settings of the user's own ~/.codeward/config, the base a project starts from (an
// untrusted project may only tighten them, a trusted one replaces what it sets). An untrusted project's
// unknown key (a newer codeward's setting) is ignored and named in the notes; a trusted project's, like
// the user's own, is an error.
// The globs of the projects the workspace is a subfolder of are added, re-based (config-enclosing.ts).
export async function configFromSettings(project: ProjectSettings, user?: UserEngineSettings): Promise<ConfigReport> {
  return withEnclosingGlobs(await ownConfig(project, user), project, (outer) => ownConfig(outer, user));
}

async function ownConfig(project: ProjectSettings, user?: UserEngineSettings): Promise<ConfigReport> {
  const base = user ? userBase(user) : defaultConfig();
  const userFrom = user?.values['sandbox'] !== undefined ? { sandboxFrom: `"sandbox": "${String(base.sandbox)}" in your ${user.path}` } : {};
  for (const name of CONFIG_FILES) {
    const entry = snapshotFile(project.snapshot, name);
    if (!entry || entry.digest === null) continue;
    if (entry.error !== undefined || entry.text === undefined) throw fail('C216', `${name}: ${entry.error ?? 'cannot be read'}`);
    const trusted = project.trust.trusted;
    const { config, keys, unknown } = await parseConfigKeys(entry.text, name, !trusted);
    const userOnly = userOnlyOf(keys, name);
    const others = CONFIG_FILES.filter((other) => other !== name && snapshotFile(project.snapshot, other)?.digest != null);
    const notes = others.length === 0 ? [] : [`${name} is the config read; ${others.join(', ')} ${others.length === 1 ? 'is' : 'are'} not read (merge ${others.length === 1 ? 'it' : 'them'} into ${name})`];
    if (unknown.length > 0) notes.push(`${name}: ${unknown.map((key) => `unknown key "${key}"${didYouMean(key, CONFIG_KEYS)}`).join(', ')} ignored (a setting of another codeward version, or a typo); ${validKeys()}`);
    const projectKeys = keys.filter((key) => !(USER_ONLY_KEYS as readonly string[]).includes(key));
    const sandboxFrom = projectKeys.includes('sandbox') && config.sandbox !== undefined ? { sandboxFrom: `"sandbox": "${config.sandbox}" in the project's .codeward/config` } : userFrom;
    if (trusted) return { config: { ...base, ...pick(config, projectKeys) }, ...sandboxFrom, file: name, ignored: [], userOnly, notes };
    const tightened = tightenConfig(config, projectKeys, base, name);
    const from = tightened.config.sandbox === base.sandbox ? userFrom : sandboxFrom;
    return { ...tightened, ...from, file: name, userOnly, notes };
  }
  return { config: base, ...userFrom, ignored: [], userOnly: [], notes: [] };
}

// The keys a project's config may set, and the ones only the user's own file sets (newcomer pass 2, N16:
// passEnv and sandboxReadable were listed as valid for a project, which never applies them).
function validKeys(): string {
  const userOnly: readonly string[] = USER_ONLY_KEYS;
  return `valid keys: ${CONFIG_KEYS.filter((key) => !userOnly.includes(key)).join(', ')} (${userOnly.slice(0, -1).join(', ')} and ${userOnly.at(-1)!} only in your own ~/.codeward/config)`;
}

function pick(config: Config, keys: readonly string[]): Partial<Config> {
  return Object.fromEntries(keys.map((key) => [key, (config as Record<string, unknown>)[key]]));
}

// The defaults with the user's engine settings applied; a bad value is C210 naming the user's file.
function userBase(user: UserEngineSettings): Config {
  const values = Object.fromEntries(Object.entries(user.values).filter(([key]) => ENGINE_CONFIG_KEYS.includes(key)));
  const parsed = z.safeParse(configSchema(), values, { reportInput: true });
  if (!parsed.success) throw fail('C210', `${user.path}: ${[...new Set(parsed.error.issues.map((issue) => describeIssue(issue, issue.path.join('.'))))].join('; ')}`);
  return parsed.data;
}

// The config of `root` as it applies: trusted or tighten-only, per the trust record in `home`
// (no home: tighten-only).
export async function loadConfig(root: string, home?: string): Promise<Config> {
  return (await configFromSettings(await readProjectSettings(root, home))).config;
}

export async function parseConfig(text: string, name: string): Promise<Config> {
  return (await parseConfigKeys(text, name)).config;
}

// The parsed config, the keys the file sets (the others are defaults) and, with `lenient`, the unknown
// keys left out (without it they are C210).
async function parseConfigKeys(text: string, name: string, lenient = false): Promise<{ config: Config; keys: string[]; unknown: string[] }> {
  let raw: unknown;
  try {
    raw = name.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw fail('C210', `${name}: not valid ${name.endsWith('.json') ? 'JSON' : 'YAML'}: ${(error as Error).message}`);
  }
  const known = CONFIG_KEYS;
  const unknown = lenient && typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? Object.keys(raw).filter((key) => !known.includes(key)) : [];
  if (unknown.length > 0) raw = Object.fromEntries(Object.entries(raw as Record<string, unknown>).filter(([key]) => known.includes(key)));
  const parsed = z.safeParse(configSchema(), raw ?? {}, { reportInput: true });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => `unknown key "${key}"${didYouMean(key, CONFIG_KEYS)}`).join('; ');
      return describeIssue(issue, issue.path.length > 0 ? issue.path.join('.') : 'the file');
    });
    throw fail('C210', `${name}: ${[...new Set(problems)].join('; ')}; ${validKeys()}`);
  }
  const keys = typeof raw === 'object' && raw !== null ? Object.keys(raw) : [];
  return { config: parsed.data, keys, unknown };
}
