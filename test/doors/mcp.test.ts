import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema, ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { CLI, REPO_ROOT, removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { builtinCommands } from '../../src/commands/index.js';
import { inMcpWords } from '../../src/doors/mcp/vocabulary.js';
import { envFor, exitOf, stdioClient, textOf, type ToolText } from './mcp-helpers.js';

let ws: string;
let state: string;
const clients: Client[] = [];

async function client(options: Parameters<typeof stdioClient>[2] = {}): Promise<Client> {
  const connected = await stdioClient(ws, state, options);
  clients.push(connected);
  return connected;
}

async function call(target: Client, name: string, args: Record<string, unknown>): Promise<ToolText> {
  return (await target.callTool({ name, arguments: args })) as unknown as ToolText;
}

beforeAll(async () => {
  ws = await tempDir('codeward-mcp-');
  state = await tempDir('codeward-mcp-state-');
  await writeFiles(ws, { 'a.txt': 'alpha\nbeta\ngamma\n', 'src/main.ts': 'const needle = 1;\n', 'sub/inner.txt': 'inside\n', 'top.txt': 'top\n' });
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  await removeDir(ws);
  await removeDir(state);
});

function cliJson(args: string[], yes = false): Record<string, unknown> {
  return runCli(['--json', '-C', ws, ...args], { yes, env: envFor(state) }).json;
}

describe('codeward mcp over stdio', () => {
  it('lists every registry command as a tool with annotations and a JSON Schema', async () => {
    const c = await client();
    const { tools } = await c.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(builtinCommands.map((command) => command.name).sort());
    for (const command of builtinCommands) {
      const tool = tools.find((t) => t.name === command.name)!;
      // The summary first, in the door's words (JSON keys, not CLI flags).
      expect((tool.description ?? '').split('\n')[0]).toBe(inMcpWords(command.summary, command));
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.annotations).toMatchObject({
        readOnlyHint: command.annotations.readOnly,
        destructiveHint: command.annotations.destructive,
        idempotentHint: command.annotations.idempotent,
        openWorldHint: command.effect === 'exec',
      });
      expect(tool.outputSchema).toMatchObject({ type: 'object', required: ['ok', 'cmd', 'warnings'] });
    }
    const read = tools.find((t) => t.name === 'read')!;
    expect(read.inputSchema.required).toEqual(['file']);
    expect(Object.keys(read.inputSchema.properties ?? {})).toContain('maxBytes');
    expect(tools.find((t) => t.name === 'git-status')!.annotations?.readOnlyHint).toBe(true);
  });

  it('reads a file, and the structured content is the CLI --json envelope', async () => {
    const c = await client();
    const result = await call(c, 'read', { file: 'a.txt', head: 2 });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain('beta');
    expect(textOf(result)).not.toContain('gamma');
    expect(result.structuredContent).toEqual(cliJson(['read', '--file', 'a.txt', '--head', '2']));
  });

  it('reports a missing file as C211 with isError and the CLI envelope', async () => {
    const c = await client();
    const result = await call(c, 'read', { file: 'nope.txt' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^error C211: /);
    expect(result.structuredContent).toEqual(cliJson(['read', '--file', 'nope.txt']));
  });

  it('refuses a path outside the workspace (C215) and a bad argument (C210)', async () => {
    const c = await client();
    const outside = await call(c, 'read', { file: '../etc/passwd' });
    expect(outside.isError).toBe(true);
    expect(outside.structuredContent.error.code).toBe('C215');
    const missing = await call(c, 'read', {});
    expect(missing.isError).toBe(true);
    expect(missing.structuredContent.error.code).toBe('C210');
  });

  it('answers an unknown tool with the JSON-RPC error -32602 (2025-11-25 spec), naming the tools', async () => {
    const c = await client();
    const error = await call(c, 'no-such-tool', {}).then(() => undefined, (failure: unknown) => failure as { code?: number; message?: string });
    expect(error?.code).toBe(-32602);
    expect(error?.message).toMatch(/Unknown tool: no-such-tool; the tools are .*\bread\b/);
  });

  it('writes with --yes, and refuses without an approver (C241)', async () => {
    const refused = await call(await client(), 'write', { file: 'w1.txt', content: 'x' });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent.error.code).toBe('C241');
    const c = await client({ serverArgs: ['--yes'] });
    const written = await call(c, 'write', { file: 'w1.txt', content: 'written by mcp\n' });
    expect(written.isError).toBeFalsy();
    expect(written.structuredContent).toMatchObject({ ok: true, cmd: 'write' });
    expect(await readFile(join(ws, 'w1.txt'), 'utf8')).toBe('written by mcp\n');
  });

  it('honours --allow rules from the server command line', async () => {
    const c = await client({ serverArgs: ['--allow', '@coder write allowed.txt'] });
    const written = await call(c, 'write', { file: 'allowed.txt', content: 'ok' });
    expect(written.isError).toBeFalsy();
  });

  it('patches, and reports a search text that is not there as C220', async () => {
    const c = await client({ serverArgs: ['--yes'] });
    await call(c, 'write', { file: 'p.txt', content: 'one two three\n' });
    const patched = await call(c, 'patch', { file: 'p.txt', search: 'two', replace: '2' });
    expect(patched.isError).toBeFalsy();
    expect(await readFile(join(ws, 'p.txt'), 'utf8')).toBe('one 2 three\n');
    const missing = await call(c, 'patch', { file: 'p.txt', search: 'four', replace: '4' });
    expect(missing.isError).toBe(true);
    expect(missing.structuredContent.error.code).toBe('C220');
    expect(textOf(missing)).toMatch(/^error C220: /);
  });

  it('lists the tree and searches, matching the CLI', async () => {
    const c = await client();
    const tree = await call(c, 'tree', {});
    expect(tree.isError).toBeFalsy();
    expect(textOf(tree)).toContain('inner.txt');
    const search = await call(c, 'search', { term: 'needle' });
    expect(search.isError).toBeFalsy();
    expect(textOf(search)).toContain('src/main.ts');
    expect(search.structuredContent).toEqual(cliJson(['search', '--term', 'needle']));
    const bad = await call(c, 'search', { term: 'x', dir: 'missing-dir' });
    expect(bad.isError).toBe(true);
  });

  it('runs exec; a non-zero exit is C253 with the output in the text', async () => {
    const c = await client({ serverArgs: ['--yes'] });
    const ok = await call(c, 'exec', { cmd: 'echo hello-mcp' });
    expect(ok.isError).toBeFalsy();
    expect(textOf(ok)).toContain('hello-mcp');
    const failed = await call(c, 'exec', { cmd: 'echo boom-output; exit 3' });
    expect(failed.isError).toBe(true);
    expect(textOf(failed)).toMatch(/^error C253: /);
    expect(textOf(failed)).toContain('boom-output');
    expect(failed.structuredContent).toMatchObject({ ok: false, cmd: 'exec', error: { code: 'C253' } });
    expect(failed.structuredContent.data).toBeDefined();
  });

  it('reports git-status outside a repository as C251', async () => {
    const c = await client();
    const result = await call(c, 'git-status', {});
    expect(result.isError).toBe(true);
    expect(result.structuredContent.error.code).toBe('C251');
    expect(result.structuredContent).toEqual(cliJson(['git-status']));
  });

  it('exits cleanly when stdin closes', async () => {
    const child = spawn(process.execPath, [CLI, '-C', ws, 'mcp'], { cwd: REPO_ROOT, env: envFor(state), stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.end();
    expect(await exitOf(child)).toBe(0);
  });

  it('exits cleanly on SIGTERM and SIGINT while serving', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const child = spawn(process.execPath, [CLI, '-C', ws, 'mcp'], { cwd: REPO_ROOT, env: envFor(state), stdio: ['pipe', 'pipe', 'pipe'] });
      const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
      child.stdin.write(`${JSON.stringify(initialize)}\n`);
      await new Promise((resolve) => child.stdout.once('data', resolve));
      child.kill(signal);
      expect(await exitOf(child)).toBe(0);
      child.stdin.destroy();
    }
  });

  it('fails fast on a workspace that does not exist, and on bad options', async () => {
    const missing = runCli(['-C', join(ws, 'does-not-exist'), 'mcp'], { yes: false, env: envFor(state) });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/error C211/);
    const bad = runCli(['-C', ws, 'mcp', '--bogus'], { yes: false, env: envFor(state) });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/error C210/);
    const port = runCli(['-C', ws, 'mcp', '--http', 'abc'], { yes: false, env: envFor(state) });
    expect(port.status).toBe(2);
  });
});

