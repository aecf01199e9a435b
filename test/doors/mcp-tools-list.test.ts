import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema, EmptyResultSchema, ReadResourceResultSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { builtinCommands } from '../../src/commands/index.js';
import { toKebab } from '../../src/engine/flags.js';
import { stdioClient, textOf, type ToolText } from './mcp-helpers.js';

// What a client author sees of `codeward mcp` through the real SDK client: a small tools/list in one
// vocabulary (JSON keys, the defaults this door applies, honest annotations), and errors a client shows once.

// tools/list before this was fixed: the same envelope outputSchema (1.1 KB) on all 23 tools.
const OLD_TOOLS_LIST_BYTES = 51_694;

let ws: string;
let state: string;
let client: Client;
let tools: Tool[];
const validator = new AjvJsonSchemaValidator();

function bytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

function tool(name: string): Tool {
  return tools.find((candidate) => candidate.name === name)!;
}

async function call(name: string, args: Record<string, unknown>, target = client): Promise<ToolText> {
  return (await target.callTool({ name, arguments: args })) as unknown as ToolText;
}

// Every description in a schema, nested ones too.
function descriptions(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(descriptions);
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    key === 'description' && typeof value === 'string' ? [value] : descriptions(value),
  );
}

// A JSON-RPC error from the SDK client, or undefined when the request succeeded.
async function rpcError(request: Promise<unknown>): Promise<{ code: number; message: string } | undefined> {
  return request.then(
    () => undefined,
    (error: { code: number; message: string }) => error,
  );
}

beforeAll(async () => {
  ws = await tempDir('codeward-mcp-list-');
  state = await tempDir('codeward-mcp-list-state-');
  const lines = Array.from({ length: 2000 }, (_, index) => `line ${index} ${'x'.repeat(60)}`).join('\n');
  await writeFiles(ws, { 'big.txt': `${lines}\n`, 'kept.txt': 'original\n', 'bytes.bin': Buffer.from([0x41, 0xff, 0x42, 0x0a]) });
  client = await stdioClient(ws, state, { serverArgs: ['--yes'] });
  tools = (await client.listTools()).tools;
}, 60_000);

afterAll(async () => {
  await client?.close().catch(() => undefined);
  await removeDir(ws);
  await removeDir(state);
});

