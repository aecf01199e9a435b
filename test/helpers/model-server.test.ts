import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, streamText, type LanguageModel } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startModelServer, type ModelServer } from './model-server.js';

const servers: ModelServer[] = [];
async function start(options?: Parameters<typeof startModelServer>[0]): Promise<ModelServer> {
  const server = await startModelServer(options);
  servers.push(server);
  return server;
}
// 'claude-test' is not a model the SDK knows, so it warns about maxOutputTokens on every call: keep the output clean.
const globals = globalThis as { AI_SDK_LOG_WARNINGS?: unknown };
const savedWarnings = globals.AI_SDK_LOG_WARNINGS;
beforeAll(() => {
  globals.AI_SDK_LOG_WARNINGS = false;
});
afterAll(() => {
  globals.AI_SDK_LOG_WARNINGS = savedWarnings;
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const LONG = 'The quick brown fox jumps over the lazy dog, then naps under an oak tree.';

type Flavor = { name: string; api: 'openai' | 'anthropic'; modelId: string; model: (server: ModelServer) => LanguageModel };
const FLAVORS: Flavor[] = [
  { name: 'openai chat', api: 'openai', modelId: 'gpt-test', model: (s) => createOpenAI({ baseURL: s.openaiBaseUrl, apiKey: 'test' }).chat('gpt-test') },
  { name: 'openai-compatible', api: 'openai', modelId: 'm', model: (s) => createOpenAICompatible({ name: 'local', baseURL: s.openaiBaseUrl, apiKey: 'x', includeUsage: true })('m') },
  { name: 'anthropic', api: 'anthropic', modelId: 'claude-test', model: (s) => createAnthropic({ baseURL: s.anthropicBaseUrl, apiKey: 'test' })('claude-test') },
];

describe.each(FLAVORS)('model server through the AI SDK: $name', ({ api, modelId, model }) => {
  it('answers generateText with the scripted text and usage, and records the prompt', async () => {
    const server = await start({ replies: [{ text: 'Hello from the script.', usage: { input: 11, output: 7 } }] });
    const result = await generateText({
      model: model(server),
      system: 'You are terse.',
      messages: [
        { role: 'user', content: 'first question' },
        { role: 'assistant', content: 'first answer' },
        { role: 'user', content: 'second question' },
      ],
      maxRetries: 0,
    });
    expect(result.text).toBe('Hello from the script.');
    expect(result.usage.inputTokens).toBe(11);
    expect(result.usage.outputTokens).toBe(7);
    expect(result.finishReason).toBe('stop');

    expect(server.requests).toHaveLength(1);
    const request = server.requests[0]!;
    expect(request.api).toBe(api);
    expect(request.path).toBe(api === 'openai' ? '/v1/chat/completions' : '/v1/messages');
    expect(request.stream).toBe(false);
    expect(request.aborted).toBe(false);
    expect(request.system).toBe('You are terse.');
    expect(request.messages).toEqual([
      { role: 'user', content: 'first question' },
      { role: 'assistant', content: 'first answer' },
      { role: 'user', content: 'second question' },
    ]);
    expect(request.body.model).toBe(modelId);
    expect(result.response.modelId).toBe(modelId); // the server echoes the requested model
    expect(server.remaining()).toBe(0);
  });

  it('streams deltas that concatenate to the text, with usage', async () => {
    const server = await start({ replies: [{ text: LONG, chunkSize: 5, usage: { input: 20, output: 18 } }] });
    const result = streamText({ model: model(server), prompt: 'tell me about the fox', maxRetries: 0 });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    expect(deltas.length).toBeGreaterThanOrEqual(Math.ceil(LONG.length / 5));
    expect(deltas.join('')).toBe(LONG);
    expect(await result.text).toBe(LONG);
    const usage = await result.usage;
    expect(usage.inputTokens).toBe(20);
    expect(usage.outputTokens).toBe(18);
    expect(await result.finishReason).toBe('stop');

    const request = server.requests[0]!;
    expect(request.stream).toBe(true);
    expect(request.system).toBe('');
    expect(request.messages).toEqual([{ role: 'user', content: 'tell me about the fox' }]);
    expect(request.aborted).toBe(false);
  });

  it('derives usage from lengths when none is scripted', async () => {
    const server = await start({ fallback: 'abcdefgh' });
    const result = await generateText({ model: model(server), prompt: 'hi', maxRetries: 0 });
    expect(result.text).toBe('abcdefgh');
    expect(result.usage.outputTokens).toBe(2);
    expect(result.usage.inputTokens).toBeGreaterThan(0);
  });

  it('lets the SDK retry a 429 and ends with the success', async () => {
    const server = await start({ replies: [{ status: 429 }, 'after the retry'] });
    const started = Date.now();
    const result = await generateText({ model: model(server), prompt: 'hi', maxRetries: 1 });
    expect(result.text).toBe('after the retry');
    expect(server.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(1900); // retry-after: 0, no exponential backoff (the SDK's first backoff is 2 s)
  });

  it('throws on a 500 when retries are off', async () => {
    const server = await start({ replies: [{ status: 500, text: 'scripted boom' }] });
    await expect(generateText({ model: model(server), prompt: 'hi', maxRetries: 0 })).rejects.toMatchObject({
      statusCode: 500,
      message: expect.stringContaining('scripted boom'),
    });
    expect(server.requests).toHaveLength(1);
  });

  it('fails loudly when the script is exhausted', async () => {
    const server = await start({ replies: ['only one'] });
    const m = model(server);
    expect((await generateText({ model: m, prompt: 'one', maxRetries: 0 })).text).toBe('only one');
    await expect(generateText({ model: m, prompt: 'two', maxRetries: 0 })).rejects.toThrow(/model server script exhausted/);
  });

  it('marks a hanging streamed request as aborted when the client aborts', async () => {
    const server = await start({ replies: [{ text: LONG, chunkSize: 4, hang: true }] });
    const controller = new AbortController();
    const result = streamText({ model: model(server), prompt: 'hang please', abortSignal: controller.signal, maxRetries: 0, onError: () => {} });
    const deltas: string[] = [];
    try {
      for await (const delta of result.textStream) {
        deltas.push(delta);
        controller.abort();
      }
    } catch {
      // an abort may surface as an error, depending on timing
    }
    expect(deltas).toEqual([LONG.slice(0, 4)]);
    await vi.waitFor(() => expect(server.requests[0]?.aborted).toBe(true), { timeout: 2000, interval: 10 });
  });

  it('marks a hanging non-streamed request as aborted when the client aborts', async () => {
    const server = await start({ replies: [{ hang: true }] });
    const controller = new AbortController();
    const pending = generateText({ model: model(server), prompt: 'hang please', abortSignal: controller.signal, maxRetries: 0 });
    await server.waitForRequests(1);
    controller.abort();
    await expect(pending).rejects.toThrow();
    await vi.waitFor(() => expect(server.requests[0]?.aborted).toBe(true), { timeout: 2000, interval: 10 });
  });
});

describe('model server script', () => {
  it('calls function entries with the request and its index, then uses the fallback', async () => {
    const server = await start({
      replies: [(request, index) => `echo #${index}: ${request.messages.at(-1)?.content}`],
      fallback: (request, index) => ({ text: `fallback #${index} for ${request.api}` }),
    });
    const openai = createOpenAI({ baseURL: server.openaiBaseUrl, apiKey: 'test' }).chat('gpt-test');
    const anthropic = createAnthropic({ baseURL: server.anthropicBaseUrl, apiKey: 'test' })('claude-test');
    expect((await generateText({ model: openai, prompt: 'ping', maxRetries: 0 })).text).toBe('echo #0: ping');
    expect((await generateText({ model: anthropic, prompt: 'ping', maxRetries: 0 })).text).toBe('fallback #1 for anthropic');
    server.push('pushed');
    expect(server.remaining()).toBe(1);
    expect((await generateText({ model: openai, prompt: 'ping', maxRetries: 0 })).text).toBe('pushed');
    expect(server.remaining()).toBe(0);
  });

  it('speaks the raw wire formats', async () => {
    const server = await start({ replies: ['hi', 'hi', { status: 429 }, { status: 429 }] });
    const post = (path: string, body: unknown): Promise<Response> =>
      fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

    const openai = await post('/chat/completions', { model: 'g', messages: [{ role: 'developer', content: [{ type: 'text', text: 'dev' }] }, { role: 'system', content: 'sys' }, { role: 'user', content: 'u' }], stream: true, stream_options: { include_usage: true } });
    expect(openai.headers.get('content-type')).toBe('text/event-stream');
    const events = (await openai.text()).split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    const usageChunk = JSON.parse(events.at(-2)!.slice('data: '.length));
    expect(usageChunk.choices).toEqual([]);
    expect(usageChunk.usage).toEqual({ prompt_tokens: expect.any(Number), completion_tokens: 1, total_tokens: expect.any(Number) });
    expect(server.requests[0]!.system).toBe('dev\n\nsys');

    const anthropic = await post('/messages', { model: 'c', system: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }], messages: [{ role: 'user', content: [{ type: 'text', text: 'u' }] }], stream: true });
    const types = (await anthropic.text()).split('\n\n').filter(Boolean).map((block) => block.split('\n')[0]);
    expect(types).toEqual(['event: message_start', 'event: content_block_start', 'event: content_block_delta', 'event: content_block_stop', 'event: message_delta', 'event: message_stop']);
    expect(server.requests[1]!.system).toBe('a\n\nb');

    const limitedOpenAI = await post('/v1/chat/completions', { model: 'g', messages: [] });
    expect(limitedOpenAI.status).toBe(429);
    expect(limitedOpenAI.headers.get('retry-after')).toBe('0');
    expect(await limitedOpenAI.json()).toEqual({ error: { message: expect.any(String), type: expect.any(String), param: null, code: 'rate_limit_exceeded' } });

    const limitedAnthropic = await post('/v1/messages', { model: 'c', messages: [] });
    expect(limitedAnthropic.status).toBe(429);
    expect(limitedAnthropic.headers.get('retry-after')).toBe('0');
    expect(await limitedAnthropic.json()).toEqual({ type: 'error', error: { type: 'rate_limit_error', message: expect.any(String) } });

    const exhausted = await post('/v1/messages', { model: 'c', messages: [] });
    expect(exhausted.status).toBe(500);
    expect(((await exhausted.json()) as { error: { message: string } }).error.message).toMatch(/model server script exhausted/);
  });

  it('waits for requests and closes with a hanging request open', async () => {
    const server = await startModelServer({ replies: [{ hang: true, text: 'never finished' }] });
    await expect(server.waitForRequests(1, 50)).rejects.toThrow(/waited 50 ms for 1 requests, got 0/);
    const pending = fetch(`${server.openaiBaseUrl}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'g', messages: [], stream: true }) });
    await server.waitForRequests(1);
    const response = await pending;
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('"role":"assistant"');
    await server.close();
    await expect(reader.read()).rejects.toThrow();
    await vi.waitFor(() => expect(server.requests[0]!.aborted).toBe(true), { timeout: 2000, interval: 10 });
  });
});
