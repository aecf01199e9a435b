import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import * as z from 'zod/mini';
import { fail } from '../../engine/errors.js';
import { describeIssue } from '../../engine/issues.js';

export const PROVIDERS = ['openai', 'anthropic', 'openai-compatible', 'ollama'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export interface ModelConfig {
  readonly provider: ProviderName;
  readonly model: string;
  readonly baseUrl?: string;
  readonly apiKey?: string;
  // Stream the answer (default); some local servers only answer whole responses.
  readonly stream: boolean;
  // Attempts after the first on 429 and 5xx answers (exponential backoff, Retry-After honoured).
  readonly maxRetries: number;
}

// What a person may set in ~/.codeward/config (JSON or YAML); flags and env win over it.
const UserConfig = z.object({
  provider: z.optional(z.enum(PROVIDERS)),
  model: z.optional(z.string()),
  baseUrl: z.optional(z.string()),
  stream: z.optional(z.boolean()),
  maxRetries: z.optional(z.number()),
  maxTurns: z.optional(z.number()),
  approvalMode: z.optional(z.enum(['ask', 'auto-edit', 'yolo'])),
});
export type UserAgentConfig = z.infer<typeof UserConfig>;

const DEFAULT_MODELS: Readonly<Record<ProviderName, string | undefined>> = {
  openai: 'gpt-4.1',
  anthropic: 'claude-sonnet-4-5',
  ollama: 'qwen2.5-coder',
  'openai-compatible': undefined,
};

const CONFIG_NAMES = ['config', 'config.json', 'config.yaml', 'config.yml'];
const KEYS = ['provider', 'model', 'baseUrl', 'stream', 'maxRetries', 'maxTurns', 'approvalMode'];

// `base_url`, `base-url`, `BaseURL` → `baseUrl`; other keys stay as written (and are warned about).
function canonicalKeys(raw: unknown, path: string, warn: (message: string) => void): unknown {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const out: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const known = KEYS.find((name) => name.toLowerCase() === key.replace(/[-_]/g, '').toLowerCase());
    if (known) out[known] = value;
    else unknown.push(key);
  }
  if (unknown.length > 0) warn(`${path}: unknown key${unknown.length === 1 ? '' : 's'} ${unknown.map((key) => `"${key}"`).join(', ')} ignored; valid keys: ${KEYS.join(', ')}`);
  return out;
}

// ~/.codeward/config (or config.json / config.yaml): the first one that exists; `warn` hears about
// unknown keys and about other config files that are not read.
export async function loadUserAgentConfig(home: string | undefined, warn: (message: string) => void = () => undefined): Promise<UserAgentConfig> {
  if (!home) return {};
  for (const [index, name] of CONFIG_NAMES.entries()) {
    const path = join(home, '.codeward', name);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch {
      continue;
    }
    let raw: unknown;
    try {
      raw = canonicalKeys(parseYaml(text), path, warn);
    } catch (error) {
      throw fail('C210', `${path} is neither JSON nor YAML: ${(error as Error).message}`);
    }
    const others = [];
    for (const other of CONFIG_NAMES.slice(index + 1)) {
      if (await readFile(join(home, '.codeward', other)).then(() => true, () => false)) others.push(other);
    }
    if (others.length > 0) warn(`${path} is the config read; ${others.map((other) => join(home, '.codeward', other)).join(', ')} ${others.length === 1 ? 'is' : 'are'} ignored (merge ${others.length === 1 ? 'it' : 'them'} into one file)`);
    if (raw !== null && raw !== undefined && typeof raw !== 'object') throw fail('C210', `${path} must hold keys (${KEYS.join(', ')}), got ${typeof raw}`);
    const parsed = UserConfig.safeParse(raw ?? {}, { reportInput: true });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw fail('C210', `${path}: ${describeIssue(issue, `"${issue.path.join('.')}"`)}; valid keys: provider, model, baseUrl, stream, maxRetries, maxTurns, approvalMode`);
    }
    return parsed.data;
  }
  return {};
}

export interface ModelFlags {
  readonly provider?: string;
  readonly model?: string;
  readonly baseUrl?: string;
  readonly stream?: boolean;
}

function providerName(value: string, from: string): ProviderName {
  if ((PROVIDERS as readonly string[]).includes(value)) return value as ProviderName;
  throw fail('C210', `${from}: unknown provider "${value}"; use one of ${PROVIDERS.join(', ')}`);
}

function apiKeyFor(provider: ProviderName, env: Readonly<Record<string, string | undefined>>): string | undefined {
  if (provider === 'anthropic') return env['ANTHROPIC_API_KEY'];
  if (provider === 'openai') return env['OPENAI_API_KEY'];
  return env['CODEWARD_API_KEY'] ?? (provider === 'openai-compatible' ? env['OPENAI_API_KEY'] : undefined);
}

// Flags > env (CODEWARD_PROVIDER, CODEWARD_MODEL, CODEWARD_BASE_URL) > ~/.codeward/config > a provider
// guessed from the API key that is set.
export function resolveModelConfig(flags: ModelFlags, env: Readonly<Record<string, string | undefined>>, user: UserAgentConfig): ModelConfig {
  const named = flags.provider ?? env['CODEWARD_PROVIDER'] ?? user.provider;
  const guessed = env['ANTHROPIC_API_KEY'] ? 'anthropic' : env['OPENAI_API_KEY'] ? 'openai' : undefined;
  if (named === undefined && guessed === undefined) {
    throw fail('C210', `no model provider configured: pass --provider ${PROVIDERS.join('|')} (with --model and --base-url as needed), set CODEWARD_PROVIDER, or set OPENAI_API_KEY / ANTHROPIC_API_KEY`);
  }
  const provider = named === undefined ? guessed! : providerName(named, flags.provider !== undefined ? '--provider' : env['CODEWARD_PROVIDER'] !== undefined ? 'CODEWARD_PROVIDER' : '~/.codeward/config');
  const model = flags.model ?? env['CODEWARD_MODEL'] ?? user.model ?? DEFAULT_MODELS[provider];
  if (!model) throw fail('C210', `--provider ${provider} needs a model name: pass --model NAME or set CODEWARD_MODEL`);
  const baseUrl = flags.baseUrl ?? env['CODEWARD_BASE_URL'] ?? user.baseUrl ?? (provider === 'ollama' ? 'http://127.0.0.1:11434/v1' : undefined);
  if (provider === 'openai-compatible' && !baseUrl) {
    throw fail('C210', '--provider openai-compatible needs the server address: pass --base-url http://HOST:PORT/v1 or set CODEWARD_BASE_URL');
  }
  const apiKey = apiKeyFor(provider, env);
  if ((provider === 'openai' || provider === 'anthropic') && !apiKey && !baseUrl) {
    throw fail('C210', `--provider ${provider} needs an API key: set ${provider === 'openai' ? 'OPENAI_API_KEY' : 'ANTHROPIC_API_KEY'}`);
  }
  return {
    provider,
    model,
    ...(baseUrl ? { baseUrl } : {}),
    ...(apiKey ? { apiKey } : {}),
    stream: flags.stream ?? user.stream ?? true,
    maxRetries: Math.max(0, Math.min(10, user.maxRetries ?? 3)),
  };
}
