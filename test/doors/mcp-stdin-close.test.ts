// MCP over stdio: a client that sends a tools/call and then closes its end of stdin (a one-shot script piping
// requests in, a client shutting down with work in flight) gets the call's answer before the server exits. Before,
// stdin's end closed the server at once: the SDK aborted the handler in flight and its response was never written
// (the process exited 0 with the call unanswered). The real SDK client, over a transport that ends stdin right
// after writing the call (the SDK's own StdioClientTransport.close() would also stop reading stdout).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { CLI, REPO_ROOT, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { envFor, exitOf, textOf } from './mcp-helpers.js';

// The child's stdin/stdout as an SDK transport; `endAfter(method)`: stdin ends right after that request is written.
class ChildTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly buffer = new ReadBuffer();
  private endMethod: string | undefined;
  constructor(readonly child: ChildProcessWithoutNullStreams) {}
  start(): Promise<void> {
    this.child.stdin.on('error', () => undefined);
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.buffer.append(chunk);
      for (let message = this.buffer.readMessage(); message !== null; message = this.buffer.readMessage()) this.onmessage?.(message);
    });
    this.child.on('exit', () => this.onclose?.());
    return Promise.resolve();
  }
  endAfter(method: string): void {
    this.endMethod = method;
  }
  send(message: JSONRPCMessage): Promise<void> {
    // An answer to the server's own request (an approval form) after stdin ended cannot reach it.
    if (this.child.stdin.writableEnded) return Promise.resolve();
    this.child.stdin.write(serializeMessage(message));
    if ('method' in message && message.method === this.endMethod) this.child.stdin.end();
    return Promise.resolve();
  }
  close(): Promise<void> {
    this.child.stdin.end();
    return Promise.resolve();
  }
}

let ws: string;
let state: string;
beforeAll(async () => {
  ws = await tempDir('codeward-mcp-eof-');
  state = await tempDir('codeward-mcp-eof-state-');
  await writeFiles(ws, { 'a.txt': 'alpha\n' });
});
afterAll(async () => {
  await removeDir(ws);
  await removeDir(state);
});

async function connected(serverArgs: string[] = []): Promise<{ client: Client; transport: ChildTransport; child: ChildProcessWithoutNullStreams }> {
  const child = spawn(process.execPath, [CLI, '-C', ws, ...serverArgs, 'mcp'], { cwd: REPO_ROOT, env: envFor(state), stdio: ['pipe', 'pipe', 'pipe'] });
  const transport = new ChildTransport(child);
  const client = new Client({ name: 'codeward-test', version: '1.0.0' }, { capabilities: {} });
  await client.connect(transport);
  return { client, transport, child };
}

describe('codeward mcp (stdio): calls in flight when stdin ends', () => {
  it('an exec still running is answered, then the server exits 0', async () => {
    const { client, transport, child } = await connected(['--yes', '--sandbox', 'off']);
    const exited = exitOf(child);
    transport.endAfter('tools/call');
    const result = await client.callTool({ name: 'exec', arguments: { cmd: 'sleep 1; echo done-after-eof' } });
    expect(textOf(result)).toContain('done-after-eof');
    expect(await exited).toBe(0);
  }, 60_000);

  it('several calls in flight: each is answered', async () => {
    const { client, transport, child } = await connected(['--yes', '--sandbox', 'off']);
    const exited = exitOf(child);
    const first = client.callTool({ name: 'read', arguments: { file: 'a.txt' } });
    transport.endAfter('tools/call');
    const second = client.callTool({ name: 'exec', arguments: { cmd: 'sleep 1; echo second-call' } });
    expect(textOf(await first)).toContain('alpha');
    expect(textOf(await second)).toContain('second-call');
    expect(await exited).toBe(0);
  }, 60_000);

  it('a call waiting on an approval the client can no longer answer gets an answer (not a dropped call)', async () => {
    const child = spawn(process.execPath, [CLI, '-C', ws, 'mcp'], { cwd: REPO_ROOT, env: envFor(state), stdio: ['pipe', 'pipe', 'pipe'] });
    const transport = new ChildTransport(child);
    const client = new Client({ name: 'codeward-test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    await client.connect(transport);
    const exited = exitOf(child);
    transport.endAfter('tools/call');
    const result = (await client.callTool({ name: 'write', arguments: { file: 'b.txt', content: 'x\n' } })) as { isError?: boolean };
    expect(result.isError).toBe(true);
    expect(await exited).toBe(0);
  }, 60_000);
});
