import { AGENT_CONFIG_KEYS, configFromSettings } from '../../engine/config.js';
import { readProjectSettings } from '../../permissions/policy-load.js';
import { parseAgentKeys, type UserAgentConfig } from './config.js';
import { shellArg } from '../../engine/shell-word.js';

// The agent's settings from the project config (`.codeward/config.*`) over the user's (~/.codeward/config).
// A repository can ship that file, so in a workspace the user has not trusted (`codeward trust`) the keys
// that choose where requests go — provider, baseUrl, apiKeyEnv, headers — are ignored with a warning (they
// would send the user's code and API key to whoever wrote the file; config-tighten.ts strips them), an
// approvalMode other than "ask" is ignored, and maxTurns / maxRetries / resultBytes only lower the user's
// value. model and stream apply either way. A trusted project's settings win over the user's.

const APPROVAL_STRENGTH = { ask: 0, 'auto-edit': 1, yolo: 2 } as const;
const DEFAULTS = { maxTurns: 50, maxRetries: 3, resultBytes: 100_000 } as const;

export interface AgentSettings {
  readonly settings: UserAgentConfig;
  // The project config file read ('.codeward/config.yaml'), if any.
  readonly file?: string;
  readonly trusted: boolean;
}

type Capped = 'maxTurns' | 'maxRetries' | 'resultBytes';
const lower = (project: number | undefined, user: number | undefined, key: Capped): number | undefined =>
  project === undefined ? user : Math.min(project, user ?? DEFAULTS[key]);

export function mergeAgentSettings(user: UserAgentConfig, project: Partial<UserAgentConfig>, trusted: boolean): UserAgentConfig {
  const set = Object.fromEntries(Object.entries(project).filter(([key, value]) => value !== undefined && (AGENT_CONFIG_KEYS as readonly string[]).includes(key))) as Partial<UserAgentConfig>;
  if (trusted) return { ...user, ...set };
  const merged: Record<string, unknown> = { ...user };
  if (set.model !== undefined) merged['model'] = set.model;
  if (set.stream !== undefined) merged['stream'] = set.stream;
  for (const key of ['maxTurns', 'maxRetries', 'resultBytes'] as const) {
    const value = lower(set[key], user[key], key);
    if (value !== undefined) merged[key] = value;
  }
  if (set.approvalMode !== undefined && APPROVAL_STRENGTH[set.approvalMode] < APPROVAL_STRENGTH[user.approvalMode ?? 'ask']) merged['approvalMode'] = set.approvalMode;
  return merged as UserAgentConfig;
}

// Reads the workspace's config (as trusted or tighten-only), warns about each agent key it ignored, naming
// the key and `codeward trust`, and merges the rest over the user's settings.
export async function projectAgentSettings(root: string, home: string | undefined, user: UserAgentConfig, warn: (message: string) => void): Promise<AgentSettings> {
  const project = await readProjectSettings(root, home);
  const report = await configFromSettings(project);
  const trusted = project.trust.trusted;
  for (const ignored of report.ignored) {
    const key = /^"([^"]+)"/.exec(ignored.setting)?.[1];
    if (key === undefined || !(AGENT_CONFIG_KEYS as readonly string[]).includes(key)) continue;
    warn(`${ignored.file}: "${key}" ignored: this workspace is not trusted and ${ignored.reason}; after reviewing the file, run "codeward trust -C ${shellArg(root)}" to use it`);
  }
  const values = parseAgentKeys(report.config as unknown as Record<string, unknown>, report.file ?? '.codeward/config');
  return { settings: mergeAgentSettings(user, values, trusted), ...(report.file ? { file: report.file } : {}), trusted };
}
