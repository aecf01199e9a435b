import { generateText, streamText, type LanguageModel, type ModelMessage } from 'ai';
import { fail, isCodewardError } from '../../engine/errors.js';
import type { ModelConfig } from './config.js';

export interface ChatMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

export interface TokenUsage {
  input: number;
  output: number;
}

export interface ModelRequest {
  readonly system: string;
  readonly messages: readonly ChatMessage[];
  readonly signal: AbortSignal;
  // Each piece of text as it streams in.
  readonly onText?: (delta: string) => void;
  // A failed attempt that will be retried (announced, so a slow provider is not silent).
  readonly onRetry?: (retry: RetryNotice) => void;
}

export interface RetryNotice {
  readonly attempt: number;
  readonly of: number;
  readonly delayMs: number;
  readonly reason: string;
}

export interface ModelReply {
  readonly text: string;
  readonly usage: TokenUsage;
}

// The one thing the loop needs from a model: text for a conversation.
export interface ModelClient {
  readonly label: string;
  complete(request: ModelRequest): Promise<ModelReply>;
}

interface ApiErrorLike {
  statusCode?: number;
  responseBody?: string;
  responseHeaders?: Record<string, string>;
  lastError?: unknown;
  message?: string;
  isRetryable?: boolean;
  cause?: unknown;
  code?: string;
}

const BASE_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

// The network error code anywhere in an error's cause chain (ECONNREFUSED, ENOTFOUND, ...).
function networkCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth += 1) {
    const code = (current as ApiErrorLike).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
    const cause = (current as ApiErrorLike).cause;
    const errors = (current as { errors?: unknown[] }).errors;
    current = cause ?? errors?.[0];
  }
  return undefined;
}

// Nobody listens at the address, or the name does not resolve: retrying will not help; say so at once.
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

// Node's fetch refuses some ports outright (9, 25, 6000, ... : the WHATWG "bad port" list): no retry helps.
function badPort(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth += 1) {
    if (/\bbad port\b/i.test(String((current as ApiErrorLike).message ?? ''))) return true;
    current = (current as ApiErrorLike).cause ?? (current as ApiErrorLike).lastError;
  }
  return false;
}

function retryable(error: unknown): boolean {
  const code = networkCode(error);
  if ((code && UNREACHABLE.has(code)) || badPort(error)) return false;
  return (error as ApiErrorLike)?.isRetryable === true;
}

// Retry-After (seconds or a date) when the provider sent one, else exponential backoff.
function retryDelay(error: unknown, attempt: number): number {
  const header = (error as ApiErrorLike)?.responseHeaders?.['retry-after'];
  if (header !== undefined) {
    const seconds = Number(header);
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
    if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, MAX_DELAY_MS);
  }
  return Math.min(BASE_DELAY_MS * 2 ** (attempt - 1), MAX_DELAY_MS);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done(): void {
      signal.removeEventListener('abort', abort);
      resolve();
    }
    function abort(): void {
      clearTimeout(timer);
      reject(signal.reason);
    }
    signal.addEventListener('abort', abort, { once: true });
  });
}

// "HTTP 429: Rate limit reached" from an APICallError (or the last one a RetryError gave up on).
function describeProviderError(error: unknown): string {
  const last = (error as ApiErrorLike)?.lastError ?? error;
  const { statusCode, message } = (last ?? {}) as ApiErrorLike;
  const text = message ?? String(last);
  return statusCode ? `HTTP ${statusCode}: ${text}` : text;
}

// What to check when the provider refuses the credentials: which variable the key came from, or that none was sent.
function keyHint(error: unknown, config: ModelConfig): string {
  const status = ((error as ApiErrorLike)?.lastError as ApiErrorLike | undefined)?.statusCode ?? (error as ApiErrorLike)?.statusCode;
  if (status !== 401 && status !== 403) return '';
  if (!config.apiKeyFrom) return '';
  const { variable, looked } = config.apiKeyFrom;
  if (variable) return ` (the key came from $${variable}: check it is valid for ${config.baseUrl ?? `the ${config.provider} API`})`;
  return ` (no API key was sent: set ${looked.join(' or ')}, or name your own variable with apiKeyEnv in ~/.codeward/config)`;
}

function providerFailure(error: unknown, label: string, config: ModelConfig, attempts: number): Error {
  if (isCodewardError(error)) return error;
  if (badPort(error)) {
    return fail('C216', `cannot reach the model provider (${label}) at ${config.baseUrl ?? config.provider}: Node refuses that port as unsafe ("bad port"); run the server on another port`);
  }
  const code = networkCode(error);
  if (code && UNREACHABLE.has(code)) {
    const where = config.baseUrl ?? `the ${config.provider} API`;
    const what = code === 'ECONNREFUSED' ? 'connection refused: is the server running there?' : `${code}: check the address and the network`;
    return fail('C216', `cannot reach the model provider (${label}) at ${where}: ${what} (set it with --base-url or CODEWARD_BASE_URL)`);
  }
  const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
  return fail('C216', `the model provider failed (${label})${tries}: ${describeProviderError(error)}${keyHint(error, config)}`);
}

function toUsage(usage: { inputTokens?: number | undefined; outputTokens?: number | undefined } | undefined): TokenUsage {
  return { input: usage?.inputTokens ?? 0, output: usage?.outputTokens ?? 0 };
}

// One attempt; `streamed` is set once text reached the display (such an attempt is not retried).
async function attempt(model: LanguageModel, config: ModelConfig, request: ModelRequest, streamed: { text: boolean }): Promise<ModelReply> {
  const common = { model, system: request.system, messages: request.messages as ModelMessage[], abortSignal: request.signal, maxRetries: 0 };
  if (!config.stream) {
    const result = await generateText(common);
    request.onText?.(result.text);
    return { text: result.text, usage: toUsage(result.usage) };
  }
  let text = '';
  let usage: TokenUsage = { input: 0, output: 0 };
  const result = streamText({ ...common, onError: () => undefined });
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') {
      text += part.text;
      streamed.text = true;
      request.onText?.(part.text);
    } else if (part.type === 'finish') usage = toUsage(part.totalUsage);
    else if (part.type === 'error') throw part.error;
    else if (part.type === 'abort') throw request.signal.reason ?? new Error('aborted');
  }
  return { text, usage };
}

// A ModelClient over the AI SDK: streaming by default, cancellation through the request's signal, and
// its own retries on 429/5xx and dropped connections (Retry-After honoured, else exponential backoff),
// each announced through onRetry; an address where nothing listens fails at once, naming it.
export function aiSdkClient(model: LanguageModel, config: ModelConfig): ModelClient {
  const label = `${config.provider}/${config.model}`;
  return {
    label,
    async complete(request) {
      for (let tries = 1; ; tries += 1) {
        const streamed = { text: false };
        try {
          return await attempt(model, config, request, streamed);
        } catch (error) {
          if (request.signal.aborted) throw request.signal.reason;
          if (streamed.text || tries > config.maxRetries || !retryable(error)) throw providerFailure(error, label, config, tries);
          const delayMs = retryDelay(error, tries);
          request.onRetry?.({ attempt: tries, of: config.maxRetries, delayMs, reason: describeProviderError(error) });
          await sleep(delayMs, request.signal);
        }
      }
    },
  };
}