describe('tools/list as a model receives it', () => {
  it(`is well under the ${OLD_TOOLS_LIST_BYTES} bytes it was, with one small envelope outputSchema`, () => {
    const size = bytes({ tools });
    // 0.6 of it for the 23 tools it had; issue 30's seven code tools (outline, symbols, repo-map, four symbol
    // edits), the edit commands' --syntax-check and move (issue 28) bring it to 38.9 k; references and
    // rename-symbol (issue 30, terse flag texts) to 41.3 k: 0.80 keeps it in check. Issue 28 trimmed it to 37.1 k
    // (9,928 -> 8,974 o200k tokens: terser texts, no title respelling the name, no example of required keys
    // only), 10% under the budget for the next flags.
    expect(size).toBeLessThan(OLD_TOOLS_LIST_BYTES * 0.8);
    const schemas = new Set(tools.map((entry) => JSON.stringify(entry.outputSchema)));
    expect(schemas.size).toBe(1);
    const [schema] = [...schemas];
    expect(Buffer.byteLength(schema!)).toBeLessThan(250);
    expect(JSON.parse(schema!)).toMatchObject({ type: 'object', required: ['ok', 'cmd', 'warnings'], properties: { ok: {}, cmd: {}, data: {}, error: {}, warnings: {} } });
    // Integers carry no safe-integer bounds (a limit no call reaches, ~50 times).
    expect(JSON.stringify(tools)).not.toContain('9007199254740991');
  });

  it('every description speaks JSON keys: no --flag of the tool, no CLI form, no --help', () => {
    for (const command of builtinCommands) {
      const entry = tool(command.name);
      const texts = [entry.description ?? '', ...descriptions(entry.inputSchema)];
      for (const key of Object.keys(command.flags._zod.def.shape)) {
        for (const text of texts) expect(text, `${command.name}: ${text}`).not.toContain(`--${toKebab(key)}`);
      }
      for (const text of texts) expect(text, `${command.name}: ${text}`).not.toMatch(/codeward [a-z-]+ --|CLI form|--help/);
    }
    expect(tool('read').description).toContain('`start`');
    expect(tool('search').inputSchema.properties?.['offset']).toMatchObject({ description: expect.stringContaining('next `offset`') });
  });

  it('every key of every tool is described (the trimmed texts kept one for each)', () => {
    for (const entry of tools) {
      for (const [key, property] of Object.entries(entry.inputSchema.properties ?? {})) expect((property as { description?: string }).description, `${entry.name}.${key}`).toMatch(/\S/);
    }
  });

  it('every description starts with one short sentence, and its example arguments are a valid call', () => {
    for (const entry of tools) {
      const [first] = (entry.description ?? '').split('\n');
      expect(first!.length, entry.name).toBeLessThan(180);
      const example = /^Example: (.*)$/m.exec(entry.description ?? '')?.[1];
      if (example === undefined) continue;
      const check = validator.getValidator(entry.inputSchema as never)(JSON.parse(example));
      expect(check.valid, `${entry.name} ${example}: ${check.errorMessage ?? ''}`).toBe(true);
    }
  });

  it('maxBytes advertises the default this door applies: a read without it equals a read with the advertised value', async () => {
    const advertised = (tool('read').inputSchema.properties?.['maxBytes'] as { default: number }).default;
    expect(advertised).toBe(60_000);
    const implicit = await call('read', { file: 'big.txt' });
    const explicit = await call('read', { file: 'big.txt', maxBytes: advertised });
    expect(implicit.structuredContent['data']).toEqual(explicit.structuredContent['data']);
    expect(implicit.structuredContent['data']['truncated']).toBe(true);
    // Without a budget the tool's own default applies, and is advertised.
    const unbudgeted = await stdioClient(ws, state, { mcpArgs: ['--max-result-bytes', '0'] });
    try {
      const list = (await unbudgeted.listTools()).tools;
      expect(list.find((entry) => entry.name === 'read')!.inputSchema.properties?.['maxBytes']).toMatchObject({ default: 200_000 });
      const whole = await call('read', { file: 'big.txt' }, unbudgeted);
      expect(whole.structuredContent['data']['truncated']).toBeFalsy();
    } finally {
      await unbudgeted.close();
    }
  });
});

