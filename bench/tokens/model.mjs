// The fake model of the token benchmark: an OpenAI-compatible server on 127.0.0.1 that answers a
// recorded session's replies in order (streaming or not, as asked) and keeps every request's messages,
// so the prompt is counted on what a model would receive. Past the last reply it answers that it stops.
import { createServer } from 'node:http';
import { encode } from 'gpt-tokenizer';

const text = (content) => (typeof content === 'string' ? content : (content ?? []).map((part) => part.text ?? '').join(''));

// The prompt a request carries: each message's role and text, in order.
export function promptText(messages) {
  return messages.map((message) => `${message.role}\n${text(message.content)}`).join('\n\n');
}

// Tokens of one prompt with gpt-tokenizer (o200k_base, the GPT-4o encoding); bytes beside it.
export function countPrompt(messages) {
  const prompt = promptText(messages);
  return { tokens: encode(prompt, { allowedSpecial: 'all' }).length, bytes: Buffer.byteLength(prompt) };
}

export async function startModel(replies) {
  const requests = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const request = JSON.parse(body);
      const messages = request.messages ?? [];
      requests.push(messages);
      const reply = replies[requests.length - 1] ?? 'The recorded session has no more replies; stopping here.';
      const usage = { prompt_tokens: countPrompt(messages).tokens, completion_tokens: encode(reply).length };
      usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
      const envelope = (choices, extra = {}) => JSON.stringify({ id: String(requests.length), created: 0, model: 'replay', choices, ...extra });
      if (!request.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(envelope([{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }], { object: 'chat.completion', usage }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (choices, extra) => res.write(`data: ${envelope(choices, { object: 'chat.completion.chunk', ...extra })}\n\n`);
      chunk([{ index: 0, delta: { role: 'assistant', content: reply }, finish_reason: null }]);
      chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]);
      chunk([], { usage });
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