describe('approval through MCP elicitation', () => {
  const withAnswer = (answer: Record<string, unknown>, asked: string[]) => ({
    capabilities: { elicitation: {} },
    setup: (c: Client) =>
      c.setRequestHandler(ElicitRequestSchema, async (request) => {
        asked.push(request.params.message);
        return answer as never;
      }),
  });

  it('an accepted form with "once" lets a write run', async () => {
    const asked: string[] = [];
    const c = await client(withAnswer({ action: 'accept', content: { answer: 'once' } }, asked));
    const result = await call(c, 'write', { file: 'elicited.txt', content: 'approved\n' });
    expect(result.isError).toBeFalsy();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('elicited.txt');
    expect(await readFile(join(ws, 'elicited.txt'), 'utf8')).toBe('approved\n');
  });

  it('a declined form refuses the call (C240)', async () => {
    const asked: string[] = [];
    const c = await client(withAnswer({ action: 'decline' }, asked));
    const result = await call(c, 'write', { file: 'declined.txt', content: 'no\n' });
    expect(asked).toHaveLength(1);
    expect(result.isError).toBe(true);
    expect(result.structuredContent.error.code).toBe('C240');
    await expect(readFile(join(ws, 'declined.txt'), 'utf8')).rejects.toThrow();
  });

  it('an accepted "no" refuses the call (C240)', async () => {
    const c = await client(withAnswer({ action: 'accept', content: { answer: 'no' } }, []));
    const result = await call(c, 'write', { file: 'declined2.txt', content: 'no\n' });
    expect(result.structuredContent.error.code).toBe('C240');
  });

  it('an accept that is not an explicit, valid choice is a refusal (no content, empty, other value, type or spelling)', async () => {
    // One server, one answer per call: what a buggy or hostile client sends after "accept".
    const answers: Record<string, unknown>[] = [
      { action: 'accept' },
      { action: 'accept', content: {} },
      { action: 'accept', content: { answer: 'yes' } },
      { action: 'accept', content: { answer: 'ONCE' } },
      { action: 'accept', content: { answer: ' once' } },
      { action: 'accept', content: { answer: ['once'] } },
      { action: 'accept', content: { answer: true } },
      { action: 'accept', content: { approve: 'once' } },
    ];
    // A client per answer: three refusals in a row would block the tool for the session (the denial tracker).
    await Promise.all(answers.map(async (answer, index) => {
      const asked: string[] = [];
      const c = await client(withAnswer(answer, asked));
      const result = await call(c, 'write', { file: `implicit-${index}.txt`, content: 'x' });
      expect(asked, JSON.stringify(answer)).toHaveLength(1);
      expect(result.isError, JSON.stringify(answer)).toBe(true);
      // C240 (refused); where the SDK itself rejects the malformed form, the failed request is a refusal too.
      expect(result.structuredContent.error.code, JSON.stringify(answer)).toBe('C240');
      await expect(readFile(join(ws, `implicit-${index}.txt`), 'utf8')).rejects.toThrow();
    }));
  });

  it('"always" on a line where several commands ask (only once/no are offered) is a refusal', async () => {
    const c = await client(withAnswer({ action: 'accept', content: { answer: 'always' } }, []));
    const result = await call(c, 'exec', { cmd: 'touch shell-always.txt && mkdir shell-always-dir' });
    expect(result.structuredContent.error.code).toBe('C240');
    await expect(readFile(join(ws, 'shell-always.txt'), 'utf8')).rejects.toThrow();
  });

  it('"always" on one asking command runs it and saves that exact command, not a prefix', async () => {
    const c = await client(withAnswer({ action: 'accept', content: { answer: 'always' } }, []));
    const result = await call(c, 'exec', { cmd: 'touch shell-always-one.txt' });
    expect(result.isError).not.toBe(true);
    expect(await readFile(join(ws, 'shell-always-one.txt'), 'utf8')).toBe('');
    const asked: string[] = [];
    const again = await client(withAnswer({ action: 'decline' }, asked));
    const longer = await call(again, 'exec', { cmd: 'touch shell-always-one.txt extra.txt' });
    expect(asked).toHaveLength(1);
    expect(longer.isError).toBe(true);
  });

  it('without the elicitation capability, an ask is C241', async () => {
    const c = await client();
    const result = await call(c, 'write', { file: 'noelicit.txt', content: 'x' });
    expect(result.structuredContent.error.code).toBe('C241');
  });
});

