import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { tempDir, writeFiles } from '../../helpers/fixture.js';
import { agentEnv, answer, coder, runAgent } from './run-agent.js';

async function buggyRepo(): Promise<string> {
  const root = await tempDir('codeward-agent-');
  await writeFiles(root, {
    'add.js': 'export const add = (a, b) => a - b;\n',
    'test.js': "import { add } from './add.js';\nif (add(2, 3) !== 5) { console.error('FAIL add(2, 3) = ' + add(2, 3)); process.exit(1); }\nconsole.log('1 passed');\n",
    'package.json': '{ "type": "module", "scripts": { "test": "node test.js" } }\n',
  });
  return root;
}

const SCRIPT = [
  answer('The test fails; find out why.\n1. Read add.js and test.js\n2. Fix the operator\n3. Run the test', coder('read', { file: 'add.js' }), coder('read', { file: 'test.js' })),
  answer('1. [x] Read add.js and test.js\n2. Fix the operator\n3. Run the test', coder('patch', { file: 'add.js', search: 'a - b', replace: 'a + b' })),
  answer('1. [x] Read\n2. [x] Fix the operator\n3. Run the test', coder('exec', { cmd: 'node test.js' })),
  'Fixed: `add` subtracted instead of adding. `node test.js` passes (1 passed).',
];

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const PROVIDERS: { name: string; args: (url: string) => string[]; key: Record<string, string> }[] = [
  { name: 'openai (streaming)', args: (url: string) => ['--provider', 'openai', '--model', 'gpt-test', '--base-url', url], key: { OPENAI_API_KEY: 'sk-test' } },
  { name: 'openai (whole answers)', args: (url: string) => ['--provider', 'openai', '--model', 'gpt-test', '--base-url', url, '--no-stream'], key: { OPENAI_API_KEY: 'sk-test' } },
  { name: 'anthropic (streaming)', args: (url: string) => ['--provider', 'anthropic', '--model', 'claude-test', '--base-url', url], key: { ANTHROPIC_API_KEY: 'sk-ant-test' } },
  { name: 'anthropic (whole answers)', args: (url: string) => ['--provider', 'anthropic', '--model', 'claude-test', '--base-url', url, '--no-stream'], key: { ANTHROPIC_API_KEY: 'sk-ant-test' } },
  { name: 'openai-compatible', args: (url: string) => ['--provider', 'openai-compatible', '--model', 'local', '--base-url', url], key: {} },
];

describe('codeward agent fixes a bug end to end', () => {
  for (const provider of PROVIDERS) {
    it(`reads, patches and runs the test through ${provider.name}`, async () => {
      server = await startModelServer({ replies: SCRIPT });
      const root = await buggyRepo();
      const env = { ...(await agentEnv()), ...provider.key };
      const run = await runAgent(['-p', 'the add test fails; fix it', '--approval-mode', 'yolo', ...provider.args(server.openaiBaseUrl)], { cwd: root, env });
      expect(run.stderr).not.toMatch(/error C/);
      expect(run.status).toBe(0);
      expect(await readFile(join(root, 'add.js'), 'utf8')).toBe('export const add = (a, b) => a + b;\n');
      expect(run.stdout.trim()).toBe(SCRIPT[3]);
      expect(server.requests).toHaveLength(4);
      // The results of each batch reach the model in the next request.
      const second = server.requests[1]!.messages.at(-1)!.content;
      expect(second).toContain('[1] @coder read: ok');
      expect(second).toContain('a - b');
      expect(second).toContain("import { add } from './add.js'");
      expect(server.requests[2]!.messages.at(-1)!.content).toContain('[1] @coder patch: ok');
      expect(server.requests[3]!.messages.at(-1)!.content).toMatch(/\[1\] @coder exec: ok[\s\S]*1 passed/);
      // The task is the first user message; the history alternates user/assistant.
      expect(server.requests[3]!.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user']);
      expect(server.requests[0]!.messages[0]!.content).toContain('the add test fails; fix it');
    });
  }

  it('prints one JSON object with --output-format json', async () => {
    server = await startModelServer({ replies: SCRIPT });
    const root = await buggyRepo();
    const run = await runAgent(['-p', 'fix it', '--approval-mode', 'yolo', '--output-format', 'json', '--provider', 'openai', '--base-url', server.openaiBaseUrl], { cwd: root, env: { ...(await agentEnv()), OPENAI_API_KEY: 'x' } });
    expect(run.status).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(run.json).toMatchObject({ ok: true, result: SCRIPT[3], turns: 4 });
    expect(run.json.usage.input).toBeGreaterThan(0);
    expect(run.json.usage.output).toBeGreaterThan(0);
    expect(run.json.error).toBeUndefined();
  });

  it('streams one event per line with --output-format stream-json', async () => {
    server = await startModelServer({ replies: SCRIPT });
    const root = await buggyRepo();
    const run = await runAgent(['-p', 'fix it', '--approval-mode', 'yolo', '--output-format', 'stream-json', '--provider', 'openai', '--base-url', server.openaiBaseUrl], { cwd: root, env: { ...(await agentEnv()), OPENAI_API_KEY: 'x' } });
    expect(run.status).toBe(0);
    const types = new Set(run.events.map((event) => event.type));
    expect([...types].sort()).toEqual(['final', 'start', 'task', 'tool_call', 'tool_result', 'turn']);
    const patch = run.events.find((event) => event.type === 'tool_result' && event.cmd === 'patch');
    expect(patch).toMatchObject({ ok: true, tool: '@coder' });
    expect(patch.diff).toContain('-export const add = (a, b) => a - b;');
    expect(patch.diff).toContain('+export const add = (a, b) => a + b;');
    expect(run.events.at(-1)).toMatchObject({ type: 'final', ok: true, result: SCRIPT[3], turns: 4 });
    const lastPlan = run.events.filter((event) => event.type === 'task').at(-1);
    expect(lastPlan.plan.tasks.map((task: { status: string }) => task.status)).toEqual(['completed', 'completed', 'completed']);
  });
});
