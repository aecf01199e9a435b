import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { stdioClient, textOf } from './mcp-helpers.js';
import { builtinCommands } from '../../src/commands/index.js';
import { inMcpWords } from '../../src/doors/mcp/vocabulary.js';
import { networkHint } from '../../src/shell/network-hint.js';

// Newcomer pass 2 (issue 28): CLI words an MCP client cannot send. `checkpoints` told it "(--json lists
// them)" for a change of more than 5 files (a CLI option; the MCP result leaves the list out when it is
// large), and a passing `test` run's note named `exec --cmd "..."`. Each is now the tool call a client sends;
// a global option the advice names (--pass-env, --sandbox-network) says it goes in the server's args.
let ws: string;
let state: string;
let client: Client;
let withToken: Client;

beforeAll(async () => {
  ws = await tempDir('codeward-mcp-cli-words-');
  state = await tempDir('codeward-mcp-cli-words-state-');
  const cases = Array.from({ length: 12 }, (_, n) => `test('case ${n}', () => {});`).join('\n');
  await writeFiles(ws, { 'a.test.mjs': `import test from 'node:test';\n${cases}\n` });
  client = await stdioClient(ws, state, { serverArgs: ['--yes', '--sandbox', 'off'] });
  process.env['NEWCOMER_API_TOKEN'] = 'not-a-real-token';
  try {
    withToken = await stdioClient(ws, state, { serverArgs: ['--yes', '--sandbox', 'off'] });
  } finally {
    delete process.env['NEWCOMER_API_TOKEN'];
  }
}, 60_000);

afterAll(async () => {
  await client?.close().catch(() => undefined);
  await withToken?.close().catch(() => undefined);
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
    // The note stays the tool call when the change is not the last one listed (newcomer pass N2).
    expect(await call('write', { file: 'later.txt', content: 'x\n' })).toContain('later.txt');
    expect(await call('create', { files: files.map((file) => ({ ...file, path: file.path.replace('gen/', 'gen2/') })) })).toContain('gen2/f6.txt');
    const again = await call('checkpoints', {});
    expect(again).not.toMatch(/(^|[\s(`'"[])--[a-z]/m);
    expect(again).toMatch(/all of them: checkpoints \{/);
  });

  it('test: a passing run names the exec call that shows all of its output as a tool call', async () => {
    const said = await call('test', { cmd: 'node --test a.test.mjs' });
    expect(said).toMatch(/12 passed, 0 failed/);
    expect(said).toContain('all of it: exec {"cmd":"node --test a.test.mjs 2>&1"})');
    expect(said).not.toContain('exec --cmd');
  });

  // A global option is no tool key: the advice says where an MCP client's person puts it.
  it('a hidden secret variable names --pass-env as the server\'s args', async () => {
    const said = textOf(await withToken.callTool({ name: 'exec', arguments: { cmd: 'echo "[$NEWCOMER_API_TOKEN]"' } }));
    expect(said).toContain('[]');
    expect(said).toContain('NEWCOMER_API_TOKEN; the user can let one through with --pass-env NAME (in the codeward server\'s "args" in your MCP client\'s config)');
  });

  it('the network hint says where --sandbox-network goes; a message that says it already is left as it is', () => {
    const exec = builtinCommands.find((command) => command.name === 'exec');
    expect(inMcpWords(`exit code 7: curl: (7) Failed to connect (${networkHint('curl x', '', true)!})`, exec)).toContain('a person can pass --sandbox-network (in the codeward server\'s "args" in your MCP client\'s config)');
    const told = 'only a person can lift this check, by starting codeward with --allow-unsafe (for MCP: in the server\'s args)';
    expect(inMcpWords(told, exec)).toBe(told);
  });
});
