import type { LanguageModel } from 'ai';
import type { ModelConfig } from './config.js';

// The AI SDK model for a config. Providers load on first use, so a run pays only for the one it uses.
// OpenAI goes through the chat-completions API, which every OpenAI-compatible server also speaks;
// Ollama through its OpenAI-compatible endpoint (/v1), so it needs no provider package of its own.
export async function createLanguageModel(config: ModelConfig): Promise<LanguageModel> {
  const baseURL = config.baseUrl?.replace(/\/+$/, '');
  const headers = config.headers ? { headers: { ...config.headers } } : {};
  switch (config.provider) {
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      return createOpenAI({ apiKey: config.apiKey ?? 'unset', ...(baseURL ? { baseURL } : {}), ...headers }).chat(config.model);
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return createAnthropic({ apiKey: config.apiKey ?? 'unset', ...(baseURL ? { baseURL } : {}), ...headers })(config.model);
    }
    case 'openai-compatible':
    case 'ollama': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      return createOpenAICompatible({
        name: config.provider,
        baseURL: baseURL!,
        ...(config.apiKey ? { apiKey: config.apiKey } : {}),
        includeUsage: true,
        ...headers,
      })(config.model);
    }
  }
}
