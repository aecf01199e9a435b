import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { stdioClient, textOf, type ToolText } from './mcp-helpers.js';

// Every tool result through the real SDK client fits the result budget (text and structuredContent
// together), says what was cut and gives the arguments that get the rest; structuredContent validates
// against the tool's outputSchema and never carries the payload the text carries.

const BUDGET = 100_000;
let ws: string;
let state: string;
let client: Client;
const schemas = new Map<string, Record<string, unknown>>();
const validator = new AjvJsonSchemaValidator();

function wireBytes(result: unknown): number {
  return Buffer.byteLength(JSON.stringify(result), 'utf8');
}

async function call(name: string, args: Record<string, unknown>, target = client): Promise<ToolText> {
  const result = (await target.callTool({ name, arguments: args })) as unknown as ToolText;
  // Every structuredContent validates against the outputSchema its tool declares.
  const schema = schemas.get(name);
  expect(schema, `${name} declares an outputSchema`).toBeDefined();
  const check = validator.getValidator(schema as never)(result.structuredContent);
  expect(check.valid, `${name}: ${check.errorMessage ?? ''}`).toBe(true);
  return result;
}

// A line of source code of about 60 bytes, with the quotes and tabs real code has.
function sourceLine(index: number): string {
  return `\tconst value${index} = compute("item-${index}", { size: ${index % 97} });`;
}

// A 1 MB file whose only line mixes 1- to 4-byte characters (cuts land inside them), then a CRLF and a last
// line that looks like a codeward note (a door must never reword file content).
const SINGLE = `${'aé€😀'.repeat(100_000)}\r\n[--byte-offset 7 --max-bytes 5]`;
// Control characters and quotes: each byte is 2 to 6 bytes of JSON.
const ESCAPES = '\u0001"\\\u001f'.repeat(40_000);

beforeAll(async () => {
  ws = await tempDir('codeward-mcp-budget-');
  state = await tempDir('codeward-mcp-budget-state-');
  const big = Array.from({ length: 22_000 }, (_, index) => sourceLine(index)).join('\n') + '\n';
  const matches = Array.from({ length: 50_000 }, (_, index) => `needle ${index}`).join('\n') + '\n';
  let forty = '';
  for (let index = 0; Buffer.byteLength(forty) < 40_000; index += 1) forty += `${sourceLine(index)}\n`;
  const flaggy = 'run it with --max-bytes 5\n[--start 9]\nsee: codeward read --help\n--start 3\n';
  await writeFiles(ws, { 'escapes.txt': ESCAPES, 'single.txt': SINGLE, 'big.ts': big, 'matches.txt': matches, 'forty.ts': forty, 'long.txt': `${'x'.repeat(1_000_000)}\n`, 'flaggy.txt': flaggy });
  const many: Record<string, string> = {};
  for (let index = 0; index < 1500; index += 1) many[`many/f${String(index).padStart(4, '0')}.txt`] = `needle in file ${index}\nhay\nneedle twice\n`;
  await writeFiles(ws, many);
  client = await stdioClient(ws, state, { serverArgs: ['--yes'] });
  for (const tool of (await client.listTools()).tools) schemas.set(tool.name, tool.outputSchema as Record<string, unknown>);
}, 60_000);

afterAll(async () => {
  await client?.close().catch(() => undefined);
  await removeDir(ws);
  await removeDir(state);
});

