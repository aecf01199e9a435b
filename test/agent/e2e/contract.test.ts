import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { tempDir, writeFiles } from '../../helpers/fixture.js';
import { agentEnv, answer, coder, runAgent } from './run-agent.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function run(replies: string[], extra: string[] = []) {
  server = await startModelServer({ replies });
  const root = await tempDir('codeward-agent-');
  await writeFiles(root, { 'notes.txt': 'hello\n' });
  const env = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
  const result = await runAgent(['-p', 'read notes.txt', '--output-format', 'stream-json', '--provider', 'openai', '--base-url', server.openaiBaseUrl, ...extra], { cwd: root, env });
  return { result, server, root };
}

const GOOD = answer('1. Read notes.txt', coder('read', { file: 'notes.txt' }));
const DONE = 'notes.txt says hello.';

const VIOLATIONS: { kind: string; bad: string; expected: RegExp }[] = [
  { kind: 'missing-reasoning', bad: coder('read', { file: 'notes.txt' }), expected: /reasoning/i },
  { kind: 'unknown-tool', bad: answer('1. Run it', `<tool_call name="@bash" args='{"cmd":"cat notes.txt"}' />`), expected: /@bash/ },
  { kind: 'code-block', bad: 'Run this:\n```bash\ncat notes.txt\n```', expected: /code block/i },
  { kind: 'loose-shell', bad: 'Please run:\n$ cat notes.txt', expected: /cat notes\.txt/ },
];

describe('the output contract', () => {
  for (const violation of VIOLATIONS) {
    it(`corrects a ${violation.kind} answer and retries the turn`, async () => {
      const { result, server } = await run([violation.bad, GOOD, DONE]);
      expect(result.status).toBe(0);
      expect(server.requests).toHaveLength(3);
      // The retry carries the broken answer and the correction...
      const retry = server.requests[1]!.messages;
      expect(retry.at(-2)).toMatchObject({ role: 'assistant', content: violation.bad });
      expect(retry.at(-1)!.content).toMatch(/^FORMAT ERROR:/);
      expect(retry.at(-1)!.content).toMatch(violation.expected);
      // ...but once the turn succeeds the history keeps only the valid answer.
      const after = server.requests[2]!.messages;
      expect(after.map((message) => message.content).join('\n')).not.toContain('FORMAT ERROR');
      expect(after.filter((message) => message.role === 'assistant').map((message) => message.content)).toEqual([GOOD]);
      const turns = result.events.filter((event) => event.type === 'turn');
      expect(turns[0]).toMatchObject({ turn: 1, attempt: 1, violation: violation.kind });
      expect(turns[1]).toMatchObject({ turn: 1, attempt: 2 });
      expect(turns[1].violation).toBeUndefined();
      expect(result.events.at(-1)).toMatchObject({ type: 'final', ok: true, result: DONE, turns: 2 });
    });
  }

  it('stops with C210 after three broken answers in one turn', async () => {
    const bad = VIOLATIONS[0]!.bad;
    const { result, server } = await run([bad, bad, bad]);
    expect(result.status).toBe(1);
    expect(server.requests).toHaveLength(3);
    const error = result.events.find((event) => event.type === 'error');
    expect(error).toMatchObject({ code: 'C210' });
    expect(error.message).toMatch(/output contract 3 times/);
    expect(result.events.at(-1)).toMatchObject({ type: 'final', ok: false });
  });

  it('accepts a summary quoting a code fence once the work is done, without a correction (issue 17 point 5)', async () => {
    const edit = answer('1. Fix notes.txt', coder('patch', { file: 'notes.txt', search: 'hello', replace: 'hello world' }));
    const summary = 'Fixed notes.txt; it now reads:\n```text\nhello world\n```';
    const { result, server } = await run([edit, summary], ['--approval-mode', 'auto-edit']);
    expect(result.status).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(result.events.filter((event) => event.type === 'turn' && event.violation)).toEqual([]);
    expect(result.events.at(-1)).toMatchObject({ type: 'final', ok: true, result: summary });
  });

  it('corrects a fenced answer before any work once, then accepts the same answer repeated', async () => {
    const fenced = 'Use this:\n```js\nconst x = 1;\n```';
    const { result, server } = await run([fenced, fenced]);
    expect(result.status).toBe(0);
    expect(server.requests).toHaveLength(2);
    const correction = server.requests[1]!.messages.at(-1)!.content;
    expect(correction).toMatch(/^FORMAT ERROR: a code block/);
    expect(correction).toContain('send the same answer again: it is accepted');
    expect(correction).not.toMatch(/\/coder mode/);
    expect(result.events.at(-1)).toMatchObject({ type: 'final', ok: true, result: fenced });
  });

  it('a fenced answer after reads or a command only is still corrected (reading or running ls is not the work)', async () => {
    const fenced = 'Change notes.txt to:\n```\nhello world\n```';
    const { result, server } = await run([GOOD, fenced, DONE]);
    expect(result.status).toBe(0);
    expect(server.requests).toHaveLength(3);
    expect(server.requests[2]!.messages.at(-1)!.content).toMatch(/^FORMAT ERROR: a code block/);
    const listed = await run([answer('1. List', coder('exec', { cmd: 'ls' })), fenced, DONE], ['--approval-mode', 'yolo']);
    expect(listed.server.requests).toHaveLength(3);
    expect(listed.server.requests[2]!.messages.at(-1)!.content).toMatch(/^FORMAT ERROR: a code block/);
  });

  it('sends the format anchor with every request but never stores it', async () => {
    const { result, server } = await run([GOOD, DONE]);
    expect(result.status).toBe(0);
    for (const request of server.requests) expect(request.messages.at(-1)!.content).toMatch(/REMINDER \(coder mode\)/);
    // In the second request the first user message (the task) no longer carries it.
    expect(server.requests[1]!.messages[0]!.content).not.toMatch(/REMINDER/);
    const anchorLines = server.requests[0]!.messages.at(-1)!.content.split('REMINDER')[1]!;
    expect(anchorLines.length).toBeLessThan(600);
  });

  it('stops a run that repeats the same tool calls three turns in a row', async () => {
    const { result, server } = await run([GOOD, GOOD, GOOD, DONE]);
    expect(result.status).toBe(1);
    expect(server.requests).toHaveLength(3);
    expect(result.events.find((event) => event.type === 'error').message).toMatch(/stagnation/);
  });

  it('stops at the turn limit', async () => {
    const reads = ['a', 'b', 'c'].map((name) => answer(`1. Read ${name}`, coder('read', { file: 'notes.txt', head: name.charCodeAt(0) - 96 })));
    const { result, server } = await run(reads, ['--max-turns', '2']);
    expect(result.status).toBe(1);
    expect(server.requests).toHaveLength(2);
    expect(result.events.find((event) => event.type === 'error')).toMatchObject({ code: 'C250' });
    expect(result.events.find((event) => event.type === 'error').message).toMatch(/turn limit \(2\)/);
  });
});
