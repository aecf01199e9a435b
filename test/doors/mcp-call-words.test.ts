// Newcomer pass (issue 28), over MCP with the real SDK client and the real binary (stdio): a call written
// in CLI words inside a message came out half-rewritten. read's hint for `index.js:50` said "pass the line
// as a flag: read `file` index.js `start: 50`" (now `read {"file":"index.js","start":50}`, the arguments to
// send), and a refusal's call, the policy's own words that its --allow rule repeats, became "@coder test
// `pattern` x ." (now as the policy writes it).
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { stdioClient, textOf } from './mcp-helpers.js';

let ws: string;
let state: string;
let client: Client;

beforeAll(async () => {
  ws = await tempDir('cw-mcp-call-words-');
  state = await tempDir('cw-mcp-call-words-state-');
  await writeFiles(ws, { 'index.js': 'module.exports = 1;\n', 'package.json': '{"scripts":{"test":"node index.js"}}\n' });
  client = await stdioClient(ws, state);
}, 60_000);

afterAll(async () => {
  await client?.close().catch(() => undefined);
  await removeDir(ws);
  await removeDir(state);
});

const said = async (name: string, args: Record<string, unknown>): Promise<string> => textOf(await client.callTool({ name, arguments: args }));

describe('calls inside MCP messages', () => {
  it('a call of the tool is its arguments as JSON', async () => {
    expect(await said('read', { file: 'index.js:50' })).toContain('pass the line as a key: read {"file":"index.js","start":50}');
    expect(await said('read', { file: 'index.js:5-9' })).toContain('read {"file":"index.js","start":5,"end":9}');
  });

  it('a refused call is named in the policy\'s words, as its allow rule repeats them', async () => {
    const text = await said('test', { pattern: 'test/a.js' });
    expect(text).toMatch(/^error C241: @coder test --pattern test\/a\.js \S* ?needs approval/);
    expect(text).toContain('"--allow", "@coder test?--pattern test/a.js');
    expect(text).not.toContain('`pattern`');
  });
});