describe('MCP roots', () => {
  const rootsClient = (uris: string[]) =>
    client({
      capabilities: { roots: { listChanged: true } },
      setup: (c) => c.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: uris.map((uri) => ({ uri })) })),
    });

  it('a root inside the workspace narrows it', async () => {
    const c = await rootsClient([pathToFileURL(join(ws, 'sub')).href]);
    const tree = await call(c, 'tree', {});
    expect(tree.isError).toBeFalsy();
    const paths = (tree.structuredContent.data.entries as { path: string }[]).map((entry) => entry.path);
    expect(paths).toEqual(['inner.txt']);
    const inner = await call(c, 'read', { file: 'inner.txt' });
    expect(textOf(inner)).toContain('inside');
    const escape = await call(c, 'read', { file: '../top.txt' });
    expect(escape.isError).toBe(true);
    expect(escape.structuredContent.error.code).toBe('C215');
  });

  it('a root outside the workspace is ignored', async () => {
    const outside = await tempDir('codeward-mcp-outside-');
    try {
      const c = await rootsClient([pathToFileURL(outside).href]);
      const tree = await call(c, 'tree', {});
      const paths = (tree.structuredContent.data.entries as { path: string }[]).map((entry) => entry.path);
      expect(paths).toContain('top.txt');
      expect(paths).toContain('sub/inner.txt');
    } finally {
      await removeDir(outside);
    }
  });

  it('the first root inside wins, and roots/list_changed narrows again', async () => {
    let uris = ['file:///definitely/not/here', pathToFileURL(join(ws, 'src')).href];
    const c = await client({
      capabilities: { roots: { listChanged: true } },
      setup: (cl) => cl.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: uris.map((uri) => ({ uri })) })),
    });
    const first = await call(c, 'tree', {});
    expect((first.structuredContent.data.entries as { path: string }[]).map((e) => e.path)).toEqual(['main.ts']);
    uris = [pathToFileURL(join(ws, 'sub')).href];
    await c.sendRootsListChanged();
    await expect.poll(async () => {
      const next = await call(c, 'tree', {});
      return (next.structuredContent.data.entries as { path: string }[]).map((e) => e.path);
    }).toEqual(['inner.txt']);
  });
});
