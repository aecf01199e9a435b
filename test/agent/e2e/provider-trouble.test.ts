import { readdir, realpath } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { tempDir, writeFiles } from '../../helpers/fixture.js';
import { agentEnv, runAgent } from './run-agent.js';
import { stateDirFor } from '../../../src/engine/state-dir.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(replies: Parameters<typeof startModelServer>[0] = {}) {
  server = await startModelServer(replies);
  const root = await tempDir('codeward-agent-provider-');
  await writeFiles(root, { 'a.txt': 'alpha\n' });
  const env: Record<string, string> = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
  return { root, env, url: server.openaiBaseUrl };
}

// A 127.0.0.1 port where nothing listens (a server's, closed again).
async function closedPort(): Promise<number> {
  const listener = createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as AddressInfo;
  await new Promise<void>((resolve) => listener.close(() => resolve()));
  return port;
}

describe('provider trouble is shown (issue 17 point 9)', () => {
  it('announces each retry of a failed request on stderr, then goes on', async () => {
    const { root, env, url } = await setup({ replies: [{ status: 500, text: 'overloaded' }, 'All good.'] });
    const run = await runAgent(['-p', 'hi', '--provider', 'openai', '--base-url', url], { cwd: root, env });
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe('All good.');
    expect(run.stderr).toMatch(/model request failed \(HTTP 500: [^)]*\); retry 1 of 3 in 1\.0s/);
    expect(server!.requests).toHaveLength(2);
  });

  it('reports a refused connection at once, naming the address, without retrying', async () => {
    const { root, env } = await setup();
    const port = await closedPort();
    const run = await runAgent(['-p', 'hi', '--provider', 'openai', '--base-url', `http://127.0.0.1:${port}/v1`], { cwd: root, env });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`error: cannot reach the model provider (openai/gpt-4.1) at http://127.0.0.1:${port}/v1: connection refused: is the server running there?`);
    expect(run.stderr).toMatch(/ \(C216\)\n$/);
    expect(run.stderr).not.toMatch(/retry/);
  });

  it('a refused key names the variable it came from, or says that none was sent', async () => {
    const { root, env, url } = await setup({ replies: [{ status: 401, text: 'Incorrect API key provided' }, { status: 401, text: 'Incorrect API key provided' }] });
    const keyed = await runAgent(['-p', 'hi', '--provider', 'openai', '--base-url', url], { cwd: root, env });
    expect(keyed.status).toBe(1);
    expect(keyed.stderr).toMatch(/HTTP 401: [^\n]*\(the key came from \$OPENAI_API_KEY: check it is valid for http:\/\/127\.0\.0\.1:\d+\/v1\)/);
    const { OPENAI_API_KEY: _dropped, ...keyless } = env;
    const none = await runAgent(['-p', 'hi', '--provider', 'openai-compatible', '--model', 'm', '--base-url', url], { cwd: root, env: keyless });
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('(no API key was sent: set CODEWARD_API_KEY or OPENAI_API_KEY, or name your own variable with apiKeyEnv in ~/.codeward/config)');
  });

  it('a port Node refuses (bad port) fails at once with the reason, no retries', async () => {
    const { root, env } = await setup();
    const run = await runAgent(['-p', 'hi', '--provider', 'openai', '--base-url', 'http://127.0.0.1:9/v1'], { cwd: root, env });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Node refuses that port as unsafe ("bad port"); run the server on another port');
    expect(run.stderr).not.toMatch(/retry/);
  });

  it('--resume with an id that is no session is an error; --resume=ID resumes that session', async () => {
    const { root, env, url } = await setup({ replies: ['First answer.', 'Second answer.'] });
    const bad = await runAgent(['-p', 'hi', '--resume', 'nonexistent', '--provider', 'openai', '--base-url', url], { cwd: root, env });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--resume nonexistent: not a session id/);
    const first = await runAgent(['-p', 'remember 42', '--provider', 'openai', '--base-url', url], { cwd: root, env });
    expect(first.status).toBe(0);
    const id = (await readdir(join(stateDirFor(await realpath(root), env), 'sessions')))[0]!.replace(/\.jsonl$/, '');
    const second = await runAgent(['-p', 'what did I say?', `--resume=${id}`, '--provider', 'openai', '--base-url', url], { cwd: root, env });
    expect(second.status).toBe(0);
    expect(server!.requests[1]!.messages.map((message) => message.content).join('\n')).toContain('remember 42');
    const missing = await runAgent(['-p', 'x', '--resume=20200101-000000-abcdef', '--provider', 'openai', '--base-url', url], { cwd: root, env });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^error: session 20200101-000000-abcdef not found[^\n]*\(C211\)$/m);
  });

  it('reads ~/.codeward/config.yaml (snake_case keys too); an unknown key is C210 naming the file and key', async () => {
    const { root, env, url } = await setup({ replies: ['From the config.'] });
    await writeFiles(env['HOME']!, { '.codeward/config.yaml': `provider: openai\nbase_url: ${url}\nmodel: from-config\ncolour: red\n` });
    const typo = await runAgent(['-p', 'hi'], { cwd: root, env });
    expect(typo.status).not.toBe(0);
    expect(typo.stderr).toMatch(/^error: .*config\.yaml: unknown key "colour"; valid keys: passEnv, sandboxReadable, .*\bsandbox, .*provider, model, baseUrl[^\n]*\(C210\)$/m);
    expect(server!.requests).toHaveLength(0);
    await writeFiles(env['HOME']!, { '.codeward/config.yaml': `provider: openai\nbase_url: ${url}\nmodel: from-config\n` });
    const run = await runAgent(['-p', 'hi'], { cwd: root, env });
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe('From the config.');
    expect(server!.requests[0]!.body.model).toBe('from-config');
  });
});
