import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { builtinCommands } from '../../src/commands/index.js';
import { exitOf, startHttpServer, textOf, type ToolText } from './mcp-helpers.js';

let ws: string;
let state: string;
let child: ChildProcess;
let url: URL;

async function connect(options: { elicit?: boolean } = {}): Promise<Client> {
  const client = new Client({ name: 'codeward-http-test', version: '1.0.0' }, { capabilities: options.elicit ? { elicitation: {} } : {} });
  if (options.elicit) client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { answer: 'once' } }));
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

// A POST with headers fetch would not let us set (Host).
function rawPost(headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } });
    const req = request(
      { host: '127.0.0.1', port: Number(url.port), path: '/mcp', method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  ws = await tempDir('codeward-mcp-http-');
  state = await tempDir('codeward-mcp-http-state-');
  await writeFiles(ws, { 'a.txt': 'alpha\nbeta\n', 'src/one.ts': 'export const needle = 1;\n', 'src/two.ts': 'needle();\n' });
  ({ child, url } = await startHttpServer(ws, state));
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
  it('binds 127.0.0.1 and serves every tool', async () => {
    expect(url.hostname).toBe('127.0.0.1');
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(builtinCommands.map((command) => command.name).sort());
    const read = (await client.callTool({ name: 'read', arguments: { file: 'a.txt' } })) as unknown as ToolText;
    expect(read.isError).toBeFalsy();
    expect(textOf(read)).toContain('beta');
    expect(read.structuredContent).toMatchObject({ ok: true, cmd: 'read', data: { path: 'a.txt' } });
    await client.close();
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

  it('keeps sessions apart and asks for approval on the calling session', async () => {
    const plain = await connect();
    const asking = await connect({ elicit: true });
    const refused = (await plain.callTool({ name: 'write', arguments: { file: 'h.txt', content: 'x' } })) as unknown as ToolText;
    expect(refused.structuredContent.error.code).toBe('C241');
    const approved = (await asking.callTool({ name: 'write', arguments: { file: 'h.txt', content: 'x' } })) as unknown as ToolText;
    expect(approved.isError).toBeFalsy();
    await plain.close();
    await asking.close();
  });

  it('refuses a foreign Host header and unknown sessions', async () => {
    expect(await rawPost({ host: 'evil.example' })).toBe(403);
    expect(await rawPost({ host: url.host, origin: 'http://evil.example' })).toBe(403);
    const unknown = await fetch(url, {
      method: 'POST',
      headers: { 'mcp-session-id': 'nope', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(unknown.status).toBe(404);
  });

  it('shuts down cleanly on SIGTERM', async () => {
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
  });
});
