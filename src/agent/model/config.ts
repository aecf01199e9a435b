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

const CONFIG_NAMES = ['config', 'config.json', 'config.yaml', 'config.yml'];
const KEYS = ['provider', 'model', 'baseUrl', 'apiKeyEnv', 'headers', 'stream', 'maxRetries', 'maxTurns', 'approvalMode', 'resultBytes'];
// Keys of the same file that the sandbox reads (src/sandbox/user-settings.ts): known, not the agent's.
const OTHER_KEYS = ['passEnv', 'sandboxReadable'];

const squash = (key: string): string => key.replace(/[-_]/g, '').toLowerCase();

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

// The known key an unknown one was probably meant to be (`modle` → `model`, `base_uri` → `baseUrl`).
export function closestKey(key: string, known: readonly string[] = KEYS): string | undefined {
  let best: { name: string; cost: number } | undefined;
  for (const name of known) {
    const cost = distance(squash(key), squash(name));
    if (cost <= Math.max(2, Math.floor(name.length / 3)) && (!best || cost < best.cost)) best = { name, cost };
  }
  return best?.name;
}

// `base_url`, `base-url`, `BaseURL` → `baseUrl`; other keys stay as written (and are warned about).
function canonicalKeys(raw: unknown, path: string, warn: (message: string) => void): unknown {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const out: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const known = KEYS.find((name) => name.toLowerCase() === squash(key));
    if (known) out[known] = value;
    else if (!OTHER_KEYS.some((name) => name.toLowerCase() === squash(key))) unknown.push(key);
  }
  for (const key of unknown) {
    const meant = closestKey(key);
    warn(`${path}: unknown key "${key}" ignored${meant ? ` (did you mean "${meant}"?)` : ''}; valid keys: ${[...KEYS, ...OTHER_KEYS].join(', ')}`);
  }
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
      throw fail('C210', `${path}: ${describeIssue(issue, `"${issue.path.join('.')}"`)}; valid keys: ${KEYS.join(', ')}`);
    }
    return parsed.data;
  }
  return {};
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
