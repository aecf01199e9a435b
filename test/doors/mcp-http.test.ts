import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, readFile, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { CLI, REPO_ROOT, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { builtinCommands } from '../../src/commands/index.js';
import { envFor, exitOf, startHttpServer, textOf, type ToolText } from './mcp-helpers.js';

let ws: string;
let state: string;
let child: ChildProcess;
let url: URL;
let token: string;
let serverStderr: () => string;

async function connect(options: { elicit?: boolean; token?: string } = {}): Promise<Client> {
  const client = new Client({ name: 'codeward-http-test', version: '1.0.0' }, { capabilities: options.elicit ? { elicitation: {} } : {} });
  if (options.elicit) client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { answer: 'once' } }));
  const headers = { authorization: `Bearer ${options.token ?? token}` };
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
  return client;
}

const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };

interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

// A request with headers fetch would not let us set (Host), from the attacker's side: no SDK in between.
function raw(headers: Record<string, string>, options: { path?: string; body?: unknown; method?: string } = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: Number(url.port),
        path: options.path ?? '/mcp',
        method: options.method ?? 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.method === 'GET' || options.method === 'DELETE' ? undefined : JSON.stringify(options.body ?? INITIALIZE));
  });
}

const bearer = (value: string): Record<string, string> => ({ authorization: `Bearer ${value}` });

beforeAll(async () => {
  ws = await tempDir('codeward-mcp-http-');
  state = await tempDir('codeward-mcp-http-state-');
  await writeFiles(ws, { 'a.txt': 'alpha\nbeta\n', 'src/one.ts': 'export const needle = 1;\n', 'src/two.ts': 'needle();\n' });
  // --yes: what an attacker would most like to reach (every non-immune ask approved).
  ({ child, url, token, stderr: serverStderr } = await startHttpServer(ws, state, ['--yes']));
});

afterAll(async () => {
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await exitOf(child);
  }
  await removeDir(ws);
  await removeDir(state);
});

describe('codeward mcp --http', () => {
  it('binds 127.0.0.1 and serves every tool to a client with the token', async () => {
    expect(url.hostname).toBe('127.0.0.1');
    expect(token.length).toBeGreaterThanOrEqual(43);
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(builtinCommands.map((command) => command.name).sort());
    const read = (await client.callTool({ name: 'read', arguments: { file: 'a.txt' } })) as unknown as ToolText;
    expect(read.isError).toBeFalsy();
    expect(textOf(read)).toContain('beta');
    expect(read.structuredContent).toMatchObject({ ok: true, cmd: 'read', data: { path: 'a.txt' } });
    await client.close();
  });

  it('writes the token once to a 0600 file in the user state folder, not in the workspace', async () => {
    const file = join(state, 'mcp', `http-${url.port}.token`);
    expect((await readFile(file, 'utf8')).trim()).toBe(token);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(join(state, 'mcp'))).mode & 0o777).toBe(0o700);
    // Shown once on stderr, and never inside the workspace.
    expect(serverStderr().split(token)).toHaveLength(2);
    expect(serverStderr()).toContain(file);
  });

  it('answers 50 concurrent read and search calls', async () => {
    const client = await connect();
    const calls = Array.from({ length: 50 }, (_, index) =>
      index % 2 === 0
        ? client.callTool({ name: 'read', arguments: { file: 'a.txt' } })
        : client.callTool({ name: 'search', arguments: { term: 'needle' } }),
    );
    const results = (await Promise.all(calls)) as unknown as ToolText[];
    expect(results).toHaveLength(50);
    for (const [index, result] of results.entries()) {
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent.cmd).toBe(index % 2 === 0 ? 'read' : 'search');
    }
    expect(results[1]!.structuredContent.data.matches).toHaveLength(2);
    await client.close();
  });

  it('keeps sessions apart; --yes approves a non-immune write, an immune one still asks the calling session', async () => {
    const plain = await connect();
    const asking = await connect({ elicit: true });
    const refused = (await plain.callTool({ name: 'write', arguments: { file: '.git/config', content: 'x' } })) as unknown as ToolText;
    expect(refused.structuredContent.error.code).toBe('C241');
    const yes = (await plain.callTool({ name: 'write', arguments: { file: 'h.txt', content: 'x' } })) as unknown as ToolText;
    expect(yes.isError).toBeFalsy();
    const approved = (await asking.callTool({ name: 'write', arguments: { file: '.codeward/notes.txt', content: 'x' } })) as unknown as ToolText;
    expect(approved.isError).toBeFalsy();
    await plain.close();
    await asking.close();
  });
});