describe('MCP result budget', () => {
  it('every tool declares an outputSchema', () => {
    expect(schemas.size).toBeGreaterThan(10);
    for (const [name, schema] of schemas) expect(schema, name).toMatchObject({ type: 'object', required: ['ok', 'cmd', 'warnings'] });
  });

  it('exec of 5 MB of output: one result under the budget, head and tail kept, the cut named with a way to the rest', async () => {
    const result = await call('exec', { cmd: 'yes | head -c 5000000' });
    expect(result.isError).toBeFalsy();
    expect(wireBytes(result)).toBeLessThanOrEqual(BUDGET);
    const text = textOf(result);
    expect(text.startsWith('y\ny\n')).toBe(true);
    expect(text).toContain('[…]');
    // exec's own 1 MiB cap had already dropped the middle: the note never claims a total line count.
    expect(text).toMatch(/cut by the MCP result budget \(100000 bytes\): showed the first \d+ and the last \d+ of the \d+ lines the command's output cap kept \(it had dropped \d+ bytes from the middle; the total line count is unknown\)/);
    expect(text).toContain('"file": "out.log"');
    expect(text).not.toMatch(/--[a-z]/);
    // The payload is in the text only.
    expect(JSON.stringify(result.structuredContent).length).toBeLessThan(2000);
    expect(result.structuredContent['omitted']).toContain('data.stdout');
    expect(result.structuredContent['cut']).toMatchObject({ budgetBytes: BUDGET });
  });

  // Read whole by following `next`, with the door's maxBytes (the command cuts) and with a caller's 1 MB
  // maxBytes (the door cuts the text): either way every line arrives once, in order, unchanged.
  for (const first of [{ file: 'big.ts' }, { file: 'big.ts', maxBytes: 1_000_000 }]) {
    it(`a 1.3 MB read fits the budget and continues with \`start\` until the file is read whole (${JSON.stringify(first)})`, async () => {
      const lines: string[] = [];
      let args: Record<string, unknown> = first;
      let rounds = 0;
      for (; rounds < 40; rounds += 1) {
        const result = await call('read', args);
        expect(result.isError, textOf(result)).toBeFalsy();
        expect(wireBytes(result)).toBeLessThanOrEqual(BUDGET);
        const text = textOf(result);
        expect(text).not.toContain('--start');
        expect(text).not.toContain('--max-bytes');
        for (const line of text.split('\n')) {
          const match = /^\s*(\d+) \| (.*)$/.exec(line);
          if (!match) continue;
          const index = Number(match[1]) - 1;
          expect(lines[index] === undefined || lines[index] === match[2], `line ${index + 1} differs between calls`).toBe(true);
          lines[index] = match[2]!;
        }
        const next = result.structuredContent['next'] as Record<string, unknown> | undefined;
        if (!next) break;
        expect(next['start']).toBe(lines.length + 1);
        args = next;
      }
      expect(rounds).toBeGreaterThan(5);
      expect(lines.length).toBe(22_000);
      for (let index = 0; index < 22_000; index += 1) expect(lines[index], `line ${index + 1}`).toBe(sourceLine(index));
    }, 60_000);
  }

  it('a 40 KB read serialises to at most 1.3x its size', async () => {
    const result = await call('read', { file: 'forty.ts' });
    expect(result.structuredContent['next']).toBeUndefined();
    const ratio = wireBytes(result) / 40_000;
    expect(ratio).toBeLessThanOrEqual(1.3);
    // The content is not in structuredContent a second time.
    expect(JSON.stringify(result.structuredContent)).not.toContain('compute(');
  });

  it('a search of 50,000 matching lines fits the budget with default caps and with its cap lifted, and names the next offset', async () => {
    const capped = await call('search', { pattern: 'needle', dir: 'matches.txt' });
    expect(wireBytes(capped)).toBeLessThanOrEqual(BUDGET);
    expect(capped.structuredContent['next']).toEqual({ pattern: 'needle', dir: 'matches.txt', offset: 200 });
    // By path the search stops after its page (rg is not left reading all 50,000 lines).
    expect(capped.structuredContent['data']).toMatchObject({ total: 200, complete: false, nextOffset: 200, cappedBy: 'maxResults' });
    expect(textOf(capped)).toContain('[matches 1-200 of more than 200 in at least 1 file]');
    // Newest first collects everything to order it, and says the total.
    const newest = await call('search', { pattern: 'needle', dir: 'matches.txt', sort: 'modified' });
    expect(wireBytes(newest)).toBeLessThanOrEqual(BUDGET);
    expect(newest.structuredContent['data']).toMatchObject({ total: 50_000, complete: true, nextOffset: 200 });
    expect(textOf(capped)).toMatch(/continue with `offset: 200`/);
    expect(textOf(capped)).not.toMatch(/--[a-z]/);
    // The cap lifted: the command keeps to the door's byte share and names the offset; the pages join up.
    let args: Record<string, unknown> | undefined = { pattern: 'needle', dir: 'matches.txt', maxResults: 100_000 };
    let expected = 0;
    for (let round = 0; round < 3 && args; round += 1) {
      const page = await call('search', args);
      expect(page.isError, textOf(page)).toBeFalsy();
      expect(wireBytes(page)).toBeLessThanOrEqual(BUDGET);
      const lines = textOf(page).split('\n').filter((line) => line.startsWith('matches.txt:'));
      expect(lines.length).toBeGreaterThan(1000);
      lines.forEach((line, index) => expect(line).toBe(`matches.txt:${expected + index + 1}:1: needle ${expected + index}`));
      expected += lines.length;
      args = page.structuredContent['next'] as Record<string, unknown> | undefined;
      expect(args).toEqual({ pattern: 'needle', dir: 'matches.txt', maxResults: 100_000, offset: expected });
    }
    // Everything in one call (`all`): the door's budget still holds, and says how to narrow.
    const all = await call('search', { pattern: 'needle', all: true });
    expect(wireBytes(all)).toBeLessThanOrEqual(BUDGET);
    expect(textOf(all)).toMatch(/cut by the MCP result budget[^\]]*Narrow the call with `dir`/);
  }, 60_000);

  it('search modes files and count: default caps, path order or newest first, and the next offset', async () => {
    const files = await call('search', { pattern: 'needle', dir: 'many', mode: 'files' });
    expect(wireBytes(files)).toBeLessThanOrEqual(BUDGET);
    const listed = textOf(files).split('\n').filter((line) => line.startsWith('many/'));
    expect(listed).toEqual(Array.from({ length: 1000 }, (_, index) => `many/f${String(index).padStart(4, '0')}.txt`));
    expect(files.structuredContent['next']).toEqual({ pattern: 'needle', dir: 'many', mode: 'files', offset: 1000 });
    const rest = await call('search', files.structuredContent['next'] as Record<string, unknown>);
    expect(textOf(rest).split('\n').filter((line) => line.startsWith('many/'))).toHaveLength(500);
    expect(rest.structuredContent['next']).toBeUndefined();
    const counted = await call('search', { pattern: 'needle', dir: 'many', mode: 'count', maxResults: 3 });
    expect(textOf(counted).split('\n').slice(0, 3)).toEqual(['many/f0000.txt:2', 'many/f0001.txt:2', 'many/f0002.txt:2']);
    const { utimes } = await import('node:fs/promises');
    const { join } = await import('node:path');
    await utimes(join(ws, 'many/f0777.txt'), new Date(), new Date(Date.now() + 60_000));
    const newest = await call('search', { pattern: 'needle', dir: 'many', output: 'files', sort: 'modified', maxResults: 1 });
    expect(textOf(newest).split('\n')[0]).toBe('many/f0777.txt');
  });

  it('a file whose only line is 1 MB long: the result stays in the budget and never offers a next call that skips the rest of the line', async () => {
    const result = await call('read', { file: 'long.txt' });
    expect(wireBytes(result)).toBeLessThanOrEqual(BUDGET);
    expect(textOf(result)).toMatch(/x{1000}/);
    const next = result.structuredContent['next'] as Record<string, unknown> | undefined;
    expect(next?.['start']).not.toBe(2);
  });

  it('a 1 MB single line read whole in pieces by following next (byteOffset): joined, byte for byte the file', async () => {
    // A plain read cut inside the line offers the byte offset of the rest, not line 2.
    const first = await call('read', { file: 'single.txt' });
    expect(wireBytes(first)).toBeLessThanOrEqual(BUDGET);
    const offered = first.structuredContent['next'] as Record<string, unknown>;
    expect(offered).toEqual({ file: 'single.txt', byteOffset: expect.any(Number) });
    expect(textOf(first)).toMatch(/continue with `byteOffset: \d+`/);
    const size = Buffer.byteLength(SINGLE);
    const parts: Buffer[] = [];
    let args: Record<string, unknown> | undefined = { file: 'single.txt', byteOffset: 0 };
    let rounds = 0;
    while (args) {
      const result = await call('read', args);
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(wireBytes(result)).toBeLessThanOrEqual(BUDGET);
      const next = result.structuredContent['next'] as Record<string, unknown> | undefined;
      const from = args['byteOffset'] as number;
      const to = next === undefined ? size : (next['byteOffset'] as number);
      expect(to).toBeGreaterThan(from);
      // The text starts with the piece itself, unchanged.
      const piece = Buffer.from(textOf(result), 'utf8').subarray(0, to - from);
      expect(piece.length).toBe(to - from);
      parts.push(piece);
      // codeward's note after the piece names JSON keys.
      expect(Buffer.from(textOf(result), 'utf8').subarray(to - from).toString('utf8')).not.toMatch(/--[a-z]/);
      args = next;
      rounds += 1;
      expect(rounds).toBeLessThan(60);
    }
    expect(rounds).toBeGreaterThan(10);
    expect(Buffer.concat(parts).equals(Buffer.from(SINGLE, 'utf8'))).toBe(true);
  }, 60_000);

  it('a piece that JSON-escapes to six times its bytes: the door cuts it, and next continues at the first byte not shown', async () => {
    const parts: Buffer[] = [];
    let args: Record<string, unknown> | undefined = { file: 'escapes.txt', byteOffset: 0 };
    let rounds = 0;
    const file = Buffer.from(ESCAPES, 'utf8');
    while (args) {
      const result = await call('read', args);
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(wireBytes(result)).toBeLessThanOrEqual(BUDGET);
      const next = result.structuredContent['next'] as Record<string, unknown> | undefined;
      const from = args['byteOffset'] as number;
      const to = next === undefined ? file.length : (next['byteOffset'] as number);
      // Each call moves on by a useful amount (not a few bytes).
      if (next) expect(to - from).toBeGreaterThan(10_000);
      parts.push(Buffer.from(textOf(result), 'utf8').subarray(0, to - from));
      args = next;
      rounds += 1;
      expect(rounds).toBeLessThan(30);
    }
    expect(Buffer.concat(parts).equals(file)).toBe(true);
  }, 60_000);

  it('a line read of one escaping-heavy line cut by the door goes on by byteOffset from the first byte not shown', async () => {
    const result = await call('read', { file: 'escapes.txt' });
    expect(wireBytes(result)).toBeLessThanOrEqual(BUDGET);
    const next = result.structuredContent['next'] as Record<string, unknown>;
    expect(next).toEqual({ file: 'escapes.txt', byteOffset: expect.any(Number) });
    const shown = Buffer.from(textOf(result).split('\n')[0]!.replace(/^\s*1 \| /, ''), 'utf8');
    expect(next['byteOffset']).toBe(shown.length);
    expect(shown.equals(Buffer.from(ESCAPES, 'utf8').subarray(0, shown.length))).toBe(true);
    const rest = await call('read', next);
    expect(rest.isError, textOf(rest)).toBeFalsy();
  });

  it('a cut tail read offers no next call past the last line', async () => {
    const result = await call('read', { file: 'big.ts', tail: 5000, maxBytes: 1000 });
    expect(result.isError, textOf(result)).toBeFalsy();
    const next = result.structuredContent['next'] as Record<string, unknown> | undefined;
    if (next) expect(await call('read', next).then((r) => r.isError)).toBeFalsy();
  });

  it('file content that looks like CLI flags is returned byte for byte (only codeward notes are reworded)', async () => {
    const result = await call('read', { file: 'flaggy.txt' });
    const body = textOf(result).split('\n').map((line) => line.replace(/^\s*\d+ \| /, ''));
    expect(body.slice(0, 4)).toEqual(['run it with --max-bytes 5', '[--start 9]', 'see: codeward read --help', '--start 3']);
    // A process's own closing lines in brackets are its output too.
    const exec = textOf(await call('exec', { cmd: "printf '[--timeout 5]\\n[--cmd x]\\n'" }));
    expect(exec).toContain('[--timeout 5]\n[--cmd x]\n[exit 0]');
  });

  it('output that JSON-escapes to six times its size still fits the budget', async () => {
    const result = await call('exec', { cmd: "head -c 90000 /dev/zero | tr '\\0' '\\1'; head -c 90000 /dev/zero | tr '\\0' '\"'" });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(textOf(result)).toContain('\u0001');
    expect(wireBytes(result)).toBeLessThanOrEqual(BUDGET);
  });

  it('an unknown tool with a huge name gets a short -32602', async () => {
    const error = await client.callTool({ name: 'n'.repeat(200_000), arguments: {} }).then(() => undefined, (failure: unknown) => failure as { code?: number; message?: string });
    expect(error?.code).toBe(-32602);
    expect(error!.message!.length).toBeLessThan(2000);
  });

  it('an argument error names JSON keys, not CLI flags or --help', async () => {
    const result = await call('read', { file: 'big.ts', maxBytes: 'lots' });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain('`maxBytes`');
    expect(text).not.toContain('--max-bytes');
    expect(text).not.toContain('codeward read --help');
    const unknown = textOf(await call('read', { file: 'big.ts', maxBites: 5 }));
    expect(unknown).toContain('unknown key `maxBites`');
    expect(unknown).not.toMatch(/--max-bites|--help/);
  });

  it('--max-result-bytes 0 lifts the budget (the whole output arrives)', async () => {
    const unlimited = await stdioClient(ws, state, { serverArgs: ['--yes'], mcpArgs: ['--max-result-bytes', '0'] });
    try {
      const result = (await unlimited.callTool({ name: 'exec', arguments: { cmd: 'yes | head -c 300000' } })) as unknown as ToolText;
      expect(textOf(result)).not.toContain('cut by the MCP result budget');
      expect(wireBytes(result)).toBeGreaterThan(300_000);
    } finally {
      await unlimited.close();
    }
  });
});
