import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer, type Script } from '../../helpers/model-server.js';
import { tempDir, writeFiles } from '../../helpers/fixture.js';
import { agentEnv, answer, coder, coderBody, runAgent } from './run-agent.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function run(replies: Script[], extra: string[] = [], files: Record<string, string> = {}) {
  server = await startModelServer({ replies });
  const root = await tempDir('codeward-agent-');
  await writeFiles(root, { 'a.txt': 'alpha\n', 'b.txt': 'beta\n', ...files });
  const env = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
  const result = await runAgent(['-p', 'do the task', '--output-format', 'stream-json', '--provider', 'openai', '--base-url', server.openaiBaseUrl, ...extra], { cwd: root, env });
  return { result, server, root };
}

const lastMessage = (server: ModelServer, index: number): string => server.requests[index]!.messages.at(-1)!.content;

describe('tool calls', () => {
  it('runs several calls of one answer and reports each, in the order written', async () => {
    const { result, server } = await run([
      answer('1. Read both files\n2. Write c.txt', coder('read', { file: 'a.txt' }), coder('read', { file: 'b.txt' }), coderBody('write', { file: 'c.txt', content: "it's\n" })),
      'done',
    ], ['--approval-mode', 'auto-edit']);
    expect(result.status).toBe(0);
    // The first line says what the run is before the model answers: the session to resume, the model.
    expect(result.events[0]).toMatchObject({ type: 'start', session: expect.stringMatching(/\S/), model: 'openai/gpt-4.1', approvalMode: 'auto-edit', resumed: false });
    const message = lastMessage(server, 1);
    expect(message).toMatch(/Results of your 3 tool calls:/);
    expect(message.indexOf('alpha')).toBeLessThan(message.indexOf('beta'));
    expect(message).toMatch(/\[3\] @coder write: ok/);
    const calls = result.events.filter((event) => event.type === 'tool_call');
    expect(calls.map((event) => event.cmd)).toEqual(['read', 'read', 'write']);
  });

  it('orders calls on one file and skips the later ones when an earlier one failed', async () => {
    const { result, server, root } = await run([
      answer('1. Patch a.txt twice', coder('patch', { file: 'a.txt', search: 'missing', replace: 'x' }), coder('patch', { file: 'a.txt', search: 'alpha', replace: 'omega' }), coder('read', { file: 'b.txt' })),
      'stopped',
    ], ['--approval-mode', 'auto-edit']);
    expect(result.status).toBe(0);
    const message = lastMessage(server, 1);
    expect(message).toMatch(/\[1\] @coder patch: error C220/);
    expect(message).toMatch(/\[2\] @coder patch: not run \(call \[1\] \(patch\) changes the same file and failed/);
    expect(message).toMatch(/\[3\] @coder read: ok/);
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('alpha\n');
  });

  it('refuses a catastrophic command with C242 and tells the model', async () => {
    const { result, server } = await run([answer('1. Clean up', coder('exec', { cmd: 'rm -rf / --no-preserve-root' })), 'I will not do that.'], ['--approval-mode', 'yolo']);
    expect(result.status).toBe(0);
    expect(lastMessage(server, 1)).toMatch(/\[1\] @coder exec: error C242/);
    expect(result.events.find((event) => event.type === 'tool_result')).toMatchObject({ ok: false, code: 'C242' });
  });

  it('in headless ask mode runs reads but refuses an edit with C241', async () => {
    const { result, server, root } = await run([
      answer('1. Read and write', coder('read', { file: 'a.txt' }), coder('write', { file: 'new.txt', content: 'x' })),
      'I need approval to write new.txt.',
    ]);
    expect(result.status).toBe(0);
    const message = lastMessage(server, 1);
    expect(message).toMatch(/\[1\] @coder read: ok/);
    expect(message).toMatch(/\[2\] @coder write: error C241/);
    await expect(access(join(root, 'new.txt'))).rejects.toThrow();
  });

  // A staged command in the sandbox runs unasked (auto-edit-contained.test.ts); one that writes in place asks.
  it('auto-edit writes files but still refuses a shell command that writes in place, headless', async () => {
    const { server, root } = await run([
      answer('1. Write then run', coder('write', { file: 'new.txt', content: 'x' }), coder('exec', { cmd: 'touch ran.txt', stage: false })),
      'ok',
    ], ['--approval-mode', 'auto-edit']);
    expect(await readFile(join(root, 'new.txt'), 'utf8')).toBe('x');
    expect(lastMessage(server, 1)).toMatch(/\[2\] @coder exec: error C241[^\n]*reads, searches(?: and|,) file edits[^\n]*--approval-mode yolo/);
    await expect(access(join(root, 'ran.txt'))).rejects.toThrow();
  });

  it('a deny rule wins even in yolo mode', async () => {
    const { server, root } = await run([answer('1. Write', coder('write', { file: 'new.txt', content: 'x' })), 'ok'], ['--approval-mode', 'yolo', '--deny', '@coder write']);
    expect(lastMessage(server, 1)).toMatch(/\[1\] @coder write: error C240/);
    await expect(access(join(root, 'new.txt'))).rejects.toThrow();
  });

  it('asks for a new plan after three failed turns in a row', async () => {
    const failing = (n: number) => answer('1. Patch a.txt', coder('patch', { file: 'a.txt', search: `nothing-${n}`, replace: 'x' }));
    const { result, server } = await run([failing(1), failing(2), failing(3), 'giving up'], ['--approval-mode', 'yolo']);
    expect(result.status).toBe(0);
    expect(lastMessage(server, 1)).not.toMatch(/new plan/i);
    expect(lastMessage(server, 3)).toMatch(/plan/i);
    expect(lastMessage(server, 3)).toMatch(/3|three/);
  });

  it('keeps a @todo list and reports its progress', async () => {
    const todos = { cmd: 'write', args: { todos: [{ description: 'Read a.txt', status: 'in_progress' }, { description: 'Summarise' }] } };
    const { result, server } = await run([
      answer('Plan with the todo tool', `<tool_call name="@todo" args='${JSON.stringify(todos)}' />`, coder('read', { file: 'a.txt' })),
      answer('Mark it', `<tool_call name="@todo" args='{"cmd":"mark","args":{"id":1,"status":"completed"}}' />`),
      answer('List it', `<tool_call name="@todo" args='list' />`),
      'a.txt says alpha.',
    ]);
    expect(result.status).toBe(0);
    expect(lastMessage(server, 1)).toMatch(/\[1\] @todo: ok[\s\S]*Read a\.txt/);
    expect(lastMessage(server, 3)).toMatch(/\[x\][^\n]*Read a\.txt/);
    const plans = result.events.filter((event) => event.type === 'task');
    expect(plans.at(-1).plan.tasks[0]).toMatchObject({ description: 'Read a.txt', status: 'completed' });
  });

  it('reports an invalid @todo call as an error the model can fix', async () => {
    const { server } = await run([answer('Mark', `<tool_call name="@todo" args='{"cmd":"mark","args":{"id":9,"status":"completed"}}' />`), 'ok']);
    expect(lastMessage(server, 1)).toMatch(/\[1\] @todo: error C210/);
  });
});
