import * as z from 'zod/mini';
import { fail } from '../../engine/errors.js';
import { describeIssue } from '../../engine/issues.js';
import { closestKey as closestConfigKey } from '../../engine/config-keys.js';
import { readUserConfig } from '../../engine/config-user.js';

export const PROVIDERS = ['openai', 'anthropic', 'openai-compatible', 'ollama'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export interface ModelConfig {
  readonly provider: ProviderName;
  readonly model: string;
  readonly baseUrl?: string;
  readonly apiKey?: string;
  // Where the key comes from, for a refusal: the variable that held it, or the ones looked at when none did.
  readonly apiKeyFrom?: { readonly variable?: string; readonly looked: readonly string[] };
  // Stream the answer (default); some local servers only answer whole responses.
  readonly stream: boolean;
  // Attempts after the first on 429 and 5xx answers (exponential backoff, Retry-After honoured).
  readonly maxRetries: number;
  // Extra HTTP headers on every request (user config or a trusted project's).
  readonly headers?: Readonly<Record<string, string>>;
}

// What a person may set in ~/.codeward/config (JSON or YAML); flags and env win over it.
const UserConfig = z.object({
  provider: z.optional(z.enum(PROVIDERS)),
  model: z.optional(z.string()),
  baseUrl: z.optional(z.string()),
  // The environment variable that holds the API key (instead of OPENAI_API_KEY / ANTHROPIC_API_KEY ...).
  apiKeyEnv: z.optional(z.string().check(z.regex(/^[A-Za-z_][A-Za-z0-9_]*$/))),
  headers: z.optional(z.record(z.string(), z.string())),
  stream: z.optional(z.boolean()),
  maxRetries: z.optional(z.number()),
  maxTurns: z.optional(z.number()),
  approvalMode: z.optional(z.enum(['ask', 'auto-edit', 'yolo'])),
  // Bytes of tool results one model request may carry (default 100000).
  resultBytes: z.optional(z.int().check(z.minimum(4_000))),
});
export type UserAgentConfig = z.infer<typeof UserConfig>;

const DEFAULT_MODELS: Readonly<Record<ProviderName, string | undefined>> = {
  openai: 'gpt-4.1',
  anthropic: 'claude-sonnet-4-5',
  ollama: 'qwen2.5-coder',
  'openai-compatible': undefined,
};

const KEYS = ['provider', 'model', 'baseUrl', 'apiKeyEnv', 'headers', 'stream', 'maxRetries', 'maxTurns', 'approvalMode', 'resultBytes'];

// The known key an unknown one was probably meant to be (`modle` → `model`, `base_uri` → `baseUrl`).
export function closestKey(key: string, known: readonly string[] = KEYS): string | undefined {
  return closestConfigKey(key, known);
}

// The agent's keys of the user's config (src/engine/config-user.ts owns its file names and keys: an
// unknown key is C210 there); `warn` hears about other config files beside the one read.
export async function loadUserAgentConfig(home: string | undefined, warn: (message: string) => void = () => undefined, workspace?: string): Promise<UserAgentConfig> {
  const file = await readUserConfig(home, workspace);
  if (!file) return {};
  for (const warning of file.warnings) warn(warning);
  const present = Object.fromEntries(Object.entries(file.values).filter(([key]) => KEYS.includes(key)));
  const parsed = UserConfig.safeParse(present, { reportInput: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fail('C210', `${file.path}: ${describeIssue(issue, `"${issue.path.join('.')}"`)}; valid keys: ${KEYS.join(', ')}`);
  }
  return parsed.data;
}

// The agent's keys of a project config (`.codeward/config.*`), checked like the user's: a bad value is C210
// naming the file and the key (for the agent only; other commands ignore these keys).
export function parseAgentKeys(values: Record<string, unknown>, file: string): UserAgentConfig {
  const present = Object.fromEntries(Object.entries(values).filter(([key, value]) => KEYS.includes(key) && value !== undefined));
  const parsed = UserConfig.safeParse(present, { reportInput: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fail('C210', `${file}: ${describeIssue(issue, `"${issue.path.join('.')}"`)} (a codeward agent setting)`);
  }
  return parsed.data;
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

// The variables an API key is read from, first found wins.
function keyVariables(provider: ProviderName, keyEnv?: string): string[] {
  if (keyEnv !== undefined) return [keyEnv];
  if (provider === 'anthropic') return ['ANTHROPIC_API_KEY'];
  if (provider === 'openai') return ['OPENAI_API_KEY'];
  return provider === 'openai-compatible' ? ['CODEWARD_API_KEY', 'OPENAI_API_KEY'] : ['CODEWARD_API_KEY'];
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
  const looked = keyVariables(provider, user.apiKeyEnv);
  const variable = looked.find((name) => env[name]);
  const apiKey = variable === undefined ? undefined : env[variable];
  if ((provider === 'openai' || provider === 'anthropic') && !apiKey && !baseUrl) {
    throw fail('C210', `--provider ${provider} needs an API key: set ${user.apiKeyEnv ?? (provider === 'openai' ? 'OPENAI_API_KEY' : 'ANTHROPIC_API_KEY')}`);
  }
  return {
    provider,
    model,
    ...(baseUrl ? { baseUrl } : {}),
    ...(apiKey ? { apiKey } : {}),
    apiKeyFrom: variable === undefined ? { looked } : { variable, looked },
    stream: flags.stream ?? user.stream ?? true,
    maxRetries: Math.max(0, Math.min(10, user.maxRetries ?? 3)),
    ...(user.headers && Object.keys(user.headers).length > 0 ? { headers: user.headers } : {}),
  };
}
