import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { stdioClient, textOf, type ToolText } from './mcp-helpers.js';

// Every note and error hint of read's offset and tail and of search's modes and pages, as an MCP client gets
// it: JSON keys (`offset: 10`, `mode: "content"`, `searchContent: false`), never a CLI flag, never
// "see: codeward ... --help". The files hold no dashes, so any `--x` in a result is codeward's own word.

let ws: string;
let state: string;
let client: Client;
let lowLimit: Client;

beforeAll(async () => {
  ws = await tempDir('codeward-mcp-words-');
  state = await tempDir('codeward-mcp-words-state-');
  const many: Record<string, string> = {};
  for (let index = 0; index < 30; index += 1) many[`src/f${index}.txt`] = 'needle\nneedle\n';
  await writeFiles(ws, { ...many, 'e.txt': `ab😀cd${'x'.repeat(300)}\n`, 'log.txt': 'row\n'.repeat(3000), 'bin.dat': Buffer.from([0x61, 0, 0x62]) });
  client = await stdioClient(ws, state, { serverArgs: ['--yes'] });
  process.env['CODEWARD_READ_COUNT_LINES_MAX_BYTES'] = '100';
  try {
    lowLimit = await stdioClient(ws, state, { serverArgs: ['--yes'] });
  } finally {
    delete process.env['CODEWARD_READ_COUNT_LINES_MAX_BYTES'];
  }
}, 60_000);

afterAll(async () => {
  await client?.close().catch(() => undefined);
  await lowLimit?.close().catch(() => undefined);
  await removeDir(ws);
  await removeDir(state);
});

async function text(args: Record<string, unknown>, name = 'read', target = client): Promise<string> {
  const result = (await target.callTool({ name, arguments: args })) as unknown as ToolText;
  return textOf(result);
}

function inJsonWords(said: string): void {
  expect(said).not.toMatch(/(^|[\s(`'"[])--[a-z]/m);
  expect(said).not.toMatch(/codeward \w+ --help/);
}

describe('MCP words for read offsets and search pages', () => {
  it.each([
    [{ file: 'e.txt', byteOffset: 4 }, '`byteOffset: 4` is inside a UTF-8 character; pass `byteOffset: 2` (its first byte) or use `encoding: "base64"`'],
    [{ file: 'e.txt', byteOffset: 2, maxBytes: 3 }, 'raise `maxBytes` to at least 4'],
    [{ file: 'e.txt', byteOffset: 9999 }, '`byteOffset: 9999` is past the end of the file'],
    [{ file: 'e.txt', byteOffset: 1, start: 2 }, 'use either `byteOffset` (bytes) or `start`/`end`/`head`/`tail` (lines), not both; a line range is `start` N `end` M'],
    [{ file: 'e.txt', byteOffset: 0, maxBytes: 10 }, '[bytes 0-10 of 309; continue with `byteOffset: 10`]'],
    [{ file: 'e.txt', maxBytes: 20 }, 'line 1 was cut at byte 20: continue with `byteOffset: 20`]'],
    [{ file: 'bin.dat', byteOffset: 0 }, 'read it with `encoding: "base64"`'],
    [{ file: 'e.txt', start: 1, head: 1 }, 'use either `start`/`end` or `head`/`tail`, not both'],
    [{ file: 'e.txt', encoding: 'base64', head: 1 }, 'with `encoding: "base64"` use `byteOffset` and `maxBytes`'],
  ])('read %j', async (args, expected) => {
    const said = await text(args);
    expect(said).toContain(expected);
    inJsonWords(said);
  });

  it('a tail over the line-counting limit says why it has no numbers, in JSON keys', async () => {
    const said = await text({ file: 'log.txt', tail: 2, maxBytes: 100 }, 'read', lowLimit);
    expect(said).toContain('[no line numbers: numbering a tail means counting every line before it');
    expect(said).toContain('`start` N with `maxBytes` reads numbered lines from line N]');
    inJsonWords(said);
  });

  it.each([
    [{ term: 'needle', mode: 'files', context: 1 }, '`context` shows lines around matches: it needs `mode: "content"` (not files)'],
    [{ term: 'needle', mode: 'count', searchContent: false, searchPaths: true }, '`mode: "count"` lists files whose contents match: drop `searchContent: false`'],
    [{ term: 'needle', searchContent: false }, 'nothing to search: `searchContent: false` needs `searchPaths`'],
    [{ term: 'needle', maxResults: 5 }, '[stopped at `maxResults`: continue with `offset: 5`; or narrow with `glob` or `dir`, raise `maxResults`, or `all` for every result]'],
    [{ term: 'needle', maxBytes: 50, mode: 'count' }, 'stopped at `maxBytes`: continue with `offset: '],
    [{ term: 'needle', offset: 5000, sort: 'modified' }, '[matches none (offset 5000 is past the last) of 60 in 30 files; newest first]'],
    [{ term: 'needle', offset: 5000, mode: 'files' }, '[files none (offset 5000 is past the last) of 30]'],
  ])('search %j', async (args, expected) => {
    const said = await text(args, 'search');
    expect(said).toContain(expected);
    inJsonWords(said);
  });
});
