import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { access, mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../helpers/model-server.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { agentEnv, answer, coder, runAgent } from '../agent/e2e/run-agent.js';
import { stdioClient, textOf } from '../doors/mcp-helpers.js';

// The MCP and agent doors run exec in the same OS sandbox as the CLI, and take --sandbox the same way.
const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;

let root: string;
let state: string;
let outside: string;
let server: ModelServer | undefined;
beforeEach(async () => {
  root = await tempDir('codeward-sbx-door-');
  state = await tempDir('codeward-sbx-state-');
  // Not under /tmp, which is private inside the sandbox: the refusal must come from the view (a folder
  // outside the workspace does not exist inside).
  outside = await mkdtemp(existsSync('/var/tmp') ? '/var/tmp/codeward-sbx-door-' : join(root, '..', 'codeward-sbx-door-'));
  await writeFile(join(root, 'escape.sh'), `echo escaped > ${join(outside, 'x.txt')}\n`);
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await removeDir(outside);
});

const escaped = (): Promise<boolean> => access(join(outside, 'x.txt')).then(() => true, () => false);

describe.skipIf(!bwrapWorks)('the sandbox in the other doors', () => {
  it('MCP: exec cannot write outside the workspace; --sandbox off neither (its writes are jailed: fix33a)', async () => {
    const client = await stdioClient(root, state, { serverArgs: ['--yes'] });
    const result = await client.callTool({ name: 'exec', arguments: { cmd: 'bash escape.sh' } });
    await client.close();
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('No such file or directory');
    expect(await escaped()).toBe(false);
    const open = await stdioClient(root, state, { serverArgs: ['--yes', '--sandbox', 'off'] });
    const jailed = await open.callTool({ name: 'exec', arguments: { cmd: 'bash escape.sh' } });
    await open.close();
    expect(jailed.isError).toBe(true);
    expect(textOf(jailed)).toMatch(/(?:Read-only file system|No such file or directory).*writes jailed to the workspace/s);
    expect(await escaped()).toBe(false);
  });

  it('agent: the model\'s exec runs in the sandbox too (yolo approves it, the OS still refuses)', async () => {
    server = await startModelServer({ replies: [answer('1. Run it', coder('exec', { cmd: 'bash escape.sh' })), 'done'] });
    const env = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
    const run = await runAgent(['-p', 'go', '--approval-mode', 'yolo', '--provider', 'openai', '--base-url', server.openaiBaseUrl], { cwd: root, env });
    expect(run.status).toBe(0);
    expect(server.requests[1]!.messages.at(-1)!.content).toMatch(/@coder exec: error C253 .*No such file or directory/);
    expect(await escaped()).toBe(false);
  });
});
