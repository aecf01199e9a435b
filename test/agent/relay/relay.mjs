// A relay model for replaying real sessions (issue 17): an OpenAI-compatible server on 127.0.0.1 that
// writes each request the agent sends to DIR/NNN.request.md (the system prompt once, then the messages)
// and answers with the text a person or another model puts in DIR/NNN.reply.txt. The replies, in order,
// are the session's fixture (see fixtures/*.replies.json and recorded-session.test.ts).
//
//   node test/agent/relay/relay.mjs DIR [PORT]
//   codeward agent -p "..." --provider openai-compatible --model relay --base-url http://127.0.0.1:PORT/v1
import { createServer } from 'node:http';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: node relay.mjs DIR [PORT]\n');
  process.exit(2);
}
mkdirSync(dir, { recursive: true });
let count = 0;

const text = (content) => (typeof content === 'string' ? content : (content ?? []).map((part) => part.text ?? '').join(''));

async function waitForReply(path) {
  for (;;) {
    if (existsSync(path)) {
      const reply = readFileSync(path, 'utf8');
      if (reply.endsWith('\n\n')) return reply.replace(/\n+$/, '');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', async () => {
    const request = JSON.parse(body);
    count += 1;
    const name = String(count).padStart(3, '0');
    const messages = request.messages ?? [];
    const system = messages.filter((m) => m.role === 'system' || m.role === 'developer').map((m) => text(m.content)).join('\n\n');
    const rest = messages.filter((m) => m.role !== 'system' && m.role !== 'developer');
    const shown = rest.map((m) => `## ${m.role}\n\n${text(m.content)}`).join('\n\n');
    writeFileSync(join(dir, `${name}.request.md`), `${count === 1 ? `# system\n\n${system}\n\n` : ''}${shown}\n`);
    process.stderr.write(`request ${name} written; reply in ${join(dir, `${name}.reply.txt`)} (end it with a blank line)\n`);
    const reply = await waitForReply(join(dir, `${name}.reply.txt`));
    const usage = { prompt_tokens: Math.ceil(JSON.stringify(messages).length / 4), completion_tokens: Math.ceil(reply.length / 4) };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
    if (request.stream) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (delta, finish) => res.write(`data: ${JSON.stringify({ id: name, object: 'chat.completion.chunk', created: 0, model: 'relay', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
      chunk({ role: 'assistant', content: reply }, null);
      chunk({}, 'stop');
      res.write(`data: ${JSON.stringify({ id: name, object: 'chat.completion.chunk', created: 0, model: 'relay', choices: [], usage })}\n\n`);
      res.end('data: [DONE]\n\n');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: name, object: 'chat.completion', created: 0, model: 'relay', choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }], usage }));
  });
});
server.listen(Number(process.argv[3] ?? 0), '127.0.0.1', () => {
  process.stderr.write(`relay on http://127.0.0.1:${server.address().port}/v1, requests in ${dir}\n`);
});
