import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { CLI, REPO_ROOT, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { envFor } from './mcp-helpers.js';

// A door that keeps an engine (here the MCP server) gets the CLI's bulk-index flags when its engine indexes
// many files: wasm tiers up and V8's heaps are sized small (--optimize-for-size), as for `codeward repo-map`.
// Without them a cold index of 20 k files through the MCP door peaked at 361 MiB (263 MiB with them; bench
// fixture of bench/code-intel.mjs, a real SDK client). --debug-timing names the flags chosen when the server ends.
describe('the MCP door and the bulk-index flags', () => {
  it('sets --optimize-for-size before its engine starts parse workers', async () => {
    const root = await tempDir('codeward-mcp-bulk-');
    const state = await tempDir('codeward-mcp-bulk-state-');
    try {
      await writeFiles(root, Object.fromEntries(Array.from({ length: 70 }, (_, at) => [`src/m${at}.ts`, `export function f${at}(): number { return ${at}; }\n`])));
      const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, '--debug-timing', '-C', root, 'mcp'], env: envFor(state), cwd: REPO_ROOT, stderr: 'pipe' });
      let stderr = '';
      transport.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
      });
      const client = new Client({ name: 'codeward-test', version: '1.0.0' }, { capabilities: {} });
      await client.connect(transport);
      const ended = new Promise<void>((resolve) => {
        transport.onclose = () => resolve();
      });
      const result = await client.callTool({ name: 'repo-map', arguments: { budget: 256 } }, undefined, { timeout: 120_000 });
      expect(result.isError).not.toBe(true);
      expect(result.structuredContent).toMatchObject({ ok: true, data: { parsed: 70, threads: 2 } });
      await client.close();
      await ended;
      const stages = [...stderr.matchAll(/timing: v8 compiler: (\S+)/g)].map((match) => match[1]);
      expect(stages).toContain('optimizing');
      expect(stderr).toContain('--optimize-for-size');
    } finally {
      await removeDir(root);
      await removeDir(state);
    }
  }, 180_000);
});
