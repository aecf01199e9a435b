// Newcomer pass (issue 28 item 4's class at the MCP door), with the real SDK client and the real binary
// (stdio): an MCP client's `undo` took back the workspace's newest change whoever made it: another MCP
// client's, the agent's or the CLI's. Each connection is a session now: undo and redo take back its own
// changes; `allSessions` reaches the rest, and an undo with nothing of its own says so.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { stdioClient, textOf, type ToolText } from './mcp-helpers.js';

let ws: string;
let state: string;
const clients: Client[] = [];

beforeEach(async () => {
  ws = await tempDir('cw-mcp-undo-session-');
  state = await tempDir('cw-mcp-undo-session-state-');
  await writeFiles(ws, { 'a.txt': 'a0\n', 'b.txt': 'b0\n', 'c.txt': 'c0\n' });
});

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
  await removeDir(ws);
  await removeDir(state);
});

const connect = async (): Promise<Client> => {
  const client = await stdioClient(ws, state, { serverArgs: ['--yes', '--sandbox', 'off'] });
  clients.push(client);
  return client;
};
const call = async (client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolText> => (await client.callTool({ name, arguments: args })) as unknown as ToolText;
const files = async (): Promise<string[]> => Promise.all(['a.txt', 'b.txt', 'c.txt'].map((name) => readFile(join(ws, name), 'utf8')));

describe('undo over MCP is the connection\'s own', { timeout: 60_000 }, () => {
  it('takes back this client\'s change, never a newer one of another client or the CLI', async () => {
    const first = await connect();
    const second = await connect();
    expect((await call(first, 'write', { file: 'a.txt', content: 'first\n' })).isError).toBeFalsy();
    expect((await call(second, 'write', { file: 'b.txt', content: 'second\n' })).isError).toBeFalsy();
    expect(runCli(['-C', ws, '--json', 'write', '--file', 'c.txt', '--content', 'cli\n'], { env: { CODEWARD_STATE_DIR: state, HOME: state } }).json).toMatchObject({ ok: true });
    const undone = await call(first, 'undo');
    expect(undone.isError, textOf(undone)).toBeFalsy();
    expect(textOf(undone)).toContain('write: a.txt');
    expect(await files()).toEqual(['a0\n', 'second\n', 'cli\n']);
    // Nothing more of its own: said, with the key that reaches the others.
    const none = await call(first, 'undo');
    expect(none.isError).toBe(true);
    expect(textOf(none)).toContain('nothing to undo in this session (2 changes by other sessions or doors: pass `allSessions` to include them)');
    expect(await files()).toEqual(['a0\n', 'second\n', 'cli\n']);
    // The workspace's history stays reachable: the newest change of anyone (the CLI's).
    expect(textOf(await call(first, 'undo', { allSessions: true }))).toContain('write: c.txt');
    expect(await files()).toEqual(['a0\n', 'second\n', 'c0\n']);
    // The other client's undo is its own write; its redo too.
    expect(textOf(await call(second, 'undo'))).toContain('write: b.txt');
    expect(textOf(await call(second, 'redo'))).toContain('write: b.txt');
    expect(await files()).toEqual(['a0\n', 'second\n', 'c0\n']);
  });
});
