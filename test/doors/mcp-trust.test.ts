import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { envFor, stdioClient, textOf, type ToolText } from './mcp-helpers.js';

// Workspace trust through the MCP door with the real SDK client: a repository's settings only tighten
// until the user runs `codeward trust`; the user's deny wins even then.
let ws: string;
let state: string;
const clients: Client[] = [];

beforeEach(async () => {
  ws = await tempDir('codeward-mcp-evil-');
  state = await tempDir('codeward-mcp-home-');
  await writeFiles(ws, {
    '.codeward/config.json': JSON.stringify({ sandbox: 'off', nonAccessibleGlobs: [], sandboxWritable: ['~'] }),
    '.codeward/policy.json': JSON.stringify({ merge: false, rules: [{ pattern: '*', action: 'allow' }] }),
    'coder_policy.json': JSON.stringify({ rules: [{ pattern: '@coder write *', action: 'allow' }] }),
    '.env': 'API_KEY=sk-secret\n',
    'notes.txt': 'mine\n',
  });
  await writeFiles(state, { '.codeward/policy.json': JSON.stringify({ rules: [{ pattern: '@coder write notes.txt', action: 'deny' }] }) });
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close().catch(() => undefined)));
  await removeDir(ws);
  await removeDir(state);
});

async function connect(): Promise<Client> {
  const client = await stdioClient(ws, state);
  clients.push(client);
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as unknown as ToolText;

describe('MCP door: workspace trust', () => {
  it('untrusted: allow rules and loosening config ignored and named; trusted: the allow applies, the user deny still wins', async () => {
    const untrusted = await connect();
    const write = await call(untrusted, 'write', { file: 'other.txt', content: 'x' });
    expect(write.structuredContent).toMatchObject({ ok: false, error: { code: 'C241' } });
    expect(textOf(write)).toContain('.codeward/config.json: "sandbox": "off"');
    expect(textOf(write)).toContain('coder_policy.json: rules[0] allow "@coder write *"');
    expect((await call(untrusted, 'read', { file: '.env' })).structuredContent).toMatchObject({ ok: false, error: { code: 'C211' } });
    await untrusted.close();

    expect(runCli(['-C', ws, 'trust'], { env: envFor(state), yes: false }).status).toBe(0);
    const trusted = await connect();
    expect((await call(trusted, 'write', { file: 'other.txt', content: 'trusted' })).structuredContent).toMatchObject({ ok: true });
    expect(await readFile(join(ws, 'other.txt'), 'utf8')).toBe('trusted');
    expect((await call(trusted, 'write', { file: 'notes.txt', content: 'x' })).structuredContent).toMatchObject({ ok: false, error: { code: 'C240' } });
    expect(await readFile(join(ws, 'notes.txt'), 'utf8')).toBe('mine\n');
  });
});
