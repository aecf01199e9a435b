// Newcomer pass (issue 28), over MCP with the real SDK client and the real binary (stdio, a client that
// supports elicitation): the approval form of a shell line offers once/always/no, yet its description
// explained "never: add a deny rule" too, an answer the client could not give. It explains the offered ones.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { stdioClient, textOf } from './mcp-helpers.js';

let ws: string;
let state: string;
let client: Client | undefined;

beforeEach(async () => {
  ws = await tempDir('cw-mcp-elicit-words-');
  state = await tempDir('cw-mcp-elicit-words-state-');
  writeFileSync(join(ws, 'a.txt'), 'a\n');
});

afterEach(async () => {
  await client?.close();
  client = undefined;
  await removeDir(ws);
  await removeDir(state);
});

describe('the approval form over MCP elicitation', { timeout: 60_000 }, () => {
  it('explains exactly the answers it offers', async () => {
    const forms: { enum: string[]; description: string }[] = [];
    client = await stdioClient(ws, state, {
      serverArgs: ['--sandbox', 'off'],
      capabilities: { elicitation: {} },
      setup: (made) =>
        made.setRequestHandler(ElicitRequestSchema, async (request) => {
          const answer = (request.params as unknown as { requestedSchema: { properties: { answer: { enum: string[]; description: string } } } }).requestedSchema.properties.answer;
          forms.push(answer);
          return { action: 'accept', content: { answer: 'once' } };
        }),
    });
    // The newcomer's call: a test file run by its runner (it fails here, no tape installed: only the form counts).
    await client.callTool({ name: 'exec', arguments: { cmd: 'npx --no-install tape test/number.js' } });
    expect(textOf(await client.callTool({ name: 'write', arguments: { file: 'a.txt', content: 'b\n' } }))).toContain('a.txt');
    expect(forms.map((form) => form.enum)).toEqual([['once', 'always', 'no'], ['once', 'always', 'no', 'never']]);
    expect(forms[0]!.description).toBe('once: this call only; always: add an allow rule; no: refuse this call');
    expect(forms[1]!.description).toBe('once: this call only; always: add an allow rule; no: refuse this call; never: add a deny rule');
  });
});
