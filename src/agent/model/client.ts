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
  lastError?: unknown;
  message?: string;
}

// "HTTP 429: Rate limit reached" from an APICallError (or the last one a RetryError gave up on).
function describeProviderError(error: unknown): string {
  const last = (error as ApiErrorLike)?.lastError ?? error;
  const { statusCode, message } = (last ?? {}) as ApiErrorLike;
  const text = message ?? String(last);
  return statusCode ? `HTTP ${statusCode}: ${text}` : text;
}

function providerFailure(error: unknown, label: string): Error {
  if (isCodewardError(error)) return error;
  return fail('C216', `the model provider failed (${label}): ${describeProviderError(error)}`);
}

function toUsage(usage: { inputTokens?: number | undefined; outputTokens?: number | undefined } | undefined): TokenUsage {
  return { input: usage?.inputTokens ?? 0, output: usage?.outputTokens ?? 0 };
}

// A ModelClient over the AI SDK: streaming by default, retries with backoff on 429/5xx (the SDK's own,
// which honours Retry-After), cancellation through the request's signal.
export function aiSdkClient(model: LanguageModel, config: ModelConfig): ModelClient {
  const label = `${config.provider}/${config.model}`;
  return {
    label,
    async complete(request) {
      const common = {
        model,
        system: request.system,
        messages: request.messages as ModelMessage[],
        abortSignal: request.signal,
        maxRetries: config.maxRetries,
      };
      if (!config.stream) {
        try {
          const result = await generateText(common);
          request.onText?.(result.text);
          return { text: result.text, usage: toUsage(result.usage) };
        } catch (error) {
          if (request.signal.aborted) throw request.signal.reason;
          throw providerFailure(error, label);
        }
      }
      let text = '';
      let usage: TokenUsage = { input: 0, output: 0 };
      try {
        const result = streamText({ ...common, onError: () => undefined });
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta') {
            text += part.text;
            request.onText?.(part.text);
          } else if (part.type === 'finish') usage = toUsage(part.totalUsage);
          else if (part.type === 'error') throw part.error;
          else if (part.type === 'abort') throw request.signal.reason ?? new Error('aborted');
        }
      } catch (error) {
        if (request.signal.aborted) throw request.signal.reason;
        throw providerFailure(error, label);
      }
      return { text, usage };
    },
  };
}
