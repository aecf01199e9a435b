// A scripted model server for tests: a real HTTP server on 127.0.0.1 (random port) that speaks the wire
// formats of OpenAI chat completions and Anthropic messages (JSON and SSE streaming), answering each request
// with the next entry of a script. Point a real SDK (the AI SDK, openai, @anthropic-ai/sdk) at `openaiBaseUrl`
// or `anthropicBaseUrl` and every byte goes through real HTTP, real SSE parsing and real retry logic.
//
//   const server = await startModelServer({ replies: ['hello', { status: 429 }, { text: 'ok', chunkSize: 2 }] });
//   ... drive a client ...
//   expect(server.requests[0].messages).toEqual([{ role: 'user', content: 'hi' }]);
//   await server.close();
//
// All state lives in the object startModelServer returns: servers never share anything.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ScriptedReply {
  /** Assistant text (default ''). With `status`, the error message instead. */
  text?: string;
  /** Respond with this HTTP error status instead (e.g. 429, 500), with an error body in the provider's format. */
  status?: number;
  /** Wait before answering (headers not sent yet). */
  delayMs?: number;
  /** For streams: wait between chunks. */
  chunkDelayMs?: number;
  /** Characters per streamed chunk (default 16). */
  chunkSize?: number;
  /** Send headers + first chunk (if streaming), then never finish (until the client disconnects). */
  hang?: boolean;
  /** Token usage to report (default: derived from lengths, about 4 characters a token). */
  usage?: { input: number; output: number };
}

export type Script = ScriptedReply | string | ((request: RecordedRequest, index: number) => ScriptedReply | string);

export interface RecordedRequest {
  api: 'openai' | 'anthropic';
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (the raw text when it was not JSON). */
  body: any;
  /** The system prompt as text (openai: system/developer messages joined by \n\n; anthropic: `system` string or joined text blocks). */
  system: string;
  /** Non-system messages, content flattened to text. */
  messages: { role: string; content: string }[];
  stream: boolean;
  /** True if the client disconnected before the response finished. */
  aborted: boolean;
}

export interface ModelServer {
  /** e.g. http://127.0.0.1:PORT (no trailing slash) */
  url: string;
  /** url + '/v1' */
  openaiBaseUrl: string;
  /** url + '/v1' */
  anthropicBaseUrl: string;
  requests: RecordedRequest[];
  /** Append to the queue. */
  push(...replies: Script[]): void;
  /** How many queued entries are left (the fallback is not counted). */
  remaining(): number;
  /** Resolves once at least `n` requests were recorded; rejects after `timeoutMs` (default 5000). */
  waitForRequests(n: number, timeoutMs?: number): Promise<void>;
  /** Destroys open sockets (ending hanging responses) and stops listening. */
  close(): Promise<void>;
}

type Api = RecordedRequest['api'];

const EXHAUSTED = 'model server script exhausted';
const DEFAULT_CHUNK_SIZE = 16;

const ROUTES: Record<string, Api> = {
  '/v1/chat/completions': 'openai',
  '/chat/completions': 'openai',
  '/v1/messages': 'anthropic',
  '/messages': 'anthropic',
};

