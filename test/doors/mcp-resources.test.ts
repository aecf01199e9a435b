import { symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { stdioClient } from './mcp-helpers.js';

// Workspace files as MCP resources (Claude Code @-mentions, Claude Desktop attachments): every list and read
// goes through the engine, so the jail and the non-accessible globs hold as they do for the read tool.

let ws: string;
let outside: string;
let state: string;
let client: Client;

const uri = (path: string): string => pathToFileURL(join(ws, path)).href;

async function failure(promise: Promise<unknown>): Promise<{ code?: number; message?: string } | undefined> {
  return promise.then(() => undefined, (error: unknown) => error as { code?: number; message?: string });
}

beforeAll(async () => {
  ws = await tempDir('codeward-mcp-res-');
  outside = await tempDir('codeward-mcp-res-out-');
  state = await tempDir('codeward-mcp-res-state-');
  await writeFiles(ws, { 'a.txt': 'alpha\nbeta\n', 'sub/b.txt': 'inner\n', '.env': 'SECRET=hunter2\n', 'blob.bin': new Uint8Array([0, 1, 2, 255]) });
  await writeFile(join(outside, 'secret.txt'), 'OUTSIDE-SECRET\n');
  await symlink(join(outside, 'secret.txt'), join(ws, 'link.txt'));
  await symlink(outside, join(ws, 'outdir'));
  client = await stdioClient(ws, state);
});

afterAll(async () => {
  await client?.close().catch(() => undefined);
  for (const dir of [ws, outside, state]) await removeDir(dir);
});

describe('MCP resources', () => {
  it('lists workspace files, not the non-accessible ones or links out of it', async () => {
    expect(client.getServerCapabilities()?.resources).toBeDefined();
    const names = (await client.listResources()).resources.map((resource) => resource.name).sort();
    expect(names).toContain('a.txt');
    expect(names).toContain('sub/b.txt');
    expect(names).not.toContain('.env');
    expect(names.some((name) => name.startsWith('link') || name.startsWith('outdir'))).toBe(false);
    const templates = (await client.listResourceTemplates()).resourceTemplates;
    expect(templates.map((template) => template.uriTemplate)).toEqual([`${pathToFileURL(ws).href}/{+path}`]);
  });

  it('reads a file as its exact text, and a binary file as its bytes', async () => {
    const text = await client.readResource({ uri: uri('a.txt') });
    expect(text.contents).toEqual([{ uri: uri('a.txt'), mimeType: 'text/plain', text: 'alpha\nbeta\n' }]);
    const blob = await client.readResource({ uri: uri('blob.bin') });
    expect(Buffer.from(String((blob.contents[0] as { blob: string }).blob), 'base64')).toEqual(Buffer.from([0, 1, 2, 255]));
  });

  it('refuses non-accessible files, files outside, symlinks out and odd URIs with -32002, leaking nothing', async () => {
    const attempts = [
      uri('.env'),
      uri('link.txt'),
      uri('outdir/secret.txt'),
      pathToFileURL(join(outside, 'secret.txt')).href,
      `${pathToFileURL(ws).href}/sub/../../${outside.split('/').pop()}/secret.txt`,
      `${pathToFileURL(ws).href}/%2e%2e/${outside.split('/').pop()}/secret.txt`,
      'https://example.com/a.txt',
      'file://otherhost/etc/passwd',
    ];
    for (const target of attempts) {
      const error = await failure(client.readResource({ uri: target }));
      expect(error?.code, target).toBe(-32002);
      expect(error?.message ?? '', target).not.toMatch(/hunter2|OUTSIDE-SECRET/);
    }
  });
});
