import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { tempDir, writeFiles } from '../../helpers/fixture.js';
import { agentEnv, answer, coder, runAgent } from './run-agent.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function run(replies: string[]) {
  server = await startModelServer({ replies });
  const root = await tempDir('codeward-agent-tags-');
  await writeFiles(root, { 'notes.txt': 'hello\n', 'a.js': "export const a = 1;\n" });
  const env = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
  const result = await runAgent(['-p', 'edit a.js', '--approval-mode', 'auto-edit', '--output-format', 'stream-json', '--provider', 'openai', '--base-url', server.openaiBaseUrl], { cwd: root, env });
  return { result, server, root };
}

// Relay probes: tool tags the way models write them when they do not follow the example exactly. Each one
// was dropped as prose before: the batch ran without it, numbered [1]..[n] differently from the model's own
// count, and a response whose only call was such a tag ended the run as a "final answer".
describe('tool tags written the way models write them', () => {
  it('runs args given as bare JSON, a \\\' inside single quotes, and a body fenced as ```json', async () => {
    const patch = `<tool_call name="@coder" args='{"cmd":"patch","args":{"file":"a.js","search":"const a = 1;","replace":"const a = \\'x\\';"}}' />`;
    const bare = '<tool_call name="@coder" args={"cmd":"read","args":{"file":"notes.txt"}} />';
    const fenced = '<tool_call name="@coder">\n```json\n{"cmd":"read","args":{"file":"a.js"}}\n```\n</tool_call>';
    const { result, server, root } = await run([answer('1. Read, patch, read again', bare, patch, fenced), 'Done.']);
    expect(result.status).toBe(0);
    expect(server.requests).toHaveLength(2);
    const results = server.requests[1]!.messages.at(-1)!.content;
    expect(results).toMatch(/^Results of your 3 tool calls:/);
    expect(results).toMatch(/^\[1\] @coder read: ok\n1 \| hello/m);
    expect(results).toMatch(/^\[2\] @coder patch: ok/m);
    expect(results).toMatch(/^\[3\] @coder read: ok\n1 \| export const a = 'x';/m);
    expect(await readFile(join(root, 'a.js'), 'utf8')).toBe("export const a = 'x';\n");
  });

  it('a tool tag it cannot read is corrected, never dropped while the rest of the batch runs', async () => {
    // The args attribute never closes: nothing can be recovered from it.
    const broken = `<tool_call name="@coder" args='{"cmd":"write","args":{"file":"b.txt","content":"x"}} />`;
    const { result, server, root } = await run([answer('1. Read and write', coder('read', { file: 'notes.txt' }), broken), answer('1. Read and write', coder('read', { file: 'notes.txt' }), coder('write', { file: 'b.txt', content: 'x' })), 'Done.']);
    expect(result.status).toBe(0);
    expect(server.requests).toHaveLength(3);
    const correction = server.requests[1]!.messages.at(-1)!.content;
    expect(correction).toMatch(/^FORMAT ERROR: 1 <tool_call> tag could not be read/);
    expect(correction).toContain(`\`tool_call name="@coder" args='{"cmd":"write"`);
    expect(server.requests[2]!.messages.at(-1)!.content).toMatch(/^Results of your 2 tool calls:/);
    expect(await readFile(join(root, 'b.txt'), 'utf8')).toBe('x');
  });

  it('a response whose only call cannot be read is corrected, not taken as the final answer', async () => {
    const broken = answer('1. Write b.txt', `<tool_call name="@coder" args='{"cmd":"write","args":{"file":"b.txt","content":"x"}}`);
    const { result, server } = await run([broken, answer('1. Write b.txt', coder('write', { file: 'b.txt', content: 'x' })), 'Done.']);
    expect(result.status).toBe(0);
    expect(server.requests).toHaveLength(3);
    expect(server.requests[1]!.messages.at(-1)!.content).toMatch(/^FORMAT ERROR: 1 <tool_call> tag could not be read/);
    expect(result.events.at(-1)).toMatchObject({ type: 'final', result: 'Done.' });
  });
});