describe('annotations say what a tool can do', () => {
  it('create with overwrite replaces a file, so create is destructive (as is every tool that is not read-only)', async () => {
    expect(tool('create').annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    const result = await call('create', { files: [{ path: 'kept.txt', content: 'replaced\n', overwrite: true }] });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(await readFile(join(ws, 'kept.txt'), 'utf8')).toBe('replaced\n');
    for (const entry of tools) {
      if (!entry.annotations?.readOnlyHint) expect(entry.annotations?.destructiveHint, entry.name).toBe(true);
    }
  });

  it('only the tools that run programs reach an open world', () => {
    const open = tools.filter((entry) => entry.annotations?.openWorldHint).map((entry) => entry.name).sort();
    expect(open).toEqual(['exec', 'test']);
    for (const name of ['read', 'search', 'tree', 'git-status', 'git-diff', 'git-log', 'checkpoints']) expect(tool(name).annotations?.readOnlyHint, name).toBe(true);
  });
});

describe('JSON-RPC errors a client shows once', () => {
  it('an unknown tool: -32602 with the bare message (the SDK client adds "MCP error -32602: " once)', async () => {
    const error = await rpcError(client.callTool({ name: 'nosuch', arguments: {} }));
    expect(error?.code).toBe(-32602);
    expect(error!.message.match(/MCP error/g)).toHaveLength(1);
    expect(error!.message).toMatch(/^MCP error -32602: Unknown tool: nosuch; the tools are /);
  });

  it('an unknown tool name with control characters comes back escaped, on one line', async () => {
    const error = await rpcError(client.callTool({ name: 'evil\n\u001b[2Kread', arguments: {} }));
    expect(error?.code).toBe(-32602);
    expect(error!.message).toContain('Unknown tool: evil\\n\\u001b[2Kread;');
    expect([...error!.message].some((char) => char.charCodeAt(0) < 0x20)).toBe(false);
  });

  it('a resource that is not there: -32002, prefixed once', async () => {
    const error = await rpcError(client.request({ method: 'resources/read', params: { uri: `file://${join(ws, 'nope.txt')}` } }, ReadResourceResultSchema));
    expect(error?.code).toBe(-32002);
    expect(error!.message.match(/MCP error/g)).toHaveLength(1);
  });

  it('logging/setLevel with a level that does not exist: -32602, one line naming `level` and the levels', async () => {
    const error = await rpcError(client.request({ method: 'logging/setLevel', params: { level: 'loud' } }, EmptyResultSchema));
    expect(error?.code).toBe(-32602);
    expect(error!.message).toBe('MCP error -32602: logging/setLevel: `level` must be one of debug, info, notice, warning, error, critical, alert, emergency, got "loud"');
  });

  it.each([['a string', 'file=a.txt'], ['an array', ['a.txt']], ['a number', 5]])('tools/call with arguments that are %s: -32602, one line naming `arguments` and how to send them', async (_kind, value) => {
    const error = await rpcError(client.request({ method: 'tools/call', params: { name: 'read', arguments: value } }, CallToolResultSchema));
    expect(error?.code).toBe(-32602);
    expect(error!.message).toMatch(/^MCP error -32602: tools\/call: `arguments` must be a JSON object, got .*: send the tool's keys as an object, e.g. \{"name": "read", "arguments": \{"file": "README.md"\}\}$/);
    expect(error!.message).not.toContain('\n');
  });

  it('tools/call without a name: -32602 naming `name`', async () => {
    const error = await rpcError(client.request({ method: 'tools/call', params: { arguments: {} } }, CallToolResultSchema));
    expect(error?.code).toBe(-32602);
    expect(error!.message).toBe('MCP error -32602: tools/call: `name` is required: the tool to call, as tools/list names it');
  });
});

describe('every tool, called wrong, names the JSON key and the fix once, in text and structuredContent alike', () => {
  const expectOneVocabulary = (name: string, result: ToolText, pattern: RegExp): void => {
    expect(result.isError, name).toBe(true);
    const message = result.structuredContent['error']['message'] as string;
    expect(message, name).toMatch(pattern);
    // The text is the same message, said once.
    expect(textOf(result).split(message)).toHaveLength(2);
    expect(textOf(result).startsWith(`error ${result.structuredContent['error']['code']}: ${message}`)).toBe(true);
    // No CLI flag of a tool (the server's own --yes and --allow are named only where a person must act).
    expect(message.replace(/add "--yes", or "--allow", /, '').replace(/add "--yes" to/, ''), name).not.toMatch(/--[a-z]|codeward [a-z-]+ --help|valid flags/);
  };

  it('an unknown key', async () => {
    for (const entry of tools) {
      const result = await call(entry.name, { bogusKey: 1 });
      expectOneVocabulary(entry.name, result, /^unknown key `bogusKey` for [a-z-]+; valid keys: `/);
    }
  });

  it('warnings in structuredContent use the same JSON keys as the text', async () => {
    const result = await call('patch', { file: 'bytes.bin', search: Buffer.from([0xff]).toString('base64'), replace: Buffer.from([0xfe]).toString('base64'), encoding: 'base64' });
    expect(result.isError, textOf(result)).toBeFalsy();
    const warnings = result.structuredContent['warnings'] as string[];
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('`search`/`replace` are bytes that are not UTF-8 text');
    expect(textOf(result)).toContain(`warning: ${warnings[0]}`);
  });

  it('an approval nobody can give through this client (C241) says who can, and how, not "run interactively"', async () => {
    const plain = await stdioClient(ws, state);
    try {
      const result = await call('write', { file: 'new.txt', content: 'x' }, plain);
      expect(result.structuredContent['error']['code']).toBe('C241');
      expectOneVocabulary('write', result, /needs approval .*; nobody can approve over this MCP connection \(the client does not support elicitation\): add "--yes", or "--allow", "@coder write new\.txt", to the codeward server's "args" in your MCP client's config, or use a client that supports elicitation \(it asks you\)$/);
    } finally {
      await plain.close();
    }
  });

  it('a place inside a list of objects is named as a JSON path', async () => {
    expectOneVocabulary('multipatch', await call('multipatch', { edits: [{ file: 'a.txt', search: 'b' }] }), /missing required key `edits\[0\]\.replace`/);
    expectOneVocabulary('update', await call('update', { files: [{ path: 'a.txt', ops: [{ op: 'insert', at_line: 'x', content: 'c' }] }] }), /`files\[0\]\.ops\[0\]\.at_line` must be a number, got "x"/);
  });

  it('a near miss of a key', async () => {
    const result = await call('read', { file: 'big.txt', maxBites: 5 });
    expectOneVocabulary('read', result, /unknown key `maxBites` for read \(did you mean `maxBytes`\?\)/);
  });

  it('a missing required key', async () => {
    for (const entry of tools.filter((candidate) => (candidate.inputSchema.required ?? []).length > 0)) {
      const result = await call(entry.name, {});
      const [first] = entry.inputSchema.required!;
      expectOneVocabulary(entry.name, result, new RegExp(`missing required key \`${first}\`.*\\(see the ${entry.name} tool's inputSchema\\)$`));
    }
  });

  it('a wrong type for a number key', async () => {
    for (const entry of tools) {
      const properties = (entry.inputSchema.properties ?? {}) as Record<string, { type?: string }>;
      const key = Object.keys(properties).find((name) => properties[name]!.type === 'integer');
      if (key === undefined) continue;
      const required = Object.fromEntries((entry.inputSchema.required ?? []).filter((name) => name !== key).map((name) => [name, properties[name]!.type === 'array' ? ['a.txt'] : 'a.txt']));
      const result = await call(entry.name, { ...required, [key]: 'lots' });
      expectOneVocabulary(entry.name, result, new RegExp(`\`${key}\` (must be|expects) a whole number`));
    }
  });
});

describe('issue 28: a failed entry is an error, and every flag says what it is', () => {
  it('update whose only entry failed, and create with one failed entry, are isError (the done entries stay done)', async () => {
    const update = await call('update', { files: [{ path: 'kept.txt', ops: [{ op: 'remove', from_line: 90, to_line: 90 }] }] });
    expect(update.isError, textOf(update)).toBe(true);
    const created = await call('create', { files: [{ path: 'kept.txt', content: 'x' }, { path: 'fresh-28.txt', content: 'f\n' }] });
    expect(created.isError, textOf(created)).toBe(true);
    expect(textOf(created)).toMatch(/kept\.txt: error C217/);
    expect(await readFile(join(ws, 'fresh-28.txt'), 'utf8')).toBe('f\n');
    const fine = await call('create', { files: [{ path: 'fresh-28b.txt', content: 'g\n' }] });
    expect(fine.isError, textOf(fine)).toBeFalsy();
  });

  it('every top-level flag of every tool has a description (create.files had none)', () => {
    for (const entry of tools) {
      for (const [key, schema] of Object.entries((entry.inputSchema.properties ?? {}) as Record<string, { description?: string }>)) {
        expect(schema.description, `${entry.name}.${key}`).toBeTruthy();
      }
    }
    expect((tool('create').inputSchema.properties as Record<string, { description?: string }>)['files']!.description).toMatch(/^an array of \{path, content/);
  });
});