describe('an attacker on the same machine (any local process can reach 127.0.0.1)', () => {
  it('without a token: 401 with a Bearer challenge, for initialize, GET and DELETE alike', async () => {
    const none = await raw({});
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="codeward"');
    expect(none.body).not.toContain(token);
    expect((await raw({}, { method: 'GET' })).status).toBe(401);
    expect((await raw({}, { method: 'DELETE' })).status).toBe(401);
    // Unknown paths do not tell an unauthenticated caller anything either.
    expect((await raw({}, { path: '/' })).status).toBe(401);
  });

  it('a wrong token, a prefix, an extended token, another scheme or an empty Bearer: 401 invalid_token', async () => {
    const wrong = await raw(bearer('A'.repeat(token.length)));
    expect(wrong.status).toBe(401);
    expect(wrong.headers['www-authenticate']).toContain('error="invalid_token"');
    for (const value of [`Bearer ${token.slice(0, -1)}`, `Bearer ${token}x`, `Bearer ${token} ${token}`, `Basic ${Buffer.from(`x:${token}`).toString('base64')}`, `Token ${token}`, 'Bearer ', 'Bearer']) {
      expect((await raw({ authorization: value })).status, value).toBe(401);
    }
  });

  it('the token in the query string (or a cookie) is not accepted', async () => {
    for (const path of [`/mcp?token=${token}`, `/mcp?access_token=${token}`, `/mcp?authorization=Bearer%20${token}`]) {
      expect((await raw({}, { path })).status, path).toBe(401);
    }
    expect((await raw({ cookie: `token=${token}` })).status).toBe(401);
  });

  it('a session id from a real client does not stand in for the token', async () => {
    const client = await connect();
    const transport = (client as unknown as { _transport: { sessionId?: string } })._transport;
    const sessionId = transport.sessionId!;
    expect(sessionId).toBeTruthy();
    const call = { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'exec', arguments: { cmd: 'touch pwned' } } };
    const stolen = await raw({ 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' }, { body: call });
    expect(stolen.status).toBe(401);
    expect(existsSync(join(ws, 'pwned'))).toBe(false);
    await client.close();
  });

  it('DNS rebinding: a foreign Host or Origin is refused even with the right token', async () => {
    expect((await raw({ host: 'evil.example', ...bearer(token) })).status).toBe(403);
    for (const origin of ['http://evil.example', `http://127.0.0.1:${url.port}.evil.example`, `https://evil.example`, 'null', `http://127.0.0.1:${Number(url.port) + 1}`, `file://`]) {
      expect((await raw({ host: url.host, origin, ...bearer(token) })).status, origin).toBe(403);
    }
    // The server's own origin (a page it served, were there one) passes the check.
    expect((await raw({ host: url.host, origin: `http://127.0.0.1:${url.port}`, ...bearer(token) })).status).toBe(200);
  });

  it('an unknown session is 404 only after the token was checked', async () => {
    const unknown = await fetch(url, {
      method: 'POST',
      headers: { 'mcp-session-id': 'nope', 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...bearer(token) },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(unknown.status).toBe(404);
  });

  it('shuts down cleanly on SIGTERM and removes the token file', async () => {
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
    expect(existsSync(join(state, 'mcp', `http-${url.port}.token`))).toBe(false);
  });
});

describe('a token the user sets', () => {
  it('$CODEWARD_MCP_TOKEN is used (not printed, no file); a client with another token gets 401', async () => {
    const own = 'u'.repeat(20) + 'Z9-._~+/'.repeat(3);
    const started = await startHttpServer(ws, state, [], { env: { CODEWARD_MCP_TOKEN: own } });
    try {
      expect(started.stderr()).not.toContain(own);
      expect(started.stderr()).toContain('CODEWARD_MCP_TOKEN');
      url = started.url;
      expect((await raw(bearer(own))).status).toBe(200);
      expect((await raw(bearer(`${own}0`))).status).toBe(401);
      expect(existsSync(join(state, 'mcp', `http-${url.port}.token`))).toBe(false);
      // The commands the server runs do not see it (the model would read it from `exec env`, and a token holder
      // can answer its own approval forms): childEnv drops every CODEWARD_* secret.
      const client = await connect({ token: own });
      const printed = (await client.callTool({ name: 'exec', arguments: { cmd: 'printenv CODEWARD_MCP_TOKEN; echo done' } })) as unknown as ToolText;
      expect(textOf(printed)).toContain('done');
      expect(textOf(printed)).not.toContain(own);
      await client.close();
    } finally {
      started.child.kill('SIGTERM');
      await exitOf(started.child);
    }
  });

  it('--token-file: the first line is the token; a file others can read is warned about', async () => {
    const own = 'f'.repeat(40);
    const file = join(state, 'my.token');
    await writeFile(file, `${own}\n`, { mode: 0o644 });
    await chmod(file, 0o644);
    const started = await startHttpServer(ws, state, [], { mcpArgs: ['--token-file', file] });
    try {
      expect(started.stderr()).toMatch(/warning: --token-file .* mode 0644/);
      expect(started.stderr()).not.toContain(own);
      url = started.url;
      expect((await raw(bearer(own))).status).toBe(200);
      expect((await raw(bearer('f'.repeat(39)))).status).toBe(401);
    } finally {
      started.child.kill('SIGTERM');
      await exitOf(started.child);
    }
  });

  it('a short or malformed token, a missing --token-file and a --token flag are refused before listening', async () => {
    const run = (args: string[], env: Record<string, string> = {}): ReturnType<typeof spawnSync> =>
      spawnSync(process.execPath, [CLI, '-C', ws, 'mcp', '--http', '0', ...args], { cwd: REPO_ROOT, env: { ...envFor(state), ...env }, encoding: 'utf8', timeout: 20_000 });
    const short = run([], { CODEWARD_MCP_TOKEN: 'hunter2' });
    expect(short.status).toBe(2);
    expect(String(short.stderr)).toMatch(/at least 32/);
    const spaced = run([], { CODEWARD_MCP_TOKEN: `${'a'.repeat(32)} b` });
    expect(spaced.status).toBe(2);
    const missing = run(['--token-file', join(state, 'nope')]);
    expect(missing.status).toBe(2);
    expect(String(missing.stderr)).toContain('--token-file');
    const flag = run(['--token', 'x'.repeat(40)]);
    expect(flag.status).toBe(2);
    expect(String(flag.stderr)).toContain('process list');
  });
});