export async function startModelServer(options: { replies?: Script[]; fallback?: Script } = {}): Promise<ModelServer> {
  const queue: Script[] = [...(options.replies ?? [])];
  const fallback = options.fallback;
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const waiters = new Set<{ n: number; resolve: () => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();
  let nextId = 0;
  let closed = false;

  const notify = (): void => {
    for (const waiter of waiters) {
      if (requests.length >= waiter.n) {
        clearTimeout(waiter.timer);
        waiters.delete(waiter);
        waiter.resolve();
      }
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // Aborted as soon as the response is closed, finished or not: ends delays and hangs.
    const done = new AbortController();
    const recorded: { request?: RecordedRequest } = {};
    res.on('close', () => {
      if (!res.writableFinished && recorded.request) recorded.request.aborted = true;
      done.abort();
    });

    const path = (req.url ?? '/').split('?')[0]!;
    const api = ROUTES[path.replace(/\/+$/, '')];
    if (req.method !== 'POST' || !api) {
      sendJson(res, 404, { error: { message: `model server: no route for ${req.method} ${path}`, type: 'not_found_error', code: null } });
      return;
    }

    const raw = await readBody(req);
    let body: any;
    let parsed = true;
    try {
      body = JSON.parse(raw);
    } catch {
      body = raw;
      parsed = false;
    }
    const request: RecordedRequest = {
      api,
      path,
      headers: { ...req.headers },
      body,
      ...(parsed ? extractPrompt(api, body) : { system: '', messages: [] }),
      stream: parsed && body?.stream === true,
      aborted: false,
    };
    recorded.request = request;
    if (res.destroyed) request.aborted = true;
    const index = requests.push(request) - 1;
    notify();

    if (!parsed) {
      sendError(res, api, 400, 'model server: the request body is not JSON');
      return;
    }

    let reply: ScriptedReply;
    try {
      const entry = queue.length > 0 ? queue.shift()! : fallback;
      if (entry === undefined) {
        sendError(res, api, 500, `${EXHAUSTED} (request #${index + 1}: ${api} ${path})`);
        return;
      }
      const resolved = typeof entry === 'function' ? entry(request, index) : entry;
      reply = typeof resolved === 'string' ? { text: resolved } : resolved;
    } catch (error) {
      sendError(res, api, 500, `model server script threw: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }

    if (reply.delayMs) await sleep(reply.delayMs, done.signal);
    if (done.signal.aborted) return;

    if (reply.status !== undefined && reply.status >= 400) {
      sendError(res, api, reply.status, reply.text);
      return;
    }

    const text = reply.text ?? '';
    const usage = reply.usage ?? { input: estimateTokens(request.system + request.messages.map((m) => m.content).join('')), output: estimateTokens(text) };
    const model = typeof body?.model === 'string' ? body.model : 'scripted-model';
    const id = `${api === 'openai' ? 'chatcmpl' : 'msg'}-scripted-${++nextId}`;
    const ctx: ReplyContext = { res, signal: done.signal, reply, text, usage, model, id, body };

    if (request.stream) {
      await (api === 'openai' ? streamOpenAI(ctx) : streamAnthropic(ctx));
    } else if (reply.hang) {
      res.writeHead(200, { 'content-type': 'application/json', ...requestIdHeader(api, id) });
      res.flushHeaders();
      await untilAborted(done.signal);
    } else {
      sendJson(res, 200, api === 'openai' ? openAIResponse(ctx) : anthropicResponse(ctx), requestIdHeader(api, id));
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent && !res.destroyed) sendJson(res, 500, { error: { message: `model server crashed: ${String(error)}`, type: 'server_error', code: null } });
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    anthropicBaseUrl: `${url}/v1`,
    requests,
    push(...replies) {
      queue.push(...replies);
    },
    remaining() {
      return queue.length;
    },
    waitForRequests(n, timeoutMs = 5000) {
      if (requests.length >= n) return Promise.resolve();
      if (closed) return Promise.reject(new Error(`model server closed with ${requests.length} of ${n} requests`));
      return new Promise<void>((resolve, reject) => {
        const waiter = {
          n,
          resolve,
          reject,
          timer: setTimeout(() => {
            waiters.delete(waiter);
            reject(new Error(`model server: waited ${timeoutMs} ms for ${n} requests, got ${requests.length}`));
          }, timeoutMs),
        };
        waiters.add(waiter);
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error(`model server closed with ${requests.length} of ${waiter.n} requests`));
      }
      waiters.clear();
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await stopped;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Request parsing

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

// Text of a message content: a string, or an array of parts/blocks of which the text ones (and the content of
// tool results) count. Tool calls and images are left out; read `body` for those.
function flatten(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const texts: string[] = [];
  for (const part of content) {
    if (typeof part === 'string') texts.push(part);
    else if (part && typeof part === 'object') {
      const p = part as { type?: unknown; text?: unknown; content?: unknown };
      if (typeof p.text === 'string' && (p.type === 'text' || p.type === 'input_text' || p.type === undefined)) texts.push(p.text);
      else if (p.type === 'tool_result') texts.push(flatten(p.content));
    }
  }
  return texts.join('\n');
}

function extractPrompt(api: Api, body: any): { system: string; messages: { role: string; content: string }[] } {
  const all: unknown[] = Array.isArray(body?.messages) ? body.messages : [];
  const system: string[] = [];
  const messages: { role: string; content: string }[] = [];
  if (api === 'anthropic') {
    if (typeof body?.system === 'string') system.push(body.system);
    else if (Array.isArray(body?.system)) system.push(...body.system.map((block: unknown) => flatten([block])));
  }
  for (const message of all) {
    const m = (message ?? {}) as { role?: unknown; content?: unknown };
    const role = typeof m.role === 'string' ? m.role : 'unknown';
    if (api === 'openai' && (role === 'system' || role === 'developer')) system.push(flatten(m.content));
    else messages.push({ role, content: flatten(m.content) });
  }
  return { system: system.join('\n\n'), messages };
}

function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

// ---------------------------------------------------------------------------------------------------------
// Responses

interface ReplyContext {
  res: ServerResponse;
  signal: AbortSignal;
  reply: ScriptedReply;
  text: string;
  usage: { input: number; output: number };
  model: string;
  id: string;
  body: any;
}

function requestIdHeader(api: Api, id: string): Record<string, string> {
  return api === 'openai' ? { 'x-request-id': `req_${id}` } : { 'request-id': `req_${id}` };
}

function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  const payload = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers });
  res.end(payload);
}

const OPENAI_ERRORS: Record<number, { type: string; code: string | null; message: string }> = {
  400: { type: 'invalid_request_error', code: null, message: 'Invalid request.' },
  401: { type: 'invalid_request_error', code: 'invalid_api_key', message: 'Incorrect API key provided.' },
  403: { type: 'invalid_request_error', code: 'unsupported_country_region_territory', message: 'Forbidden.' },
  404: { type: 'invalid_request_error', code: 'model_not_found', message: 'The model does not exist.' },
  429: { type: 'requests', code: 'rate_limit_exceeded', message: 'Rate limit reached. Please try again later.' },
  500: { type: 'server_error', code: null, message: 'The server had an error while processing your request.' },
  503: { type: 'server_error', code: null, message: 'The engine is currently overloaded, please try again later.' },
};

const ANTHROPIC_ERRORS: Record<number, { type: string; message: string }> = {
  400: { type: 'invalid_request_error', message: 'Invalid request.' },
  401: { type: 'authentication_error', message: 'invalid x-api-key' },
  403: { type: 'permission_error', message: 'Your API key does not have permission to use the specified resource.' },
  404: { type: 'not_found_error', message: 'The requested resource could not be found.' },
  413: { type: 'request_too_large', message: 'Request exceeds the maximum allowed number of bytes.' },
  429: { type: 'rate_limit_error', message: 'Number of requests has exceeded your rate limit.' },
  500: { type: 'api_error', message: 'Internal server error' },
  529: { type: 'overloaded_error', message: 'Overloaded' },
};

function sendError(res: ServerResponse, api: Api, status: number, message?: string): void {
  const headers: Record<string, string> = status === 429 ? { 'retry-after': '0' } : {};
  if (api === 'openai') {
    const known = OPENAI_ERRORS[status] ?? { type: status >= 500 ? 'server_error' : 'invalid_request_error', code: null, message: `HTTP ${status}` };
    sendJson(res, status, { error: { message: message ?? known.message, type: known.type, param: null, code: known.code } }, headers);
  } else {
    const known = ANTHROPIC_ERRORS[status] ?? { type: status >= 500 ? 'api_error' : 'invalid_request_error', message: `HTTP ${status}` };
    sendJson(res, status, { type: 'error', error: { type: known.type, message: message ?? known.message } }, headers);
  }
}

function openAIResponse({ text, usage, model, id }: ReplyContext): unknown {
  return {
    id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
  };
}

function anthropicResponse({ text, usage, model, id }: ReplyContext): unknown {
  return {
    id,
    type: 'message',
    role: 'assistant',
    model,
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: usage.input, output_tokens: usage.output },
  };
}

function chunks(text: string, size: number): string[] {
  const chars = Array.from(text); // code points: never split a surrogate pair
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}

function openStream(ctx: ReplyContext, api: Api): void {
  ctx.res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', ...requestIdHeader(api, ctx.id) });
  ctx.res.flushHeaders();
}

function write(ctx: ReplyContext, data: string): boolean {
  if (ctx.signal.aborted || ctx.res.destroyed) return false;
  ctx.res.write(data);
  return true;
}

// Writes the events in order, `chunkDelayMs` apart; with `hang`, stops after `firstCount` of them and waits for
// the client to go away. Returns false when the client disconnected.
async function playEvents(ctx: ReplyContext, events: string[], firstCount: number): Promise<boolean> {
  const { chunkDelayMs, hang } = ctx.reply;
  for (let i = 0; i < events.length; i++) {
    if (hang && i === firstCount) {
      await untilAborted(ctx.signal);
      return false;
    }
    if (i > 0 && chunkDelayMs) await sleep(chunkDelayMs, ctx.signal);
    if (!write(ctx, events[i]!)) return false;
  }
  return true;
}

async function streamOpenAI(ctx: ReplyContext): Promise<void> {
  const { text, usage, model, id, body, reply } = ctx;
  const created = Math.floor(Date.now() / 1000);
  const includeUsage = body?.stream_options?.include_usage === true;
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}): string =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: null, choices, ...(includeUsage ? { usage: null } : {}), ...extra })}\n\n`;
  const pieces = chunks(text, reply.chunkSize ?? DEFAULT_CHUNK_SIZE);
  const events = [
    // The first chunk carries the role (and here also the first piece of text).
    chunk([{ index: 0, delta: { role: 'assistant', content: pieces[0] ?? '', refusal: null }, logprobs: null, finish_reason: null }]),
    ...pieces.slice(1).map((piece) => chunk([{ index: 0, delta: { content: piece }, logprobs: null, finish_reason: null }])),
    chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }]),
    ...(includeUsage ? [chunk([], { usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output } })] : []),
    'data: [DONE]\n\n',
  ];
  openStream(ctx, 'openai');
  if (await playEvents(ctx, events, 1)) ctx.res.end();
}

async function streamAnthropic(ctx: ReplyContext): Promise<void> {
  const { text, usage, model, id, reply } = ctx;
  const event = (type: string, data: Record<string, unknown>): string => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  const pieces = chunks(text, reply.chunkSize ?? DEFAULT_CHUNK_SIZE);
  const events = [
    event('message_start', {
      message: { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: usage.input, output_tokens: 1 } },
    }),
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    ...pieces.map((piece) => event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: piece } })),
    event('content_block_stop', { index: 0 }),
    event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: usage.output } }),
    event('message_stop', {}),
  ];
  openStream(ctx, 'anthropic');
  // With `hang`: message_start, content_block_start and the first text delta (if any), then silence.
  if (await playEvents(ctx, events, pieces.length > 0 ? 3 : 2)) ctx.res.end();
}

// ---------------------------------------------------------------------------------------------------------
// Timing

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
