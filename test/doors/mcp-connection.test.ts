import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { builtinCommands } from '../../src/commands/index.js';
import { createConnection, type McpConnection } from '../../src/doors/mcp/connection.js';
import { toolsOf } from '../../src/doors/mcp/tools.js';
import { Registry } from '../../src/engine/registry.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import type { ToolText } from './mcp-helpers.js';

// The connection in process, over the SDK's in-memory transport: what the stdio and HTTP doors wrap.
let ws: string;
let state: string;

beforeAll(async () => {
  ws = await tempDir('codeward-mcp-conn-');
  state = await tempDir('codeward-mcp-conn-state-');
  await writeFiles(ws, { 'a.txt': 'alpha\nbeta\n' });
});

afterAll(async () => {
  await removeDir(ws);
  await removeDir(state);
});

async function connect(yes: boolean): Promise<{ client: Client; connection: McpConnection; logs: string[] }> {
  const registry = new Registry(builtinCommands);
  const logs: string[] = [];
  const connection = createConnection({
    workspace: ws,
    env: { ...process.env, CODEWARD_STATE_DIR: state, HOME: state },
    registry,
    tools: toolsOf(registry),
    cliRules: { allow: [], ask: [], deny: [] },
    yes,
    allowUnsafe: false,
    log: (line) => logs.push(line),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await connection.server.connect(serverSide);
  const client = new Client({ name: 'codeward-conn-test', version: '1.0.0' });
  await client.connect(clientSide);
  return { client, connection, logs };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return condition();
}

describe('MCP connection', () => {
  it('answers repeated reads with the CLI envelope', async () => {
    const { client, connection } = await connect(false);
    try {
      for (let i = 0; i < 3; i += 1) {
        const result = (await client.callTool({ name: 'read', arguments: { file: 'a.txt' } })) as unknown as ToolText;
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toMatchObject({ ok: true, cmd: 'read', data: { path: 'a.txt', content: 'alpha\nbeta\n', totalLines: 2 } });
        expect(result.content[0]!.text).toBe('1 | alpha\n2 | beta');
      }
    } finally {
      await connection.close();
    }
  });

  it.skipIf(process.platform === 'win32')('closing the connection aborts a call in flight (its process group is killed)', async () => {
    const { client, connection } = await connect(true);
    // Found by its unique argument: inside the OS sandbox's PID namespace `$$` is not the host's PID.
    const marker = `${60 + Math.random()}`.slice(0, 12);
    const running = (): boolean => spawnSync('pgrep', ['-f', `sleep ${marker}`]).status === 0;
    const pending = client.callTool({ name: 'exec', arguments: { cmd: `exec sleep ${marker}` } }).catch((error: unknown) => error);
    expect(await until(running, 10_000)).toBe(true);
    await connection.close();
    expect(await until(() => !running(), 10_000)).toBe(true);
    await pending;
    await client.close();
  });
});
