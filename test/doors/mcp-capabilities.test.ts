import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema, LoggingMessageNotificationSchema, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { pathToFileURL } from 'node:url';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { exitOf, startHttpServer, stdioClient, textOf } from './mcp-helpers.js';

// MCP capabilities a client can use, through the real SDK client against the built binary.

let ws: string;
let state: string;
const clients: Client[] = [];

async function connect(options: Parameters<typeof stdioClient>[2] = {}): Promise<Client> {
  const client = await stdioClient(ws, state, options);
  clients.push(client);
  return client;
}

beforeAll(async () => {
  ws = await tempDir('codeward-mcp-caps-');
  state = await tempDir('codeward-mcp-caps-state-');
  await writeFiles(ws, { 'a.txt': 'alpha\n', 'sub/b.txt': 'beta\n' });
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await removeDir(ws);
  await removeDir(state);
});

describe('MCP capabilities', () => {
  it('declares tools and logging', async () => {
    const client = await connect();
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, logging: {} });
  });

  it('sends increasing progress notifications while a test run lasts, when the client sent a progressToken', async () => {
    const client = await connect({ serverArgs: ['--yes'] });
    const seen: Progress[] = [];
    const result = await client.callTool({ name: 'test', arguments: { cmd: 'sleep 2.5; echo done' } }, undefined, {
      onprogress: (progress) => seen.push(progress),
      resetTimeoutOnProgress: true,
    });
    expect(textOf(result)).toContain('done');
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen[0]!.message).toMatch(/^test: running for \d+ s$/);
    for (let index = 1; index < seen.length; index += 1) expect(seen[index]!.progress).toBeGreaterThan(seen[index - 1]!.progress);
  });

  it('sends progress on the stream of the call over Streamable HTTP too, and keeps the result budget there', async () => {
    const server = await startHttpServer(ws, state, ['--yes']);
    const client = new SdkClient({ name: 'codeward-caps-http', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(server.url, { requestInit: { headers: { authorization: `Bearer ${server.token}` } } }));
      const seen: Progress[] = [];
      const result = await client.callTool({ name: 'exec', arguments: { cmd: 'sleep 2.5; echo finished' } }, undefined, { onprogress: (progress) => seen.push(progress) });
      expect(textOf(result)).toContain('finished');
      expect(seen.length).toBeGreaterThanOrEqual(1);
      expect(seen[0]!.message).toMatch(/^exec: running for \d+ s$/);
      // The result budget holds on this door too.
      const big = await client.callTool({ name: 'exec', arguments: { cmd: 'yes | head -c 500000' } });
      expect(Buffer.byteLength(JSON.stringify(big))).toBeLessThanOrEqual(100_000);
      expect(textOf(big)).toContain('cut by the MCP result budget');
    } finally {
      await client.close().catch(() => undefined);
      server.child.kill('SIGTERM');
      await exitOf(server.child);
    }
  });

  it('logging/setLevel: debug lines reach a client that asked for debug, and stop at error', async () => {
    const client = await connect();
    const lines: string[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      lines.push(`${notification.params.level} ${String(notification.params.data)}`);
    });
    // The default level is info: a call's debug line is not sent.
    await client.callTool({ name: 'read', arguments: { file: 'a.txt' } });
    expect(lines.filter((line) => line.startsWith('debug'))).toEqual([]);
    await client.setLoggingLevel('debug');
    await client.callTool({ name: 'read', arguments: { file: 'a.txt' } });
    expect(lines).toContainEqual(expect.stringMatching(/^debug read: ok in \d+ ms$/));
    const count = lines.length;
    await client.setLoggingLevel('error');
    await client.callTool({ name: 'read', arguments: { file: 'a.txt' } });
    expect(lines.length).toBe(count);
  });

  it('--max-result-bytes takes a byte count of at least 4096, or 0 for no budget', () => {
    for (const bad of ['100', 'lots', '-5', '']) {
      const result = runCli(['-C', ws, 'mcp', '--max-result-bytes', bad], { yes: false });
      expect(result.status, bad).toBe(2);
      expect(result.stderr).toContain('--max-result-bytes needs a byte count of at least 4096 (0: no budget)');
    }
  });

  it('a tools/list cursor this server never gave out is -32602', async () => {
    const client = await connect();
    const error = await client.listTools({ cursor: 'bogus' }).then(() => undefined, (failure: unknown) => failure as { code?: number; message?: string });
    expect(error?.code).toBe(-32602);
    expect(error?.message).toContain('without a cursor');
    expect((await client.listTools()).tools.length).toBeGreaterThan(10);
  });

  it('asks roots/list once; a client that failed to answer is not asked again on roots/list_changed', async () => {
    let asked = 0;
    const client = await connect({
      capabilities: { roots: { listChanged: true } },
      setup: (c) =>
        c.setRequestHandler(ListRootsRequestSchema, () => {
          asked += 1;
          throw new Error('this client has no roots to give');
        }),
    });
    await client.callTool({ name: 'read', arguments: { file: 'a.txt' } });
    expect(asked).toBe(1);
    for (let round = 0; round < 3; round += 1) await client.sendRootsListChanged();
    // Notifications are handled in order: a roots/list caused by them would reach the client before this answer.
    await client.callTool({ name: 'read', arguments: { file: 'a.txt' } });
    expect(asked).toBe(1);
  });

  it('asks again on roots/list_changed a client that answered, and never asks one without the roots capability', async () => {
    let asked = 0;
    const client = await connect({
      capabilities: { roots: { listChanged: true } },
      setup: (c) =>
        c.setRequestHandler(ListRootsRequestSchema, () => {
          asked += 1;
          return { roots: [{ uri: pathToFileURL(`${ws}/sub`).href }] };
        }),
    });
    expect(textOf(await client.callTool({ name: 'read', arguments: { file: 'b.txt' } }))).toContain('beta');
    await client.sendRootsListChanged();
    await client.callTool({ name: 'read', arguments: { file: 'b.txt' } });
    expect(asked).toBe(2);

    // Without the capability the server never asks (it would fail and say so on stderr).
    const plain = await connect();
    const stderr = (plain.transport as StdioClientTransport).stderr!;
    let said = '';
    stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
    await plain.callTool({ name: 'read', arguments: { file: 'a.txt' } });
    await plain.close();
    expect(said).not.toContain('roots/list');
  });
});
