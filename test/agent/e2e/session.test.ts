import { mkdir, readdir, readFile, realpath } from 'node:fs/promises';
import { stateDirFor } from '../../../src/engine/state-dir.js';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer, type Script } from '../../helpers/model-server.js';
import { tempDir, writeFiles } from '../../helpers/fixture.js';
import { agentEnv, answer, coder, runAgent, type AgentRunOptions } from './run-agent.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(replies: Script[], files: Record<string, string> = {}) {
  server = await startModelServer({ replies });
  const root = await tempDir('codeward-agent-');
  await writeFiles(root, { 'a.txt': 'alpha\n', ...files });
  const env: Record<string, string> = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
  const args = (...extra: string[]) => ['--provider', 'openai', '--base-url', server!.openaiBaseUrl, ...extra];
  return { server, root, env, args, run: (extra: string[], options: Partial<AgentRunOptions> = {}) => runAgent(args(...extra), { cwd: root, env, ...options }) };
}

describe('a headless session', () => {
  it('ends with the question when the model asks one (exit 0)', async () => {
    const { run } = await setup(['Which database should I use: Postgres or SQLite?']);
    const result = await run(['-p', 'add a database', '--output-format', 'json']);
    expect(result.status).toBe(0);
    expect(result.json).toMatchObject({ ok: true, result: 'Which database should I use: Postgres or SQLite?', turns: 1 });
  });

  it('is cancelled by Ctrl+C (SIGINT) during a model request: exit 130, the request aborted', async () => {
    const { run, server } = await setup([{ hang: true, text: '<reasoning>' }]);
    const result = await run(['-p', 'wait', '--output-format', 'json'], {
      onSpawn: (kill) => {
        void server.waitForRequests(1).then(() => kill('SIGINT'));
      },
    });
    expect(result.status).toBe(130);
    expect(result.json).toMatchObject({ ok: false, error: { code: 'C250' } });
    expect(result.json.error.message).toMatch(/cancelled/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.requests[0]!.aborted).toBe(true);
  });

  it('puts the persona, the context files, the rules and the tool context in the system prompt', async () => {
    const { run, server, root, env } = await setup(['ok'], {
      'AGENTS.md': 'Always run npm test before finishing.\n',
      'RULES.md': 'Never edit generated files.\n',
      '.codeward/agents/reviewer.md': '---\nname: reviewer\n---\nYou are a strict reviewer.\n',
      '.codeward/rules/style.md': 'Use tabs.\n',
    });
    await mkdir(join(root, '.git'));
    await writeFiles(env['HOME']!, { '.codeward/USER.md': 'I prefer short answers.\n' });
    const result = await run(['-p', 'hi', '--persona', 'reviewer']);
    expect(result.status).toBe(0);
    const system = server.requests[0]!.system;
    const order = ['You are a strict reviewer.', '# Response format', 'Always run npm test', 'I prefer short answers.', 'Never edit generated files.', 'Use tabs.', '# @coder commands'];
    const positions = order.map((text) => system.indexOf(text));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(system).not.toContain("You are codeward's coding agent");
    expect(system).toMatch(/- patch \(file\?, search\?, replace\?[^\n]*\): /);
  });

  it('names the available personas when one is missing (exit 1, C211)', async () => {
    const { run } = await setup([], { '.codeward/agents/reviewer.md': 'x' });
    const result = await run(['-p', 'hi', '--persona', 'nobody']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^error: .*nobody.*available: reviewer.*\(C211\)$/m);
  });

  it('retries a 429 and reports a provider failure as C216 (exit 1)', async () => {
    const { run, server, env } = await setup([{ status: 429 }, 'fine']);
    const ok = await run(['-p', 'hi']);
    expect(ok.status).toBe(0);
    expect(ok.stdout.trim()).toBe('fine');
    expect(server.requests).toHaveLength(2);
    server.push({ status: 500 });
    // No retries configured (the SDK's backoff would take seconds).
    await writeFiles(env['HOME']!, { '.codeward/config.json': '{ "maxRetries": 0 }' });
    const failed = await run(['-p', 'hi', '--output-format', 'json']);
    expect(failed.status).toBe(1);
    expect(failed.json.error.code).toBe('C216');
    expect(failed.json.error.message).toMatch(/HTTP 500/);
  });

  it('saves a transcript and --resume continues the conversation', async () => {
    const { run, server, root, env } = await setup([answer('1. Read a', coder('read', { file: 'a.txt' })), 'a.txt says alpha.', 'You asked about a.txt.']);
    const first = await run(['-p', 'what is in a.txt?']);
    expect(first.status).toBe(0);
    // In the user's state folder for this workspace, not in the working tree.
    expect(await readdir(root)).not.toContain('.codeward');
    const folder = join(stateDirFor(await realpath(root), env), 'sessions');
    const sessions = await readdir(folder);
    expect(sessions).toHaveLength(1);
    const lines = (await readFile(join(folder, sessions[0]!), 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    expect(lines[0]).toMatchObject({ type: 'meta', provider: 'openai' });
    expect(lines.filter((line) => line.type === 'message').map((line) => line.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    const second = await run(['-p', 'what did I ask?', '--resume']);
    expect(second.status).toBe(0);
    const messages = server.requests[2]!.messages;
    expect(messages[0]!.content).toContain('what is in a.txt?');
    expect(messages.at(-1)!.content).toContain('what did I ask?');
    expect(messages).toHaveLength(5);
  });

  it('refuses bad options with exit 2 and a message naming the fix', async () => {
    const { run } = await setup([]);
    const format = await run(['-p', 'x', '--output-format', 'yaml']);
    expect(format.status).toBe(2);
    expect(format.stderr).toMatch(/--output-format must be one of text, json, stream-json/);
    const turns = await run(['-p', 'x', '--max-turns', '0']);
    expect(turns.status).toBe(2);
    const provider = await runAgent(['-p', 'x'], { cwd: (await tempDir()), env: await agentEnv() });
    expect(provider.status).toBe(2);
    expect(provider.stderr).toMatch(/no model provider configured/);
    const interactive = await runAgent(['--provider', 'openai', '--base-url', 'http://127.0.0.1:9/v1'], { cwd: (await tempDir()), env: await agentEnv() });
    expect(interactive.status).toBe(2);
    expect(interactive.stderr).toMatch(/needs a terminal/);
  });
});
