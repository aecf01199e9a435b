import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { stdioClient, textOf } from './mcp-helpers.js';

// Newcomer pass 2 (issue 28): CLI words an MCP client cannot send. `checkpoints` told it "(--json lists
// them)" for a change of more than 5 files (a CLI option; the MCP result leaves the list out when it is
// large), and a passing `test` run's note named `exec --cmd "..."`. Each is now the tool call a client sends.
let ws: string;
let state: string;
let client: Client;

beforeAll(async () => {
  ws = await tempDir('codeward-mcp-cli-words-');
  state = await tempDir('codeward-mcp-cli-words-state-');
  const cases = Array.from({ length: 12 }, (_, n) => `test('case ${n}', () => {});`).join('\n');
  await writeFiles(ws, { 'a.test.mjs': `import test from 'node:test';\n${cases}\n` });
  client = await stdioClient(ws, state, { serverArgs: ['--yes', '--sandbox', 'off'] });
}, 60_000);

afterAll(async () => {
  await client?.close().catch(() => undefined);
  await removeDir(ws);
  await removeDir(state);
});

const call = async (name: string, args: Record<string, unknown>): Promise<string> => textOf(await client.callTool({ name, arguments: args }));

describe('no CLI word in a result an MCP client gets', () => {
  it('checkpoints: a change of many files names the call that lists them all, and that call lists them', async () => {
    const files = Array.from({ length: 7 }, (_, n) => ({ path: `gen/f${n}.txt`, content: `${n}\n` }));
    expect(await call('create', { files })).toContain('gen/f6.txt');
    const listed = await call('checkpoints', {});
    expect(listed).not.toMatch(/(^|[\s(`'"[])--[a-z]/m);
    const next = /all of them: checkpoints (\{.*?\})/.exec(listed)?.[1];
    expect(next, listed).toBeDefined();
    const all = await call('checkpoints', JSON.parse(next!) as Record<string, unknown>);
    for (const file of files) expect(all).toContain(file.path);
  });

  it('test: a passing run names the exec call that shows all of its output as a tool call', async () => {
    const said = await call('test', { cmd: 'node --test a.test.mjs' });
    expect(said).toMatch(/12 passed, 0 failed/);
    expect(said).toContain('all of it: exec {"cmd":"node --test a.test.mjs 2>&1"})');
    expect(said).not.toContain('exec --cmd');
  });
});
